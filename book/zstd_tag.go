//go:build cgo && !pebblegozstd

package book

// c4 builds pebble with its pure-Go zstd (klauspost/compress) rather than
// the cgo one: build and test with -tags pebblegozstd (or CGO_ENABLED=0).
// Without it, this undefined name stops the build and says why.
var _ = buildWithTagPebblegozstd

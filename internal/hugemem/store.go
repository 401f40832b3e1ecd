//go:build !race

package hugemem

// Store writes a table word that other goroutines read without a lock
// (with atomic.LoadUint64). A plain store: an atomic one (an XCHG on amd64)
// slows even a single-threaded search. Go's memory model
// guarantees that a racy read of a word sees one whole write, and the
// tables' entries check themselves, so a racing read is at worst a miss.
// Builds with -race use an atomic store instead (store_race.go), so that
// the race detector reports any other race.
func Store(e *uint64, v uint64) { *e = v }

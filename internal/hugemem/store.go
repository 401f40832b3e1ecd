//go:build !race

package hugemem

// Store writes a table word that other goroutines read without a lock
// (with Load). A plain store: an atomic one (an XCHG on amd64)
// slows even a single-threaded search. Go's memory model
// guarantees that a racy read of a word sees one whole write, and the
// tables' entries check themselves, so a racing read is at worst a miss.
// Builds with -race use an atomic store instead (store_race.go), so that
// the race detector reports any other race.
func Store(e *uint64, v uint64) { *e = v }

// Load reads a table word that other goroutines write without a lock (with
// Store). A plain load: on amd64 an atomic load is the same instruction,
// but on WebAssembly it is a call, which took a quarter of the browser's
// search time; the memory model's guarantee above covers it too. Builds
// with -race use an atomic load (store_race.go).
func Load(e *uint64) uint64 { return *e }

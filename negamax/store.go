//go:build !race

package negamax

// store writes an entry. A plain store: an atomic one (an XCHG on amd64)
// made single-threaded searches 16% slower. Go's memory model guarantees
// that a racy read of a word sees one whole write, and an entry checks
// itself, so a racing read is at worst a miss. Builds with -race use an
// atomic store instead (store_race.go), so that the race detector reports
// any other race.
func store(e *uint64, v uint64) { *e = v }

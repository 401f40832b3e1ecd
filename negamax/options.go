//widen:shared

package negamax

import "c4/search"

// Options configures a Solver. The zero value is the default; Check
// reports a value out of range.
type Options struct {
	// Threads is the number of goroutines searching at once: 0 (the
	// default) means 1, at most search.MaxThreads.
	Threads int
	// TableMiB is the transposition table's memory in MiB, all parts (the
	// far table, the mid table of a large one and each thread's near
	// table): 0 means search.DefaultTableMiB (128), at most
	// search.MaxTableMiB.
	// Boards whose keys have more than 44 bits (W*(H+1)) beyond the bits of
	// a part's bucket index use more: at least 2^(bits-44) 32-byte buckets
	// a part (32 MiB on 8x7), so that checks stay exact.
	TableMiB int
	// NearMiB is each worker's near table in MiB, at most 1024: 0 (the
	// default) means a core's second-level cache, the quickest for one
	// position (nearBytes). A book generation, whose consecutive
	// positions share their endgames, keeps more of them with a larger one
	// (see ManyPositionsNearMiB).
	NearMiB int
	// SignFirst makes every search probe the score's sign first, as the
	// first stones' do (see dichotomy): fewer nodes on the middle game's
	// positions of a book generation (see
	// docs/measurements/2026-11-27-book-book-generation.md).
	SignFirst bool
}

// Check returns an error (a *search.RangeError) for a field out of its
// range, which New would otherwise clamp.
func (o Options) Check() error {
	if err := search.CheckTable(o.TableMiB, o.Threads); err != nil {
		return err
	}
	return search.CheckRange("NearMiB", o.NearMiB, 0, 1024)
}

// Bytes is the memory the tables of a Solver of these options take (see
// TableMiB for the boards that need more).
func (o Options) Bytes() int64 { return search.TableBytes(o.TableMiB) }

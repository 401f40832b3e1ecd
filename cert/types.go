//widen:shared

package cert

import "fmt"

// Version is the version of the walk (see the package doc): a log of a
// check names it, and a change to what the walk accepts changes it.
const Version = 1

// Goal is what the player of a claim reaches.
type Goal int

const (
	Win     Goal = iota + 1 // the player wins
	NotLose                 // the player draws or wins
)

func (g Goal) String() string {
	switch g {
	case Win:
		return "win"
	case NotLose:
		return "draw or win"
	}
	return fmt.Sprintf("Goal(%d)", int(g))
}

// Stats count what a walk met.
type Stats struct {
	Moves     int // the player's moves given: the strategy's length
	Positions int // positions of the opponent's whose every move was taken
	Ends      int // leaves settled by the rules of the game
	Rules     int // leaves settled by a combination of Allis's rules
	Small     int // small leaves
}

// BatchLeaves is the number of small leaves, in the walk's order, of a
// batch of Options.Skip and Options.Done.
const BatchLeaves = 1 << 10

// Options configure Check.
type Options struct {
	// Threads is the number of small leaves searched at once, each thread
	// with its own negamax table of TableMiB (0: 1 thread, 64 MiB).
	Threads, TableMiB int
	// Skip, if not nil, says whether the small leaves of batch i were
	// checked before (a log's: see BatchLeaves); they are not searched.
	Skip func(i int) bool
	// Done, if not nil, is called once every small leaf of batch i has
	// been searched and found as the claim says, never for a batch
	// skipped; calls come from one goroutine at a time.
	Done func(i int) error
	// Progress, if not nil, is called with the counts so far after each
	// small leaf searched and every few thousand moves walked, one call at
	// a time: it should only store them.
	Progress func(Progress)
}

// Progress is how far a check is: the strategy's moves walked of its
// Length, the small leaves found, skipped (see Options.Skip) and searched,
// and negamax's nodes.
type Progress struct {
	Moves, Length             int
	Leaves, Skipped, Searched int
	NegamaxNodes              uint64
}

// Package negamax is c4's exact solver: it finds the score of a Connect Four
// position under perfect play, or only its sign (win, draw or loss) in weak
// mode. Scores are from the side to move: 0 a draw, floor((W*H+1-n)/2) for
// a win with the stone played when n stones are on the board, and minus the
// opponent's win for a loss.
//
// It is an alpha-beta negamax that only ever plays non-losing moves and
// checks immediate wins before searching, bounds scores by the number of
// moves left, orders moves by the threats they create (centre first among
// equals), remembers bounds in a transposition table keyed by the position's
// canonical key (a position and its mirror share an entry), and finds the
// score by a dichotomic series of null-window searches that probes short
// wins and losses first (Pascal Pons' "iterative deepening").
//
// A Solver is not safe for concurrent use: give each goroutine its own.
package negamax

import (
	"context"
	"time"

	"c4/position"
)

// Mode says how much of the score to find.
type Mode int

const (
	// Strong finds the exact score.
	Strong Mode = iota
	// Weak finds only its sign: 1 win, 0 draw, -1 loss.
	Weak
)

// InvalidMove is Analyze's score for a full column, as in the reference
// solver's output.
const InvalidMove = -1000

// DefaultTableMiB is the transposition table's size when Options leaves it 0.
const DefaultTableMiB = 128

// Options configures a Solver. The zero value is the default.
type Options struct {
	// TableMiB is the transposition table's memory in MiB, both parts; 0
	// means DefaultTableMiB. Boards whose keys have more than 47 bits
	// (W*(H+1), such as 8x7) use at least 2^(bits-47) 32-byte buckets a
	// part, so that checks stay exact.
	TableMiB int
}

// Stats describes the work of a search.
type Stats struct {
	Nodes     uint64        // negamax calls
	TableHits uint64        // table probes that found the position
	Elapsed   time.Duration // wall time
}

// Result is a score with the work it took.
type Result struct {
	Score int
	Stats Stats
}

// ErrGameOver is returned for a position with four in a row or a full board:
// there is nothing left to solve. It is position.ErrGameOver.
var ErrGameOver = position.ErrGameOver

// Solver holds the transposition table and the counters of one search.
// Scores found stay in the table for later searches until Reset.
//
// The table is in two parts. Positions with few empty cells, which are most
// of the nodes but cheap to search again, go to a small near table that
// stays in the processor's cache; the others go to the far table, the rest
// of the memory. With one large table, nearly every probe was a cache miss:
// on Begin-Medium a 64 MiB table was 1.4 times slower than an 8 MiB one for
// 3% fewer nodes.
type Solver struct {
	far, near *table
	tableSize int // bytes, both parts

	// the current board, copied from its position.Board
	board    *position.Board
	cells    int
	colOrder [position.MaxWidth]uint64 // column masks, centre first
	nearFrom int                       // stones from which positions use the near table
	etcBelow int                       // stones below which nodes look up their children

	nodes, hits uint64
	ctx         context.Context
	stopped     bool

	// scratch holds each depth's moves and child keys, so that a node does
	// not clear a kilobyte of stack every time it is entered.
	scratch [64]struct {
		moves sorter
		keys  [position.MaxWidth]uint64
	}
}

const (
	// nearBytes is the near table's size, at most a quarter of the whole.
	nearBytes = 4 << 20
	// etcMinEmpty: nodes with more empty cells than this look up every
	// child in the table before searching any (enhanced transposition
	// cutoff). Measured on Begin-Medium: fewest nodes when every node does,
	// same time down to about 10.
	etcMinEmpty = 10
)

// New returns a Solver with an empty table.
func New(opts Options) *Solver {
	if opts.TableMiB == 0 {
		opts.TableMiB = DefaultTableMiB
	}
	s := &Solver{tableSize: opts.TableMiB << 20}
	s.allocate(keyBits(position.Standard))
	return s
}

// allocate makes the tables for keys of k bits.
func (s *Solver) allocate(k uint) {
	near := min(nearBytes, s.tableSize/4)
	s.near = newTable(near, k)
	s.far = newTable(s.tableSize-near, k)
}

// Reset empties the transposition table, so that the next search does not
// depend on the previous ones. It takes constant time.
func (s *Solver) Reset() {
	s.near.clear()
	s.far.clear()
}

// table returns the table part of positions with n stones.
func (s *Solver) table(n int) *table {
	if n >= s.nearFrom {
		return s.near
	}
	return s.far
}

// setBoard prepares the solver for positions of board b, emptying the table
// if it held another board's positions.
func (s *Solver) setBoard(b *position.Board) {
	if s.board == b {
		return
	}
	if k := keyBits(b); !s.near.fits(k) || !s.far.fits(k) {
		s.allocate(k)
	} else {
		s.near.setKeyBits(k)
		s.far.setKeyBits(k)
		s.Reset()
	}
	s.board, s.cells, s.colOrder = b, b.Cells(), b.CentreFirst()
	s.nearFrom = s.cells - s.cells/2
	s.etcBelow = s.cells - etcMinEmpty
}

// keyBits is the number of bits of a key of board b.
func keyBits(b *position.Board) uint { return uint(b.Width() * (b.Height() + 1)) }

// Solve returns the score of p: exact in Strong mode, its sign in Weak mode.
// It returns ErrGameOver if the game has ended, and ctx.Err() if ctx ends
// before the score is known.
func (s *Solver) Solve(ctx context.Context, p position.Position, mode Mode) (Result, error) {
	if p.IsOver() {
		return Result{}, ErrGameOver
	}
	s.begin(ctx, p.Board())
	start := time.Now()
	score := s.solve(p, mode)
	return s.end(score, start)
}

// AtLeast says whether the score of p is at least a: one null-window search,
// much cheaper than Solve when a is far from the score.
func (s *Solver) AtLeast(ctx context.Context, p position.Position, a int) (bool, Stats, error) {
	if p.IsOver() {
		return false, Stats{}, ErrGameOver
	}
	s.begin(ctx, p.Board())
	start := time.Now()
	ok := p.CanWinNext() && s.winScore(p.Moves()) >= a || s.negamax(p, p.CanonicalKey(), a-1, a) >= a
	r, err := s.end(0, start)
	return ok, r.Stats, err
}

// Analyze returns the score of playing each column of p, left to right
// (InvalidMove for a full column), from the side to move's view; in Weak
// mode, their signs.
func (s *Solver) Analyze(ctx context.Context, p position.Position, mode Mode) ([]int, Stats, error) {
	if p.IsOver() {
		return nil, Stats{}, ErrGameOver
	}
	s.begin(ctx, p.Board())
	start := time.Now()
	scores := make([]int, p.Board().Width())
	for c := range scores {
		switch {
		case !p.CanPlay(c):
			scores[c] = InvalidMove
		case p.IsWinningMove(c):
			scores[c] = s.winScore(p.Moves())
			if mode == Weak {
				scores[c] = 1
			}
		default:
			q := p
			q.PlayColumn(c)
			if q.Moves() < s.cells {
				scores[c] = -s.solve(q, mode)
			}
		}
	}
	r, err := s.end(0, start)
	if err != nil {
		return nil, r.Stats, err
	}
	return scores, r.Stats, nil
}

func (s *Solver) begin(ctx context.Context, b *position.Board) {
	s.setBoard(b)
	s.nodes, s.hits, s.ctx, s.stopped = 0, 0, ctx, false
}

func (s *Solver) end(score int, start time.Time) (Result, error) {
	r := Result{score, Stats{Nodes: s.nodes, TableHits: s.hits, Elapsed: time.Since(start)}}
	ctx := s.ctx
	s.ctx = nil
	if s.stopped {
		s.Reset() // a stopped search may have stored wrong bounds
		return Result{Stats: r.Stats}, context.Cause(ctx)
	}
	return r, nil
}

// winScore is the score of a win with the next stone when n are on the board.
func (s *Solver) winScore(n int) int { return (s.cells + 1 - n) / 2 }

// solve runs the null-window searches of one position that is not over.
func (s *Solver) solve(p position.Position, mode Mode) int {
	if p.CanWinNext() {
		if mode == Weak {
			return 1
		}
		return s.winScore(p.Moves())
	}
	lo, hi := -(s.cells-p.Moves())/2, s.winScore(p.Moves())
	if mode == Weak {
		lo, hi = -1, 1
	}
	for lo < hi && !s.stopped {
		// Probe the middle, but nearer zero first: short wins and losses
		// are found with little search.
		med := lo + (hi-lo)/2
		if med <= 0 && lo/2 < med {
			med = lo / 2
		} else if med >= 0 && hi/2 > med {
			med = hi / 2
		}
		if r := s.negamax(p, p.CanonicalKey(), med, med+1); r <= med {
			hi = r
		} else {
			lo = r
		}
	}
	if mode == Weak {
		return WeakScore(lo)
	}
	return lo
}

// WeakScore is the weak result of a score: 1 win, 0 draw, -1 loss.
func WeakScore(score int) int {
	switch {
	case score > 0:
		return 1
	case score < 0:
		return -1
	}
	return 0
}

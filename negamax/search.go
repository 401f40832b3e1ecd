// Package negamax is c4's exact solver: it finds the score of a Connect Four
// position under perfect play, or only its sign (win, draw or loss) in weak
// mode. Scores are from the side to move: 0 a draw, floor((W*H+1-n)/2) for
// a win with the stone played when n stones are on the board, and minus the
// opponent's win for a loss.
//
// It is an alpha-beta negamax that only ever plays non-losing moves and
// checks immediate wins before searching, bounds scores by the number of
// moves left, orders moves by the threats they create (centre first among
// equals), remembers bounds in a transposition table keyed by
// position.TableKey (a position and its mirror share an entry while the
// board is less than half full), and finds the score by a dichotomic
// series of null-window searches that probes short wins and losses first
// (Pascal Pons' "iterative deepening").
//
// A Solver is not safe for concurrent use: give each goroutine its own.
package negamax

import (
	"context"
	"sync/atomic"
	"time"

	"c4/internal/crew"
	"c4/position"
	"c4/search"
)

// Book is an opening book as the search uses it (book.Frozen and
// store.Book are ones). It must be safe for concurrent use.
type Book interface {
	// Depth is the most stones of a position of board b the book may
	// hold, or -1 if it holds none.
	Depth(b *position.Board) int
	// Score returns the exact score of p, and false if the book lacks it.
	Score(p position.Position) (int, bool)
}

// Solver answers both of solve's modes.
var _ search.Engine = (*Solver)(nil)

// ErrGameOver is returned for a position with four in a row or a full board:
// there is nothing left to solve. It is position.ErrGameOver.
var ErrGameOver = position.ErrGameOver

// Solver holds the transposition table and the workers that search it.
// Scores found stay in the table for later searches until Reset.
//
// The table is in parts by the stones of the position, so that most probes
// hit the processor's caches. Positions with at least half the cells
// filled, which are most of the nodes but cheap to search again, go to a
// small near table that stays in a core's cache, one per worker (a shared
// one's lines would go back and forth between the cores at every write);
// the others go to the far table, the rest of the memory. In a table of
// midMinBytes or more, the positions of a quarter to half the cells go to
// a mid table of midBytes, whose probes stay within memory the processor's
// page translations cover. (The runs:
// docs/measurements/2026-11-27-tunables-figures-from-the-codes-comments.md,
// Solver.)
//
// With more than one thread, the workers run different null-window probes
// of the same position at once on the shared table (see dichotomy); a
// worker left without one joins a long probe under way, and the two divide
// its moves (see abdada.go).
type Solver struct {
	far, mid  *table   // mid: nil unless the table is large
	near      []*table // one per worker
	all       []*table // every part
	tableSize int      // bytes, all parts
	board     *position.Board
	config    config
	workers   []*worker
	helpers   []crew.Helper // the helpers that run workers[1:] (see package crew)
	dichotomy dichotomy
	moves     [position.MaxWidth]move // Analyze's, searched at once
	book      Book
	busy      busyMarks
	nearBytes int  // a near table's size
	signFirst bool // Options.SignFirst
}

// config is what a search needs of the board and the tables, copied into
// every worker.
type config struct {
	far, mid   *table // mid is far when there is no mid table
	near       *table // the worker's own, set by run (nil in Solver.config)
	board      *position.Board
	cells      int
	colOrder   [position.MaxWidth]position.Bits // column masks, centre first
	sortShift  uint                             // the move sorter's, for the board's width
	nearFrom   int                              // stones from which positions use the near table
	midFrom    int                              // and the mid table, below nearFrom
	etcBelow   int                              // stones below which nodes look up their children
	lowestLoss int                              // the board's LowestFollowUpLoss
	book       Book
	bookDepth  int // the most stones of a position the book may hold; -1 without one

	// With more than one thread: the marks of the positions the workers
	// search, and the stones below which nodes use them (see abdada.go).
	busy        *busyMarks
	divideBelow int
}

// move is a position after one of Analyze's moves, its column, and the
// search of its score.
type move struct {
	p   position.Position
	col int
	d   dichotomy
}

// worker is one thread's search state.
type worker struct {
	config
	stop        atomic.Bool   // set by another worker: the probe is not needed
	published   atomic.Uint64 // nodes, stored every checkEvery, for Progress
	ctx         context.Context
	nodes, hits uint64
	stopped     bool       // by stop or ctx: the result is to be ignored
	dichotomy   *dichotomy // whose probes it runs, told of its work

	// scratch holds each depth's moves, child entries and child threats
	// (indexed like colOrder), so that a node does not clear a kilobyte of
	// stack every time it is entered.
	scratch [position.MaxBits]scratch
}

// scratch is one depth's moves, child entries and child threats, and the
// threats of each move that count for the order (see AttackThreats).
type scratch struct {
	moves   sorter
	slots   [position.MaxWidth]slot
	threats [position.MaxWidth]position.Bits
	counts  [position.MaxWidth]uint8
}

// New returns a Solver with an empty table and no book (see UseBook).
// Options out of range are clamped to it (see Options.Check).
func New(opts Options) *Solver {
	if opts.TableMiB <= 0 {
		opts.TableMiB = search.DefaultTableMiB
	}
	opts.TableMiB = min(opts.TableMiB, search.MaxTableMiB)
	s := &Solver{tableSize: opts.TableMiB << 20, nearBytes: nearBytes, signFirst: opts.SignFirst}
	if opts.NearMiB > 0 {
		s.nearBytes = min(opts.NearMiB, 1024) << 20
	}
	for range min(max(opts.Threads, 1), search.MaxThreads) {
		s.workers = append(s.workers, &worker{})
	}
	s.helpers = make([]crew.Helper, len(s.workers)-1)
	s.allocate(keyBits(position.Standard))
	return s
}

// UseBook makes the searches consult bk (nil: no book), which gives exact
// scores of early positions: the search asks it at every node within its
// depth. Call it between searches, not during one.
func (s *Solver) UseBook(bk Book) { s.book = bk }

// allocate makes the tables for keys of k bits.
func (s *Solver) allocate(k uint) {
	near := min(s.nearBytes, s.tableSize/4/len(s.workers))
	s.near = s.near[:0]
	for range s.workers {
		s.near = append(s.near, newTable(near, k))
	}
	rest := s.tableSize - near*len(s.workers)
	s.mid = nil
	if rest >= midMinBytes {
		s.mid = newTable(midBytes, k)
		rest -= midBytes
	}
	s.far = newTable(rest, k)
	s.all = append(s.near[:len(s.near):len(s.near)], s.far)
	if s.mid != nil {
		s.all = append(s.all, s.mid)
	}
}

// Reset empties the transposition table, so that the next search does not
// depend on the previous ones. It takes constant time.
func (s *Solver) Reset() {
	for _, t := range s.all {
		t.clear()
	}
}

// setBoard prepares the solver for a search of a position of board b,
// emptying the table if it held another board's positions, and reads the
// book's depth anew (a book may grow between searches: book.Layered).
func (s *Solver) setBoard(b *position.Board) {
	if s.board != b {
		s.newBoard(b)
	}
	s.config.book, s.config.bookDepth = s.book, -1
	if s.book != nil {
		s.config.bookDepth = s.book.Depth(b)
	}
}

// newBoard makes the tables and the configuration for positions of b.
func (s *Solver) newBoard(b *position.Board) {
	if k := keyBits(b); !s.fit(k) {
		s.allocate(k)
	} else {
		for _, t := range s.all {
			t.setKeyBits(k)
		}
		s.Reset()
	}
	cells := b.Cells()
	s.board = b
	s.config = config{far: s.far, mid: s.far, board: b, cells: cells, colOrder: b.CentreFirst(),
		sortShift: sortShift(b.Width()), nearFrom: cells - cells/2, etcBelow: cells - etcMinEmpty,
		lowestLoss: b.LowestFollowUpLoss()}
	s.config.midFrom = s.config.nearFrom
	if s.mid != nil {
		s.config.mid, s.config.midFrom = s.mid, cells/4
	}
}

// fit says whether every table can hold exact checks of k-bit keys.
func (s *Solver) fit(k uint) bool {
	for _, t := range s.all {
		if !t.fits(k) {
			return false
		}
	}
	return true
}

// keyBits is the number of bits of a table key of board b: those of a
// position's key, W*(H+1), up to 64; past them (on c4/internal/wide's boards) the
// table takes foldedBits of the key's 64-bit hash (see
// position.Board.KeyHash), as many as the checks of a near table hold.
func keyBits(b *position.Board) uint {
	if k := uint(b.Width() * (b.Height() + 1)); k <= 64 {
		return k
	}
	return foldedBits
}

// Solve returns the score of p: exact in Strong mode, its sign in Weak mode.
// It returns ErrGameOver if the game has ended, and ctx.Err() if ctx ends
// before the score is known.
func (s *Solver) Solve(ctx context.Context, p position.Position, mode search.Mode) (search.Result, error) {
	if p.IsOver() {
		return search.Result{}, ErrGameOver
	}
	var st search.Stats
	score, err := s.solve(ctx, p, mode, len(s.workers), &st)
	return search.Result{Score: score, Stats: st}, err
}

// AtLeast says whether the score of p is at least a: one null-window search,
// much cheaper than Solve when a is far from the score.
func (s *Solver) AtLeast(ctx context.Context, p position.Position, a int) (bool, search.Stats, error) {
	if p.IsOver() {
		return false, search.Stats{}, ErrGameOver
	}
	s.setBoard(p.Board())
	if p.CanWinNext() && p.WinScore() >= a {
		return true, search.Stats{}, nil
	}
	var st search.Stats
	found := false
	s.run(ctx, &st, 1, func(w *worker) {
		found = w.negamax(p, w.slot(p), p.OpponentWinningCells(), a-1, a) >= a
	})
	if s.workers[0].stopped {
		return false, st, context.Cause(ctx)
	}
	return found, st, nil
}

// Analyze returns the score of playing each column of p, left to right
// (search.InvalidMove for a full column), from the side to move's view; in Weak
// mode, their signs. With several threads, the workers search different
// moves at once on the shared table. A worker left without a move of its
// own joins the search of one under way, with probes of its own, where the
// workers divide the first joinPlies plies of the moves (see abdada.go);
// elsewhere it stops, as joining slowed that move's worker more than it
// helped. Each move's probes aim at the score of the move searched last,
// then ask for the sign (see dichotomy), since the moves of a position
// often score alike and the probes near the score are the costly ones.
// (The runs:
// docs/measurements/2026-11-27-tunables-figures-from-the-codes-comments.md,
// Solver.Analyze.)
func (s *Solver) Analyze(ctx context.Context, p position.Position, mode search.Mode) ([]int, search.Stats, error) {
	if p.IsOver() {
		return nil, search.Stats{}, ErrGameOver
	}
	s.setBoard(p.Board())
	n := 0 // s.moves[:n] are the moves to search
	scores, _ := search.ScoreMoves(p, mode, func(c int, q position.Position) (int, error) {
		if lo, hi := s.config.interval(q, mode); lo == hi {
			return mode.Of(lo), nil
		}
		s.moves[n].p, s.moves[n].col = q, c
		n++
		return 0, nil // searched below
	})
	var st search.Stats
	if n == 0 {
		return scores, st, nil
	}
	moves := s.moves[:n]
	for i := range moves {
		lo, hi := s.config.interval(moves[i].p, mode)
		moves[i].d.reset(lo, hi, true)
	}
	threads := len(s.workers)
	if p.Moves()+1 >= s.config.cells-parallelMinEmpty {
		threads = 1
	}
	// Each worker takes a move nobody searches yet; when none is left, it
	// joins the search of one still under way, or stops (see above): then
	// no more workers than moves are started.
	join := p.Moves()+1+joinPlies <= s.config.divideStones()
	if !join {
		threads = min(threads, n)
	}
	var taken, last atomic.Int32 // last: the score of the move searched last
	last.Store(search.InvalidMove)
	s.run(ctx, &st, threads, func(w *worker) {
		for ctx.Err() == nil {
			i := int(taken.Add(1)) - 1
			switch {
			case i < len(moves):
				if g := last.Load(); g != search.InvalidMove {
					moves[i].d.aim(int(g))
				}
			case !join:
				return
			default:
				for i = 0; i < len(moves) && !moves[i].d.open(); i++ {
				}
				if i == len(moves) {
					return
				}
			}
			w.probe(&moves[i].d, moves[i].p)
			if score, ok := moves[i].d.score(); ok {
				last.Store(int32(score))
			}
		}
	})
	if err := context.Cause(ctx); err != nil {
		return nil, st, err
	}
	for i := range moves {
		scores[moves[i].col] = -mode.Of(moves[i].d.lo)
	}
	return scores, st, nil
}

// solve finds the score of p, which is not over, with at most threads
// workers, adding the work to st.
func (s *Solver) solve(ctx context.Context, p position.Position, mode search.Mode, threads int, st *search.Stats) (int, error) {
	s.setBoard(p.Board())
	if p.Moves() >= s.config.cells-parallelMinEmpty {
		threads = 1
	}
	d := &s.dichotomy
	lo, hi := s.config.interval(p, mode)
	d.reset(lo, hi, s.signFirst || p.Moves() <= signFirstStones) // the sign first on the first stones (see dichotomy)
	if lo < hi {
		s.run(ctx, st, threads, func(w *worker) { w.probe(d, p) })
	}
	if d.lo < d.hi {
		return 0, context.Cause(ctx)
	}
	return mode.Of(d.lo), nil
}

// interval returns the scores p may have, which is not over: the score
// itself (lo = hi) if the book has it or the side to move wins at once;
// in Weak mode, within [-1, 1].
func (c *config) interval(p position.Position, mode search.Mode) (lo, hi int) {
	if score, ok := c.fromBook(p); ok {
		return score, score
	}
	win := p.WinScore()
	if p.CanWinNext() {
		return win, win
	}
	if mode == search.Weak {
		return -1, 1
	}
	return -(c.cells - p.Moves()) / 2, win
}

// probe runs d's probes of p on w until d knows the score or is stopped.
func (w *worker) probe(d *dichotomy, p position.Position) {
	r, threats := w.slot(p), p.OpponentWinningCells()
	w.dichotomy = d
	for v, ok := d.next(w); ok; v, ok = d.next(w) {
		d.report(w, v, w.negamax(p, r, threats, v, v+1))
	}
}

// run runs search on the first threads workers at once, adding their work
// to st. The first runs on the calling goroutine, the others on the
// solver's helpers (package crew), which stay awake for a while after a
// search; a helper still starting when the first has finished does
// nothing, and is not waited for: on small searches, waiting for the
// others to be scheduled took longer than the search.
func (s *Solver) run(ctx context.Context, st *search.Stats, threads int, search func(*worker)) {
	start := time.Now()
	for i, w := range s.workers[:threads] {
		w.config, w.ctx, w.nodes, w.hits, w.stopped = s.config, ctx, 0, 0, false
		w.near, w.dichotomy = s.near[i], nil
		if threads > 1 {
			w.busy, w.divideBelow = &s.busy, w.divideStones()
		}
		w.stop.Store(false)
		w.published.Store(0)
	}
	for i, w := range s.workers[1:threads] {
		s.helpers[i].Go(func() { search(w) })
	}
	search(s.workers[0])
	for i := range threads - 1 {
		s.helpers[i].Wait() // a helper not started yet has nothing left to do
	}
	for _, w := range s.workers[:threads] {
		st.Nodes += w.nodes
		st.TableHits += w.hits
		w.ctx = nil
	}
	st.Elapsed += time.Since(start)
}

// fromBook returns the score of p from the book, if there is one and it has
// p.
func (c *config) fromBook(p position.Position) (int, bool) {
	if p.Moves() > c.bookDepth {
		return 0, false
	}
	return c.book.Score(p)
}

// Progress describes a search under way: the nodes searched so far by the
// current call (updated every checkEvery nodes a thread) and the interval
// known to hold the score of the position Solve searches (Analyze's moves,
// searched at once, have one each, not shown here). It may be called from
// another goroutine while a search runs.
func (s *Solver) Progress() (nodes uint64, lo, hi int) {
	for _, w := range s.workers {
		nodes += w.published.Load()
	}
	s.dichotomy.mu.Lock()
	defer s.dichotomy.mu.Unlock()
	return nodes, s.dichotomy.lo, s.dichotomy.hi
}

// slot returns the slot of p's entry, under p.TableKey(), in the near, mid
// or far table by its stones (see Solver).
func (c *config) slot(p position.Position) slot {
	t := c.far
	if n := p.Moves(); n >= c.nearFrom {
		t = c.near
	} else if n >= c.midFrom {
		t = c.mid
	}
	return t.slot(c.board.KeyHash(p.TableKey()))
}

// divideStones is the number of stones below which workers on the same
// probe divide a node's moves (see abdada.go).
func (c *config) divideStones() int { return min(c.cells-divideMinEmpty, c.nearFrom) }

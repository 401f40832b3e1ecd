// Package pns is c4's second, independent engine: a depth-first
// proof-number search (DFPN) that answers the win/loss question. It asks
// "can the attacker force a win?", draws counting for the defender, and
// finds the weak result of a position (win, draw or loss for the side to
// move) with two such questions: does the opponent win, and if not, does
// the side to move? (On several threads the two are often asked at once:
// see weakParallel.)
//
// Proof numbers are kept in the phi/delta form, from the side to move's
// view: phi is the cost of proving that the side to move reaches its goal
// (the attacker's win, or the defender's escape), delta the cost of
// disproving it; a node's phi is the least delta of its children and its
// delta the sum of their phi. Only non-losing moves are generated. A new
// node is settled at once by what the position shows: the side to move
// wins at once, or has a move after which every reply loses; it has no
// non-losing move; the game can only be drawn; the attacker can no longer
// complete four, or the defender can answer each of its moves on top of it
// (claimeven) and keep it from winning. A node with a single non-losing
// move takes its child's numbers; any other starts with phi 1 and delta
// the number of its non-losing moves; children of equal delta are searched
// in order of the threats their moves make. On boards of four rows, a node
// is also settled, when first searched, by a combination of Allis's rules
// of the follower's (threat.Rules). Thresholds use the 1+epsilon
// trick, which lets the search stay longer in a subtree before switching.
// Near the end of the game, below Options.EndgameCells empty cells, a node
// is solved by a plain depth-first AND/OR search with the same settling
// rules (endgame.go): there proof numbers cost more than they save.
//
// It exists to check the exact solver (package negamax) with a different
// algorithm: the two must agree on every weak result.
package pns

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"time"

	"c4/internal/crew"
	"c4/position"
	"c4/search"
	"c4/threat"
)

// inf is an infinite proof number: proven or disproven.
const inf = pnMask // the largest proof number the table holds

// Options configures a Solver. The zero value is the default; Check
// reports a value out of range.
type Options struct {
	// TableMiB is the memory of the transposition table, and of the
	// parallel search's top tree, in MiB: 0 means search.DefaultTableMiB
	// (128), at most search.MaxTableMiB. A search never allocates more for
	// them.
	TableMiB int
	// Threads is the number of goroutines searching one position at once
	// (parallel PN-DFPN, see parallel.go): 0 (the default) means 1, at most
	// search.MaxThreads.
	Threads int
	// Epsilon widens the delta threshold of the child searched from the
	// second-best child's delta d2 to ceil(d2*(1+Epsilon)); 0 means
	// DefaultEpsilon, a negative value plain DFPN (d2+1).
	Epsilon float64
	// EndgameCells: a node with at most this many empty cells is solved by
	// a plain depth-first search (see endgame.go): 0 means
	// DefaultEndgameCells (18), -1 none (DFPN all the way down), at most
	// 128. Each thread's table of endgame answers (512 KiB) comes out of
	// TableMiB.
	EndgameCells int
}

// Check returns an error (a *search.RangeError) for a field out of its
// range, which New would otherwise clamp.
func (o Options) Check() error {
	if err := search.CheckTable(o.TableMiB, o.Threads); err != nil {
		return err
	}
	return search.CheckRange("EndgameCells", o.EndgameCells, -1, 128)
}

// Bytes is the memory the tables of a Solver of these options take.
func (o Options) Bytes() int64 { return search.TableBytes(o.TableMiB) }

// Solver answers search.Weak (and refuses search.Strong).
var _ search.Engine = (*Solver)(nil)

// Outcome is the answer to "does the attacker win?".
type Outcome int

const (
	Unknown   Outcome = iota // the work budget ran out
	Proven                   // the attacker wins
	Disproven                // the defender draws or wins
)

// ErrGameOver is returned for a position with four in a row or a full board:
// there is nothing left to solve. It is position.ErrGameOver.
var ErrGameOver = position.ErrGameOver

// Solver holds the table and the workers' scratch space. It is not safe
// for concurrent use; with Options.Threads above 1 one search runs on
// several goroutines.
type Solver struct {
	tt      *table
	tree    *tree // the parallel search's top tree, if Threads > 1
	board   *position.Board
	workers []*worker
	helpers []crew.Helper // the helpers that run workers[1:] (see package crew)
}

// worker is one goroutine's search: the MID recursion and its counters.
type worker struct {
	tt       *table
	epsilon  float64
	board    *position.Board
	cells    int
	colOrder [position.MaxWidth]position.Bits

	nodes, budget uint64 // nodes (MID calls and endgame nodes) of this run, and where it stops (0: never)
	ctx           context.Context
	abort         *atomic.Bool // a parallel search's job's: set when its result is moot
	stopped       bool

	// kids holds each depth's children, so that a MID call does not clear
	// a kilobyte and a half of stack every time it is entered.
	kids [position.MaxBits][position.MaxWidth]child
	// ends holds each depth's threats for the endgame search, for the
	// same reason.
	ends [position.MaxBits]struct {
		threats [position.MaxWidth]position.Bits
		counts  [position.MaxWidth]uint8
	}

	rules *threat.Rules // Allis's rules combined, for combination; nil where they do not pay

	endCells int       // nodes with at most this many empty cells go to endgame
	end      *endTable // endgame's answers; nil if endCells is 0
}

// New returns a Solver with an empty table. Options out of range are
// clamped to it (see Options.Check).
func New(opts Options) *Solver {
	if opts.TableMiB <= 0 {
		opts.TableMiB = search.DefaultTableMiB
	}
	opts.TableMiB = min(opts.TableMiB, search.MaxTableMiB)
	opts.Threads = min(opts.Threads, search.MaxThreads)
	switch {
	case opts.Epsilon == 0:
		opts.Epsilon = DefaultEpsilon
	case opts.Epsilon < 0:
		opts.Epsilon = 0
	}
	s := &Solver{}
	tableBytes := opts.TableMiB << 20
	if opts.Threads > 1 {
		s.tree = newTree()
		tableBytes -= s.tree.bytes()
	}
	if opts.EndgameCells == 0 {
		opts.EndgameCells = DefaultEndgameCells
	}
	threads := max(opts.Threads, 1)
	if opts.EndgameCells > 0 {
		tableBytes -= threads * endBytes
	}
	s.tt = newTable(tableBytes, opts.Threads <= 1)
	for range threads {
		w := &worker{tt: s.tt, epsilon: opts.Epsilon}
		if opts.EndgameCells > 0 {
			w.endCells, w.end = opts.EndgameCells, newEndTable()
		}
		s.workers = append(s.workers, w)
	}
	s.helpers = make([]crew.Helper, threads-1)
	return s
}

// Split returns n Solvers (n at least 1) that share one table of
// opts.TableMiB, each searching on one goroutine of its own: the separate
// searches of a job-level search's workers (package prove) find each
// other's results, as the threads of one parallel search do.
// opts.Threads is ignored. They must be given positions of one board: a
// Solver given another clears the table they share.
func Split(opts Options, n int) []*Solver {
	opts.Threads = max(n, 1)
	s := New(opts)
	solvers := make([]*Solver, len(s.workers))
	for i, w := range s.workers {
		solvers[i] = &Solver{tt: s.tt, workers: []*worker{w}}
	}
	return solvers
}

// Analyze scores each column of p by solving the position after it, in
// turn (see search.AnalyzeEach); only Weak is answered.
func (s *Solver) Analyze(ctx context.Context, p position.Position, mode search.Mode) ([]int, search.Stats, error) {
	return search.AnalyzeEach(ctx, s, p, mode)
}

// Reset empties the tables in constant time.
func (s *Solver) Reset() {
	s.tt.clear()
	for _, w := range s.workers {
		if w.end != nil {
			w.end.clear()
		}
	}
}

func (s *Solver) setBoard(b *position.Board) {
	if s.board == b {
		return
	}
	if s.board != nil {
		s.Reset()
	}
	s.board = b
	for _, w := range s.workers {
		w.board, w.cells, w.colOrder = b, b.Cells(), b.CentreFirst()
		w.rules = nil
		if b.Height() <= rulesHeight {
			w.rules = threat.NewSearchRules(b)
		}
	}
}

// Solve returns the weak result of p for the side to move (1 win, 0
// draw, -1 loss) in mode search.Weak, and an error in search.Strong, which
// DFPN does not answer. It returns ErrGameOver for a finished game and
// ctx's error if ctx ends first.
func (s *Solver) Solve(ctx context.Context, p position.Position, mode search.Mode) (search.Result, error) {
	if mode != search.Weak {
		return search.Result{}, errors.New("pns: DFPN answers the weak question only")
	}
	r, st, err := s.weak(ctx, p)
	return search.Result{Score: r, Stats: st}, err
}

// weak is Solve's weak result with its work.
func (s *Solver) weak(ctx context.Context, p position.Position) (int, search.Stats, error) {
	start := time.Now()
	if s.tree != nil && !p.IsOver() {
		r, nodes, err := s.weakParallel(ctx, p)
		return r, search.Stats{Nodes: nodes, Elapsed: time.Since(start)}, err
	}
	var st search.Stats
	for _, q := range []struct {
		toMove bool // the attacker is the side to move
		result int  // the result if proven
	}{{false, -1}, {true, 1}} { // the opponent's question settles more alone
		o, qs, err := s.Prove(ctx, p, q.toMove, 0)
		st.Nodes += qs.Nodes
		if err != nil {
			return 0, st, err
		}
		switch o {
		case Proven:
			st.Elapsed = time.Since(start)
			return q.result, st, nil
		case Unknown: // cannot happen without a budget or an error
			return 0, st, errors.New("pns: the search ended unsolved")
		}
	}
	st.Elapsed = time.Since(start)
	return 0, st, nil
}

// Prove answers whether the attacker, the side to move if attackerToMove
// and the opponent otherwise, can force a win from p. With a budget above 0
// it stops after about that many nodes and answers Unknown; the table
// keeps what was learned, so calling again resumes.
func (s *Solver) Prove(ctx context.Context, p position.Position, attackerToMove bool, budget uint64) (Outcome, search.Stats, error) {
	e, st, err := s.Estimate(ctx, p, attackerToMove, Limits{Budget: budget})
	return e.Outcome, st, err
}

// Estimate is Prove's answer with what is left to do: the proof and
// disproof numbers of p for the attacker, the least number of leaves that
// would have to be proven to prove p and to disprove it (0 and Infinite
// once proven, Infinite and 0 once disproven). Numbers of different
// positions searched by Solvers of the same options compare: a job-level
// search (package prove) chooses its next leaf by them.
type Estimate struct {
	Outcome         Outcome
	Proof, Disproof uint32
}

// Infinite is the proof number of a disproven position and the disproof
// number of a proven one; every other number is below it.
const Infinite = inf

// Limits bound a search of Estimate: it stops after about Budget nodes (0:
// no limit), or once p's proof number reaches Proof or its disproof number
// reaches Disproof (0: Infinite), as DFPN's thresholds stop it below a
// node; a Solver of several threads heeds the budget only.
type Limits struct {
	Budget          uint64
	Proof, Disproof uint32
}

// Estimate answers as Prove does within the limits, and with p's proof
// numbers when they stop it or ctx ends first (then with ctx's error).
func (s *Solver) Estimate(ctx context.Context, p position.Position, attackerToMove bool, lim Limits) (Estimate, search.Stats, error) {
	if p.IsOver() {
		return Estimate{}, search.Stats{}, ErrGameOver
	}
	budget := lim.Budget
	thPhi, thDelta := threshold(lim.Proof), threshold(lim.Disproof)
	if !attackerToMove {
		thPhi, thDelta = thDelta, thPhi
	}
	s.setBoard(p.Board())
	start := time.Now()
	w := s.workers[0]
	key := tableKey(p)
	phi, delta := w.evaluate(p, attackerToMove)
	var st search.Stats
	if phi != 0 && delta != 0 {
		first := budget
		if s.tree != nil && (budget == 0 || budget > serialWork) {
			first = serialWork
		}
		phi, delta, st.Nodes = w.run(ctx, p, key, attackerToMove, thPhi, thDelta, first)
		if w.stopped && ctx.Err() == nil && first != budget && phi < thPhi && delta < thDelta {
			var nodes uint64
			if budget > 0 {
				budget -= first
			}
			phi, delta, nodes = s.parallel(ctx, p, key, attackerToMove, budget)
			st.Nodes += nodes
		}
	}
	st.Elapsed = time.Since(start)
	e := Estimate{Proof: phi, Disproof: delta}
	if !attackerToMove {
		e.Proof, e.Disproof = delta, phi
	}
	switch {
	case e.Proof == 0:
		e.Outcome = Proven
	case e.Disproof == 0:
		e.Outcome = Disproven
	case ctx.Err() != nil:
		return e, st, context.Cause(ctx)
	}
	return e, st, nil
}

// Child is one of a position's children as a search left it: the move's
// column (0-based) and the child's proof numbers for the attacker.
type Child struct {
	Col             int
	Proof, Disproof uint32
}

// Children returns the numbers of p's children, one for each move that does
// not let the opponent win at once, from the table where a search left
// them, else from what the position shows (see evaluate): a job-level
// search (package prove) gives them to a leaf's children when it splits
// it, rather than numbers that know nothing. p must not be over.
func (s *Solver) Children(p position.Position, attackerToMove bool) []Child {
	s.setBoard(p.Board())
	w := s.workers[0]
	next := p.NonLosingMoves()
	var kids []Child
	for c := range p.Board().Width() {
		m := next & p.Board().ColumnMask(c)
		if m == 0 {
			continue
		}
		q := p
		q.Play(m)
		phi, delta, ok, _ := w.tt.get(tableKey(q), !attackerToMove)
		if !ok {
			phi, delta = w.evaluate(q, !attackerToMove)
		}
		k := Child{Col: c, Proof: delta, Disproof: phi} // the child's side to move is the defender
		if !attackerToMove {
			k.Proof, k.Disproof = phi, delta
		}
		kids = append(kids, k)
	}
	return kids
}

// threshold is a limit of Limits as a threshold: inf for 0.
func threshold(n uint32) uint32 {
	if n == 0 {
		return inf
	}
	return min(n, inf)
}

// run searches p, which is neither won nor lost at once, as mid does, until
// the thresholds, the budget (if above 0) or ctx stop it, and returns its
// numbers and the nodes searched. (Not mid's work: a stopped endgame
// search counts there as one node, whatever it searched.)
func (w *worker) run(ctx context.Context, p position.Position, key uint64, att bool, thPhi, thDelta uint32, budget uint64) (phi, delta uint32, nodes uint64) {
	w.nodes, w.budget, w.ctx, w.stopped = 0, budget, ctx, false
	phi, delta, _ = w.mid(p, key, att, thPhi, thDelta, true)
	w.ctx = nil
	return phi, delta, w.nodes
}

// cancelled says whether the context has ended or the job is moot.
func (w *worker) cancelled() bool {
	return w.ctx.Err() != nil || w.abort != nil && w.abort.Load()
}

// evaluate gives a new node its proof numbers from what the position shows
// without search. att says whether the side to move is the attacker.
func (w *worker) evaluate(p position.Position, att bool) (phi, delta uint32) {
	if p.CanWinNext() {
		return 0, inf
	}
	return w.evaluateAfter(p, att, p.OpponentWinningCells())
}

// evaluateAfter is evaluate for a position reached by a move that does not
// lose at once (its side to move cannot win at once), given theirs, the
// opponent's winning cells, which the move's Attack has found.
func (w *worker) evaluateAfter(p position.Position, att bool, theirs position.Bits) (phi, delta uint32) {
	next := p.NonLosingMovesAgainst(theirs)
	if reached, ok := w.settle(p, att, theirs, next); ok {
		if reached {
			return 0, inf
		}
		return inf, 0
	}
	var threats [position.MaxWidth]position.Bits
	var counts [position.MaxWidth]uint8
	if p.AttackThreats(next, 0, &w.colOrder, &threats, &counts) != 0 { // a move after which every reply loses
		return 0, inf
	}
	if next&(next-1) == 0 { // a forced move: the node is its child
		i := 0
		for w.colOrder[i]&next == 0 {
			i++
		}
		q := p
		q.Play(next)
		phi, delta = w.evaluateAfter(q, !att, threats[i])
		return delta, phi
	}
	return 1, uint32(next.OnesCount())
}

// settle decides, from what the position shows at a glance, whether the
// side to move reaches its goal from p, where it cannot win at once,
// theirs are the opponent's winning cells and next its non-losing moves:
// ok is false if it cannot. (Allis's rules combined cost more, and are
// looked for once a node is searched: see combination.)
func (w *worker) settle(p position.Position, att bool, theirs, next position.Bits) (reached, ok bool) {
	if next == 0 {
		return false, true
	}
	if p.Moves() >= w.cells-2 { // a draw: the defender's goal
		return !att, true
	}
	if att {
		// The attacker cannot win if it can no longer complete four, or if
		// the defender can answer every move (see FollowUpCeiling).
		if c, ok := p.FollowUpCeiling(theirs); ok && c <= 0 || !p.CanStillWin() {
			return false, true
		}
	} else {
		if !p.OpponentCanStillWin() {
			return true, true
		}
		if c, ok := p.FollowUpCeiling(theirs); ok && c < 0 {
			return false, true
		}
	}
	return false, false
}

// combination says whether the side to move at p misses its goal against a
// combination of Allis's rules of the follower's (threat.Rules): the
// defender's, which keeps the attacker from winning, or the attacker's
// winning one. It is asked once a node is first searched rather than when
// it is made: most nodes made are never searched, and the rules cost a few
// microseconds a call, a node's work many times over (rulesEmpty).
func (w *worker) combination(p position.Position, att bool, theirs position.Bits) bool {
	return w.rules != nil && w.cells-p.Moves() >= rulesEmpty && w.rules.Holds(p, theirs, !att)
}

// lookup returns the proof numbers of a position from the table, or else
// from evaluate, and then stores them: a new leaf costs its evaluation once.
func (w *worker) lookup(p position.Position, key uint64, att bool) (phi, delta uint32) {
	phi, delta, ok, at := w.tt.get(key, att)
	if !ok {
		phi, delta = w.evaluate(p, att)
		w.tt.store(at, phi, delta, 0)
	}
	return phi, delta
}

// child is one move of a node being searched.
type child struct {
	pos        position.Position
	key        uint64
	phi, delta uint32
	fresh      bool  // not yet searched: combination is yet to be asked
	col        int   // its move's index in colOrder
	order      uint8 // the threats its move makes that count (see AttackThreats)
}

// before says whether c is a better child to search than d: a lower delta,
// or the same and more threats. Ties are frequent (a new leaf's delta is its
// number of moves), and breaking them by the threats, as negamax orders its
// moves, takes fewer MID calls than breaking them centre first.
func (c *child) before(d *child) bool {
	return c.delta < d.delta || c.delta == d.delta && c.order > d.order
}

// mid searches p until its phi reaches thPhi or its delta thDelta, and
// returns them with the work spent. p is neither won nor lost at once;
// fresh says that no MID call has searched it yet, and so that its side to
// move may yet be settled by a combination.
func (w *worker) mid(p position.Position, key uint64, att bool, thPhi, thDelta uint32, fresh bool) (phi, delta uint32, work uint64) {
	w.nodes++
	work = 1
	if w.nodes == w.budget {
		w.stopped = true
	}
	if w.cells-p.Moves() <= w.endCells {
		return w.endgame(p, key, att)
	}
	if fresh && w.rules != nil && w.combination(p, att, p.OpponentWinningCells()) { // (the threats only where asked)
		w.tt.put(key, att, inf, 0, work)
		return inf, 0, work
	}
	if w.nodes%stopEvery == 0 {
		if w.cancelled() {
			w.stopped = true
		}
		if w.nodes%growEvery == 0 && w.tt.crowded() { // a growing table has this worker alone
			w.tt.grow()
		}
	}
	kids := &w.kids[p.Moves()]
	n := w.expand(p, att, kids)
	for {
		// phi: the best child's delta; delta: the sum of the children's phi.
		best, second := -1, uint32(inf)
		phi, delta = inf, 0
		for i := range n {
			c := &kids[i]
			delta = AddPN(delta, c.phi)
			switch {
			case best < 0 || c.before(&kids[best]):
				if best >= 0 {
					second = kids[best].delta
				}
				best = i
			case c.delta < second:
				second = c.delta
			}
		}
		phi = kids[best].delta
		if phi >= thPhi || delta >= thDelta || w.stopped {
			break
		}
		c := &kids[best]
		childThPhi := uint32(inf) // the rest of the parent's delta budget
		if thDelta < inf {
			childThPhi = thDelta - (delta - c.phi)
		}
		childThDelta := min(thPhi, Widen(second, w.epsilon))
		var cw uint64
		c.phi, c.delta, cw = w.mid(c.pos, c.key, !att, childThPhi, childThDelta, c.fresh)
		c.fresh = false
		work += cw
	}
	w.tt.put(key, att, phi, delta, work)
	return phi, delta, work
}

// expand puts p's moves that do not lose at once into kids, with their
// proof numbers from the table or, for a new child, from evaluateAfter
// (then stored), and returns how many there are. att says whether the
// attacker is to move at p.
func (w *worker) expand(p position.Position, att bool, kids *[position.MaxWidth]child) int {
	n := 0
	theirs := p.OpponentWinningCells()
	next := p.NonLosingMovesAgainst(theirs)
	for i := 0; i < w.board.Width(); i++ {
		m := next & w.colOrder[i]
		if m == 0 {
			continue
		}
		c := &kids[n]
		n++
		c.col = i
		c.pos = p
		c.pos.Play(m)
		c.key = tableKey(c.pos)
		w.tt.prefetch(c.key)
	}
	// The buckets are on their way. One pass over every move finds each
	// child's opponent's threats, with which a new child is evaluated, and
	// how many of them count for the order (ours straight above the
	// opponent's come too late).
	var threats [position.MaxWidth]position.Bits
	var counts [position.MaxWidth]uint8
	p.AttackThreats(next, theirs<<1, &w.colOrder, &threats, &counts)
	for i := range n {
		c := &kids[i]
		c.order = counts[c.col]
		var ok bool
		var at slot
		if c.phi, c.delta, ok, at = w.tt.get(c.key, !att); ok {
			c.fresh = !at.expanded
			continue
		}
		c.fresh = true
		c.phi, c.delta = w.evaluateAfter(c.pos, !att, threats[c.col])
		w.tt.store(at, c.phi, c.delta, 0)
		if w.tt.growing {
			w.tt.leaves++
		}
	}
	return n
}

// AddPN adds proof numbers: Infinite if either is, and otherwise at most
// Infinite-1, so that a large sum is never taken for a proof.
func AddPN(a, b uint32) uint32 {
	if a >= inf || b >= inf {
		return inf
	}
	return min(a+b, inf-1)
}

// Widen is the 1+epsilon trick (see Options.Epsilon): the delta threshold
// given to the best child, from the second-best child's delta d.
func Widen(d uint32, epsilon float64) uint32 {
	if d >= inf {
		return inf
	}
	return min(max(d+1, uint32(math.Ceil(float64(d)*(1+epsilon)))), inf-1)
}

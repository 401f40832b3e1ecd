// Package pns is c4's second, independent engine: a depth-first
// proof-number search (DFPN) that answers the win/loss question. It asks
// "can the attacker force a win?", draws counting for the defender, and
// finds the weak result of a position (win, draw or loss for the side to
// move) with two such questions: does the side to move win, and if not,
// does the opponent?
//
// Proof numbers are kept in the phi/delta form, from the side to move's
// view: phi is the cost of proving that the side to move reaches its goal
// (the attacker's win, or the defender's escape), delta the cost of
// disproving it; a node's phi is the least delta of its children and its
// delta the sum of their phi. Only non-losing moves are generated, and a
// new node is settled at once when the side to move wins at once, has no
// non-losing move, or can only draw; otherwise it starts with phi 1 and
// delta the number of its non-losing moves. Thresholds use the 1+epsilon
// trick, which lets the search stay longer in a subtree before switching.
//
// It exists to check the exact solver (package negamax) with a different
// algorithm: the two must agree on every weak result.
package pns

import (
	"context"
	"math"
	"math/bits"
	"time"

	"c4/position"
)

// inf is an infinite proof number: proven or disproven.
const inf = pnMask // the largest proof number the table holds

// DefaultTableMiB is the table's size when Options leaves it 0.
const DefaultTableMiB = 128

// DefaultEpsilon is the 1+epsilon trick's epsilon when Options leaves it 0.
const DefaultEpsilon = 1.0

// Options configures a Solver. The zero value is the default.
type Options struct {
	// TableMiB is the transposition table's memory in MiB; 0 means
	// DefaultTableMiB. The search never allocates more for its table.
	TableMiB int
	// Epsilon widens the delta threshold of the child searched from the
	// second-best child's delta d2 to ceil(d2*(1+Epsilon)); 0 means
	// DefaultEpsilon, a negative value plain DFPN (d2+1).
	Epsilon float64
}

// Stats describes the work of a search.
type Stats struct {
	Nodes   uint64 // MID calls, the unit of work
	Elapsed time.Duration
}

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

// Solver holds the table and counters. It is not safe for concurrent use.
type Solver struct {
	tt       *table
	epsilon  float64
	board    *position.Board
	cells    int
	colOrder [position.MaxWidth]uint64

	nodes, budget uint64
	ctx           context.Context
	stopped       bool

	// kids holds each depth's children, so that a MID call does not clear
	// a kilobyte and a half of stack every time it is entered.
	kids [64][position.MaxWidth]child
}

// New returns a Solver with an empty table.
func New(opts Options) *Solver {
	if opts.TableMiB == 0 {
		opts.TableMiB = DefaultTableMiB
	}
	switch {
	case opts.Epsilon == 0:
		opts.Epsilon = DefaultEpsilon
	case opts.Epsilon < 0:
		opts.Epsilon = 0
	}
	return &Solver{tt: newTable(opts.TableMiB), epsilon: opts.Epsilon}
}

// Reset empties the table in constant time.
func (s *Solver) Reset() { s.tt.clear() }

func (s *Solver) setBoard(b *position.Board) {
	if s.board == b {
		return
	}
	if s.board != nil {
		s.tt.clear()
	}
	s.board, s.cells, s.colOrder = b, b.Cells(), b.CentreFirst()
}

// Weak returns the weak result of p for the side to move: 1 win, 0 draw,
// -1 loss. It returns ErrGameOver for a finished game and ctx's error if ctx
// ends first.
func (s *Solver) Weak(ctx context.Context, p position.Position) (int, Stats, error) {
	start := time.Now()
	var st Stats
	for _, q := range []struct {
		toMove bool // the attacker is the side to move
		result int  // the result if proven
	}{{true, 1}, {false, -1}} {
		o, qs, err := s.Prove(ctx, p, q.toMove, 0)
		st.Nodes += qs.Nodes
		if err != nil {
			return 0, st, err
		}
		if o == Proven {
			st.Elapsed = time.Since(start)
			return q.result, st, nil
		}
	}
	st.Elapsed = time.Since(start)
	return 0, st, nil
}

// Prove answers whether the attacker, the side to move if attackerToMove
// and the opponent otherwise, can force a win from p. With a budget above 0
// it stops after about that many MID calls and answers Unknown; the table
// keeps what was learned, so calling again resumes.
func (s *Solver) Prove(ctx context.Context, p position.Position, attackerToMove bool, budget uint64) (Outcome, Stats, error) {
	if p.IsOver() {
		return Unknown, Stats{}, ErrGameOver
	}
	s.setBoard(p.Board())
	s.nodes, s.budget, s.ctx, s.stopped = 0, budget, ctx, false
	start := time.Now()
	phi, delta := s.evaluate(p, attackerToMove)
	if phi != 0 && delta != 0 {
		phi, delta, _ = s.mid(p, p.CanonicalKey(), attackerToMove, inf, inf)
	}
	st := Stats{Nodes: s.nodes, Elapsed: time.Since(start)}
	s.ctx = nil
	if s.stopped && phi != 0 && delta != 0 {
		if err := ctx.Err(); err != nil {
			return Unknown, st, context.Cause(ctx)
		}
		return Unknown, st, nil
	}
	// phi == 0: the side to move reaches its goal.
	if (phi == 0) == attackerToMove {
		return Proven, st, nil
	}
	return Disproven, st, nil
}

// evaluate gives a new node its proof numbers from what the position shows
// without search. att says whether the side to move is the attacker.
func (s *Solver) evaluate(p position.Position, att bool) (phi, delta uint32) {
	if p.CanWinNext() {
		return 0, inf
	}
	next := p.NonLosingMoves()
	if next == 0 {
		return inf, 0
	}
	if p.Moves() >= s.cells-2 { // a draw: the defender's goal
		if att {
			return inf, 0
		}
		return 0, inf
	}
	return 1, uint32(bits.OnesCount64(next))
}

// child is one move of a node being searched.
type child struct {
	pos        position.Position
	key        uint64
	phi, delta uint32
}

const checkEvery = 1 << 12

// mid searches p until its phi reaches thPhi or its delta thDelta, and
// returns them with the work spent. p is neither won nor lost at once.
func (s *Solver) mid(p position.Position, key uint64, att bool, thPhi, thDelta uint32) (phi, delta uint32, work uint64) {
	s.nodes++
	work = 1
	if s.nodes%checkEvery == 0 && (s.ctx.Err() != nil || s.budget > 0 && s.nodes >= s.budget) {
		s.stopped = true
	}
	kids := &s.kids[p.Moves()]
	n := 0
	next := p.NonLosingMoves()
	for i := 0; i < s.board.Width(); i++ {
		m := next & s.colOrder[i]
		if m == 0 {
			continue
		}
		c := &kids[n]
		n++
		c.pos = p
		c.pos.Play(m)
		c.key = c.pos.CanonicalKey()
		s.tt.prefetch(c.key)
	}
	for i := range n { // the buckets are on their way
		c := &kids[i]
		var ok bool
		if c.phi, c.delta, ok = s.tt.get(c.key, !att); !ok {
			c.phi, c.delta = s.evaluate(c.pos, !att)
		}
	}
	for {
		// phi: the best child's delta; delta: the sum of the children's phi.
		best, second := -1, uint32(inf)
		phi, delta = inf, 0
		for i := range n {
			c := &kids[i]
			delta = addPN(delta, c.phi)
			switch {
			case best < 0 || c.delta < kids[best].delta:
				if best >= 0 {
					second = kids[best].delta
				}
				best = i
			case c.delta < second:
				second = c.delta
			}
		}
		phi = kids[best].delta
		if phi >= thPhi || delta >= thDelta || s.stopped {
			break
		}
		c := &kids[best]
		childThPhi := uint32(inf) // the rest of the parent's delta budget
		if thDelta < inf {
			childThPhi = thDelta - (delta - c.phi)
		}
		childThDelta := min(thPhi, s.widen(second))
		var w uint64
		c.phi, c.delta, w = s.mid(c.pos, c.key, !att, childThPhi, childThDelta)
		work += w
	}
	s.tt.put(key, att, phi, delta, work)
	return phi, delta, work
}

// addPN adds proof numbers: infinite if either is, and otherwise at most
// inf-1, so that a large sum is never taken for a proof.
func addPN(a, b uint32) uint32 {
	if a >= inf || b >= inf {
		return inf
	}
	return min(a+b, inf-1)
}

// widen is the 1+epsilon trick: the delta threshold given to the best child,
// from the second-best child's delta d.
func (s *Solver) widen(d uint32) uint32 {
	if d >= inf {
		return inf
	}
	return min(max(d+1, uint32(math.Ceil(float64(d)*(1+s.epsilon)))), inf-1)
}

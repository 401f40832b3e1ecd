package prove

import (
	"context"
	"errors"

	"c4/cert"
	"c4/game"
	"c4/pns"
	"c4/position"
	wcert "c4/wide/cert"
	wpns "c4/wide/pns"
	wposition "c4/wide/position"
)

// What depends on the board's width: the certificates of package cert and
// DFPN's solver, each in its 64-bit form or its c4/wide form.

// claim is a cert.Claim of a board of either width.
type claim struct {
	board     game.Board
	root      string
	toMove    bool
	goal      cert.Goal
	leafCells int
}

// check checks the strategy moves of c (see cert.Check).
func (c claim) check(ctx context.Context, moves []byte, opts cert.Options) (cert.Stats, error) {
	if c.board.Wide() {
		return wcert.Check(ctx, wcert.Claim{Board: c.board.WideBoard(), Root: c.root, ToMove: c.toMove, Goal: c.goal, LeafCells: c.leafCells}, moves, opts)
	}
	return cert.Check(ctx, cert.Claim{Board: c.board.Narrow(), Root: c.root, ToMove: c.toMove, Goal: c.goal, LeafCells: c.leafCells}, moves, opts)
}

// chooser gives the player's moves to build: choose one at p (see
// cert.Chooser), and, if not nil, known and emit as cert.BuildOptions has
// them.
type chooser struct {
	choose func(ctx context.Context, p game.Position) (int, error)
	known  func(p game.Position) bool
	emit   func(p game.Position, col int) error
}

// build builds c's strategy with ch (see cert.Build).
func (c claim) build(ctx context.Context, ch chooser) ([]byte, cert.Stats, error) {
	if c.board.Wide() {
		opts := wcert.BuildOptions{}
		if ch.known != nil {
			opts.Known = func(p wposition.Position) bool { return ch.known(game.FromWide(p)) }
		}
		if ch.emit != nil {
			opts.Emit = func(p wposition.Position, col int) error { return ch.emit(game.FromWide(p), col) }
		}
		choose := func(ctx context.Context, p wposition.Position) (int, error) { return ch.choose(ctx, game.FromWide(p)) }
		return wcert.Build(ctx, wcert.Claim{Board: c.board.WideBoard(), Root: c.root, ToMove: c.toMove, Goal: c.goal, LeafCells: c.leafCells}, choose, opts)
	}
	opts := cert.BuildOptions{}
	if ch.known != nil {
		opts.Known = func(p position.Position) bool { return ch.known(game.FromNarrow(p)) }
	}
	if ch.emit != nil {
		opts.Emit = func(p position.Position, col int) error { return ch.emit(game.FromNarrow(p), col) }
	}
	choose := func(ctx context.Context, p position.Position) (int, error) { return ch.choose(ctx, game.FromNarrow(p)) }
	return cert.Build(ctx, cert.Claim{Board: c.board.Narrow(), Root: c.root, ToMove: c.toMove, Goal: c.goal, LeafCells: c.leafCells}, choose, opts)
}

// dfpn is a DFPN solver of either width, made for the first position it
// is given (and made again for a position of the other width).
type dfpn struct {
	opts   pns.Options
	narrow *pns.Solver
	wide   *wpns.Solver
}

// estimate runs DFPN on p within lim (see pns.Solver.Estimate).
func (d *dfpn) estimate(ctx context.Context, p game.Position, att bool, lim pns.Limits) (pns.Estimate, uint64, error) {
	if n, ok := p.Narrow(); ok {
		e, st, err := d.narrowSolver().Estimate(ctx, n, att, lim)
		return e, st.Nodes, err
	}
	w, _ := p.WidePosition()
	e, st, err := d.wideSolver().Estimate(ctx, w, att, wpns.Limits(lim))
	return pns.Estimate{Outcome: pns.Outcome(e.Outcome), Proof: e.Proof, Disproof: e.Disproof}, st.Nodes, err
}

// children returns the numbers of p's children from the table (see
// pns.Solver.Children).
func (d *dfpn) children(p game.Position, att bool) []pns.Child {
	if n, ok := p.Narrow(); ok {
		return d.narrowSolver().Children(n, att)
	}
	w, _ := p.WidePosition()
	var kids []pns.Child
	for _, k := range d.wideSolver().Children(w, att) {
		kids = append(kids, pns.Child(k))
	}
	return kids
}

// errNoMove is the error of a move asked of a side that DFPN finds does
// not reach its goal.
var errNoMove = errors.New("DFPN finds no move that reaches the goal here")

// move returns a move of p's side to move that reaches its goal, the
// attacker's if att (see pns.Solver.Move).
func (d *dfpn) move(ctx context.Context, p game.Position, att bool) (int, error) {
	var col int
	var ok bool
	var err error
	if n, isNarrow := p.Narrow(); isNarrow {
		col, ok, err = d.narrowSolver().Move(ctx, n, att)
	} else {
		w, _ := p.WidePosition()
		col, ok, err = d.wideSolver().Move(ctx, w, att)
	}
	if err == nil && !ok {
		err = errNoMove
	}
	return col, err
}

func (d *dfpn) narrowSolver() *pns.Solver {
	if d.narrow == nil {
		d.narrow, d.wide = pns.New(d.opts), nil
	}
	return d.narrow
}

func (d *dfpn) wideSolver() *wpns.Solver {
	if d.wide == nil {
		d.wide, d.narrow = wpns.New(wpns.Options(d.opts)), nil
	}
	return d.wide
}

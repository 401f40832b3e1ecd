package engines

import (
	"context"
	"errors"

	"c4/game"
	wpns "c4/internal/wide/pns"
	"c4/pns"
)

// Prover is DFPN as a proof search drives it (package prove): estimates
// within limits, the numbers of a node's children, and a move that reaches
// a side's goal, on positions of every board. It holds the solver of one
// width at a time, made for the first position it is given (and made again
// for a position of the other width), keeping its table from one question
// to the next.
type Prover struct {
	opts   pns.Options
	narrow *pns.Solver
	wide   *wpns.Solver
}

// NewProver returns a Prover whose solver has opts.
func NewProver(opts pns.Options) *Prover { return &Prover{opts: opts} }

// Provers returns n Provers for positions of board b that share one table
// of opts.TableMiB (see pns.Split).
func Provers(b game.Board, opts pns.Options, n int) []*Prover {
	ps := make([]*Prover, n)
	for i := range ps {
		ps[i] = NewProver(opts)
	}
	if b.Wide() {
		for i, w := range wpns.Split(wpns.Options(opts), n) {
			ps[i].wide = w
		}
	} else {
		for i, s := range pns.Split(opts, n) {
			ps[i].narrow = s
		}
	}
	return ps
}

// Estimate runs DFPN on p within lim (see pns.Solver.Estimate), the
// attacker to move if att, and returns its numbers and the nodes searched.
func (d *Prover) Estimate(ctx context.Context, p game.Position, att bool, lim pns.Limits) (pns.Estimate, uint64, error) {
	if n, ok := p.Narrow(); ok {
		e, st, err := d.narrowSolver().Estimate(ctx, n, att, lim)
		return e, st.Nodes, err
	}
	w, _ := p.WidePosition()
	e, st, err := d.wideSolver().Estimate(ctx, w, att, wpns.Limits(lim))
	return pns.Estimate{Outcome: pns.Outcome(e.Outcome), Proof: e.Proof, Disproof: e.Disproof}, st.Nodes, err
}

// Children returns the numbers of p's children from the table (see
// pns.Solver.Children).
func (d *Prover) Children(p game.Position, att bool) []pns.Child {
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

// ErrNoMove is Move's error where DFPN finds that the side to move does
// not reach its goal.
var ErrNoMove = errors.New("DFPN finds no move that reaches the goal here")

// Move returns a move of p's side to move that reaches its goal, the
// attacker's if att (see pns.Solver.Move).
func (d *Prover) Move(ctx context.Context, p game.Position, att bool) (int, error) {
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
		err = ErrNoMove
	}
	return col, err
}

func (d *Prover) narrowSolver() *pns.Solver {
	if d.narrow == nil {
		d.narrow, d.wide = pns.New(d.opts), nil
	}
	return d.narrow
}

func (d *Prover) wideSolver() *wpns.Solver {
	if d.wide == nil {
		d.wide, d.narrow = wpns.New(wpns.Options(d.opts)), nil
	}
	return d.wide
}

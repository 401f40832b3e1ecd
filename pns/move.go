package pns

import (
	"context"
	"slices"

	"c4/position"
)

// Move returns a move (a column, 0-based) of p's side to move after which
// it reaches its goal: the attacker's win if attackerToMove, else the
// defender's escape (a draw or a win). It takes one that the table shows
// settled so, as a search that settled p leaves them; if there is none,
// it proves p again, and then, if the table has lost the move, each child
// in the order of its numbers, until one is settled so. ok is false if
// the side to move does not reach its goal. p must not be over, and its
// side to move must not win at once.
func (s *Solver) Move(ctx context.Context, p position.Position, attackerToMove bool) (col int, ok bool, err error) {
	reached := func(k Child) bool {
		if attackerToMove {
			return k.Proof == 0
		}
		return k.Disproof == 0
	}
	if col, ok := settledChild(s.Children(p, attackerToMove), reached); ok {
		return col, true, nil
	}
	o, _, err := s.Prove(ctx, p, attackerToMove, 0)
	if err != nil || o != Proven && attackerToMove || o != Disproven && !attackerToMove {
		return 0, false, err
	}
	kids := s.Children(p, attackerToMove)
	if col, ok := settledChild(kids, reached); ok {
		return col, true, nil
	}
	slices.SortStableFunc(kids, func(a, b Child) int {
		if attackerToMove {
			return int(a.Proof) - int(b.Proof)
		}
		return int(a.Disproof) - int(b.Disproof)
	})
	for _, k := range kids {
		q := p
		q.PlayColumn(k.Col)
		o, _, err := s.Prove(ctx, q, !attackerToMove, 0)
		if err != nil {
			return 0, false, err
		}
		if o == Proven && attackerToMove || o == Disproven && !attackerToMove {
			return k.Col, true, nil
		}
	}
	return 0, false, nil
}

// settledChild returns the column of the first of kids that reached says
// is settled for the side to move of their parent.
func settledChild(kids []Child, reached func(Child) bool) (int, bool) {
	for _, k := range kids {
		if reached(k) {
			return k.Col, true
		}
	}
	return 0, false
}

package cert

import (
	"context"

	"c4/position"
)

// Chooser returns a move of the player's at p, a position where it is to
// move and which is no leaf, after which it reaches the claim's goal: a
// proof search's (see pns.Solver.Move).
type Chooser func(ctx context.Context, p position.Position) (int, error)

// BuildOptions configure Build.
type BuildOptions struct {
	// Known, if not nil, says that p, a position of the player's, is
	// proved elsewhere: the walk goes no further there, and what it
	// builds is part of a strategy only (see Emit).
	Known func(p position.Position) bool
	// Emit, if not nil, is given each position of the player's walked and
	// the move chosen there.
	Emit func(p position.Position, col int) error
}

// Build returns the strategy that proves c, asking choose for the
// player's moves in the walk's order (see the package doc), with what the
// walk met. Its small leaves are not searched: Check does that.
func Build(ctx context.Context, c Claim, choose Chooser, opts BuildOptions) ([]byte, Stats, error) {
	root, err := c.root()
	if err != nil {
		return nil, Stats{}, err
	}
	w := newWalker(ctx, c)
	w.known = opts.Known
	var strategy []byte
	w.move = func(p position.Position) (int, error) {
		col, err := choose(ctx, p)
		if err != nil {
			return 0, w.errAt("%v", err)
		}
		if opts.Emit != nil {
			if err := opts.Emit(p, col); err != nil {
				return 0, err
			}
		}
		strategy = append(strategy, byte(col))
		return col, nil
	}
	w.small = func(leaf) error { return nil }
	err = w.walk(root)
	return strategy, w.st, err
}

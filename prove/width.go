package prove

import (
	"context"

	"c4/cert"
	"c4/game"
	wcert "c4/internal/wide/cert"
	wposition "c4/internal/wide/position"
	"c4/position"
)

// What depends on the board's width: the certificates of package cert, in
// its 64-bit form or its c4/internal/wide form.

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

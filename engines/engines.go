// Package engines solves positions of every board with one Engine, which
// gives each game.Position to an engine of its width: c4/negamax or c4/pns
// on 64 bits, their c4/internal/wide forms on 128.
package engines

import (
	"context"
	"errors"
	"sync/atomic"

	"c4/game"
	wnegamax "c4/internal/wide/negamax"
	wpns "c4/internal/wide/pns"
	wposition "c4/internal/wide/position"
	wsearch "c4/internal/wide/search"
	"c4/negamax"
	"c4/pns"
	"c4/search"
)

// Engine solves positions of every board. It holds the engine of one width
// at a time, made when a position of that width comes (the engine of the
// board it was made for, at once): a position of the other width drops the
// engine it holds, with its tables, so that an Engine's memory is one
// engine's, as its options say, whichever boards it is given.
type Engine struct {
	narrow     search.Engine
	wide       wsearch.Engine
	makeNarrow func() search.Engine
	makeWide   func() wsearch.Engine

	// progress is the Progress of the negamax solver that runs or ran
	// last, nil for DFPN: Progress reads it while Solve runs.
	progress atomic.Pointer[func() (nodes uint64, lo, hi int)]
}

// Negamax returns an Engine of negamax solvers with opts, for positions of
// b first, without a book.
func Negamax(opts negamax.Options, b game.Board) *Engine { return NegamaxBook(opts, nil, b) }

// NegamaxBook is Negamax with the book bk (nil: none). It serves the 64-bit
// boards, and the boards past them too if it is a GameBook (a store.Book).
// Both widths take opts as they are: the options are one type.
func NegamaxBook(opts negamax.Options, bk negamax.Book, b game.Board) *Engine {
	e := &Engine{}
	e.makeNarrow = func() search.Engine {
		s := negamax.New(opts)
		s.UseBook(bk)
		f := s.Progress
		e.progress.Store(&f)
		return s
	}
	e.makeWide = func() wsearch.Engine {
		s := wnegamax.New(opts)
		if gb, ok := bk.(GameBook); ok {
			s.UseBook(wideBook{gb})
		}
		f := s.Progress
		e.progress.Store(&f)
		return s
	}
	e.prepare(b)
	return e
}

// GameBook is a book of positions of any board (store.Book is one), which
// an Engine consults on the boards past 64 bits as well.
type GameBook interface {
	// Lookup returns the score of p and whether the book has it.
	Lookup(p game.Position) (score int, ok bool, err error)
	// DepthOf is the most stones of a position of board b in the book,
	// or -1 if it holds none.
	DepthOf(b game.Board) int
}

// wideBook is a GameBook as internal/wide/negamax consults it; a read error counts
// as a miss, and the search goes on without the book's answer.
type wideBook struct{ b GameBook }

func (w wideBook) Depth(board *wposition.Board) int { return w.b.DepthOf(game.OfWide(board)) }

func (w wideBook) Score(p wposition.Position) (int, bool) {
	s, ok, err := w.b.Lookup(game.FromWide(p))
	return s, ok && err == nil
}

// DFPN returns an Engine of DFPN solvers with opts (weak mode only), for
// positions of b first.
func DFPN(opts pns.Options, b game.Board) *Engine {
	e := &Engine{
		makeNarrow: func() search.Engine { return pns.New(opts) },
		makeWide:   func() wsearch.Engine { return wpns.New(wpns.Options(opts)) },
	}
	e.prepare(b)
	return e
}

// prepare makes the engine of b's width.
func (e *Engine) prepare(b game.Board) {
	if b.Wide() {
		e.wideEngine()
	} else {
		e.narrowEngine()
	}
}

// wideEngine is the 128-bit engine, made now (and the 64-bit one dropped)
// if it was not.
func (e *Engine) wideEngine() wsearch.Engine {
	if e.wide == nil {
		e.narrow = nil
		e.wide = e.makeWide()
	}
	return e.wide
}

// narrowEngine is the 64-bit engine, made now (and the 128-bit one dropped)
// if it was not.
func (e *Engine) narrowEngine() search.Engine {
	if e.narrow == nil {
		e.wide = nil
		e.narrow = e.makeNarrow()
	}
	return e.narrow
}

// Solve returns p's score from the side to move's view, as search.Engine's
// Solve does.
func (e *Engine) Solve(ctx context.Context, p game.Position, mode search.Mode) (search.Result, error) {
	if n, ok := p.Narrow(); ok {
		return e.narrowEngine().Solve(ctx, n, mode)
	}
	w, _ := p.WidePosition()
	return e.wideEngine().Solve(ctx, w, mode)
}

// Analyze returns the score of each column of p, as search.Engine's Analyze
// does.
func (e *Engine) Analyze(ctx context.Context, p game.Position, mode search.Mode) ([]int, search.Stats, error) {
	if n, ok := p.Narrow(); ok {
		return e.narrowEngine().Analyze(ctx, n, mode)
	}
	w, _ := p.WidePosition()
	return e.wideEngine().Analyze(ctx, w, mode)
}

// Reset empties what the engine has learned.
func (e *Engine) Reset() {
	if e.narrow != nil {
		e.narrow.Reset()
	}
	if e.wide != nil {
		e.wide.Reset()
	}
}

// Progress is the nodes and score interval of the search under way, or of
// the last one (see negamax.Solver.Progress), and false for DFPN. Another
// goroutine may call it while Solve runs.
func (e *Engine) Progress() (nodes uint64, lo, hi int, ok bool) {
	f := e.progress.Load()
	if f == nil {
		return 0, 0, 0, false
	}
	nodes, lo, hi = (*f)()
	return nodes, lo, hi, true
}

// ErrNoBounds is AtLeast's error for an Engine of DFPN, which answers the
// weak question only.
var ErrNoBounds = errors.New("DFPN bounds no score: AtLeast needs negamax")

// AtLeast says whether p's score is at least a, by one null-window search
// of negamax (see negamax.Solver.AtLeast); ErrNoBounds for DFPN.
func (e *Engine) AtLeast(ctx context.Context, p game.Position, a int) (bool, search.Stats, error) {
	if n, ok := p.Narrow(); ok {
		if s, ok := e.narrowEngine().(*negamax.Solver); ok {
			return s.AtLeast(ctx, n, a)
		}
		return false, search.Stats{}, ErrNoBounds
	}
	w, _ := p.WidePosition()
	if s, ok := e.wideEngine().(*wnegamax.Solver); ok {
		return s.AtLeast(ctx, w, a)
	}
	return false, search.Stats{}, ErrNoBounds
}

package search

import (
	"context"

	"c4/position"
)

// Engine is a solver of one position at a time: *negamax.Solver answers
// both modes, *pns.Solver Weak only (an error for Strong).
type Engine interface {
	// Solve returns p's score from the side to move's view, or
	// position.ErrGameOver for a finished game, or ctx's error if ctx
	// ends first.
	Solve(ctx context.Context, p position.Position, mode Mode) (Result, error)
	// Analyze returns the score of each column of p in mode, as
	// ScoreMoves gives them (InvalidMove for a full column), with the
	// work of all the searches.
	Analyze(ctx context.Context, p position.Position, mode Mode) ([]int, Stats, error)
	// Reset empties what the engine has learned, so that one position's
	// figures do not depend on the ones before.
	Reset()
}

// ScoreMoves returns the score of playing each column of p, left to right,
// from the side to move's view: InvalidMove for a full column, the win's
// score for a winning move (1 in Weak mode), 0 for a move that fills the
// board, and otherwise minus child(c, q), q being the position after
// column c, which child scores from its own side to move (its sign in Weak
// mode). It stops at child's first error. Every way of scoring a
// position's moves (each engine's Analyze, a book's MoveScores) goes
// through it, so that they agree on what a move scores.
func ScoreMoves(p position.Position, mode Mode, child func(c int, q position.Position) (int, error)) ([]int, error) {
	scores := make([]int, p.Board().Width())
	for c := range scores {
		switch {
		case !p.CanPlay(c):
			scores[c] = InvalidMove
		case p.IsWinningMove(c):
			scores[c] = mode.Of(p.WinScore())
		default:
			q := p
			q.PlayColumn(c)
			if q.Moves() == q.Board().Cells() {
				break // a draw
			}
			s, err := child(c, q)
			if err != nil {
				return nil, err
			}
			scores[c] = -s
		}
	}
	return scores, nil
}

// AnalyzeEach is Analyze for an engine that scores one position at a time:
// each move's position is solved in turn, with the work summed. An engine
// whose searches can share the moves (negamax) has an Analyze of its own.
func AnalyzeEach(ctx context.Context, e Engine, p position.Position, mode Mode) ([]int, Stats, error) {
	if p.IsOver() {
		return nil, Stats{}, position.ErrGameOver
	}
	var st Stats
	scores, err := ScoreMoves(p, mode, func(_ int, q position.Position) (int, error) {
		r, err := e.Solve(ctx, q, mode)
		st.Nodes += r.Stats.Nodes
		st.TableHits += r.Stats.TableHits
		st.Elapsed += r.Stats.Elapsed
		return r.Score, err
	})
	return scores, st, err
}

package solve

import (
	"cmp"
	"context"
	"slices"

	"c4/position"
)

// InvalidMove is the score given to a full column in a move analysis, as
// the reference solver prints it.
const InvalidMove = -1000

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

// BestMove returns the column to play given the scores of ScoreMoves: the
// highest score, the column nearest the centre among equals, the left one
// between a column and its mirror image; -1 if every column is full.
func BestMove(scores []int) int {
	if r := Ranked(scores); len(r) > 0 {
		return r[0]
	}
	return -1
}

// Ranked returns the columns that are not full, in BestMove's order: the
// highest score first, the one nearest the centre first among equals, the
// left one first between a column and its mirror image.
func Ranked(scores []int) []int {
	w := len(scores)
	var cols []int
	for c, s := range scores {
		if s != InvalidMove {
			cols = append(cols, c)
		}
	}
	slices.SortStableFunc(cols, func(a, b int) int {
		return cmp.Or(cmp.Compare(scores[b], scores[a]), cmp.Compare(centreDist(a, w), centreDist(b, w)))
	})
	return cols
}

// centreDist is twice the distance of column c from the centre of w columns.
func centreDist(c, w int) int {
	d := 2*c - (w - 1)
	if d < 0 {
		return -d
	}
	return d
}

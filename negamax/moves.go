package negamax

import (
	"c4/position"
	"c4/solve"
)

// ScoreMoves returns the score of playing each column of p, left to right,
// from the side to move's view: InvalidMove for a full column, the win's
// score for a winning move (1 in Weak mode), 0 for a move that fills the
// board, and otherwise minus child(c, q), q being the position after
// column c, which child scores from its own side to move (its sign in Weak
// mode). It stops at child's first error. Every way of scoring a
// position's moves (Analyze, a book's MoveScores, c4 solve --analyze with
// any engine) goes through it, so that they agree on what a move scores.
func ScoreMoves(p position.Position, mode solve.Mode, child func(c int, q position.Position) (int, error)) ([]int, error) {
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

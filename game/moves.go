package game

import (
	"c4/position"
	"c4/solve"
	wposition "c4/wide/position"
	wsolve "c4/wide/solve"
)

// ScoreMoves is solve.ScoreMoves for a position of any board: the score of
// each column of p, child scoring the position after a move that neither
// wins nor fills the board.
func ScoreMoves(p Position, mode solve.Mode, child func(c int, q Position) (int, error)) ([]int, error) {
	if n, ok := p.Narrow(); ok {
		return solve.ScoreMoves(n, mode, func(c int, q position.Position) (int, error) { return child(c, FromNarrow(q)) })
	}
	return wsolve.ScoreMoves(p.w, mode, func(c int, q wposition.Position) (int, error) { return child(c, FromWide(q)) })
}

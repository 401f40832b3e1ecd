package game

import (
	wposition "c4/internal/wide/position"
	wsearch "c4/internal/wide/search"
	"c4/position"
	"c4/search"
)

// ScoreMoves is search.ScoreMoves for a position of any board: the score of
// each column of p, child scoring the position after a move that neither
// wins nor fills the board.
func ScoreMoves(p Position, mode search.Mode, child func(c int, q Position) (int, error)) ([]int, error) {
	if n, ok := p.Narrow(); ok {
		return search.ScoreMoves(n, mode, func(c int, q position.Position) (int, error) { return child(c, FromNarrow(q)) })
	}
	return wsearch.ScoreMoves(p.w, mode, func(c int, q wposition.Position) (int, error) { return child(c, FromWide(q)) })
}

package game

import "math/rand/v2"

// RandomPosition plays uniformly random columns from the empty board b up
// to stones stones, starting over whenever a column would make four, and
// returns false if 1000 games all ended before (or the board has fewer
// cells): samples of a book's layer (its cost, its scores) need positions
// that are in it.
func RandomPosition(b Board, stones int, rng *rand.Rand) (Position, bool) {
	if stones > b.Cells() {
		return Position{}, false
	}
	for range 1000 {
		p := New(b)
		for p.Moves() < stones {
			c := rng.IntN(b.Width())
			if !p.CanPlay(c) {
				continue
			}
			if p.IsWinningMove(c) {
				break
			}
			p.PlayColumn(c)
		}
		if p.Moves() == stones {
			return p, true
		}
	}
	return Position{}, false
}

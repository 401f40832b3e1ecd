package game

import (
	"math/rand/v2"
	"testing"
)

// TestRandomPosition: the positions have the stones asked for and no four,
// on a narrow and a wide board, and a layer past the board's end is refused.
func TestRandomPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	wide, err := NewBoard(9, 9)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []Board{Standard, wide} {
		for _, n := range []int{0, 1, 12, 30} {
			p, ok := RandomPosition(b, n, rng)
			if !ok || p.Moves() != n || p.HasFour() {
				t.Errorf("%s, %d stones: %s (%v)", b, n, p.Draw(), ok)
			}
		}
		if _, ok := RandomPosition(b, b.Cells()+1, rng); ok {
			t.Errorf("%s: a position of more stones than cells", b)
		}
	}
}

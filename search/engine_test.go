package search

import (
	"fmt"

	"c4/position"
)

// ScoreMoves scores the moves that settle at once itself and asks child
// for the others: here red's fourth stone wins in column 4, and every
// other move is taken to draw.
func ExampleScoreMoves() {
	p, _ := position.Parse(position.Standard, "112233")
	scores, _ := ScoreMoves(p, Strong, func(c int, q position.Position) (int, error) {
		return 0, nil
	})
	fmt.Println(scores)
	// Output: [0 0 0 18 0 0 0]
}

package negamax_test

import (
	"context"
	"fmt"

	"c4/negamax"
	"c4/position"
	"c4/solve"
)

func ExampleSolver_Solve() {
	s := negamax.New(negamax.Options{TableMiB: 16})
	p, _ := position.Parse(position.Standard, "44455554221")
	r, _ := s.Solve(context.Background(), p, solve.Strong)
	fmt.Println("score:", r.Score)
	w, _ := s.Solve(context.Background(), p, solve.Weak)
	fmt.Println("weak:", w.Score)
	// Output:
	// score: -15
	// weak: -1
}

func ExampleSolver_Analyze() {
	s := negamax.New(negamax.Options{TableMiB: 16})
	p, _ := position.Parse(position.Standard, "4444441526")
	scores, _, _ := s.Analyze(context.Background(), p, solve.Strong)
	fmt.Println(scores)
	// Output: [2 2 16 -1000 2 2 2]
}

// ScoreMoves scores the moves that settle at once itself and asks child
// for the others: here red's fourth stone wins in column 4, and every
// other move is taken to draw.
func ExampleScoreMoves() {
	p, _ := position.Parse(position.Standard, "112233")
	scores, _ := negamax.ScoreMoves(p, solve.Strong, func(c int, q position.Position) (int, error) {
		return 0, nil
	})
	fmt.Println(scores)
	// Output: [0 0 0 18 0 0 0]
}

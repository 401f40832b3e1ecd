package negamax_test

import (
	"context"
	"fmt"

	"c4/negamax"
	"c4/position"
	"c4/search"
)

func ExampleSolver_Solve() {
	s := negamax.New(negamax.Options{TableMiB: 16})
	p, _ := position.Parse(position.Standard, "44455554221")
	r, _ := s.Solve(context.Background(), p, search.Strong)
	fmt.Println("score:", r.Score)
	w, _ := s.Solve(context.Background(), p, search.Weak)
	fmt.Println("weak:", w.Score)
	// Output:
	// score: -15
	// weak: -1
}

func ExampleSolver_Analyze() {
	s := negamax.New(negamax.Options{TableMiB: 16})
	p, _ := position.Parse(position.Standard, "4444441526")
	scores, _, _ := s.Analyze(context.Background(), p, search.Strong)
	fmt.Println(scores)
	// Output: [2 2 16 -1000 2 2 2]
}

package pns_test

import (
	"context"
	"fmt"

	"c4/pns"
	"c4/position"
	"c4/search"
)

func ExampleSolver_Solve() {
	s := pns.New(pns.Options{TableMiB: 16, Threads: 2})
	for _, moves := range []string{"4455", "44455554221", "2737772244262123677516643354"} {
		p, _ := position.Parse(position.Standard, moves)
		r, _ := s.Solve(context.Background(), p, search.Weak)
		fmt.Println(moves, r.Score)
	}
	// Output:
	// 4455 1
	// 44455554221 -1
	// 2737772244262123677516643354 0
}

func ExampleSolver_Prove() {
	s := pns.New(pns.Options{TableMiB: 16})
	p, _ := position.Parse(position.Standard, "25312765667111")
	// Can the side to move force a win? Ask with a small budget, then go on.
	o, _, _ := s.Prove(context.Background(), p, true, 10)
	fmt.Println(o == pns.Unknown)
	for o == pns.Unknown {
		o, _, _ = s.Prove(context.Background(), p, true, 1000)
	}
	fmt.Println(o == pns.Proven)
	// Output:
	// true
	// true
}

package builtin_test

import (
	"context"
	"fmt"

	"c4/book/builtin"
	"c4/negamax"
	"c4/position"
	"c4/search"
)

// The built-in book answers an opening at once, and the solver uses it:
// the score of every first move, with no search.
func ExampleBook() {
	bk, err := builtin.Book()
	if err != nil {
		panic(err)
	}
	p, _ := position.Parse(position.Standard, "4453")
	score, _ := bk.Score(p)
	fmt.Println("4453:", score)

	s := negamax.New(negamax.Options{TableMiB: 1})
	s.UseBook(bk)
	moves, st, _ := s.Analyze(context.Background(), position.New(position.Standard), search.Strong)
	fmt.Println("first moves:", moves, "nodes:", st.Nodes)
	// Output:
	// 4453: -2
	// first moves: [-2 -1 0 1 0 -1 -2] nodes: 0
}

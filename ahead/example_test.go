package ahead_test

import (
	"fmt"
	"time"

	"c4/ahead"
	"c4/game"
	"c4/search"
	"c4/solver"
)

// An Ahead remembers the exact scores it is told (Learn) and those it
// finds while idle, and answers from them (Recall).
func Example() {
	s, _ := solver.New(solver.Config{Book: "none", TableMiB: 1, Threads: 1})
	defer s.Close()
	h := ahead.New(s, time.Second, nil)
	defer h.Close()
	p, _ := game.Parse(game.Standard, "4453")
	_, known := h.Recall(p, search.Strong)
	fmt.Println(known)
	h.Learn(p, []int{-5, -5, -2, -3, -4, -2, -2}) // c4 solve --analyze 4453
	scores, known := h.Recall(p, search.Strong)
	fmt.Println(scores, known)
	weak, _ := h.Recall(p, search.Weak)
	fmt.Println(weak)
	// Output:
	// false
	// [-5 -5 -2 -3 -4 -2 -2] true
	// [-1 -1 -1 -1 -1 -1 -1]
}

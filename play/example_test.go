package play_test

import (
	"context"
	"fmt"
	"strings"

	"c4/play"
	"c4/solver"
)

// A game read from a pipe: from a late 4x4 position, c4 (O) moves, the
// human (X) plays column 4, c4 answers, and the input ends. (The prompts'
// trailing blanks are trimmed here.)
func Example() {
	s, _ := solver.New(solver.Config{Board: "4x4", Book: "none", TableMiB: 1, Threads: 1})
	defer s.Close()
	cfg := play.Config{
		Solver:     s,
		HumansTurn: func(stones int) bool { return stones%2 == 0 },
		Start:      "1213243",
	}
	var out strings.Builder
	err := play.Run(context.Background(), cfg, strings.NewReader("4\n"), &out)
	fmt.Println(err)
	for _, line := range strings.Split(out.String(), "\n") {
		fmt.Println(strings.TrimRight(line, " "))
	}
	// Output:
	// <nil>
	//
	// new game: you play X (first), c4 plays O (second)
	//
	//  . . . .
	//  . . . .
	//  X X X .
	//  X O O O
	//  1 2 3 4
	// c4 plays 4 (score 0 for c4)
	//
	//  . . . .
	//  . . . .
	//  X X X O
	//  X O O O
	//  1 2 3 4
	// your move, X (1-4, u undo, q quit):
	//  . . . .
	//  . . . X
	//  X X X O
	//  X O O O
	//  1 2 3 4
	// c4 plays 2 (score 0 for c4)
	//
	//  . . . .
	//  . O . X
	//  X X X O
	//  X O O O
	//  1 2 3 4
	// your move, X (1-4, u undo, q quit):
}

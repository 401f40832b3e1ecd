package testsets_test

import (
	"fmt"
	"strings"

	"c4/game"
	"c4/testsets"
)

// Reading a set: a bad line is reported and skipped, the rest is read.
func ExampleRead() {
	in := "# a comment\n4453 -2\n\n44444444 0\n4448 1\n"
	set, bad, err := testsets.Read(strings.NewReader(in), "mine", game.Standard)
	if err != nil {
		panic(err)
	}
	for _, c := range set.Cases {
		fmt.Println(c.Line, c.Moves, c.Score)
	}
	for _, e := range bad {
		fmt.Println(e)
	}
	// Output:
	// 2 4453 -2
	// mine line 4: position "44444444": move 7 ('4'): column 4 is full
	// mine line 5: position "4448": move 4 ('8'): not a column of the 7x6 board (columns are 1-7)
}

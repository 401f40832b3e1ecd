package named_test

import (
	"fmt"

	"c4/book/named"
	"c4/game"
)

// The book --book names, for the search (a negamax.Book): "builtin" on
// 7x6 (read from the binary on first use), nothing on another board unless
// asked for.
func Example() {
	bk, closeBook, err := named.Open("builtin", game.Standard, true, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer closeBook()
	fmt.Println(bk.Depth(game.Standard.Narrow()) >= 12)

	b, _ := game.NewBoard(5, 4)
	none, _, err := named.Open("builtin", b, false, nil)
	fmt.Println(none == nil, err)
	_, _, err = named.Open("builtin", b, true, nil)
	fmt.Println(err)
	// Output:
	// true
	// true <nil>
	// --book builtin holds no book of 5x4
}

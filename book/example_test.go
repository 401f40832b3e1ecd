package book_test

import (
	"bytes"
	"fmt"

	"c4/book"
	"c4/game"
)

// A book of 4x4's first two layers, written to the portable format and
// read back whole into memory.
func Example() {
	b, _ := game.NewBoard(4, 4)
	layers := book.Enumerate(game.New(b), 1) // the empty board, then one stone
	scores := map[string]int{"": 0, "1": 0, "2": 0}
	var file bytes.Buffer
	n, err := book.Encode(&file, book.Header{Board: b, Depth: 1}, func(put func(game.Key, int) bool) error {
		for _, layer := range layers {
			for _, k := range layer {
				p, _ := game.FromKey(b, k)
				h, _ := p.History()
				put(k, scores[h])
			}
		}
		return nil
	})
	fmt.Println(n, err)
	h, err := book.Decode(&file, func(_ game.Board, k game.Key, score int) error {
		p, _ := game.FromKey(b, k)
		h, _ := p.History()
		fmt.Printf("%q %d\n", h, score)
		return nil
	})
	fmt.Println(h.Board, h.Depth, h.Entries, err)
	// Output:
	// 3 <nil>
	// "" 0
	// "1" 0
	// "2" 0
	// 4x4 1 3 <nil>
}

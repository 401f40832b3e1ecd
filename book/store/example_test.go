package store_test

import (
	"fmt"
	"os"

	"c4/book/store"
	"c4/game"
)

// A book database: a score written, committed, and looked up.
func Example() {
	dir, _ := os.MkdirTemp("", "book")
	defer os.RemoveAll(dir)
	bk, err := store.Open(dir, store.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := game.Parse(game.Standard, "4453")
	w := bk.NewBatch(game.Standard)
	w.Put(p.CanonicalKey(), -2)
	err = w.Commit()
	w.Close()
	if err == nil {
		err = bk.SetDepth(game.Standard, 4)
	}
	fmt.Println(err)
	score, ok, err := bk.Lookup(p)
	fmt.Println(score, ok, err, bk.DepthOf(game.Standard))
	fmt.Println(bk.Close())
	// Output:
	// <nil>
	// -2 true <nil> 4
	// <nil>
}

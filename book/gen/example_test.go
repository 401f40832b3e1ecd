package gen_test

import (
	"context"
	"fmt"
	"os"

	"c4/book/gen"
	"c4/book/store"
	"c4/game"
)

// A complete book of the 4x4 board, then the score of its empty position
// and of each first move, without search.
func ExampleGenerator() {
	dir, err := os.MkdirTemp("", "c4book")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	bk, err := store.Open(dir, store.Options{})
	if err != nil {
		panic(err)
	}
	defer bk.Close()

	b, _ := game.NewBoard(4, 4)
	g := gen.Generator{Book: bk, Root: game.New(b), Depth: b.Cells()}
	if _, err := g.Run(context.Background()); err != nil {
		panic(err)
	}
	score, _, _ := bk.Lookup(game.New(b))
	moves, _, _ := bk.MoveScores(game.New(b))
	fmt.Println("depth", bk.DepthOf(b), "empty board", score, "moves", moves)
	// Output: depth 16 empty board 0 moves [0 0 0 0]
}

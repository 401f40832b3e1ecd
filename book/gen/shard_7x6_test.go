package gen_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"c4/book"
	"c4/book/builtin"
	"c4/book/gen"
	"c4/book/store"
	"c4/game"
	"c4/position"
)

// TestShards7x6 merges 3 shards of the 7x6 layer of 6 stones into the
// book of up to 6 stones and compares it with the built-in book, made on
// one machine. The shards' search takes its scores from the built-in book,
// which holds them, so that the test takes seconds, not hours.
func TestShards7x6(t *testing.T) {
	want, err := builtin.Book()
	if err != nil {
		t.Fatal(err)
	}
	const depth, n = 6, 3
	dir := t.TempDir()
	var files []string
	for i := range n {
		j := gen.ShardJob{Shard: book.Shard{Board: game.Standard, Depth: depth, Index: i, Count: n},
			Out: filepath.Join(dir, fmt.Sprint(i)), Threads: 2, TableMiB: 8}
		gen.SetSearchBook(&j, want)
		if _, err := j.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		files = append(files, j.Out)
	}
	bk, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	if _, err := gen.Merge(context.Background(), bk, files, nil); err != nil {
		t.Fatal(err)
	}
	got := 0
	err = bk.Entries(game.Standard, func(k game.Key, score int) bool {
		p, _ := position.Standard.FromKey(position.Bits(k.Lo))
		if s, ok := want.Score(p); !ok || s != score {
			t.Fatalf("key %#x: merged %d, built-in %d (%v)", k, score, s, ok)
		}
		got++
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	wantN := 0
	for _, layer := range book.Enumerate(game.New(game.Standard), depth) {
		wantN += len(layer)
	}
	if got != wantN || bk.DepthOf(game.Standard) != depth {
		t.Fatalf("merged %d positions, depth %d; want %d, %d", got, bk.DepthOf(game.Standard), wantN, depth)
	}
}

package book

import (
	"bytes"
	"context"
	"os"
	"testing"

	"c4/position"
)

// FuzzDecode feeds arbitrary bytes to the portable file's reader: it must
// fail cleanly, never panic, and accept only entries of real positions.
func FuzzDecode(f *testing.F) {
	b := mustBoard(f, 4, 4)
	bk := openBook(f, f.TempDir())
	g := Generator{Book: bk, Root: position.New(b), Depth: 5}
	if _, err := g.Run(context.Background()); err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := bk.Export(b, &buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("C4BOOK\x01"))
	f.Add([]byte("C4BOOK\x02"))
	dir := f.TempDir()
	j := ShardJob{Shard: Shard{Board: b, Depth: 5, Index: 1, Count: 2}, Out: dir + "/s"}
	if _, err := j.Run(context.Background()); err != nil {
		f.Fatal(err)
	}
	shard, err := os.ReadFile(j.Out)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(shard)
	f.Fuzz(func(t *testing.T, data []byte) {
		decode(bytes.NewReader(data), func(board *position.Board, k uint64, score int) error {
			if p, err := board.FromKey(k); err != nil || p.IsOver() {
				t.Fatalf("entry %#x accepted: %v", k, err)
			}
			return nil
		})
	})
}

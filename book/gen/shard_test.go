package gen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"c4/book"
	"c4/book/store"
	"c4/game"
)

// runShards solves the n shards of the depth-stone layer of b into dir and
// returns their files.
func runShards(t *testing.T, b game.Board, depth, n int, dir string) []string {
	t.Helper()
	var files []string
	for i := range n {
		j := ShardJob{Shard: book.Shard{Board: b, Depth: depth, Index: i, Count: n}, Threads: 2, TableMiB: 8,
			Out: filepath.Join(dir, fmt.Sprintf("shard-%d-of-%d.c4s", i, n))}
		r, err := j.Run(context.Background())
		if err != nil || r.Done || r.Solved != r.Positions {
			t.Fatalf("shard %d/%d: %+v, %v", i, n, r, err)
		}
		files = append(files, j.Out)
	}
	return files
}

// TestShardsMerge: a book merged from the shards of its deepest layer,
// 1, 3 and 7 of them, is the book generated on one machine, entry for
// entry; merging again changes nothing.
func TestShardsMerge(t *testing.T) {
	b, depth := mustBoard(t, 6, 4), 10
	if testing.Short() {
		b, depth = mustBoard(t, 5, 4), 9
	}
	whole := openBook(t, t.TempDir())
	generate(t, whole, game.New(b), depth)
	for _, n := range []int{1, 3, 7} {
		files := runShards(t, b, depth, n, t.TempDir())
		merged := openBook(t, t.TempDir())
		for range 2 {
			s, err := Merge(context.Background(), merged, files, nil)
			if err != nil || s.Count != n || s.Depth != depth {
				t.Fatalf("%d shards: merge %v, %v", n, s, err)
			}
			sameBooks(t, b, whole, merged)
		}
	}
}

// TestShardKill kills a shard's process (SIGKILL) after its first journal
// writes and runs the shard again: it goes on from the journal and writes
// the same file as an uninterrupted run. The child is this test binary,
// run with C4_SHARD_CHILD set to the file to write.
func TestShardKill(t *testing.T) {
	s := book.Shard{Board: mustBoard(t, 6, 4), Depth: 10, Index: 1, Count: 3}
	if out := os.Getenv("C4_SHARD_CHILD"); out != "" {
		j := ShardJob{Shard: s, Out: out, Commit: 1,
			onCommit: func() { os.Stdout.WriteString("commit\n") }}
		j.Run(context.Background())
		select {} // wait to be killed
	}
	dir := t.TempDir()
	want := filepath.Join(dir, "whole.c4s")
	j := ShardJob{Shard: s, Out: want, Threads: 2}
	if _, err := j.Run(context.Background()); err != nil {
		t.Fatal(err)
	}

	got := filepath.Join(dir, "killed.c4s")
	killAfterCommits(t, "TestShardKill", "C4_SHARD_CHILD="+got, 5)
	if _, err := os.Stat(got); err == nil {
		t.Fatal("the killed shard wrote its file")
	}

	j = ShardJob{Shard: s, Out: got, Threads: 2}
	r, err := j.Run(context.Background())
	if err != nil || r.Solved == 0 || r.Solved == r.Positions {
		t.Fatalf("run after the kill: %+v, %v; want some positions from the journal", r, err)
	}
	sameFiles(t, want, got)
	if _, err := os.Stat(got + ".part"); err == nil {
		t.Error("the journal is left after the shard's end")
	}
	// A finished shard's run again does nothing.
	r, err = j.Run(context.Background())
	if err != nil || !r.Done || r.Solved != 0 {
		t.Fatalf("run of a finished shard: %+v, %v", r, err)
	}
	sameFiles(t, want, got)
}

func sameFiles(t *testing.T, want, got string) {
	t.Helper()
	w, err1 := os.ReadFile(want)
	g, err2 := os.ReadFile(got)
	if err1 != nil || err2 != nil || !bytes.Equal(w, g) {
		t.Fatalf("%s differs from %s (%v, %v)", got, want, err1, err2)
	}
}

// TestShardJournal: a journal cut anywhere, as a crash may leave it, loses
// at most its last record; one of another shard is refused.
func TestShardJournal(t *testing.T) {
	s := book.Shard{Board: mustBoard(t, 5, 4), Depth: 9, Index: 0, Count: 2}
	dir := t.TempDir()
	want := runShards(t, s.Board, 9, 2, dir)[0]

	out := filepath.Join(dir, "cut.c4s")
	ctx, cancel := context.WithCancel(context.Background())
	commits := 0
	j := ShardJob{Shard: s, Out: out, Commit: 1, onCommit: func() {
		if commits++; commits == 3 {
			cancel()
		}
	}}
	if _, err := j.Run(ctx); err == nil {
		t.Fatal("the stopped shard says it ended")
	}
	journal, err := os.ReadFile(out + ".part")
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{len(journal) - 1, len(journal) - 5, len(journal) / 2, 3} {
		os.WriteFile(out+".part", journal[:cut], 0o644)
		j := ShardJob{Shard: s, Out: out}
		if _, err := j.Run(context.Background()); err != nil {
			t.Fatalf("journal cut at %d: %v", cut, err)
		}
		sameFiles(t, want, out)
		os.Remove(out)
	}

	// A finished file of another shard, or a whole book, is not taken for
	// this shard.
	bk := openBook(t, t.TempDir())
	generate(t, bk, game.New(s.Board), 5)
	whole := filepath.Join(dir, "whole.c4b")
	if _, err := bk.ExportFile(s.Board, -1, whole); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{want, whole} {
		data, _ := os.ReadFile(file)
		os.WriteFile(out, data, 0o644)
		j := ShardJob{Shard: book.Shard{Board: s.Board, Depth: 9, Index: 1, Count: 2}, Out: out}
		if _, err := j.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "not shard 1/2") {
			t.Errorf("%s in the place of shard 1/2: %v", file, err)
		}
	}
	os.Remove(out)

	os.WriteFile(out+".part", journal, 0o644)
	other := ShardJob{Shard: book.Shard{Board: s.Board, Depth: 9, Index: 1, Count: 2}, Out: out}
	if _, err := other.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "another shard") {
		t.Fatalf("another shard's journal: %v", err)
	}
}

// TestMergeRefuses: merge takes the whole set of one layer's shards, each
// once, and nothing else, and writes nothing otherwise.
func TestMergeRefuses(t *testing.T) {
	b := mustBoard(t, 5, 4)
	dir := t.TempDir()
	three := runShards(t, b, 8, 3, dir)
	other := runShards(t, b, 7, 3, t.TempDir())
	bk := openBook(t, t.TempDir())
	generate(t, bk, game.New(b), 6)
	whole := filepath.Join(dir, "whole.c4b")
	if _, err := bk.ExportFile(b, -1, whole); err != nil {
		t.Fatal(err)
	}
	corrupt := filepath.Join(dir, "corrupt.c4s")
	data, _ := os.ReadFile(three[1])
	os.WriteFile(corrupt, data[:len(data)-3], 0o644)

	for what, tc := range map[string]struct {
		files []string
		err   string
	}{
		"one missing":   {three[:2], "1 of the 3 shards are missing: 2"},
		"twice":         {[]string{three[0], three[1], three[1], three[2]}, "both hold shard 1/3"},
		"another depth": {[]string{three[0], three[1], other[2]}, "but"},
		"a whole book":  {[]string{three[0], whole}, "not a shard"},
		"corrupt":       {[]string{three[0], corrupt, three[2]}, "corrupt"},
		"none":          {nil, "no shard"},
	} {
		empty := openBook(t, t.TempDir())
		_, err := Merge(context.Background(), empty, tc.files, nil)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v, want an error with %q", what, err, tc.err)
		}
		if st, _ := empty.Stats(b); st.Positions != 0 {
			t.Errorf("%s: %d positions written", what, st.Positions)
		}
	}
	if _, _, err := bk.ImportFile(context.Background(), three[0]); err == nil || !strings.Contains(err.Error(), "use merge") {
		t.Errorf("import of a shard: %v", err)
	}
}

// TestWideShards: the shard, merge, export and import path on a board past
// 64 bits (9x9), whose early positions no search here solves: the
// shards' searches take the scores of the deepest layer from a book of
// made-up scores (their search book), so that what is tested is the path
// of 128-bit keys and files, not the solver.
func TestWideShards(t *testing.T) {
	b, depth := mustBoard(t, 9, 9), 2
	truth := openBook(t, t.TempDir())
	layers := book.Enumerate(game.New(b), depth)
	w := truth.NewBatch(b)
	for i, k := range layers[depth] {
		w.Put(k, i%7-3)
	}
	if err := w.Commit(); err != nil || truth.SetDepth(b, depth) != nil {
		t.Fatal(err)
	}
	w.Close()
	dir := t.TempDir()
	var files []string
	for i := range 3 {
		j := ShardJob{Shard: book.Shard{Board: b, Depth: depth, Index: i, Count: 3}, TableMiB: 1, book: truth,
			Out: filepath.Join(dir, fmt.Sprintf("shard-%d.c4s", i))}
		if r, err := j.Run(context.Background()); err != nil || r.Solved != r.Positions {
			t.Fatalf("shard %d: %+v, %v", i, r, err)
		}
		files = append(files, j.Out)
	}
	merged := openBook(t, t.TempDir())
	if _, err := Merge(context.Background(), merged, files, nil); err != nil {
		t.Fatal(err)
	}
	for d, layer := range layers {
		for _, k := range layer {
			p, _ := game.FromKey(b, k)
			got, ok, err := merged.Lookup(p)
			want, _, _ := truth.Lookup(p)
			if d < depth {
				want, err = merged.FromChildren(p)
			}
			if !ok || err != nil || got != want {
				t.Fatalf("position %s: merged %d (%v, %v), want %d", store.Name(p), got, ok, err, want)
			}
		}
	}
	file := filepath.Join(dir, "book.c4b")
	if _, err := merged.ExportFile(b, depth, file); err != nil {
		t.Fatal(err)
	}
	imported := openBook(t, t.TempDir())
	if got, n, err := imported.ImportFile(context.Background(), file); err != nil || got != b || n != len(layers[0])+len(layers[1])+len(layers[2]) {
		t.Fatalf("import: %v, %d, %v", got, n, err)
	}
	sameBooks(t, b, merged, imported)
}

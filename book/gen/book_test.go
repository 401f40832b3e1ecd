package gen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"c4/book"
	"c4/book/store"
	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/search"
)

func mustBoard(t testing.TB, w, h int) game.Board {
	t.Helper()
	b, err := game.NewBoard(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func openBook(t testing.TB, dir string) *store.Book {
	t.Helper()
	bk, err := store.Open(dir, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bk.Close() })
	return bk
}

func generate(t testing.TB, bk *store.Book, root game.Position, depth int) []Layer {
	t.Helper()
	g := Generator{Book: bk, Root: root, Depth: depth, Threads: 2, TableMiB: 8}
	layers, err := g.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return layers
}

// checkAgainstSolver solves every position of the book's enumeration (or
// every every-th) and compares, and checks that the book holds nothing else.
func checkAgainstSolver(t *testing.T, bk *store.Book, root game.Position, depth, every int) {
	t.Helper()
	b := root.Board()
	s := engines.Negamax(negamax.Options{TableMiB: 16}, b)
	n := 0
	for _, layer := range book.Enumerate(root, depth) {
		for i, k := range layer {
			n++
			if i%every != 0 {
				continue
			}
			p, _ := game.FromKey(b, k)
			got, ok, err := bk.Lookup(p)
			if err != nil || !ok {
				t.Fatalf("%s: position %s not in the book (%v)", b, store.Name(p), err)
			}
			r, err := s.Solve(context.Background(), p, search.Strong)
			if err != nil {
				t.Fatal(err)
			}
			if got != r.Score {
				t.Fatalf("%s: position %s: book %d, search %d", b, store.Name(p), got, r.Score)
			}
		}
	}
	st, err := bk.Stats(b)
	if err != nil || st.Positions != n || st.Depth != depth {
		t.Fatalf("%s: stats %+v, %v; want %d positions, depth %d", b, st, err, n, depth)
	}
}

// TestWholeGame generates the books of the whole game on small boards and
// checks them against the search: every position on 4x4 (67,163) and 4x5
// (674,263), every 20th of the 1,551,317 on 5x4. (6x4 and 5x5 have 35 and
// 25 million positions: too many for a test.) With -short, as under the
// race detector, only 4x4.
func TestWholeGame(t *testing.T) {
	cases := []struct{ w, h, every int }{{4, 4, 1}, {4, 5, 1}, {5, 4, 20}}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			b := mustBoard(t, tc.w, tc.h)
			bk := openBook(t, t.TempDir())
			generate(t, bk, game.New(b), b.Cells())
			checkAgainstSolver(t, bk, game.New(b), b.Cells(), tc.every)
		})
	}
}

// TestUnderRoot generates a 7x6 book of four more stones below a middle-game
// position, and one of 5x4 and 5x5 of the first stones: one database holds
// the three.
func TestUnderRoot(t *testing.T) {
	dir := t.TempDir()
	bk := openBook(t, dir)
	root, err := game.Parse(game.Standard, "4444343331155552")
	if err != nil {
		t.Fatal(err)
	}
	layers := generate(t, bk, root, root.Moves()+4)
	if len(layers) != 5 || layers[0].Stones != root.Moves()+4 || layers[0].Added != layers[0].Positions {
		t.Errorf("layers %+v", layers)
	}
	checkAgainstSolver(t, bk, root, root.Moves()+4, 1)
	for _, wh := range [][2]int{{5, 4}, {5, 5}} {
		b := mustBoard(t, wh[0], wh[1])
		generate(t, bk, game.New(b), 6)
		checkAgainstSolver(t, bk, game.New(b), 6, 1)
	}
	// A second run finds everything there.
	for _, l := range generate(t, bk, root, root.Moves()+4) {
		if l.Added != 0 {
			t.Errorf("second run added %d positions of %d stones", l.Added, l.Stones)
		}
	}
}

// TestSearchWithBook: the solver with a book gives the same scores as
// without, on every position of a board, and answers the book's positions
// without search.
func TestSearchWithBook(t *testing.T) {
	b := mustBoard(t, 5, 4)
	bk := openBook(t, t.TempDir())
	generate(t, bk, game.New(b), 8)
	with := engines.NegamaxBook(negamax.Options{TableMiB: 8}, bk, b)
	without := engines.Negamax(negamax.Options{TableMiB: 8}, b)
	for d, layer := range book.Enumerate(game.New(b), 12) {
		for _, k := range layer {
			p, _ := game.FromKey(b, k)
			r1, err1 := with.Solve(context.Background(), p, search.Strong)
			r2, err2 := without.Solve(context.Background(), p, search.Strong)
			if err1 != nil || err2 != nil || r1.Score != r2.Score {
				t.Fatalf("position %s: with the book %d (%v), without %d (%v)", store.Name(p), r1.Score, err1, r2.Score, err2)
			}
			if d <= 8 && r1.Stats.Nodes != 0 {
				t.Fatalf("position %s in the book: %d nodes searched", store.Name(p), r1.Stats.Nodes)
			}
		}
	}
	scores, _, err := with.Analyze(context.Background(), game.New(b), search.Weak)
	want, _, _ := without.Analyze(context.Background(), game.New(b), search.Weak)
	if err != nil || len(scores) != len(want) {
		t.Fatal(scores, err)
	}
	for i := range want {
		if scores[i] != want[i] {
			t.Fatalf("weak analysis with the book %v, without %v", scores, want)
		}
	}
}

// TestResume stops a generation after its first commits and runs it again:
// the book is the same as an uninterrupted run's.
func TestResume(t *testing.T) {
	b := mustBoard(t, 5, 4)
	whole := openBook(t, t.TempDir())
	generate(t, whole, game.New(b), 9)

	bk := openBook(t, t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	commits := 0
	g := Generator{Book: bk, Root: game.New(b), Depth: 9, BatchSize: 100,
		onCommit: func() {
			if commits++; commits == 3 {
				cancel()
			}
		}}
	layers, err := g.Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	if l := layers[len(layers)-1]; l.Added >= l.Positions {
		t.Errorf("interrupted run reports %+v", l)
	}
	if d := bk.DepthOf(b); d != -1 {
		t.Errorf("interrupted book records depth %d", d)
	}
	g.onCommit = nil
	if _, err := g.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	sameBooks(t, b, whole, bk)
}

// sameBooks checks that two books of board b hold the same entries.
func sameBooks(t *testing.T, b game.Board, x, y *store.Book) {
	t.Helper()
	type entry struct {
		key   game.Key
		score int
	}
	entries := func(bk *store.Book) []entry {
		var es []entry
		if err := bk.Entries(b, func(k game.Key, s int) bool { es = append(es, entry{k, s}); return true }); err != nil {
			t.Fatal(err)
		}
		return es
	}
	ex, ey := entries(x), entries(y)
	if len(ex) != len(ey) {
		t.Fatalf("%d entries, want %d", len(ey), len(ex))
	}
	for i := range ex {
		if ex[i] != ey[i] {
			t.Fatalf("entry %d: %+v, want %+v", i, ey[i], ex[i])
		}
	}
	if x.DepthOf(b) != y.DepthOf(b) {
		t.Fatalf("depth %d, want %d", y.DepthOf(b), x.DepthOf(b))
	}
}

// TestExportImport round-trips a book through the portable file, and
// checks that damaged files are refused without touching the book.
func TestExportImport(t *testing.T) {
	b := mustBoard(t, 5, 4)
	src := openBook(t, t.TempDir())
	generate(t, src, game.New(b), 10)
	file := filepath.Join(t.TempDir(), "book.c4b")
	n, err := src.ExportFile(b, -1, file)
	if err != nil {
		t.Fatal(err)
	}
	// No positions of a board make no file: it would be an empty backup.
	none := filepath.Join(t.TempDir(), "none.c4b")
	if _, err := src.ExportFile(mustBoard(t, 6, 4), -1, none); err == nil || !strings.Contains(err.Error(), "no position of 6x4") {
		t.Errorf("export of a board without positions: %v", err)
	}
	if _, err := os.Stat(none); err == nil {
		t.Error("an export of no positions wrote a file")
	}
	dst := openBook(t, t.TempDir())
	if _, m, err := dst.ImportFile(context.Background(), file); err != nil || m != n {
		t.Fatalf("import: %d positions, %v; want %d", m, err, n)
	}
	sameBooks(t, b, src, dst)

	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	empty := openBook(t, t.TempDir())
	for what, bad := range map[string][]byte{
		"truncated":    data[:len(data)*2/3],
		"one byte cut": data[:len(data)-1],
		"flipped":      flip(data, len(data)/2),
		"extra":        append(append([]byte{}, data...), 0),
		"not a book":   []byte("hello"),
	} {
		path := filepath.Join(t.TempDir(), what)
		os.WriteFile(path, bad, 0o644)
		if _, _, err := empty.ImportFile(context.Background(), path); err == nil {
			t.Errorf("%s file imported", what)
		}
		if st, _ := empty.Stats(b); st.Positions != 0 || st.Depth != -1 {
			t.Errorf("%s file: the book has %d positions, depth %d", what, st.Positions, st.Depth)
		}
	}
}

func flip(data []byte, i int) []byte {
	out := append([]byte{}, data...)
	out[i] ^= 0x40
	return out
}

func TestVerify(t *testing.T) {
	b := mustBoard(t, 5, 4)
	bk := openBook(t, t.TempDir())
	generate(t, bk, game.New(b), 7)
	s := engines.Negamax(negamax.Options{TableMiB: 8}, b)
	exact := store.Checker{Name: "negamax", Engine: s, Mode: search.Strong}
	weak := store.Checker{Name: "weak negamax", Engine: s, Mode: search.Weak}
	bad, layers, err := bk.Verify(context.Background(), b, 20, 1, exact, weak)
	if err != nil || len(layers) != 8 || len(bad) != 0 {
		t.Fatalf("verify: %+v, %v, %v", layers, bad, err)
	}
	for _, l := range layers {
		if l.Checked != min(20, l.Positions) || l.Differ != 0 {
			t.Errorf("layer %+v: want min(20, positions) checked", l)
		}
	}
	// Spoil one entry: verifying every entry finds it, by both engines if
	// the sign changes.
	p, _ := game.Parse(b, "3")
	score, _, _ := bk.Lookup(p)
	w := bk.NewBatch(b)
	w.Put(p.CanonicalKey(), score+1)
	w.Commit()
	w.Close()
	bad, layers, err = bk.Verify(context.Background(), b, 1<<20, 1, exact, weak)
	if err != nil || len(bad) == 0 || bad[0].Book != score+1 || bad[0].Search != score || layers[1].Differ != 1 {
		t.Fatalf("verify after spoiling %s: %v, %+v, %v", store.Name(p), bad, layers, err)
	}
	if signChanged := search.WeakScore(score) != search.WeakScore(score+1); signChanged != (len(bad) == 2) {
		t.Fatalf("verify after spoiling %s (%d -> %d): %v", store.Name(p), score, score+1, bad)
	}
}

// TestKill kills a generating process (SIGKILL) after its first commits and
// runs the generation again: the book is the same as an uninterrupted
// run's. The child is this test binary, run with C4_BOOK_CHILD set to the
// database's folder.
func TestKill(t *testing.T) {
	b := mustBoard(t, 5, 4)
	if dir := os.Getenv("C4_BOOK_CHILD"); dir != "" {
		bk, err := store.Open(dir, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g := Generator{Book: bk, Root: game.New(b), Depth: 9, BatchSize: 50,
			onCommit: func() { os.Stdout.WriteString("commit\n") }}
		g.Run(context.Background())
		select {} // wait to be killed
	}
	whole := openBook(t, t.TempDir())
	generate(t, whole, game.New(b), 9)

	dir := t.TempDir()
	killAfterCommits(t, "TestKill", "C4_BOOK_CHILD="+dir, 5)

	bk := openBook(t, dir)
	if st, err := bk.Stats(b); err != nil || st.Positions == 0 || st.Depth != -1 {
		t.Fatalf("killed run left %+v, %v", st, err)
	}
	generate(t, bk, game.New(b), 9)
	sameBooks(t, b, whole, bk)
}

// killAfterCommits runs test, of this test binary, as a child process with
// the environment variable env, and kills it (SIGKILL) once it has printed
// "commit" n times, or ended.
func killAfterCommits(t *testing.T, test, env string, n int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), env)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	for commits := 0; commits < n && sc.Scan(); {
		if sc.Text() == "commit" {
			commits++
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
}

// TestNoStaleLogs checks that a finished book keeps no write-ahead log but
// the current one: pebble would keep obsolete ones to reuse them.
func TestNoStaleLogs(t *testing.T) {
	dir, b := t.TempDir(), mustBoard(t, 5, 4)
	for depth := 6; depth <= 9; depth++ { // open, add a depth, close
		bk, err := store.Open(dir, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		generate(t, bk, game.New(b), depth)
		if err := bk.Close(); err != nil {
			t.Fatal(err)
		}
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	if len(logs) > 1 {
		t.Errorf("write-ahead logs left: %v", logs)
	}
}

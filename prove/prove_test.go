package prove

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/pns"
	"c4/solve"
)

// weak is negamax's weak result of the position of moves on board.
func weak(t *testing.T, board, moves string) Result {
	t.Helper()
	b, err := game.ParseBoard(board)
	if err != nil {
		t.Fatal(err)
	}
	p, err := game.Parse(b, moves)
	if err != nil {
		t.Fatal(err)
	}
	r, err := engines.Negamax(negamax.Options{TableMiB: 16}, b).Solve(context.Background(), p, solve.Weak)
	if err != nil {
		t.Fatal(err)
	}
	return []Result{Loss, Draw, Win}[r.Score+1]
}

var small = pns.Options{TableMiB: 16}

// late8x8 is a position of 8x8 with 30 stones.
var late8x8 = func() string {
	b, _ := game.ParseBoard("8x8")
	p, _ := game.RandomPosition(b, 30, rand.New(rand.NewPCG(8, 8)))
	h, _ := p.History()
	return h
}()

// proved runs the search of set in a new database with local workers and
// returns its proof.
func proved(t testing.TB, set Settings, workers int) Proof {
	t.Helper()
	m, err := Open(t.TempDir(), set, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if _, err := Local(context.Background(), m, workers, small); err != nil {
		t.Fatal(err)
	}
	p, err := m.Proof()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSmallBoards: the search's result is negamax's on small boards and
// positions, with jobs small enough that the tree grows, and its proof,
// written and read back, verifies.
func TestSmallBoards(t *testing.T) {
	for _, c := range []struct {
		board, root string
		jobNodes    uint64
		workers     []int
	}{
		{"4x4", "", 100, []int{1, 3}}, {"5x4", "", 100, []int{1, 3}}, {"6x4", "", 200, []int{2}},
		{"5x5", "", 1000, []int{2}}, {"7x4", "", 5000, []int{2}}, {"7x6", "4444", 1 << 14, []int{2}},
		{"7x6", "4433", 1 << 14, []int{1}}, {"8x8", late8x8, 1 << 14, []int{2}},
	} {
		for _, workers := range c.workers {
			p := proved(t, Settings{Board: c.board, Root: c.root, JobNodes: c.jobNodes}, workers)
			if want := weak(t, c.board, c.root); p.Result != want {
				t.Errorf("%s %q, %d workers: %s, negamax says %s", c.board, c.root, workers, p.Result, want)
			}
			var file bytes.Buffer
			if err := Encode(&file, p); err != nil {
				t.Fatal(err)
			}
			read, err := Decode(&file)
			if err != nil {
				t.Fatal(err)
			}
			if err := Verify(context.Background(), read, VerifyOptions{Threads: 2, TableMiB: 16}); err != nil {
				t.Errorf("%s %q, %d workers: %v", c.board, c.root, workers, err)
			}
		}
	}
}

// TestVerifyFails: a proof altered in any of the ways a wrong one could be
// fails, naming the node.
func TestVerifyFails(t *testing.T) {
	p := proved(t, Settings{Board: "6x4", JobNodes: 100}, 1)
	steps := p.Trees[0].Steps
	bad := func(name, want string, change func(p *Proof)) {
		q := p
		q.Trees = slices.Clone(p.Trees)
		q.Trees[0].Steps = slices.Clone(steps)
		change(&q)
		err := Verify(context.Background(), q, VerifyOptions{TableMiB: 16})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", name, err, want)
		}
	}
	bad("result", "needs 2 trees", func(p *Proof) { p.Result = Win })
	bad("cut", "ends early", func(p *Proof) { p.Trees[0].Steps = p.Trees[0].Steps[:len(steps)-1] })
	// The first node with all replies: drop one of them, as if forgotten.
	i := slices.IndexFunc(steps, func(s Step) bool { return s.Kids > 1 })
	bad("reply missing", "moves where the side missing its goal", func(p *Proof) { p.Trees[0].Steps[i].Kids-- })
	// A leaf said settled by DFPN the other way round.
	for _, board := range []string{"4x4", "5x4"} {
		b, _ := game.ParseBoard(board)
		want := map[Result]Result{Loss: Draw, Draw: Loss, Win: Loss}[weak(t, board, "")]
		q := Proof{Board: b, Result: want, Trees: []Tree{{Steps: []Step{{Col: 255, How: byDFPN}}}}}
		if want != Loss {
			q.Trees = []Tree{{Reached: true, Steps: q.Trees[0].Steps}, {Question: 1, Reached: want == Win, Steps: q.Trees[0].Steps}}
		}
		if err := Verify(context.Background(), q, VerifyOptions{TableMiB: 16}); err == nil || !strings.Contains(err.Error(), ", negamax as ") {
			t.Errorf("%s claimed a %s: %v", board, want, err)
		}
	}
}

// TestDamagedFile: a proof file altered, cut short or followed by anything
// is refused.
func TestDamagedFile(t *testing.T) {
	p := proved(t, Settings{Board: "5x4", JobNodes: 100}, 1)
	var file bytes.Buffer
	if err := Encode(&file, p); err != nil {
		t.Fatal(err)
	}
	data := file.Bytes()
	for name, d := range map[string][]byte{
		"cut":     data[:len(data)-3],
		"altered": append(slices.Clone(data[:20]), append([]byte{data[20] ^ 1}, data[21:]...)...),
		"longer":  append(slices.Clone(data), 0),
		"other":   []byte("C4BOOK\x01"),
	} {
		if _, err := Decode(bytes.NewReader(d)); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}

// stopAfter is a Source that ends its context after jobs results.
type stopAfter struct {
	*Manager
	jobs   int
	cancel func()
}

func (s *stopAfter) Finish(d Done) error {
	if s.jobs--; s.jobs < 0 {
		s.cancel()
		return nil // the result lost, as with a worker killed
	}
	return s.Manager.Finish(d)
}

// TestResume: a search stopped part way, its last job lost, resumes from
// its database to the same result.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	set := Settings{Board: "6x5", JobNodes: 2000}
	for round := 0; ; round++ {
		m, err := Open(dir, set, 0)
		if err != nil {
			t.Fatal(err)
		}
		set = Settings{} // the stored ones
		ctx, cancel := context.WithCancel(context.Background())
		err = Work(ctx, &stopAfter{m, 20, cancel}, NewSearcher(small, "w"))
		cancel()
		r := m.Result()
		m.Close()
		if err == nil {
			if want := weak(t, "6x5", ""); r != want {
				t.Fatalf("%s after %d rounds, negamax says %s", r, round, want)
			}
			if round == 0 {
				t.Fatal("the search was not stopped part way")
			}
			return
		}
	}
}

// TestOtherSettings: a search resumed with other settings is refused.
func TestOtherSettings(t *testing.T) {
	dir := t.TempDir()
	m, err := Open(dir, Settings{Board: "5x4"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	m.Close()
	if _, err := Open(dir, Settings{Board: "6x4"}, 0); err == nil || !strings.Contains(err.Error(), "board") {
		t.Errorf("resumed with another board: %v", err)
	}
	if _, err := Open(t.TempDir(), Settings{}, 0); err == nil {
		t.Error("a new search without a board started")
	}
}

// TestHTTP: workers over HTTP, and one whose job is lost, reach the result.
func TestHTTP(t *testing.T) {
	m, err := Open(t.TempDir(), Settings{Board: "6x5", JobNodes: 2000}, 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	srv := httptest.NewServer(Handler(m))
	defer srv.Close()
	ctx := context.Background()
	c := &Client{URL: srv.URL, Ctx: ctx}
	if _, ok, _, err := c.Next(); !ok || err != nil { // a job taken and never done
		t.Fatal(ok, err)
	}
	errs := make(chan error, 2)
	for i := range 2 {
		go func() { errs <- Work(ctx, c, NewSearcher(small, string(rune('a'+i)))) }()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if want := weak(t, "6x5", ""); m.Result() != want {
		t.Errorf("%s, negamax says %s", m.Result(), want)
	}
}

// TestCheckpoint: a search stopped part way goes on from its checkpoint in
// another folder to the same result; a damaged checkpoint is refused and
// leaves nothing behind.
func TestCheckpoint(t *testing.T) {
	m, err := Open(t.TempDir(), Settings{Board: "6x5", JobNodes: 2000}, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	Work(ctx, &stopAfter{m, 20, cancel}, NewSearcher(small, "w"))
	var ck bytes.Buffer
	if err := m.Checkpoint(&ck); err != nil {
		t.Fatal(err)
	}
	before, _ := m.Status()
	m.Close()
	data := ck.Bytes()
	for name, d := range map[string][]byte{
		"cut":     data[:len(data)-2],
		"altered": append(slices.Clone(data[:30]), append([]byte{data[30] ^ 4}, data[31:]...)...),
		"a proof": []byte("C4PROOF\x01"),
	} {
		dir := t.TempDir() + "/db"
		if err := Restore(dir, bytes.NewReader(d)); err == nil {
			t.Errorf("%s: restored", name)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s: left %s behind", name, dir)
		}
	}
	dir := t.TempDir() + "/db"
	if err := Restore(dir, bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	m, err = Open(dir, Settings{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if after, _ := m.Status(); after.Tree != before.Tree || after.Jobs != before.Jobs {
		t.Errorf("restored %+v, was %+v", after.state, before.state)
	}
	r, err := Local(context.Background(), m, 2, small)
	if want := weak(t, "6x5", ""); err != nil || r != want {
		t.Errorf("%s, %v; negamax says %s", r, err, want)
	}
	if err := Restore(dir, bytes.NewReader(data)); err == nil {
		t.Error("restored into a folder in use")
	}
}

// TestVerifyLog: a check with a log writes down each leaf, skips those of
// the log when run again, drops a line a kill cut short, and refuses the
// log of another proof.
func TestVerifyLog(t *testing.T) {
	p := proofOf(t, "5x4")
	path := t.TempDir() + "/log"
	log, err := OpenVerifyLog(path, p)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(context.Background(), p, VerifyOptions{TableMiB: 16, Log: log}); err != nil {
		t.Fatal(err)
	}
	log.Close()
	leaves, _ := structure(p)
	cut := leaves[len(leaves)-1].moves
	data, _ := os.ReadFile(path)
	os.WriteFile(path, data[:len(data)-2], 0o644) // the last line cut short, as by a kill
	if log, err = OpenVerifyLog(path, p); err != nil {
		t.Fatal(err)
	}
	for _, l := range leaves {
		// Engines nil: a leaf the log has is not searched.
		if l.moves != cut && checkOnce(context.Background(), l, nil, nil, log) != nil {
			t.Errorf("leaf %q: not in the log", l.moves)
		}
	}
	if log.Checked(cut) {
		t.Errorf("leaf %q: its line was cut short, yet it counts as checked", cut)
	}
	log.Close()
	other := proofOf(t, "4x4")
	if _, err := OpenVerifyLog(path, other); err == nil || !strings.Contains(err.Error(), "another proof") {
		t.Errorf("the log of another proof: %v", err)
	}
}

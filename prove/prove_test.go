package prove

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"c4/cert"
	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/pns"
	"c4/search"
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
	r, err := engines.Negamax(negamax.Options{TableMiB: 16}, b).Solve(context.Background(), p, search.Weak)
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
// returns its proof, and where its moves came from.
func proved(t testing.TB, set Settings, workers int) (Proof, ProofStats) {
	t.Helper()
	m, err := Open(t.TempDir(), set, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if _, err := Local(context.Background(), m, workers, small); err != nil {
		t.Fatal(err)
	}
	p, ps, err := m.Proof(context.Background(), ProofOptions{DFPN: small})
	if err != nil {
		t.Fatal(err)
	}
	return p, ps
}

// verify checks p, read back from its file, and returns its report.
func verify(t testing.TB, p Proof) (Report, error) {
	t.Helper()
	var file bytes.Buffer
	if err := Encode(&file, p); err != nil {
		t.Fatal(err)
	}
	read, err := Decode(&file)
	if err != nil {
		t.Fatal(err)
	}
	return Verify(context.Background(), read, VerifyOptions{Threads: 2, TableMiB: 4})
}

// TestSmallBoards: the search's result is negamax's on small boards and
// positions, with jobs small enough that the tree grows; its proof, whose
// moves the jobs' strategies hold, written and read back, verifies.
func TestSmallBoards(t *testing.T) {
	for _, c := range []struct {
		board, root string
		jobNodes    uint64
		leafCells   int
		workers     []int
	}{
		{"4x4", "", 100, 0, []int{1, 3}}, {"5x4", "", 100, 4, []int{1, 3}}, {"6x4", "", 200, 8, []int{2}},
		{"5x5", "", 1000, 0, []int{2}}, {"7x4", "", 5000, 12, []int{2}}, {"7x6", "4444", 1 << 14, 0, []int{2}},
		{"7x6", "4433", 1 << 14, 0, []int{1}}, {"8x8", late8x8, 1 << 14, 0, []int{2}},
	} {
		for _, workers := range c.workers {
			p, ps := proved(t, Settings{Board: c.board, Root: c.root, JobNodes: c.jobNodes, LeafCells: c.leafCells}, workers)
			want := weak(t, c.board, c.root)
			if p.Result != want {
				t.Errorf("%s %q, %d workers: %s, negamax says %s", c.board, c.root, workers, p.Result, want)
			}
			if ps.Searched > 0 {
				t.Errorf("%s %q, %d workers: %d moves not in the database (%+v)", c.board, c.root, workers, ps.Searched, ps)
			}
			rep, err := verify(t, p)
			if err != nil || rep.Result != want {
				t.Errorf("%s %q, %d workers: %s, %v", c.board, c.root, workers, rep.Result, err)
			}
		}
	}
}

// TestForged: proofs that claim what is false, written with Encode and so
// with every checksum right, are refused, naming the position; so are
// files whose result is not their strategies', or whose root is wrong.
func TestForged(t *testing.T) {
	b4, _ := game.ParseBoard("4x4")
	loss6, _ := proved(t, Settings{Board: "6x4", JobNodes: 100, LeafCells: 4}, 1)
	// The draw of each empty board as the other side's win: the moves are
	// those of the draw's strategy, a valid walk, which the check follows
	// to the position where the win is missing.
	draw4, _ := proved(t, Settings{Board: "4x4", JobNodes: 100, LeafCells: 2}, 1)
	draw5, _ := proved(t, Settings{Board: "5x5", JobNodes: 1000, LeafCells: 4}, 1)
	asWin := func(p Proof, s int, r Result) Proof {
		f := p
		f.Result, f.Strategies = r, []Strategy{{ToMove: r == Win, Goal: cert.Win, Moves: p.Strategies[s].Moves}}
		return f
	}
	for _, tc := range []struct {
		name string
		p    Proof
		want string
	}{
		{"4x4 223411432243431 (one cell left, a draw) as a win", Proof{Board: b4, Root: "223411432243431", Result: Win,
			Strategies: []Strategy{{ToMove: true, Goal: cert.Win, Moves: []byte{0}}}}, `position "2234114322434311": the board is full: a draw, not a win`},
		{"the empty 4x4 board as a loss", asWin(draw4, 1, Loss), "position"},
		{"the empty 4x4 board as a win", asWin(draw4, 0, Win), "position"},
		{"the empty 5x5 board as a win", asWin(draw5, 0, Win), "position"},
		{"the empty 5x5 board as a loss", asWin(draw5, 1, Loss), "position"},
		{"a loss said to be a win", func() Proof { f := loss6; f.Result = Win; return f }(), "says win, but its strategies are those of a loss"},
		{"no result's strategies", func() Proof { f := draw4; f.Strategies = f.Strategies[:1]; return f }(), "prove no result"},
		{"a root of another board", func() Proof { f := loss6; f.Root = "7"; return f }(), "not a column"},
		{"a finished root", Proof{Board: b4, Root: "1212121", Result: Loss, Strategies: []Strategy{{Goal: cert.Win}}}, "already over"},
		{"a move cut off", func() Proof {
			f := loss6
			f.Strategies = []Strategy{{Goal: cert.Win, Moves: loss6.Strategies[0].Moves[1:]}}
			return f
		}(), "position"},
		{"a move to spare", func() Proof {
			f := loss6
			f.Strategies = []Strategy{{Goal: cert.Win, Moves: append(slices.Clone(loss6.Strategies[0].Moves), 0)}}
			return f
		}(), "after the walk's last"},
	} {
		_, err := verify(t, tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestDamagedFile: a proof file altered, cut short or followed by anything
// is refused.
func TestDamagedFile(t *testing.T) {
	p, _ := proved(t, Settings{Board: "5x4", JobNodes: 100, LeafCells: 4}, 1)
	var file bytes.Buffer
	if err := Encode(&file, p); err != nil {
		t.Fatal(err)
	}
	data := file.Bytes()
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"cut":       {data[:len(data)-3], "cut short"},
		"altered":   {append(slices.Clone(data[:20]), append([]byte{data[20] ^ 1}, data[21:]...)...), "damaged"},
		"longer":    {append(slices.Clone(data), 0), "bytes follow its end"},
		"other":     {[]byte("C4BOOK\x01"), "not a c4 proof file"},
		"version 1": {[]byte("C4PROOF\x01"), "version 1; this c4 reads version 2"},
	} {
		if _, err := Decode(bytes.NewReader(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, tc.want)
		}
	}
}

// stopAfter is a Source that ends its context after jobs results.
type stopAfter struct {
	*Manager
	jobs   int
	cancel func()
}

func (s *stopAfter) Finish(ctx context.Context, d Done) error {
	if s.jobs--; s.jobs < 0 {
		s.cancel()
		return nil // the result lost, as with a worker killed
	}
	return s.Manager.Finish(ctx, d)
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
	srv := httptest.NewServer(Handler(m, "secret"))
	defer srv.Close()
	ctx := context.Background()
	if _, err := (&Client{URL: srv.URL}).Next(ctx); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("a worker without the token: %v", err)
	}
	c := &Client{URL: srv.URL, Token: "secret"}
	if _, err := c.Next(ctx); err != nil { // a job taken and never done
		t.Fatal(err)
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
	req, _ := http.NewRequest("GET", srv.URL+"/status", nil)
	req.Header.Set("Authorization", "Bearer secret")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var st Status
	if err := json.NewDecoder(res.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	if len(st.Moves) == 0 || st.Settled() == 0 || st.RootProof != 0 && st.RootDisproof != 0 {
		t.Errorf("the status of a settled search: %+v", st)
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
		t.Errorf("restored %+v, was %+v", after.State, before.State)
	}
	r, err := Local(context.Background(), m, 2, small)
	if want := weak(t, "6x5", ""); err != nil || r != want {
		t.Errorf("%s, %v; negamax says %s", r, err, want)
	}
	// The checkpoint holds no moves: those of the first jobs are found again.
	p, ps, err := m.Proof(context.Background(), ProofOptions{DFPN: small})
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := verify(t, p); err != nil || rep.Result != r {
		t.Errorf("the proof of the search restored: %s, %v (its moves %+v)", rep.Result, err, ps)
	}
	if err := Restore(dir, bytes.NewReader(data)); err == nil {
		t.Error("restored into a folder in use")
	}
}

// TestVerifyLog: a check with a log writes down each batch of small
// leaves, skips those of the log when run again (and says how many), drops
// a line a kill cut short, and refuses the log of another proof.
func TestVerifyLog(t *testing.T) {
	p, _ := proved(t, Settings{Board: "7x4", JobNodes: 5000, LeafCells: 14}, 2)
	path := t.TempDir() + "/log"
	check := func() Report {
		t.Helper()
		log, err := OpenVerifyLog(path, p)
		if err != nil {
			t.Fatal(err)
		}
		defer log.Close()
		rep, err := Verify(context.Background(), p, VerifyOptions{Threads: 2, TableMiB: 4, Log: log})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	first := check()
	if first.Logged != 0 || first.Searched < 2*cert.BatchLeaves {
		t.Fatalf("a first check took %d leaves from its log and searched %d: want 0, and a few batches", first.Logged, first.Searched)
	}
	data, _ := os.ReadFile(path)
	os.WriteFile(path, data[:len(data)-2], 0o644) // the last line cut short, as by a kill
	again := check()
	if again.Logged == 0 || again.Searched == 0 || again.Logged+again.Searched != first.Searched {
		t.Errorf("again: %d leaves from the log and %d searched, of %d", again.Logged, again.Searched, first.Searched)
	}
	other, _ := proved(t, Settings{Board: "4x4", JobNodes: 100}, 1)
	if _, err := OpenVerifyLog(path, other); err == nil || !strings.Contains(err.Error(), "another proof") {
		t.Errorf("the log of another proof: %v", err)
	}
}

// TestRefusedResults: a result of a job not leased now, or with another
// token, is dropped as stale; one that contradicts the tree is refused and
// said on the log; the tree is unchanged by either.
func TestRefusedResults(t *testing.T) {
	m, err := Open(t.TempDir(), Settings{Board: "6x4", JobNodes: 100}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var log bytes.Buffer
	m.LogTo(&log)
	j, err := m.Next(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	forged := Done{Job: j, Proof: 0, Disproof: inf}
	forged.Token = "guessed"
	if err := m.Finish(t.Context(), forged); !errors.Is(err, ErrStale) {
		t.Errorf("another token: %v", err)
	}
	forged.Token, forged.Lease = j.Token, j.Lease+1
	if err := m.Finish(t.Context(), forged); !errors.Is(err, ErrStale) {
		t.Errorf("another lease: %v", err)
	}
	forged.Lease, forged.Disproof = j.Lease, 5
	if err := m.Finish(t.Context(), forged); err == nil || errors.Is(err, ErrStale) || !strings.Contains(log.String(), "refused") {
		t.Errorf("a proof number 0 with a disproof number 5: %v; log %q", err, log.String())
	}
	if m.Result() != Unknown {
		t.Errorf("the search is settled as %s by results refused", m.Result())
	}
	st, _ := m.Status()
	if st.Jobs != 0 {
		t.Errorf("%d jobs counted", st.Jobs)
	}
}

// TestDamagedDatabase: a finished search whose tables are damaged on
// disk gives errors, never a panic: opened, its proof written, its
// checkpoint, its status.
func TestDamagedDatabase(t *testing.T) {
	dir := t.TempDir()
	m, err := Open(dir, Settings{Board: "5x4", JobNodes: 100}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Local(context.Background(), m, 1, small); err != nil {
		t.Fatal(err)
	}
	if err := m.db.Flush(); err != nil {
		t.Fatal(err)
	}
	m.Close()
	tables, _ := filepath.Glob(filepath.Join(dir, "*.sst"))
	if len(tables) == 0 {
		t.Fatal("no tables to damage")
	}
	for _, f := range tables {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i := len(data) - 120; i < len(data)-112; i++ {
			data[i] ^= 0xff
		}
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err = Open(dir, Settings{}, 0)
	if err != nil {
		return // refused at once, with an error
	}
	defer m.Close()
	_, _, perr := m.Proof(context.Background(), ProofOptions{DFPN: small})
	cerr := m.Checkpoint(io.Discard)
	if perr == nil && cerr == nil {
		t.Error("a damaged database read without an error")
	}
}

// TestRootTwins: of two moves that are each other's mirror image, one is
// left out of the tree; a tree whose root was expanded with both (as
// before twins were dropped) drops one when opened, and goes on to the
// result, whose proof verifies.
func TestRootTwins(t *testing.T) {
	dir := t.TempDir()
	set := Settings{Board: "7x4", JobNodes: 500}
	m, err := Open(dir, set, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := m.t.get(rootID)
	if err := m.expand(r); err != nil {
		t.Fatal(err)
	}
	if st, _ := m.Status(); len(st.Moves) != 4 || st.Tree.Dropped != 3 || st.Open() != 4 {
		t.Fatalf("the empty 7x4 board expanded: %d moves, %+v, %d open", len(st.Moves), st.Tree, st.Open())
	}
	// Bring the twins back, as a tree of before.
	b := m.db.NewBatch()
	r, _ = m.t.get(rootID)
	for i := range uint64(r.nkids) {
		k, _ := m.t.get(r.first + i)
		if k.how == mirrored {
			k.how = open
			m.st.Tree.Dropped--
			m.t.put(b, k)
		}
	}
	if err := m.commit(b, r); err != nil {
		t.Fatal(err)
	}
	b.Close()
	m.Close()

	if m, err = Open(dir, Settings{}, 0); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if st, _ := m.Status(); len(st.Moves) != 4 || st.Tree.Dropped != 3 {
		t.Errorf("reopened: %d moves, %+v", len(st.Moves), st.Tree)
	}
	if _, err := Local(t.Context(), m, 2, small); err != nil {
		t.Fatal(err)
	}
	p, _, err := m.Proof(t.Context(), ProofOptions{DFPN: small})
	if err != nil {
		t.Fatal(err)
	}
	want := weak(t, "7x4", "")
	if rep, err := verify(t, p); err != nil || rep.Result != want || p.Result != want {
		t.Errorf("%s, verified as %s (%v); negamax says %s", p.Result, rep.Result, err, want)
	}
}

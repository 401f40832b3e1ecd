package negamax

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"c4/position"
	"c4/search"
	"c4/testsets/publictest"
)

func mustParse(t testing.TB, s string) position.Position {
	t.Helper()
	p, err := position.Parse(position.Standard, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// testSolver is shared by the tests of one package run: its table is
// allocated once.
var testSolver = New(Options{TableMiB: 64})

func TestPublicSets(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit int
		modes []search.Mode
	}{
		{"Test_L3_R1", 0, []search.Mode{search.Strong, search.Weak}},
		{"Test_L2_R1", 0, []search.Mode{search.Strong, search.Weak}},
		{"Test_L2_R2", 0, []search.Mode{search.Strong, search.Weak}},
		{"Test_L1_R1", 0, []search.Mode{search.Strong, search.Weak}},
		{"Test_L1_R2", 100, []search.Mode{search.Strong}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := publictest.Set(t, tc.name)
			cases := set.Cases
			if tc.limit > 0 {
				cases = cases[:tc.limit]
			}
			for _, mode := range tc.modes {
				for _, c := range cases {
					testSolver.Reset()
					r, err := testSolver.Solve(context.Background(), mustParse(t, c.Moves), mode)
					want := mode.Of(c.Score)
					if err != nil || r.Score != want {
						t.Errorf("%s line %d %q mode %d: got %d, %v; want %d", tc.name, c.Line, c.Moves, mode, r.Score, err, want)
					}
				}
			}
		})
	}
}

// TestMidTable solves positions whose searches use every part of a table
// large enough to have a mid table (see Solver), on one and two threads.
func TestMidTable(t *testing.T) {
	for _, threads := range []int{1, 2} {
		s := New(Options{TableMiB: midMinBytes>>20 + 16, Threads: threads})
		for _, c := range publictest.Set(t, "Test_L1_R2").Cases[:20] {
			s.Reset()
			if r, err := s.Solve(context.Background(), mustParse(t, c.Moves), search.Strong); err != nil || r.Score != c.Score {
				t.Errorf("%d threads, line %d %q: got %d, %v; want %d", threads, c.Line, c.Moves, r.Score, err, c.Score)
			}
		}
		if s.mid == nil || s.config.mid != s.mid || s.config.midFrom >= s.config.nearFrom {
			t.Errorf("%d threads: no mid table", threads)
		}
	}
}

// TestKnownValues checks the values in the conventions that solve quickly.
func TestKnownValues(t *testing.T) {
	for moves, want := range map[string]int{
		"4455": 18, "44455554221": -15, // 4453 (-2) takes seconds: it is in the command's tests
	} {
		r, err := testSolver.Solve(context.Background(), mustParse(t, moves), search.Strong)
		if err != nil || r.Score != want {
			t.Errorf("%s: got %d, %v; want %d", moves, r.Score, err, want)
		}
	}
}

// TestAnalyze checks that each column's score is minus the score of the
// position after it, with the reference's value for full columns.
func TestAnalyze(t *testing.T) {
	p := mustParse(t, "4444441526")
	scores, _, err := testSolver.Analyze(context.Background(), p, search.Strong)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %v", "4444441526", scores)
	if scores[3] != search.InvalidMove {
		t.Errorf("column 4 is full: got %d", scores[3])
	}
	best := search.InvalidMove
	for c, got := range scores {
		if c == 3 {
			continue
		}
		q := p
		q.PlayColumn(c)
		var want int
		if !p.IsWinningMove(c) {
			r, err := testSolver.Solve(context.Background(), q, search.Strong)
			if err != nil {
				t.Fatal(err)
			}
			want = -r.Score
		} else {
			want = (p.Board().Cells() + 1 - p.Moves()) / 2
		}
		if got != want {
			t.Errorf("column %d: Analyze %d, solve %d", c+1, got, want)
		}
		best = max(best, got)
	}
	r, _ := testSolver.Solve(context.Background(), p, search.Strong)
	if best != r.Score {
		t.Errorf("best move scores %d, the position %d", best, r.Score)
	}
	weak, _, _ := testSolver.Analyze(context.Background(), p, search.Weak)
	for c := range weak {
		if c != 3 && weak[c] != search.WeakScore(scores[c]) {
			t.Errorf("weak analysis of column %d: %d, strong %d", c+1, weak[c], scores[c])
		}
	}
}

func TestGameOver(t *testing.T) {
	for _, moves := range []string{"4455667", "1212121"} {
		if _, err := testSolver.Solve(context.Background(), mustParse(t, moves), search.Strong); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: got %v, want ErrGameOver", moves, err)
		}
	}
	b, _ := position.NewBoard(2, 1)
	full, _ := position.Parse(b, "12")
	if _, err := testSolver.Solve(context.Background(), full, search.Strong); !errors.Is(err, ErrGameOver) {
		t.Errorf("full board: got %v, want ErrGameOver", err)
	}
}

func TestCancel(t *testing.T) {
	for _, threads := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		s := New(Options{TableMiB: 16, Threads: threads})
		start := time.Now()
		_, err := s.Solve(ctx, position.New(position.Standard), search.Strong)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%d threads: got %v, want the deadline", threads, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%d threads: stopping took %v", threads, d)
		}
		ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
		start = time.Now()
		_, _, err = s.Analyze(ctx, mustParse(t, "4"), search.Strong)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%d threads: Analyze got %v, want the deadline", threads, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%d threads: stopping Analyze took %v", threads, d)
		}
		// The table a stopped search leaves holds only true bounds: the
		// solver still gives right answers without a Reset.
		for _, c := range publictest.Set(t, "Test_L1_R1").Cases[:20] {
			r, err := s.Solve(context.Background(), mustParse(t, c.Moves), search.Strong)
			if err != nil || r.Score != c.Score {
				t.Errorf("%d threads, after a cancelled search: line %d scored %d, %v; want %d", threads, c.Line, r.Score, err, c.Score)
			}
		}
	}
}

// TestThreads checks that several workers find the scores one finds, in
// both modes, on the same table from one position to the next.
func TestThreads(t *testing.T) {
	s := New(Options{TableMiB: 16, Threads: 3})
	for _, name := range []string{"Test_L2_R2", "Test_L1_R1"} {
		for _, c := range publictest.Set(t, name).Cases[:100] {
			for _, mode := range []search.Mode{search.Strong, search.Weak} {
				want := mode.Of(c.Score)
				r, err := s.Solve(context.Background(), mustParse(t, c.Moves), mode)
				if err != nil || r.Score != want {
					t.Errorf("%s line %d %q mode %d: %d, %v; want %d", name, c.Line, c.Moves, mode, r.Score, err, want)
				}
			}
		}
	}
}

// TestJoin solves small empty boards, on which a worker that has run out
// of probes joins another's (see dichotomy.join) and the two divide its
// moves, with two and three threads, and checks the scores one thread
// finds.
func TestJoin(t *testing.T) {
	for _, size := range [][2]int{{6, 5}, {7, 4}} {
		b, err := position.NewBoard(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		p := position.New(b)
		want, err := New(Options{TableMiB: 16}).Solve(context.Background(), p, search.Strong)
		if err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{2, 3} {
			got, err := New(Options{TableMiB: 16, Threads: threads}).Solve(context.Background(), p, search.Strong)
			if err != nil || got.Score != want.Score {
				t.Errorf("%s, %d threads: %d, %v; want %d", b, threads, got.Score, err, want.Score)
			}
		}
	}
}

// TestAnalyzeThreads checks that several workers, each searching whole
// moves, score every move as one worker does: on Middle positions, where a
// worker left without a move stops, and on Begin positions, where it joins
// a move under way.
func TestAnalyzeThreads(t *testing.T) {
	s := New(Options{TableMiB: 16, Threads: 3})
	var positions []string
	for _, name := range []string{"Test_L2_R1", "Test_L2_R2"} {
		for _, c := range publictest.Set(t, name).Cases[:20] {
			positions = append(positions, c.Moves)
		}
	}
	begin := 0
	for _, c := range publictest.Set(t, "Test_L1_R1").Cases {
		if len(c.Moves) >= 12 && begin < 20 { // a second or two for all
			positions = append(positions, c.Moves)
			begin++
		}
	}
	// Every move loses at once: nothing is left to search.
	positions = append(positions, "131475")
	for _, moves := range positions {
		p := mustParse(t, moves)
		for _, mode := range []search.Mode{search.Strong, search.Weak} {
			want, _, err1 := testSolver.Analyze(context.Background(), p, mode)
			got, _, err2 := s.Analyze(context.Background(), p, mode)
			if err1 != nil || err2 != nil || !slices.Equal(got, want) {
				t.Errorf("%q mode %d: %v, %v; want %v, %v", moves, mode, got, err2, want, err1)
			}
		}
	}
}

// TestAtLeast checks the bound search against the exact scores of a set.
func TestAtLeast(t *testing.T) {
	for _, c := range publictest.Set(t, "Test_L2_R1").Cases[:300] {
		for _, a := range []int{c.Score, c.Score + 1} {
			ok, _, err := testSolver.AtLeast(context.Background(), mustParse(t, c.Moves), a)
			if err != nil || ok != (c.Score >= a) {
				t.Errorf("line %d %q (score %d): AtLeast(%d) = %v, %v", c.Line, c.Moves, c.Score, a, ok, err)
			}
		}
	}
}

// TestProgress reads Progress from another goroutine while a search runs
// (run with -race): nodes grow and the interval narrows to the score.
func TestProgress(t *testing.T) {
	s := New(Options{TableMiB: 16, Threads: 2})
	p := mustParse(t, "13712")
	done := make(chan search.Result)
	go func() {
		r, err := s.Solve(context.Background(), p, search.Strong)
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	var last uint64
	for {
		select {
		case r := <-done:
			if nodes, lo, hi := s.Progress(); lo != r.Score || hi != r.Score || nodes == 0 || nodes > r.Stats.Nodes {
				t.Errorf("after the search: %d nodes in [%d, %d]; the search: %+v", nodes, lo, hi, r)
			}
			return
		default:
			nodes, lo, hi := s.Progress()
			if nodes < last || lo > hi {
				t.Fatalf("progress went back: %d nodes after %d, [%d, %d]", nodes, last, lo, hi)
			}
			last = nodes
			time.Sleep(time.Millisecond)
		}
	}
}

// TestSameBoardKeepsTable: a position of a board parsed again ("7x6") is
// of the solver's board: the table stays, and the second search hits it.
func TestSameBoardKeepsTable(t *testing.T) {
	s := New(Options{TableMiB: 16})
	const moves = "2416615552" // a Begin-Medium line: thousands of nodes
	p, _ := position.Parse(position.Standard, moves)
	first, err := s.Solve(context.Background(), p, search.Strong)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := position.ParseBoard("7x6")
	q, _ := position.Parse(b, moves)
	again, err := s.Solve(context.Background(), q, search.Strong)
	if err != nil || again.Score != first.Score || again.Stats.Nodes >= first.Stats.Nodes {
		t.Errorf("again on a parsed 7x6: %+v, %v; first %+v: the table was not kept", again, err, first)
	}
}

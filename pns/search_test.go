package pns

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"c4/negamax"
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

// endgames are the settings of Options.EndgameCells the tests try: the
// default and none, so that both DFPN alone and DFPN with the endgame
// search are checked against negamax.
var endgames = []int{0, -1}

// TestPublicSets checks that DFPN's weak result is the sign of every
// expected score.
func TestPublicSets(t *testing.T) {
	for _, cells := range endgames {
		s := New(Options{TableMiB: 64, EndgameCells: cells})
		for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"} {
			var nodes uint64
			for _, c := range publictest.Set(t, name).Cases {
				s.Reset()
				got, st, err := s.weak(context.Background(), mustParse(t, c.Moves))
				nodes += st.Nodes
				if err != nil || got != search.WeakScore(c.Score) {
					t.Errorf("endgame %d, %s line %d %q: dfpn %d, %v; score %d", cells, name, c.Line, c.Moves, got, err, c.Score)
				}
			}
			t.Logf("endgame %d, %s: %d nodes a position", cells, name, nodes/1000)
		}
	}
}

// TestRandomPositions compares DFPN with negamax's weak result on random
// positions at every depth from 10 stones on, from a fixed seed.
func TestRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	s, pure := New(Options{TableMiB: 32}), New(Options{TableMiB: 32, EndgameCells: -1})
	nm := negamax.New(negamax.Options{TableMiB: 32})
	b := position.Standard
	checked := 0
	for depth := 10; depth < b.Cells(); depth++ {
		for k := 0; k < 24; k++ {
			p, ok := randomPosition(rng, b, depth)
			if !ok {
				continue
			}
			want, err := nm.Solve(context.Background(), p, search.Weak)
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range []*Solver{s, pure} {
				got, _, err := s.weak(context.Background(), p)
				if err != nil || got != want.Score {
					t.Fatalf("depth %d, key %x, endgame %d: dfpn %d, %v; negamax %d", depth, p.Key(), endgames[i], got, err, want.Score)
				}
			}
			checked++
		}
	}
	t.Logf("%d positions agree", checked)
}

// TestBigBoards checks that DFPN's weak result agrees with negamax's strong
// and weak ones on random positions of the last 20 empty cells of boards
// past 64 bits (in c4/internal/wide/pns, generated from this test).
func TestBigBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, wh := range [][2]int{{8, 8}, {9, 7}, {10, 6}, {11, 5}, {9, 9}, {12, 5}, {13, 4}} {
		t.Run(fmt.Sprintf("%dx%d", wh[0], wh[1]), func(t *testing.T) {
			b, err := position.NewBoard(wh[0], wh[1])
			if err != nil {
				t.Skipf("past %d bits: c4/internal/wide/pns's", position.MaxBits)
			}
			s := New(Options{TableMiB: 32})
			nm := negamax.New(negamax.Options{TableMiB: 32})
			checked := 0
			for depth := b.Cells() - 20; depth < b.Cells(); depth++ {
				for range 3 {
					p, ok := randomPosition(rng, b, depth)
					if !ok {
						continue
					}
					strong, err1 := nm.Solve(context.Background(), p, search.Strong)
					weak, err2 := nm.Solve(context.Background(), p, search.Weak)
					got, _, err3 := s.weak(context.Background(), p)
					if err := errors.Join(err1, err2, err3); err != nil || got != weak.Score || weak.Score != search.WeakScore(strong.Score) {
						t.Fatalf("%s %d stones, key %x: dfpn %d, negamax weak %d, strong %d (%v)", b, depth, p.Key(), got, weak.Score, strong.Score, err)
					}
					checked++
				}
			}
			t.Logf("%s: %d positions agree", b, checked)
		})
	}
}

// TestFourHighBoards checks DFPN's weak result against negamax's on
// random positions of boards of 4 rows, where settle asks threat.Rules.
func TestFourHighBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	s := New(Options{TableMiB: 32})
	nm := negamax.New(negamax.Options{TableMiB: 32})
	for _, w := range []int{5, 6, 7, 8} {
		b, err := position.NewBoard(w, 4)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for depth := w; depth < b.Cells()-2; depth++ {
			for range 4 {
				p, ok := randomPosition(rng, b, depth)
				if !ok {
					continue
				}
				want, err1 := nm.Solve(context.Background(), p, search.Weak)
				got, _, err2 := s.weak(context.Background(), p)
				if err := errors.Join(err1, err2); err != nil || got != want.Score {
					t.Fatalf("%s %d stones, key %x: dfpn %d, negamax %d (%v)", b, depth, p.Key(), got, want.Score, err)
				}
				checked++
			}
		}
		t.Logf("%s: %d positions agree", b, checked)
	}
}

// randomPosition plays n random moves from the empty board b, none of which
// wins at once, nor lets the opponent win at once where another move does
// not: so that games last, and reach the end of big boards. It returns
// false if the game ends first.
func randomPosition(rng *rand.Rand, b *position.Board, n int) (position.Position, bool) {
	p := position.New(b)
	for p.Moves() < n {
		moves := p.Possible() &^ p.WinningCells()
		if safe := p.NonLosingMovesAgainst(p.OpponentWinningCells()) & moves; safe != 0 {
			moves = safe
		}
		var cols []int
		for c := range b.Width() {
			if moves&b.ColumnMask(c) != 0 {
				cols = append(cols, c)
			}
		}
		if len(cols) == 0 {
			return p, false
		}
		p.PlayColumn(cols[rng.IntN(len(cols))])
		if p.IsOver() {
			return p, false
		}
	}
	return p, true
}

// TestBudgetResumes stops a search by its work budget and resumes it,
// serial and parallel.
func TestBudgetResumes(t *testing.T) {
	c := publictest.Set(t, "Test_L1_R2").Cases[0]
	for _, threads := range []int{1, 2} {
		s := New(Options{TableMiB: 16, Threads: threads})
		full, st, err := s.Prove(context.Background(), mustParse(t, c.Moves), false, 0)
		if err != nil || full == Unknown || st.Nodes < 10*serialWork {
			t.Fatalf("%d threads, full search: %v %v %d nodes", threads, full, err, st.Nodes)
		}
		s.Reset()
		calls := 0
		for o := Unknown; o == Unknown; calls++ {
			o, _, err = s.Prove(context.Background(), mustParse(t, c.Moves), false, st.Nodes/10)
			if err != nil {
				t.Fatal(err)
			}
			if o != Unknown && o != full {
				t.Fatalf("%d threads: the resumed search answers %v, the full one %v", threads, o, full)
			}
			if calls > 1000 {
				t.Fatalf("%d threads: no end", threads)
			}
		}
		if calls < 2 {
			t.Errorf("%d threads: a budget of a tenth of the work did not stop the search", threads)
		}
	}
}

func TestCancel(t *testing.T) {
	for _, threads := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		s := New(Options{TableMiB: 16, Threads: threads})
		if _, _, err := s.weak(ctx, position.New(position.Standard)); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%d threads: got %v, want the deadline", threads, err)
		}
		cancel()
	}
}

// TestMemoryBound checks that the tables and the top tree take at most the
// memory asked for and that searching allocates little more on the heap
// (the parallel search: its goroutines and channels).
func TestMemoryBound(t *testing.T) {
	const mib = 8
	cases := publictest.Set(t, "Test_L2_R2").Cases[:50]
	for _, threads := range []int{1, 2} {
		s := New(Options{TableMiB: mib, Threads: threads})
		got := len(s.tt.entries) * int(unsafe.Sizeof(entry{}))
		if s.tree != nil {
			got += s.tree.bytes()
		}
		for _, w := range s.workers {
			got += 8 * len(w.end.words)
		}
		if got > mib<<20 || unsafe.Sizeof(entry{}) != 16 {
			t.Fatalf("%d threads: %d bytes for %d MiB", threads, got, mib)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for _, c := range cases { // the table fills up and entries are replaced
			if _, _, err := s.weak(context.Background(), mustParse(t, c.Moves)); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 {
			t.Errorf("%d threads: searching allocated %d bytes", threads, grown)
		}
	}
}

func TestAddPN(t *testing.T) {
	for _, tc := range []struct{ a, b, want uint32 }{
		{1, 2, 3}, {inf, 0, inf}, {0, inf, inf}, {inf - 1, inf - 1, inf - 1}, {inf / 2, inf/2 + 5, inf - 1},
	} {
		t.Run(fmt.Sprintf("%d+%d", tc.a, tc.b), func(t *testing.T) {
			if got := AddPN(tc.a, tc.b); got != tc.want {
				t.Errorf("AddPN(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// TestParallel checks that the parallel search, with two and three
// workers, answers as the serial one on the first lines of Middle-Medium
// and Begin-Medium (go test -race -short runs fewer).
func TestParallel(t *testing.T) {
	cases := publictest.Set(t, "Test_L2_R2").Cases[:200]
	hard := publictest.Set(t, "Test_L1_R2").Cases[:10]
	if testing.Short() {
		cases, hard = cases[:40], hard[:2]
	}
	serial := New(Options{TableMiB: 32})
	for _, threads := range []int{2, 3} {
		s := New(Options{TableMiB: 32, Threads: threads})
		var nodes, parallelNodes uint64
		for _, c := range append(cases, hard...) {
			serial.Reset()
			s.Reset()
			want, st, err := serial.weak(context.Background(), mustParse(t, c.Moves))
			if err != nil {
				t.Fatal(err)
			}
			got, pst, err := s.weak(context.Background(), mustParse(t, c.Moves))
			if err != nil || got != want {
				t.Fatalf("%d threads, %q: %d, %v; serial %d", threads, c.Moves, got, err, want)
			}
			nodes += st.Nodes
			parallelNodes += pst.Nodes
		}
		t.Logf("%d threads: %d nodes, serial %d", threads, parallelNodes, nodes)
	}
}

// TestSolveModes: Solve answers the weak question as weak does, and
// refuses the strong one, which DFPN does not answer.
func TestSolveModes(t *testing.T) {
	s := New(Options{TableMiB: 16})
	p, _ := position.Parse(position.Standard, "4455")
	if r, err := s.Solve(context.Background(), p, search.Weak); err != nil || r.Score != 1 {
		t.Errorf("weak: %+v, %v; want 1", r, err)
	}
	if _, err := s.Solve(context.Background(), p, search.Strong); err == nil {
		t.Error("strong: no error")
	}
}

// TestEstimateLimits: a search with thresholds stops once it crosses one,
// and the children's numbers that Children reports agree, where they are
// settled, with Prove on each child.
func TestEstimateLimits(t *testing.T) {
	b, _ := position.NewBoard(7, 6)
	p := position.New(b)
	s := New(Options{TableMiB: 16})
	lim := Limits{Proof: 30, Disproof: 30}
	e, st, err := s.Estimate(context.Background(), p, true, lim)
	if err != nil || e.Outcome != Unknown || e.Proof < lim.Proof && e.Disproof < lim.Disproof {
		t.Fatalf("%+v after %d nodes, %v: want a threshold crossed", e, st.Nodes, err)
	}
	q, _ := position.Parse(b, "4433")
	s.Prove(context.Background(), q, true, 20000)
	settled := 0
	for _, k := range s.Children(q, true) {
		if k.Proof != 0 && k.Disproof != 0 {
			continue
		}
		settled++
		c := q
		c.PlayColumn(k.Col)
		o, _, err := New(Options{TableMiB: 16}).Prove(context.Background(), c, false, 0)
		if err != nil || (o == Proven) != (k.Proof == 0) {
			t.Errorf("column %d: Children says %+v, Prove %v", k.Col+1, k, o)
		}
	}
	if settled == 0 {
		t.Log("no child settled: only the thresholds were checked")
	}
}

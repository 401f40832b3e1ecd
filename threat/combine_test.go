package threat

import (
	"context"
	"math/rand/v2"
	"testing"

	"c4/negamax"
	"c4/position"
	"c4/search"
)

// TestCombineAgainstPlay: Rules' verdicts, from the rules' conditions on
// cells, are those of a slow oracle that plays each system's answers
// against every sequence of the mover's moves in its columns, collects the
// sets of cells the mover can end with, and tries every way of covering
// the columns; and each verdict agrees with the exact search.
func TestCombineAgainstPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 83))
	exact := negamax.New(negamax.Options{TableMiB: 16})
	for _, c := range []struct{ w, h, lo, hi, n int }{{4, 4, 2, 12, 1500}, {5, 4, 4, 14, 1500}, {6, 4, 4, 16, 1500}, {7, 4, 6, 20, 800}, {5, 5, 6, 18, 800}, {7, 6, 16, 34, 800}} {
		b, err := position.NewBoard(c.w, c.h)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []*Rules{NewRules(b), NewSearchRules(b)} {
			r.limit = 1 << 30
			combineAgainstPlay(t, r, c.lo, c.hi, c.n, rng, exact)
		}
	}
}

// combineAgainstPlay is TestCombineAgainstPlay with r on n random
// positions of lo to hi stones.
func combineAgainstPlay(t *testing.T, r *Rules, lo, hi, n int, rng *rand.Rand, exact *negamax.Solver) {
	b := r.b
	var draws, wins int
	for range n {
		p, ok := randomPosition(b, lo+rng.IntN(hi-lo), rng)
		if !ok || p.CanWinNext() {
			continue
		}
		draw := r.Holds(p, p.OpponentWinningCells(), false)
		win := r.Holds(p, p.OpponentWinningCells(), true)
		_, oWin, oDraw := oracle(p)
		if draw != oDraw || win != oWin {
			t.Errorf("%s %s: draw %v win %v, the oracle's %v %v", b, history(p), draw, win, oDraw, oWin)
		}
		if !draw {
			continue
		}
		if comb, ok := r.Find(p, win); !ok || comb.Wins != win {
			t.Fatalf("%s %s: Find disagrees with Holds", b, history(p))
		} else if bad := beaten(p, comb, win, map[position.Bits]bool{}); bad != "" {
			t.Errorf("%s %s: the combination %+v fails: %s", b, history(p), comb.Systems, bad)
		}
		draws++
		score, err := exact.Solve(context.Background(), p, search.Weak)
		if err != nil {
			t.Fatal(err)
		}
		if score.Score > 0 || win && score.Score >= 0 {
			t.Errorf("%s %s: the rules say at most %d, the search %d", b, history(p), map[bool]int{true: -1, false: 0}[win], score.Score)
		}
		if win {
			wins++
		}
	}
	t.Logf("%s (forced first %v): %d combinations, %d winning", b, r.forcedFirst, draws, wins)
}

// oracle finds a combination at p the slow way: a winning one if there is
// one (wins), else any (ok).
func oracle(p position.Position) (sys []System, wins, ok bool) {
	b := p.Board()
	r := NewRules(b)
	empty := r.full ^ p.Mask()
	fol := p.Current() ^ p.Mask()
	if empty.OnesCount()%2 != 0 {
		return nil, false, false
	}
	var live []position.Bits
	for _, f := range r.fours {
		if f.cells&fol == 0 && f.cells&empty != 0 {
			live = append(live, f.cells)
		}
	}
	type cand struct {
		s       System
		refutes []bool
		sure    position.Bits
	}
	var cands []cand
	add := func(s System) {
		cols := s.Cols[:1]
		if s.Cols[1] >= 0 {
			cols = s.Cols[:]
		}
		outs, ok := outcomes(p, s.Kind, cols)
		if !ok {
			panic("a system without an answer")
		}
		var cells position.Bits
		for _, c := range cols {
			cells |= b.ColumnMask(c) & empty
		}
		ref := make([]bool, len(live))
		for i, g := range live {
			e := g & empty & cells
			ref[i] = e != 0
			for _, o := range outs {
				if e != 0 && e&^o == 0 {
					ref[i] = false
				}
			}
		}
		sure := cells
		for _, o := range outs {
			sure &^= o
		}
		cands = append(cands, cand{s, ref, sure})
	}
	w := b.Width()
	odd := func(c int) bool { return (b.Height()-stones(p, c))%2 == 1 }
	full := func(c int) bool { return stones(p, c) == b.Height() }
	for c := range w {
		if full(c) {
			continue
		}
		if !odd(c) {
			add(System{Claimeven, [2]int{c, -1}})
		}
		for d := c + 1; d < w; d++ {
			switch {
			case full(d) || odd(c) != odd(d):
			case odd(c):
				add(System{Baseinverse, [2]int{c, d}})
				add(System{Lowinverse, [2]int{c, d}})
			default:
				add(System{Highinverse, [2]int{c, d}})
			}
		}
	}
	threats := p.OpponentWinningCells() & empty
	used := make([]bool, w)
	for c := range w {
		used[c] = full(c)
	}
	var chosen []cand
	var draw []System
	var search func() bool
	search = func() bool {
		c := 0
		for c < w && used[c] {
			c++
		}
		if c < w {
			for _, k := range cands {
				if k.s.Cols[0] != c || k.s.Cols[1] >= 0 && used[k.s.Cols[1]] {
					continue
				}
				used[c] = true
				if k.s.Cols[1] >= 0 {
					used[k.s.Cols[1]] = true
				}
				chosen = append(chosen, k)
				if search() {
					return true
				}
				chosen = chosen[:len(chosen)-1]
				used[c] = false
				if k.s.Cols[1] >= 0 {
					used[k.s.Cols[1]] = false
				}
			}
			return false
		}
		var sure position.Bits
		for _, k := range chosen {
			sure |= k.sure
		}
		t := threats & sure
		var late position.Bits // the cells above the lowest such threat of each column
		for c := range w {
			if m := t & b.ColumnMask(c); m != 0 {
				late |= b.ColumnMask(c) &^ (m&-m | (m&-m - 1))
			}
		}
		for i, g := range live {
			refuted := g&late != 0
			for _, k := range chosen {
				refuted = refuted || k.refutes[i]
			}
			if !refuted {
				return false
			}
		}
		var systems []System
		for _, k := range chosen {
			systems = append(systems, k.s)
		}
		if t != 0 || b.HasFour(fol|sure) {
			sys = systems
			return true
		}
		if draw == nil {
			draw = systems
		}
		return false
	}
	if search() {
		return sys, true, true
	}
	return draw, false, draw != nil
}

// outcomes plays the system of kind k on cols at p against every sequence
// of the mover's moves there and returns the sets of cells the mover can
// end with; false if the follower is ever left without an answer.
func outcomes(p position.Position, k Kind, cols []int) ([]position.Bits, bool) {
	b := p.Board()
	h := b.Height()
	seen := map[position.Bits]bool{}
	var out []position.Bits
	ok := true
	var walk func(fill []int, state int, mine position.Bits)
	walk = func(fill []int, state int, mine position.Bits) {
		moved := false
		for i, c := range cols {
			if fill[i] == h {
				continue
			}
			moved = true
			f := append([]int(nil), fill...)
			m := mine | cell(b, c, f[i])
			f[i]++
			j, next := answer(k, state, i, f[i] == h)
			if f[j] == h {
				ok = false
				return
			}
			f[j]++
			walk(f, next, m)
		}
		if !moved && !seen[mine] {
			seen[mine] = true
			out = append(out, mine)
		}
	}
	fill := make([]int, len(cols))
	for i, c := range cols {
		fill[i] = stones(p, c)
	}
	walk(fill, 0, 0)
	return out, ok
}

// answer is the follower's answer, the index of a column of the system, to
// the mover's move in column i (top says it took the top cell), in state 0
// (nothing exchanged yet), 1 (Highinverse's playable cells exchanged) or
// 2 (every move on top from now on); and the state after it.
func answer(k Kind, state, i int, top bool) (int, int) {
	switch {
	case k == Claimeven || state == 2:
		return i, state
	case k == Baseinverse:
		return 1 - i, 2
	case k == Highinverse && state == 0:
		return 1 - i, 1
	case top:
		return 1 - i, 2
	}
	return i, state
}

// BenchmarkHolds is the cost of a Rules.Holds call where DFPN makes it:
// random positions of 9x4 with 16 to 24 empty cells, even ones only.
func BenchmarkHolds(b *testing.B) {
	board, _ := position.NewBoard(9, 4)
	rng := rand.New(rand.NewPCG(9, 4))
	var ps []position.Position
	for len(ps) < 1000 {
		p, ok := randomPosition(board, 12+2*rng.IntN(5), rng)
		if ok && !p.CanWinNext() {
			ps = append(ps, p)
		}
	}
	r := NewRules(board)
	found := 0
	b.ResetTimer()
	for i := range b.N {
		if p := ps[i%len(ps)]; r.Holds(p, p.OpponentWinningCells(), i%2 == 0) {
			found++
		}
	}
	b.ReportMetric(float64(found)/float64(b.N), "found/op")
}

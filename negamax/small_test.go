package negamax

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"c4/position"
	"c4/search"
)

// naive is plain memoised minimax straight from the definition of the score,
// with none of the solver's pruning: the reference on small boards.
type naive map[position.Bits]int

func (m naive) score(p position.Position) int {
	if v, ok := m[p.Key()]; ok {
		return v
	}
	b := p.Board()
	best := -b.Cells()
	for c := 0; c < b.Width(); c++ {
		if !p.CanPlay(c) {
			continue
		}
		var v int
		if p.IsWinningMove(c) {
			v = (b.Cells() + 1 - p.Moves()) / 2
		} else {
			q := p
			q.PlayColumn(c)
			if q.Moves() == b.Cells() {
				v = 0
			} else {
				v = -m.score(q)
			}
		}
		best = max(best, v)
	}
	m[p.Key()] = best
	return best
}

// playQuiet plays a random move of p that neither wins at once nor lets the
// opponent win at once, if there is one, else one that does not win: so
// that random games last, and reach the end of big boards. It returns false
// if every move wins.
func playQuiet(rng *rand.Rand, p *position.Position) bool {
	moves := p.Possible() &^ p.WinningCells()
	if safe := p.NonLosingMovesAgainst(p.OpponentWinningCells()) & moves; safe != 0 {
		moves = safe
	}
	var cols []int
	for c := range p.Board().Width() {
		if moves&p.Board().ColumnMask(c) != 0 {
			cols = append(cols, c)
		}
	}
	if len(cols) == 0 {
		return false
	}
	p.PlayColumn(cols[rng.IntN(len(cols))])
	return true
}

// TestSmallBoards compares the solver with naive minimax on every position of
// 4x4 reached by random games, and on random positions of other small boards
// and near the end of games on big ones (those past 64 bits in
// c4/internal/wide/negamax, generated from this test).
func TestSmallBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tc := range []struct {
		w, h, games, from int
	}{{4, 4, 200, 0}, {5, 4, 100, 4}, {4, 5, 100, 4}, {6, 3, 100, 0}, {3, 6, 50, 0}, {7, 6, 30, 32}, {8, 7, 20, 46},
		{8, 8, 10, 52}, {9, 7, 10, 51}, {10, 6, 10, 48}, {11, 5, 10, 43}, {9, 9, 5, 69}, {13, 4, 5, 40}, {16, 6, 5, 86}} {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			if (tc.h+1)*tc.w > position.MaxBits {
				t.Skipf("past %d bits: c4/internal/wide/negamax's", position.MaxBits)
			}
			b, err := position.NewBoard(tc.w, tc.h)
			if err != nil {
				t.Fatal(err)
			}
			ref := naive{}
			s := New(Options{TableMiB: 1})
			checked := 0
			for g := 0; g < tc.games; g++ {
				p := position.New(b)
				for !p.IsOver() {
					if p.Moves() >= tc.from {
						checked++
						want := ref.score(p)
						s.Reset()
						r, err := s.Solve(context.Background(), p, search.Strong)
						if err != nil || r.Score != want {
							t.Fatalf("%s after %d moves (key %x): solver %d, %v; minimax %d", b, p.Moves(), p.Key(), r.Score, err, want)
						}
						if w, _ := s.Solve(context.Background(), p, search.Weak); w.Score != search.WeakScore(want) {
							t.Fatalf("%s (key %x): weak %d, minimax %d", b, p.Key(), w.Score, want)
						}
					}
					if !playQuiet(rng, &p) {
						break
					}
				}
			}
			if tc.from == 0 {
				t.Logf("%s: the empty board scores %d", b, ref.score(position.New(b)))
			}
			if checked < tc.games {
				t.Errorf("%s: only %d positions checked", b, checked)
			}
		})
	}
}

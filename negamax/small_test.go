package negamax

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"c4/position"
	"c4/solve"
)

// naive is plain memoised minimax straight from the definition of the score,
// with none of the solver's pruning: the reference on small boards.
type naive map[uint64]int

func (m naive) score(p position.Position) int {
	if v, ok := m[uint64(p.Key())]; ok {
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
	m[uint64(p.Key())] = best
	return best
}

// TestSmallBoards compares the solver with naive minimax on every position of
// 4x4 reached by random games, and on random positions of other small boards.
func TestSmallBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tc := range []struct {
		w, h, games, from int
	}{{4, 4, 200, 0}, {5, 4, 100, 4}, {4, 5, 100, 4}, {6, 3, 100, 0}, {3, 6, 50, 0}, {7, 6, 30, 32}, {8, 7, 20, 46}} {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			b, err := position.NewBoard(tc.w, tc.h)
			if err != nil {
				t.Fatal(err)
			}
			ref := naive{}
			s := New(Options{TableMiB: 1})
			for g := 0; g < tc.games; g++ {
				p := position.New(b)
				for !p.IsOver() {
					if p.Moves() >= tc.from {
						want := ref.score(p)
						s.Reset()
						r, err := s.Solve(context.Background(), p, solve.Strong)
						if err != nil || r.Score != want {
							t.Fatalf("%s after %d moves (key %x): solver %d, %v; minimax %d", b, p.Moves(), p.Key(), r.Score, err, want)
						}
						if w, _ := s.Solve(context.Background(), p, solve.Weak); w.Score != solve.WeakScore(want) {
							t.Fatalf("%s (key %x): weak %d, minimax %d", b, p.Key(), w.Score, want)
						}
					}
					var cols []int
					for c := 0; c < b.Width(); c++ {
						if p.CanPlay(c) {
							cols = append(cols, c)
						}
					}
					p.PlayColumn(cols[rng.IntN(len(cols))])
				}
			}
			if tc.from == 0 {
				t.Logf("%s: the empty board scores %d", b, ref.score(position.New(b)))
			}
		})
	}
}

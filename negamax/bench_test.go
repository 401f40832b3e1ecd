package negamax

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"c4/position"
	"c4/search"
	"c4/testsets"
	"c4/testsets/publictest"
)

// BenchmarkSolve solves the first 100 positions of each public set, one
// position an op, with a 128 MiB table cleared before each (as c4 bench
// does). Run with -benchtime 100x to solve each of the 100 exactly once:
//
//	go test ./negamax -run XXX -bench Solve -benchtime 100x -benchmem -timeout 0
func BenchmarkSolve(b *testing.B) {
	s := New(Options{})
	for _, name := range testsets.PublicNames() {
		set := publictest.Set(b, name)
		var positions []position.Position
		for _, c := range set.Cases[:100] {
			positions = append(positions, mustParse(b, c.Moves))
		}
		for _, mode := range []search.Mode{search.Strong, search.Weak} {
			b.Run(testsets.Label(name)+"/"+mode.String(), func(b *testing.B) {
				var nodes uint64
				i := 0
				for b.Loop() {
					s.Reset()
					r, err := s.Solve(context.Background(), positions[i%len(positions)], mode)
					if err != nil {
						b.Fatal(err)
					}
					nodes += r.Stats.Nodes
					i++
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			})
		}
	}
}

// BenchmarkBoards solves random positions with 28 empty cells of boards
// either side of 64 bits (those past them in c4/internal/wide/negamax, generated
// from this benchmark), one position an op, for the nodes a second of each:
//
//	go test ./negamax ./internal/wide/negamax -run XXX -bench Boards -benchtime 20x
func BenchmarkBoards(b *testing.B) {
	for _, wh := range [][2]int{{7, 6}, {8, 7}, {8, 8}, {9, 7}, {10, 6}} {
		b.Run(fmt.Sprintf("%dx%d", wh[0], wh[1]), func(b *testing.B) {
			board, err := position.NewBoard(wh[0], wh[1])
			if err != nil {
				b.Skipf("past %d bits", position.MaxBits)
			}
			rng := rand.New(rand.NewPCG(uint64(wh[0]), uint64(wh[1])))
			var positions []position.Position
			for len(positions) < 20 {
				p := position.New(board)
				for p.Moves() < board.Cells()-28 && playQuiet(rng, &p) && !p.IsOver() {
				}
				if p.Moves() == board.Cells()-28 && !p.IsOver() {
					positions = append(positions, p)
				}
			}
			s := New(Options{})
			if _, err := s.Solve(context.Background(), positions[0], search.Weak); err != nil {
				b.Fatal(err) // the board's tables made before the clock starts
			}
			var nodes uint64
			i := 0
			for b.Loop() {
				s.Reset()
				r, err := s.Solve(context.Background(), positions[i%len(positions)], search.Strong)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Stats.Nodes
				i++
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

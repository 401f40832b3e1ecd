package negamax

import (
	"context"
	"testing"

	"c4/solve"
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
		cases := set.Cases[:100]
		for _, mode := range []solve.Mode{solve.Strong, solve.Weak} {
			b.Run(testsets.Label(name)+"/"+mode.String(), func(b *testing.B) {
				var nodes uint64
				i := 0
				for b.Loop() {
					s.Reset()
					r, err := s.Solve(context.Background(), cases[i%len(cases)].Position, mode)
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

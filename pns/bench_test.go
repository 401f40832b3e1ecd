package pns

import (
	"context"
	"fmt"
	"testing"

	"c4/position"
	"c4/testsets"
	"c4/testsets/publictest"
)

// BenchmarkWeak solves the first 100 positions of each public set, one per op,
// with a 128 MiB table cleared before each, serial and on two threads,
// reporting nodes an op:
//
//	go test ./pns -run XXX -bench Weak -benchtime 100x -timeout 0
func BenchmarkWeak(b *testing.B) {
	for _, name := range testsets.PublicNames() {
		cases := publictest.Set(b, name).Cases[:100]
		for _, threads := range []int{1, 2} {
			s := New(Options{Threads: threads})
			b.Run(fmt.Sprintf("%s/threads=%d", testsets.Label(name), threads), func(b *testing.B) { runWeak(b, s, cases) })
		}
	}
}

// BenchmarkEpsilon compares values of the 1+epsilon trick's epsilon.
func BenchmarkEpsilon(b *testing.B) {
	for _, name := range []string{"Test_L2_R2", "Test_L1_R1", "Test_L1_R2"} {
		cases := publictest.Set(b, name).Cases[:100]
		for _, eps := range []float64{-1, 0.125, 0.25, 0.5, 1, 2, 4} {
			s := New(Options{TableMiB: 128, Epsilon: eps})
			b.Run(fmt.Sprintf("%s/eps=%g", testsets.Label(name), max(eps, 0)), func(b *testing.B) { runWeak(b, s, cases) })
		}
	}
}

func runWeak(b *testing.B, s *Solver, cases []testsets.Case) {
	var positions []position.Position
	for _, c := range cases {
		positions = append(positions, mustParse(b, c.Moves))
	}
	var nodes uint64
	i := 0
	for b.Loop() {
		s.Reset()
		_, st, err := s.weak(context.Background(), positions[i%len(positions)])
		if err != nil {
			b.Fatal(err)
		}
		nodes += st.Nodes
		i++
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

package solver_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"c4/solver"
	"c4/threat"
)

func Example() {
	s, err := solver.New(solver.Config{TableMiB: 16, Threads: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	ctx := context.Background()
	r, _ := s.Solve(ctx, "4455", false)
	a, _ := s.Analyze(ctx, "", false)
	best, _ := s.BestMove(ctx, "44")
	many, _ := s.SolveMany(ctx, []string{"", "4", "44455554221"}, false)
	fmt.Println(r.Score, a.Scores, string(best), many)
	_, err = s.Solve(ctx, "4489", false)
	fmt.Println(err)
	// Output:
	// 18 [-2 -1 0 1 0 -1 -2] 4 [1 -1 -15]
	// position "4489": move 3 ('8'): not a column of the 7x6 board (columns are 1-7)
}

func ExampleSolver_Explain() {
	s, _ := solver.New(solver.Config{TableMiB: 16, Threads: 1})
	defer s.Close()
	e, _ := s.Explain("24421444", threat.XO)
	fmt.Println(e)
	e, _ = s.Explain("4", threat.XO)
	fmt.Printf("%q\n", e)
	// Output:
	// O at least draws: answer every move of X's directly on top of it (claimeven), but a move in column 1 with one in column 4 and the reverse (baseinverse); X can then never complete four.
	// ""
}

func TestSolveMany(t *testing.T) {
	s, err := solver.New(solver.Config{Board: "5x4", Book: "none", TableMiB: 8, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	moves := []string{"", "3", "33", "333", "3333", "12", "5544", "1111"}
	many, err := s.SolveMany(ctx, moves, false)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		r, err := s.Solve(ctx, m, false)
		if err != nil || r.Score != many[i] {
			t.Errorf("%q: Solve %d, %v; SolveMany %d", m, r.Score, err, many[i])
		}
	}
	if _, err := s.SolveMany(ctx, []string{"1", "4455667"}, false); !errors.As(err, new(*solver.InvalidPosition)) {
		t.Errorf("a bad position in a batch: %v, want an InvalidPosition", err)
	}
}

func TestBadConfig(t *testing.T) {
	for _, c := range []solver.Config{{Board: "7"}, {Board: "40x3"}, {Book: "/nonexistent"}, {TableMiB: -1}, {Threads: -2}} {
		if s, err := solver.New(c); err == nil {
			s.Close()
			t.Errorf("%+v: no error", c)
		}
	}
}

func TestCanceled(t *testing.T) {
	s, err := solver.New(solver.Config{Book: "none", TableMiB: 8, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Solve(ctx, "", false); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
	s.Close()
	if _, err := s.Solve(context.Background(), "4", false); !errors.Is(err, solver.ErrClosed) {
		t.Errorf("closed: %v", err)
	}
}

func BenchmarkSolveBook(b *testing.B) {
	s, err := solver.New(solver.Config{TableMiB: 16, Threads: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for b.Loop() {
		s.Solve(ctx, "4444", false)
	}
}

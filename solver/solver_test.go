package solver_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"c4/engines"
	"c4/game"
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
	p, _ := s.Position("4455")
	r, _ := s.Solve(ctx, p, solver.Strong)
	scores, _, _ := s.Analyze(ctx, game.New(s.Board()), solver.Strong)
	p, _ = s.Position("44")
	best, _ := s.BestMove(ctx, p)
	fmt.Println(r.Score, scores, best+1)
	_, err = s.Position("4489")
	fmt.Println(err)
	// Output:
	// 18 [-2 -1 0 1 0 -1 -2] 4
	// position "4489": move 3 ('8'): not a column of the 7x6 board (columns are 1-7)
}

func ExampleExplain() {
	p, _ := game.Parse(game.Standard, "24421444")
	e, _ := solver.Explain(p, threat.XO)
	fmt.Println(e)
	p, _ = game.Parse(game.Standard, "4")
	_, ok := solver.Explain(p, threat.XO)
	fmt.Println(ok)
	// Output:
	// O at least draws: answer every move of X's directly on top of it (claimeven), but a move in column 1 with one in column 4 and the reverse (baseinverse); X can then never complete four.
	// false
}

// positions parses moves on s's board.
func positions(t *testing.T, s *solver.Solver, moves ...string) []game.Position {
	t.Helper()
	ps := make([]game.Position, len(moves))
	for i, m := range moves {
		p, err := s.Position(m)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = p
	}
	return ps
}

func TestSolveMany(t *testing.T) {
	s, err := solver.New(solver.Config{Board: "5x4", Book: "none", TableMiB: 8, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	moves := []string{"", "3", "33", "333", "3333", "12", "5544", "1111"}
	ps := positions(t, s, moves...)
	many, err := s.SolveMany(ctx, ps, solver.Strong)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		r, err := s.Solve(ctx, p, solver.Strong)
		if err != nil || r.Score != many[i] {
			t.Errorf("%q: Solve %d, %v; SolveMany %d", moves[i], r.Score, err, many[i])
		}
	}
	if _, err := s.Position("4455667"); !errors.As(err, new(*solver.InvalidPosition)) {
		t.Errorf("a finished game: %v, want an InvalidPosition", err)
	}
}

// TestDFPN: a Solver of DFPN answers the weak question as negamax does,
// and bounds no score.
func TestDFPN(t *testing.T) {
	d, err := solver.New(solver.Config{Board: "6x4", Engine: solver.DFPN, TableMiB: 8, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	n, err := solver.New(solver.Config{Board: "6x4", TableMiB: 8, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	ctx := context.Background()
	moves := []string{"", "1", "34", "3344", "616"}
	for i, p := range positions(t, d, moves...) {
		a, err := d.Solve(ctx, p, solver.Weak)
		b, err2 := n.Solve(ctx, p, solver.Weak)
		if err != nil || err2 != nil || a.Score != b.Score {
			t.Errorf("%q: DFPN %d (%v), negamax %d (%v)", moves[i], a.Score, err, b.Score, err2)
		}
	}
	if _, _, err := d.AtLeast(ctx, game.New(d.Board()), 1); !errors.Is(err, engines.ErrNoBounds) {
		t.Errorf("DFPN's AtLeast: %v, want ErrNoBounds", err)
	}
}

func TestBadConfig(t *testing.T) {
	for _, c := range []solver.Config{{Board: "7"}, {Board: "40x3"}, {Book: "/nonexistent"}, {TableMiB: -1}, {Threads: -2},
		{Engine: "mcts"}, {Engine: solver.DFPN, EndgameCells: -2}, {Board: "5x4", Book: "builtin", StrictBook: true}} {
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
	empty := game.New(s.Board())
	if _, err := s.Solve(ctx, empty, solver.Strong); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
	s.Close()
	if _, err := s.Solve(context.Background(), empty, solver.Strong); !errors.Is(err, solver.ErrClosed) {
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
	p, _ := s.Position("4444")
	for b.Loop() {
		s.Solve(ctx, p, solver.Strong)
	}
}

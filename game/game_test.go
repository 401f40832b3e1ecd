package game

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"c4/negamax"
	"c4/pns"
	"c4/position"
	"c4/solve"
)

// TestOneBoardASize: a size is one Board, however it is made, and its
// width's board is the one c4/position interns.
func TestOneBoardASize(t *testing.T) {
	a, err1 := ParseBoard(" 7X6")
	b, err2 := NewBoard(7, 6)
	if err1 != nil || err2 != nil || a != Standard || b != Standard || Standard.Narrow() != position.Standard {
		t.Fatalf("7X6 %v %v, 7, 6 %v %v", a, err1, b, err2)
	}
	for _, tc := range []struct {
		s    string
		wide bool
		err  bool
	}{{"8x7", false, false}, {"8x8", true, false}, {"11x5", true, false}, {"35x2", true, false}, {"17x8", false, true}, {"36x2", false, true}, {"0x4", false, true}} {
		b, err := ParseBoard(tc.s)
		if (err != nil) != tc.err || err == nil && (b.Wide() != tc.wide || (b.Narrow() == nil) != tc.wide || b.String() != tc.s) {
			t.Errorf("ParseBoard(%q) = %v (wide %v), %v", tc.s, b, b.Wide(), err)
		}
	}
}

// TestBothWidths plays and solves a position of each width through the one
// type, against each width's own package.
func TestBothWidths(t *testing.T) {
	b8, _ := NewBoard(8, 8)
	for _, tc := range []struct {
		b     Board
		moves string
		score int
	}{{Standard, "44455554221", -15}, {b8, "325288874681771854261111766716468744", 6}} {
		p, err := Parse(tc.b, tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		if p.Moves() != len(tc.moves) || p.IsOver() || p.Board() != tc.b {
			t.Fatalf("%s %q: %d moves, over %v", tc.b, tc.moves, p.Moves(), p.IsOver())
		}
		if _, ok := p.Narrow(); ok == tc.b.Wide() {
			t.Fatalf("%s: Narrow ok %v", tc.b, ok)
		}
		for _, e := range []*Engine{Negamax(negamax.Options{TableMiB: 8}, tc.b), Negamax(negamax.Options{TableMiB: 8}, Standard)} {
			r, err := e.Solve(context.Background(), p, solve.Strong)
			if err != nil || r.Score != tc.score {
				t.Errorf("%s %q: %d, %v; want %d", tc.b, tc.moves, r.Score, err, tc.score)
			}
		}
		w, err := DFPN(pns.Options{TableMiB: 8}, tc.b).Solve(context.Background(), p, solve.Weak)
		if err != nil || w.Score != solve.WeakScore(tc.score) {
			t.Errorf("%s %q: DFPN %d, %v", tc.b, tc.moves, w.Score, err)
		}
	}
	if _, err := Parse(b8, "19"); !errors.As(err, new(*position.ParseError)) {
		t.Errorf("Parse(8x8, 19): %v, want a *position.ParseError", err)
	}
}

// TestProgressWhileSolving reads Progress from another goroutine while a
// search of each width runs (go test -race checks the two share nothing
// unguarded).
func TestProgressWhileSolving(t *testing.T) {
	b8, _ := NewBoard(8, 8)
	if _, _, _, ok := DFPN(pns.Options{TableMiB: 8}, Standard).Progress(); ok {
		t.Error("DFPN has a negamax progress")
	}
	e := Negamax(negamax.Options{TableMiB: 8}, Standard)
	for _, p := range []Position{must(Parse(Standard, "4453")), must(Parse(b8, "3252888746817718542611117667"))} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			for range 50 {
				if _, _, _, ok := e.Progress(); !ok {
					t.Error("no progress from negamax")
				}
				time.Sleep(time.Millisecond)
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		e.Solve(ctx, p, solve.Strong)
		cancel()
		<-done
	}
}

func must(p Position, err error) Position {
	if err != nil {
		panic(err)
	}
	return p
}

// A board past 64 bits, 8x8, solved through the same calls as 7x6.
func ExampleParse() {
	b, _ := ParseBoard("8x8")
	p, _ := Parse(b, "325288874681771854261111766716468744")
	e := Negamax(negamax.Options{TableMiB: 16}, b)
	r, _ := e.Solve(context.Background(), p, solve.Strong)
	fmt.Println(b.Wide(), r.Score)
	// Output: true 6
}

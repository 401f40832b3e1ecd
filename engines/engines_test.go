package engines

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"c4/game"
	"c4/negamax"
	"c4/pns"
	"c4/position"
	"c4/search"
)

// TestBothWidths plays and solves a position of each width through the one
// type, against each width's own package.
func TestBothWidths(t *testing.T) {
	b8, _ := game.NewBoard(8, 8)
	for _, tc := range []struct {
		b     game.Board
		moves string
		score int
	}{{game.Standard, "44455554221", -15}, {b8, "325288874681771854261111766716468744", 6}} {
		p, err := game.Parse(tc.b, tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		if p.Moves() != len(tc.moves) || p.IsOver() || p.Board() != tc.b {
			t.Fatalf("%s %q: %d moves, over %v", tc.b, tc.moves, p.Moves(), p.IsOver())
		}
		if _, ok := p.Narrow(); ok == tc.b.Wide() {
			t.Fatalf("%s: Narrow ok %v", tc.b, ok)
		}
		for _, e := range []*Engine{Negamax(negamax.Options{TableMiB: 8}, tc.b), Negamax(negamax.Options{TableMiB: 8}, game.Standard)} {
			r, err := e.Solve(context.Background(), p, search.Strong)
			if err != nil || r.Score != tc.score {
				t.Errorf("%s %q: %d, %v; want %d", tc.b, tc.moves, r.Score, err, tc.score)
			}
		}
		d := DFPN(pns.Options{TableMiB: 8}, tc.b)
		w, err := d.Solve(context.Background(), p, search.Weak)
		if err != nil || w.Score != search.WeakScore(tc.score) {
			t.Errorf("%s %q: DFPN %d, %v", tc.b, tc.moves, w.Score, err)
		}
		if _, _, err := d.AtLeast(context.Background(), p, 0); !errors.Is(err, ErrNoBounds) {
			t.Errorf("%s %q: DFPN's AtLeast: %v, want ErrNoBounds", tc.b, tc.moves, err)
		}
		if ok, _, err := Negamax(negamax.Options{TableMiB: 8}, tc.b).AtLeast(context.Background(), p, tc.score); !ok || err != nil {
			t.Errorf("%s %q: AtLeast(%d): %v, %v", tc.b, tc.moves, tc.score, ok, err)
		}
	}
	if _, err := game.Parse(b8, "19"); !errors.As(err, new(*position.ParseError)) {
		t.Errorf("game.Parse(8x8, 19): %v, want a *position.ParseError", err)
	}
}

// TestProgressWhileSolving reads Progress from another goroutine while a
// search of each width runs (go test -race checks the two share nothing
// unguarded).
func TestProgressWhileSolving(t *testing.T) {
	b8, _ := game.NewBoard(8, 8)
	if _, _, _, ok := DFPN(pns.Options{TableMiB: 8}, game.Standard).Progress(); ok {
		t.Error("DFPN has a negamax progress")
	}
	e := Negamax(negamax.Options{TableMiB: 8}, game.Standard)
	for _, p := range []game.Position{must(game.Parse(game.Standard, "4453")), must(game.Parse(b8, "3252888746817718542611117667"))} {
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
		e.Solve(ctx, p, search.Strong)
		cancel()
		<-done
	}
}

// A board past 64 bits, 8x8, solved through the same calls as 7x6.
func ExampleNegamax() {
	b, _ := game.ParseBoard("8x8")
	p, _ := game.Parse(b, "325288874681771854261111766716468744")
	e := Negamax(negamax.Options{TableMiB: 16}, b)
	r, _ := e.Solve(context.Background(), p, search.Strong)
	fmt.Println(b.Wide(), r.Score)
	// Output: true 6
}

func must(p game.Position, err error) game.Position {
	if err != nil {
		panic(err)
	}
	return p
}

// TestOneWidthAtATime: a position of the other width drops the engine
// held, so that an Engine's memory is one engine's.
func TestOneWidthAtATime(t *testing.T) {
	b8, _ := game.NewBoard(8, 8)
	e := Negamax(negamax.Options{TableMiB: 1}, game.Standard)
	for _, p := range []game.Position{game.New(b8), must(game.Parse(game.Standard, "4453"))} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		e.Solve(ctx, p, search.Weak)
		cancel()
		if (e.narrow != nil) == (e.wide != nil) {
			t.Errorf("after a %s position: a 64-bit engine %v, a 128-bit engine %v", p.Board(), e.narrow != nil, e.wide != nil)
		}
	}
}

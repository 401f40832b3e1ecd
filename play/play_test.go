package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"c4/solver"
)

func config(t *testing.T, w, h, humanParity int) Config {
	s, err := solver.New(solver.Config{Board: fmt.Sprintf("%dx%d", w, h), Book: "none", TableMiB: 8})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return Config{Solver: s, Hints: true,
		HumansTurn: func(n int) bool { return n%2 == humanParity }}
}

// TestGame plays whole games through a pipe: bad input re-prompts, undo
// takes back the machine's reply too, and perfect play never loses on 4x4
// (a draw).
func TestGame(t *testing.T) {
	in := "x\n9\n" + strings.Repeat("1\n", 6) + strings.Repeat("1\n2\n3\n4\n", 20)
	var out strings.Builder
	if err := Run(context.Background(), config(t, 4, 4, 0), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		`"x": type a column (1-4)`, `"9": type a column (1-4)`, "column 1 is full",
		"c4 plays", "scores: ", "\n . . . .\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "you win") {
		t.Errorf("perfect play lost:\n%s", got)
	}
	if !strings.Contains(got, "draw") && !strings.Contains(got, "c4 wins") {
		t.Errorf("no result:\n%s", got)
	}
}

// TestWideBoard: on a board of 10 columns, the tenth is played as "a" (or
// "A"), as the board labels it and as c4 solve reads it.
func TestWideBoard(t *testing.T) {
	var out strings.Builder
	cfg := config(t, 10, 2, 0)
	cfg.Hints = false
	if err := Run(context.Background(), cfg, strings.NewReader("a\nA\nq\n"), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "(1-9, a, u undo, q quit)") || strings.Contains(got, "type a column") || strings.Count(got, "(score ") != 2 {
		t.Errorf("column a not taken on 10x2:\n%s", got)
	}
}

// TestInterrupt: an interrupt while the game waits for a move ends it at
// once with ctx's error.
func TestInterrupt(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cfg := config(t, 4, 4, 0)
	done := make(chan error)
	go func() { done <- Run(ctx, cfg, r, io.Discard) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Run = %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the game still waits for a move after the interrupt")
	}
}

func TestUndoAndQuit(t *testing.T) {
	var out strings.Builder
	cfg := config(t, 5, 4, 1) // c4 first
	cfg.Hints = false
	var searched []string
	cfg.Searching = func(moves string) func() {
		searched = append(searched, moves)
		return func() { searched = append(searched, "done") }
	}
	if err := Run(context.Background(), cfg, strings.NewReader("u\n1\nu\nq\n"), &out); err != nil {
		t.Fatal(err)
	}
	if want := []string{"", "done", "31", "done"}; !slices.Equal(searched, want) {
		t.Errorf("searches %q, want %q", searched, want)
	}
	got := out.String()
	// c4 opens in the centre, answers 1 with 2; the undo takes both back.
	// Each of c4's searches is reported to Searching, and ended.
	last := got[strings.LastIndex(got, "\n . . . . .\n . . . . .\n . . . . .\n"):]
	if !strings.Contains(got, "c4 plays 3") || !strings.Contains(got, "c4 plays 2") || !strings.Contains(got, "nothing to undo") ||
		!strings.HasPrefix(last, "\n . . . . .\n . . . . .\n . . . . .\n . . X . .\n") {
		t.Errorf("output:\n%s", got)
	}
	// The end of the input quits too.
	if err := Run(context.Background(), cfg, strings.NewReader(""), &out); err != nil {
		t.Fatal(err)
	}
}

// TestSidesFourAndReplay: the game says which side the human plays, marks the
// four that ends it, and asks to play again; y starts a new game, n ends.
func TestSidesFourAndReplay(t *testing.T) {
	var out strings.Builder
	cfg := config(t, 5, 4, 0)
	cfg.Hints = false
	// The human stacks columns 1 and 5; c4 (O) wins in column 2.
	in := "1\n1\n1\n5\n5\nmaybe\ny\n3\nu\nq\n"
	if err := Run(context.Background(), cfg, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"new game: you play X (first), c4 plays O (second)",
		"your move, X (1-5",
		" O * . . .\n X * . . .\n X * . . X\n X * . . X\n 1 2 3 4 5\nc4 wins: four in a row\n(* marks the four)\nmoves: 1212115252\n",
		"play again? (y/n): type y or n\nplay again? (y/n): \nnew game",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "new game:"); n != 2 {
		t.Errorf("%d games, want 2:\n%s", n, got)
	}
	out.Reset()
	cfg = config(t, 5, 4, 1)
	if err := Run(context.Background(), cfg, strings.NewReader("q\n"), &out); err != nil || !strings.Contains(out.String(), "you play O (second), c4 plays X (first)") {
		t.Errorf("c4 first: %v\n%s", err, out.String())
	}
}

// TestFromPosition: on 8x8, a board past 64 bits, games start from a late
// position; undo goes back no further; a start that is no position, or a
// finished one, is an error.
func TestFromPosition(t *testing.T) {
	const start = "325288874681771854261111766716468744"
	cfg := config(t, 8, 8, 0)
	cfg.Start = start
	var out strings.Builder
	if err := Run(context.Background(), cfg, strings.NewReader("2\nu\nu\nq\n"), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"scores: +6 +6 +5 +6 -13 +6 +6 +6", "c4 plays", "nothing to undo"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	for _, bad := range []string{start + "9", "1212121"} {
		cfg.Start = bad
		if err := Run(context.Background(), cfg, strings.NewReader("q\n"), io.Discard); err == nil {
			t.Errorf("Start %q accepted", bad)
		}
	}
}

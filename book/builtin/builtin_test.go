package builtin

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"c4/book"
	"c4/negamax"
	"c4/position"
)

// TestBook checks the built-in book: its size, the empty board and its
// moves, and a sample of its positions of 8 stones against the search.
func TestBook(t *testing.T) {
	bk, err := Book()
	if err != nil {
		t.Fatal(err)
	}
	if bk.Depth(position.Standard) != 8 || bk.Len() != 129498 {
		t.Fatalf("depth %d, %d positions; want 8 and 129498", bk.Depth(position.Standard), bk.Len())
	}
	s := negamax.New(negamax.Options{TableMiB: 64, Book: bk})
	scores, st, err := s.Analyze(context.Background(), position.New(position.Standard), negamax.Strong)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{-2, -1, 0, 1, 0, -1, -2}; !slices.Equal(scores, want) || st.Nodes != 0 {
		t.Errorf("empty board's moves: %v with %d nodes, want %v from the book", scores, st.Nodes, want)
	}

	plain := negamax.New(negamax.Options{TableMiB: 64})
	layers := book.Enumerate(position.New(position.Standard), 8)
	rng := rand.New(rand.NewPCG(8, 8))
	n := 20
	if testing.Short() {
		n = 5
	}
	for range n {
		p, err := position.Standard.FromKey(layers[8][rng.IntN(len(layers[8]))])
		if err != nil {
			t.Fatal(err)
		}
		want, ok := bk.Score(p)
		r, err := plain.Solve(context.Background(), p, negamax.Strong)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || r.Score != want {
			t.Errorf("%s: book %d (%v), search %d", p.Draw(), want, ok, r.Score)
		}
	}
}

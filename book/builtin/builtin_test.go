package builtin

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"c4/book"
	"c4/game"
	"c4/negamax"
	"c4/position"
	"c4/solve"
)

// TestBook checks the built-in book: every position of up to its depth
// (Stones) and nothing else, the empty board and its moves, and a
// sample of its deepest positions against the search.
func TestBook(t *testing.T) {
	bk, err := Book()
	if err != nil {
		t.Fatal(err)
	}
	depth := bk.Depth(position.Standard)
	layers := book.Enumerate(game.New(game.Standard), depth)
	n := 0
	for _, layer := range layers {
		n += len(layer)
	}
	if depth != Stones || bk.Len() != n {
		t.Fatalf("depth %d, %d positions; want Stones (%d), and the %d positions of up to that depth", depth, bk.Len(), Stones, n)
	}
	s := negamax.New(negamax.Options{TableMiB: 64, Book: bk})
	scores, st, err := s.Analyze(context.Background(), position.New(position.Standard), solve.Strong)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{-2, -1, 0, 1, 0, -1, -2}; !slices.Equal(scores, want) || st.Nodes != 0 {
		t.Errorf("empty board's moves: %v with %d nodes, want %v from the book", scores, st.Nodes, want)
	}

	plain := negamax.New(negamax.Options{TableMiB: 64})
	rng := rand.New(rand.NewPCG(8, 8))
	samples := 20
	if testing.Short() {
		samples = 5
	}
	for range samples {
		p, err := position.Standard.FromKey(position.Bits(layers[depth][rng.IntN(len(layers[depth]))].Lo))
		if err != nil {
			t.Fatal(err)
		}
		want, ok := bk.Score(p)
		r, err := plain.Solve(context.Background(), p, solve.Strong)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || r.Score != want {
			t.Errorf("%s: book %d (%v), search %d", p.Draw(), want, ok, r.Score)
		}
	}
}

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
	"c4/search"
)

// layerSizes are the numbers of 7x6 positions, mirror images once, of 0, 1,
// 2 ... stones, as book.Enumerate counts them (TestLayerSizes checks the
// first ten), so that TestBook need not enumerate millions of positions.
var layerSizes = []int{1, 4, 25, 121, 568, 2144, 8231, 27109, 91295, 269531, 809464, 2148087, 5832236, 14105207}

func TestLayerSizes(t *testing.T) {
	for n, layer := range book.Enumerate(game.New(game.Standard), 9) {
		if len(layer) != layerSizes[n] {
			t.Errorf("%d stones: %d positions, layerSizes says %d", n, len(layer), layerSizes[n])
		}
	}
}

// TestBook checks the built-in book: every position of up to its depth
// (Stones) and nothing else, by count, the empty board and its moves, and
// positions of its deepest layer, reached by random games, against the
// search.
func TestBook(t *testing.T) {
	bk, err := Book()
	if err != nil {
		t.Fatal(err)
	}
	depth := bk.Depth(position.Standard)
	if depth != Stones || Stones >= len(layerSizes) {
		t.Fatalf("depth %d; want Stones (%d), of at most %d", depth, Stones, len(layerSizes)-1)
	}
	n := 0
	for _, size := range layerSizes[:depth+1] {
		n += size
	}
	if bk.Len() != n {
		t.Fatalf("%d positions; want the %d of up to %d stones", bk.Len(), n, depth)
	}
	s := negamax.New(negamax.Options{TableMiB: 64})
	s.UseBook(bk)
	scores, st, err := s.Analyze(context.Background(), position.New(position.Standard), search.Strong)
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
		g, ok := game.RandomPosition(game.Standard, depth, rng)
		if !ok {
			t.Fatalf("no random game reached %d stones", depth)
		}
		p, _ := g.Narrow()
		want, ok := bk.Score(p)
		r, err := plain.Solve(context.Background(), p, search.Strong)
		if err != nil {
			t.Fatal(err)
		}
		if !ok || r.Score != want {
			t.Errorf("%s: book %d (%v), search %d", p.Draw(), want, ok, r.Score)
		}
		for c := range p.Board().Width() {
			if p.CanPlay(c) && !p.IsWinningMove(c) {
				p.PlayColumn(c)
				if _, ok := bk.Score(p); ok {
					t.Errorf("%s: in the book, past its depth", p.Draw())
				}
				break
			}
		}
	}
}

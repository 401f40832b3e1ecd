package negamax

import (
	"context"
	"testing"

	"c4/position"
	"c4/search"
)

// growingBook holds no score, and says its depth is depth: it counts what
// the search asks it.
type growingBook struct {
	depth, asked int
}

func (g *growingBook) Depth(*position.Board) int { return g.depth }

func (g *growingBook) Score(p position.Position) (int, bool) {
	g.asked++
	return 0, false
}

// TestBookGrows: a book given before a search, or grown between two, is
// asked to its depth at the next search, on a board the solver has seen.
func TestBookGrows(t *testing.T) {
	s := New(Options{TableMiB: 1})
	p, _ := position.Parse(position.Standard, "5554224333234511764415115")
	ctx := context.Background()
	if _, err := s.Solve(ctx, p, search.Strong); err != nil {
		t.Fatal(err)
	}
	bk := &growingBook{depth: -1}
	s.UseBook(bk)
	s.Reset()
	s.Solve(ctx, p, search.Strong)
	if bk.asked != 0 {
		t.Fatalf("a book of depth -1 was asked %d times", bk.asked)
	}
	bk.depth = 30
	s.Reset()
	s.Solve(ctx, p, search.Strong)
	if bk.asked == 0 {
		t.Error("the book grown to 30 stones was not asked")
	}
}

package ahead

import (
	"testing"

	"c4/game"
)

// TestAnswersByBoard: the same key on two boards is two positions.
func TestAnswersByBoard(t *testing.T) {
	b54, _ := game.NewBoard(5, 4)
	b64, _ := game.NewBoard(6, 4)
	var a answers
	p, q := game.New(b54), game.New(b64)
	if p.Key() != q.Key() {
		t.Fatal("the empty boards' keys differ: the test needs a shared key")
	}
	a.put(p, []int{1, 2, 3, 4, 5})
	if _, ok := a.get(q); ok {
		t.Error("a 6x4 position answered by a 5x4 one's scores")
	}
	if s, ok := a.get(p); !ok || len(s) != 5 {
		t.Error("the 5x4 position lost")
	}
}

package book

import (
	"fmt"
	"sync"
	"sync/atomic"

	"c4/position"
)

// Layered is a book in memory that grows by layers: a Frozen book of the
// first layers, then Frozen books of the next (files that Reduce wrote
// with from past the first book's depth), each added when it has been
// read. The static site answers from its first layers at once and reads
// the deeper ones afterwards. It is safe for concurrent use, and Add may
// be called while searches run: a search asks the parts it sees.
type Layered struct {
	mu    sync.Mutex // held by Add
	parts atomic.Pointer[[]*Frozen]
}

// NewLayered returns a Layered book of parts, books of one board; of none,
// it is empty until Add.
func NewLayered(parts ...*Frozen) (*Layered, error) {
	l := &Layered{}
	l.parts.Store(&[]*Frozen{})
	for _, f := range parts {
		if err := l.Add(f); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// Add adds f, a book of the same board as the others.
func (l *Layered) Add(f *Frozen) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	parts := *l.parts.Load()
	if len(parts) > 0 && (f.width != parts[0].width || f.height != parts[0].height) {
		return fmt.Errorf("a book of %dx%d, not of %dx%d", f.width, f.height, parts[0].width, parts[0].height)
	}
	more := append(parts[:len(parts):len(parts)], f)
	l.parts.Store(&more)
	return nil
}

// Depth is the most stones of a position of b in any part, -1 if it is a
// book of another board.
func (l *Layered) Depth(b *position.Board) int {
	d := -1
	for _, f := range *l.parts.Load() {
		d = max(d, f.Depth(b))
	}
	return d
}

// Score returns the score of p, and whether a part has it.
func (l *Layered) Score(p position.Position) (int, bool) {
	for _, f := range *l.parts.Load() {
		if s, ok := f.Score(p); ok {
			return s, true
		}
	}
	return 0, false
}

// Len is the number of positions of every part.
func (l *Layered) Len() int {
	n := 0
	for _, f := range *l.parts.Load() {
		n += f.Len()
	}
	return n
}

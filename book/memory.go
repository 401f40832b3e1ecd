package book

import (
	"fmt"
	"io"

	"c4/position"
)

// Memory is a book held in memory, read from a portable file (Export): for
// a small book shipped inside the program (package builtin), without a
// database. It is safe for concurrent use.
type Memory struct {
	width, height int
	depth         int
	scores        map[uint64]int8 // by canonical key
}

// ReadMemory reads a portable book file into memory, checking it as
// ImportFile does.
func ReadMemory(r io.Reader) (*Memory, error) {
	m := &Memory{scores: map[uint64]int8{}}
	board, depth, _, err := decode(r, func(_ *position.Board, k uint64, score int) error {
		m.scores[k] = int8(score)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading a book: %w", err)
	}
	m.width, m.height, m.depth = board.Width(), board.Height(), depth
	return m, nil
}

// Depth is the book's depth on board b, -1 if it is a book of another board.
func (m *Memory) Depth(b *position.Board) int {
	if b.Width() != m.width || b.Height() != m.height {
		return -1
	}
	return m.depth
}

// Score returns the score of p, and whether the book has it.
func (m *Memory) Score(p position.Position) (int, bool) {
	if m.Depth(p.Board()) < p.Moves() {
		return 0, false
	}
	s, ok := m.scores[p.CanonicalKey()]
	return int(s), ok
}

// Len is the number of positions held, mirror images once.
func (m *Memory) Len() int { return len(m.scores) }

package book

import (
	"fmt"
	"io"
	"slices"

	"c4/position"
)

// Memory is a book held in memory, read from a portable file (Export): for
// a book shipped inside the program (package builtin), without a database.
// It keeps the sorted canonical keys in one array and the scores in
// another, 9 bytes a position, and finds a key by binary search: a map
// would take several times the memory and as long to build as to read the
// file. It is safe for concurrent use.
type Memory struct {
	width, height int
	depth         int
	keys          []uint64 // canonical keys, increasing
	scores        []int8   // scores[i] is the score of keys[i]
}

// ReadMemory reads a portable book file into memory, checking it as
// ImportFile does.
func ReadMemory(r io.Reader) (*Memory, error) {
	m := &Memory{}
	h, err := decode(r, func(_ *position.Board, k uint64, score int) error {
		m.keys = append(m.keys, k)
		m.scores = append(m.scores, int8(score))
		return nil
	})
	if err == nil && h.count > 0 {
		err = fmt.Errorf("it holds %s, not a whole book", h.shard())
	}
	if err != nil {
		return nil, fmt.Errorf("reading a book: %w", err)
	}
	m.width, m.height, m.depth = h.board.Width(), h.board.Height(), h.depth
	m.keys, m.scores = slices.Clip(m.keys), slices.Clip(m.scores)
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
	i, ok := slices.BinarySearch(m.keys, p.CanonicalKey())
	if !ok {
		return 0, false
	}
	return int(m.scores[i]), true
}

// Len is the number of positions held, mirror images once.
func (m *Memory) Len() int { return len(m.keys) }

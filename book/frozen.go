package book

import (
	"fmt"
	"io"
	"slices"

	"c4/position"
)

// Frozen is a read-only book held in memory, read from a portable file
// (Export): for a book shipped inside the program (package builtin),
// without a database. It keeps the sorted canonical keys in one array and
// the scores in another, 9 bytes a position, and finds a key by binary
// search: a map would take several times the memory and as long to build
// as to read the file. It is safe for concurrent use.
type Frozen struct {
	width, height int
	depth         int
	keys          []uint64 // canonical keys, increasing
	scores        []int8   // scores[i] is the score of keys[i]
}

// Load reads a whole book's portable file into memory, checking it as
// ImportFile does.
func Load(r io.Reader) (*Frozen, error) {
	f := &Frozen{}
	h, err := Decode(r, func(_ *position.Board, k uint64, score int) error {
		f.keys = append(f.keys, k)
		f.scores = append(f.scores, int8(score))
		return nil
	})
	if err == nil && h.Count > 0 {
		err = fmt.Errorf("it holds %s, not a whole book", h.Shard())
	}
	if err != nil {
		return nil, fmt.Errorf("reading a book: %w", err)
	}
	f.width, f.height, f.depth = h.Board.Width(), h.Board.Height(), h.Depth
	f.keys, f.scores = slices.Clip(f.keys), slices.Clip(f.scores)
	return f, nil
}

// Depth is the book's depth on board b, -1 if it is a book of another board.
func (f *Frozen) Depth(b *position.Board) int {
	if b.Width() != f.width || b.Height() != f.height {
		return -1
	}
	return f.depth
}

// Score returns the score of p, and whether the book has it.
func (f *Frozen) Score(p position.Position) (int, bool) {
	if f.Depth(p.Board()) < p.Moves() {
		return 0, false
	}
	i, ok := slices.BinarySearch(f.keys, p.CanonicalKey())
	if !ok {
		return 0, false
	}
	return int(f.scores[i]), true
}

// Len is the number of positions held, mirror images once.
func (f *Frozen) Len() int { return len(f.keys) }

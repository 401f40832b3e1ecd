package store

import (
	"fmt"

	"c4/book/builtin"
	"c4/game"
	"c4/position"
)

// Source is a book as a search consults it (negamax.Book is the same); a
// Book's WideBook serves the boards past 64 bits.
type Source interface {
	Depth(b *position.Board) int
	Score(p position.Position) (int, bool)
}

// OpenNamed opens the book that name names, as c4's --book flag does:
// "none" (or "") no book, "builtin" c4's own (package builtin), anything
// else a database folder, opened to read. It returns the book and what
// closes it. A book that holds nothing of board b is an error if asked
// (the user named it), and is quietly not used otherwise (the games'
// default, the built-in 7x6 book, on another board).
func OpenNamed(name string, b game.Board, asked bool, opts Options) (Source, func(), error) {
	var bk Source
	closeBook := func() {}
	switch name {
	case "", "none":
		return nil, closeBook, nil
	case "builtin":
		frozen, err := builtin.Book()
		if err != nil {
			return nil, nil, err
		}
		bk = frozen
	default:
		opts.ReadOnly = true
		db, err := Open(name, opts)
		if err != nil {
			return nil, nil, err
		}
		bk, closeBook = db, func() { db.Close() }
	}
	if db, ok := bk.(*Book); ok {
		if err := db.CheckComplete(b); err != nil {
			closeBook()
			return nil, nil, err
		}
	}
	if depthOf(bk, b) < 0 {
		closeBook()
		if asked {
			return nil, nil, fmt.Errorf("--book %s holds no book of %s", name, b)
		}
		return nil, func() {}, nil
	}
	return bk, closeBook, nil
}

// depthOf is bk's depth on board b, which a built-in book holds only if it
// fits 64 bits.
func depthOf(bk Source, b game.Board) int {
	if db, ok := bk.(*Book); ok {
		return db.DepthOf(b)
	}
	if nb := b.Narrow(); nb != nil {
		return bk.Depth(nb)
	}
	return -1
}

// Package named opens the book a --book flag names: none, builtin (c4's
// own, package builtin) or a database folder (package store). It is the
// one place that knows those names, so that neither the store nor the
// built-in book does.
package named

import (
	"fmt"
	"io"

	"c4/game"
	"c4/negamax"
)

// Open opens the book that name names, as c4's --book flag does: "none"
// (or "") no book, "builtin" c4's own (package builtin), anything else a
// database folder, opened to read. It returns the book and what closes it.
// A book that holds nothing of board b is an error if asked (the user
// named it), and is quietly not used otherwise (the games' default, the
// built-in 7x6 book, on another board, which is then not even read). A
// database whose generation was stopped is an error (store.ErrIncomplete).
// The database's messages go to log, if set.
func Open(name string, b game.Board, asked bool, log io.Writer) (negamax.Book, func(), error) {
	var bk negamax.Book
	closeBook := func() {}
	switch {
	case name == "" || name == "none":
		return nil, closeBook, nil
	case name == "builtin" && b != game.Standard:
		return notHeld(name, b, asked)
	case name == "builtin":
		frozen, err := openBuiltin()
		if err != nil {
			return nil, nil, err
		}
		bk = frozen
	default:
		db, closeDB, err := openDatabase(name, b, log)
		if err != nil {
			return nil, nil, err
		}
		bk, closeBook = db, closeDB
	}
	if Depth(bk, b) < 0 {
		closeBook()
		return notHeld(name, b, asked)
	}
	return bk, closeBook, nil
}

// notHeld is Open's answer for a book that holds nothing of board b.
func notHeld(name string, b game.Board, asked bool) (negamax.Book, func(), error) {
	if asked {
		return nil, nil, fmt.Errorf("--book %s holds no book of %s", name, b)
	}
	return nil, func() {}, nil
}

// Depth is the most stones of a position of board b that bk holds, -1 if
// none (or bk is nil): a book of one width (a built-in book) holds only
// boards of 64 bits, a database (with DepthOf) any.
func Depth(bk negamax.Book, b game.Board) int {
	if bk == nil {
		return -1
	}
	if db, ok := bk.(interface{ DepthOf(game.Board) int }); ok {
		return db.DepthOf(b)
	}
	if nb := b.Narrow(); nb != nil {
		return bk.Depth(nb)
	}
	return -1
}

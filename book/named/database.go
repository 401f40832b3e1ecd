//go:build !js

package named

import (
	"io"

	"c4/book/builtin"
	"c4/book/store"
	"c4/game"
	"c4/negamax"
)

// openDatabase opens the book database in the folder dir to read, and
// checks that its generation of board b was finished.
func openDatabase(dir string, b game.Board, log io.Writer) (negamax.Book, func(), error) {
	db, err := store.Open(dir, store.Options{ReadOnly: true, Log: log})
	if err != nil {
		return nil, nil, err
	}
	if err := db.CheckComplete(b); err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, func() { db.Close() }, nil
}

// openBuiltin reads the built-in book.
func openBuiltin() (negamax.Book, error) { return builtin.Book() }

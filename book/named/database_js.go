package named

import (
	"errors"
	"io"

	"c4/game"
	"c4/negamax"
)

// errInMemory is the error of a book WebAssembly would read from a file.
var errInMemory = errors.New("in WebAssembly, the book comes in memory (solver.Config.OpenBook)")

// openBuiltin is refused in WebAssembly: the built-in book would grow the
// program by its 11.6 MB, and the page fetches the layers it needs.
func openBuiltin() (negamax.Book, error) { return nil, errInMemory }

// openDatabase is refused in WebAssembly, which has no files: its books
// come in memory (solver.Config.OpenBook).
func openDatabase(dir string, b game.Board, log io.Writer) (negamax.Book, func(), error) {
	return nil, nil, errInMemory
}

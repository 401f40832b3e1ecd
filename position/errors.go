//widen:shared

package position

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// ErrGameOver is the error for searching or playing on from a position with
// four in a row or a full board: the game has ended.
var ErrGameOver = errors.New("the game is already over")

// ParseError says why a move string is not a position. Index is the 0-based
// index of the offending character, or -1 when the string as a whole is at
// fault (too long).
type ParseError struct {
	Moves  string // the move string as given
	Index  int
	Reason string
}

func (e *ParseError) Error() string {
	moves := e.Moves
	if n := utf8.RuneCountInString(moves); n > maxQuoted { // keep the message one readable line
		cut := 0
		for range maxQuoted {
			_, size := utf8.DecodeRuneInString(moves[cut:])
			cut += size
		}
		moves = fmt.Sprintf("%s...(%d characters)", moves[:cut], n)
	}
	if e.Index < 0 {
		return fmt.Sprintf("position %q: %s", moves, e.Reason)
	}
	return fmt.Sprintf("position %q: move %d (%s): %s", moves, e.Index+1, e.char(), e.Reason)
}

// char quotes the offending character: the whole of a multi-byte one ('€'),
// the byte's code if it starts no valid UTF-8 character ('\xe2').
func (e *ParseError) char() string {
	r, size := utf8.DecodeRuneInString(e.Moves[e.Index:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf(`'\x%02x'`, e.Moves[e.Index])
	}
	return fmt.Sprintf("%q", r)
}

// maxQuoted is the most of a move string an error message quotes.
const maxQuoted = 80

package position

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

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
	if len(moves) > maxQuoted { // keep the message one readable line
		moves = fmt.Sprintf("%s...(%d characters)", moves[:maxQuoted], len(moves))
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

// Parse plays the move string s (columns from 1, see ColumnName) from the
// empty board b. It refuses a character that names no column of b, a move
// into a full column, a move after the game is over, and a string longer
// than the board has cells; the error is a *ParseError.
func Parse(b *Board, s string) (Position, error) {
	p := New(b)
	if len(s) > b.Cells() {
		return p, &ParseError{s, -1, fmt.Sprintf("too long: %d moves on a %s board of %d cells", len(s), b, b.Cells())}
	}
	for i := 0; i < len(s); i++ {
		c := columnOf(s[i])
		switch {
		case c < 0 || c >= b.w:
			return p, &ParseError{s, i, fmt.Sprintf("not a column of the %s board (columns are %s)", b, b.ColumnRange())}
		case p.n > 0 && p.HasFour():
			return p, &ParseError{s, i, "the game is already over: the previous move made four in a row"}
		case !p.CanPlay(c):
			return p, &ParseError{s, i, fmt.Sprintf("column %c is full", ColumnName(c))}
		}
		p.PlayColumn(c)
	}
	return p, nil
}

// ColumnRange writes the column names of b, such as "1-7" or "1-9, a-c",
// for messages that ask for a column.
func (b *Board) ColumnRange() string {
	switch {
	case b.w == 1:
		return "1"
	case b.w <= 9:
		return fmt.Sprintf("1-%c", ColumnName(b.w-1))
	case b.w == 10:
		return "1-9, a"
	}
	return fmt.Sprintf("1-9, a-%c", ColumnName(b.w-1))
}

// Format writes 0-based columns as a move string, the inverse of Parse.
func Format(cols []int) string {
	var sb strings.Builder
	for _, c := range cols {
		sb.WriteByte(ColumnName(c))
	}
	return sb.String()
}

// Draw renders the board as text, top row first, with the stones of the
// first player as 'x', the second's as 'o' and empty cells as '.', and the
// column names below.
func (p Position) Draw() string {
	first := p.cur // stones of the player who moved first
	if p.n%2 == 1 {
		first = p.cur ^ p.mask
	}
	var sb strings.Builder
	for r := p.b.h - 1; r >= -1; r-- {
		for c := 0; c < p.b.w; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			bit := Bits(1) << (uint(c)*p.b.h1 + uint(r))
			switch {
			case r < 0:
				sb.WriteByte(ColumnName(c))
			case first&bit != 0:
				sb.WriteByte('x')
			case p.mask&bit != 0:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

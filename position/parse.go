package position

import (
	"fmt"
	"strings"
)

// Parse plays the move string s (columns from 1, see ColumnName) from the
// empty board b. It refuses a character that names no column of b, a move
// into a full column, a move after the game is over, and a string longer
// than the board has cells; the error is a *ParseError.
func Parse(b *Board, s string) (Position, error) {
	p := New(b)
	if len(s) > b.Cells() {
		return p, &ParseError{Moves: s, Index: -1, Reason: fmt.Sprintf("too long: %d moves on a %s board of %d cells", len(s), b, b.Cells())}
	}
	for i := 0; i < len(s); i++ {
		c := columnOf(s[i])
		switch {
		case c < 0 || c >= b.w:
			return p, &ParseError{Moves: s, Index: i, Reason: fmt.Sprintf("not a column of the %s board (columns are %s)", b, b.ColumnRange())}
		case p.n > 0 && p.HasFour():
			return p, &ParseError{Moves: s, Index: i, Reason: "the game is already over: the previous move made four in a row"}
		case !p.CanPlay(c):
			return p, &ParseError{Moves: s, Index: i, Reason: fmt.Sprintf("column %c is full", ColumnName(c))}
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

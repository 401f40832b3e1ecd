// Package game is c4's positions on every board it takes, those of
// c4/position (up to 64 bits, (H+1)*W <= 64) and those of c4/internal/wide/position
// (up to 128), behind one type each: a Board is a size, and a Position
// holds a position of whichever width its board needs (c4/engines solves
// them). The commands, the games and the test sets work through it; the
// searches never do (each width's search is its own code, see
// c4/internal/widen), so what it costs is a branch a position, not a node.
package game

import (
	"fmt"
	"strconv"
	"strings"

	wposition "c4/internal/wide/position"
	"c4/position"
)

// Board is a board size: W columns of H rows. It is a comparable value, so
// two boards of one size are equal however they were made. The zero Board
// is not valid: use NewBoard, ParseBoard or Standard.
type Board struct{ w, h int }

// Standard is the 7x6 board of the commercial game and of the benchmarks.
var Standard = Board{7, 6}

// MaxBits is the most bits a board may take, (H+1)*W.
const MaxBits = wposition.MaxBits

// MaxWidth is the widest board: its columns are named 1-9 and a-z.
const MaxWidth = wposition.MaxWidth

// NewBoard returns the board of w columns and h rows: w and h at least 1,
// w at most MaxWidth, (h+1)*w at most MaxBits.
func NewBoard(w, h int) (Board, error) {
	if _, err := wposition.NewBoard(w, h); err != nil {
		return Board{}, err
	}
	return Board{w, h}, nil
}

// ParseBoard reads a size written "WxH", such as "7x6".
func ParseBoard(s string) (Board, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return Board{}, fmt.Errorf("board %q: want WIDTHxHEIGHT, such as 7x6", s)
	}
	return NewBoard(w, h)
}

// Width is the number of columns.
func (b Board) Width() int { return b.w }

// Height is the number of rows.
func (b Board) Height() int { return b.h }

// Cells is the number of cells, W*H.
func (b Board) Cells() int { return b.w * b.h }

// String writes the size as "WxH".
func (b Board) String() string { return fmt.Sprintf("%dx%d", b.w, b.h) }

// Wide says whether the board takes more than 64 bits, and so c4/internal/wide's
// packages.
func (b Board) Wide() bool { return (b.h+1)*b.w > position.MaxBits }

// Narrow is the board as c4/position has it, nil if it is wide.
func (b Board) Narrow() *position.Board {
	if b.Wide() {
		return nil
	}
	nb, _ := position.NewBoard(b.w, b.h)
	return nb
}

// WideBoard is the board as c4/internal/wide/position has it.
func (b Board) WideBoard() *wposition.Board {
	wb, _ := wposition.NewBoard(b.w, b.h)
	return wb
}

// Of is the Board of a c4/position board.
func Of(b *position.Board) Board { return Board{b.Width(), b.Height()} }

// Column returns the 0-based column that name names on b ("1".."9", then
// "a", "b", ... in either case), and false if name is no column of b.
func (b Board) Column(name string) (int, bool) { return b.WideBoard().Column(name) }

// ColumnRange writes the column names of b, such as "1-7" or "1-9, a-c".
func (b Board) ColumnRange() string { return b.WideBoard().ColumnRange() }

// OfWide is the Board of b.
func OfWide(b *wposition.Board) Board { return Board{b.Width(), b.Height()} }

// AttackPaths names the path position.AttackThreats takes and how it was
// chosen, for the reports that must say what their figures rest on: "avx2
// (measured, a call: ...)"; with wide, also the path of the boards past 64
// bits (internal/wide/position's).
func AttackPaths(wide bool) string {
	name, how := position.AttackPath()
	s := name + " (" + how + ")"
	if wide {
		name, how = wposition.AttackPath()
		s += "; past 64 bits " + name + " (" + how + ")"
	}
	return s
}

// List names boards for a message: "5x4, 7x6".
func List(boards []Board) string {
	names := make([]string, len(boards))
	for i, b := range boards {
		names[i] = b.String()
	}
	return strings.Join(names, ", ")
}

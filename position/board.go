package position

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Board describes a board size. It is a value chosen at run time rather than
// a set of constants; solvers copy what they need from it once per search.
// There is one Board of each size (NewBoard returns it), so that two boards
// are the same size exactly when they are the same pointer: a solver that
// compares them keeps its table. The zero Board is not valid: use NewBoard
// or Standard.
type Board struct {
	w, h   int
	h1     uint // H+1: the distance between neighbouring columns
	bottom Bits // the bottom cell of every column
	full   Bits // every playable cell
	col    Bits // the cells of column 0; column c is col << c*h1

	// claim is every cell, spare rows included, whose row has the parity of
	// H: the cell above a column's top stone is there exactly when the
	// column has an even number of empty cells.
	claim Bits

	// wide is all ones when the board has at least four columns, so that
	// horizontal and diagonal lines exist, and zero otherwise; the shifts
	// of those lines (h1, h1-1, h1+1 and their multiples) are then all
	// below wordBits.
	wide Bits
}

// Standard is the 7x6 board of the commercial game and of the benchmarks.
var Standard = mustBoard(7, 6)

// MaxWidth is the widest board: one that fits a bitboard with one row, and
// whose columns have names in a move string (1-9, then a-z).
const MaxWidth = min(wordBits/2, 9+26)

// shiftMask keeps shift counts below the word's width, where they are
// already: the compiler then leaves out its handling of larger ones.
const shiftMask = wordBits - 1

func mustBoard(w, h int) *Board {
	b, err := NewBoard(w, h)
	if err != nil {
		panic(err)
	}
	return b
}

// boards holds the one Board of each size made so far.
var boards sync.Map // [2]int -> *Board

// NewBoard returns the board of w columns and h rows, which must satisfy
// w >= 1, h >= 1, w <= MaxWidth and (h+1)*w <= MaxBits: the same *Board
// for the same size,
// every time.
func NewBoard(w, h int) (*Board, error) {
	if w < 1 || h < 1 || (h+1)*w > MaxBits {
		return nil, fmt.Errorf("board %dx%d: need width and height of at least 1 and (height+1)*width <= %d", w, h, MaxBits)
	}
	if w > MaxWidth {
		return nil, fmt.Errorf("board %dx%d: at most %d columns, named 1-9 and a-z in a move string", w, h, MaxWidth)
	}
	if b, ok := boards.Load([2]int{w, h}); ok {
		return b.(*Board), nil
	}
	b, _ := boards.LoadOrStore([2]int{w, h}, makeBoard(w, h))
	return b.(*Board), nil
}

// makeBoard makes the board of w columns and h rows.
func makeBoard(w, h int) *Board {
	b := &Board{w: w, h: h, h1: uint(h + 1)}
	for c := 0; c < w; c++ {
		b.bottom |= 1 << (uint(c) * b.h1)
	}
	b.col = (Bits(1) << uint(h)) - 1
	b.full = b.bottom * b.col
	for r := h; r >= 0; r -= 2 {
		b.claim |= b.bottom << uint(r)
	}
	if w >= 4 {
		b.wide = ^Bits(0)
	}
	return b
}

// ParseBoard reads a size written "WxH", such as "7x6".
func ParseBoard(s string) (*Board, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return nil, fmt.Errorf("board %q: want WIDTHxHEIGHT, such as 7x6", s)
	}
	return NewBoard(w, h)
}

// Width is the number of columns.
func (b *Board) Width() int { return b.w }

// Height is the number of rows.
func (b *Board) Height() int { return b.h }

// Cells is the number of cells, W*H.
func (b *Board) Cells() int { return b.w * b.h }

// String writes the size as "WxH".
func (b *Board) String() string { return fmt.Sprintf("%dx%d", b.w, b.h) }

// ColumnMask is the bitboard of every cell of column c (0-based).
func (b *Board) ColumnMask(c int) Bits { return b.col << (uint(c) * b.h1 & shiftMask) }

// CentreFirst returns the masks of the columns in the order a search tries
// them (CentreOrder).
func (b *Board) CentreFirst() [MaxWidth]Bits {
	var m [MaxWidth]Bits
	for i, c := range CentreOrder(b.w) {
		m[i] = b.ColumnMask(c)
	}
	return m
}

// CentreOrder returns the 0-based columns of a board w wide in the order
// the searches try them: the middle column (the right one of the two
// middle columns of an even width), then alternately left and right of it.
func CentreOrder(w int) []int {
	cols := make([]int, w)
	for i := range cols {
		cols[i] = w/2 + (1-2*(i%2))*(i+1)/2
	}
	return cols
}

// Column returns the 0-based column that name names on b, as in a move
// string ("1".."9", then "a", "b", ... in either case), and false if name
// is no column of b.
func (b *Board) Column(name string) (int, bool) {
	if len(name) != 1 {
		return 0, false
	}
	c := columnOf(name[0])
	return c, c >= 0 && c < b.w
}

// columnOf reads a move character: its 0-based column, or -1 when the
// character names no column at all.
func columnOf(ch byte) int {
	switch {
	case ch >= '1' && ch <= '9':
		return int(ch - '1')
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 9
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 9
	}
	return -1
}

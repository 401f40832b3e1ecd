//widen:skip

// Package position is the Connect Four bitboard shared by c4's solvers: the
// board geometry, playing moves, win and threat detection, parsing and
// printing move strings, and position keys with their mirror symmetry.
//
// It holds no search: everything here is a handful of word operations, and
// nothing allocates, so the solvers can call it on every node.
//
// # Layout
//
// A board of W columns and H rows is stored in one 64-bit word, a Bits,
// with a spare row on top of every column (John Tromp's layout): the cell
// of column c and row r (both from 0, row 0 at the bottom) is bit
// c*(H+1)+r. For 7x6:
//
//	.  .  .  .  .  .  .      <- spare row, always empty
//	5 12 19 26 33 40 47
//	4 11 18 25 32 39 46
//	3 10 17 24 31 38 45
//	2  9 16 23 30 37 44
//	1  8 15 22 29 36 43
//	0  7 14 21 28 35 42
//
// A position is two such words: mask, the occupied cells, and cur, the
// stones of the side to move. The spare row keeps shifts of one column from
// spilling into the next, and makes mask+bottom the cell above each column's
// top stone, so finding where a stone lands is an addition. Every size with
// (H+1)*W <= 64 fits.
//
// # Wider boards
//
// c4/internal/wide/position is this package on 128-bit words, for the boards with
// (H+1)*W <= 128: the same API, generated from this package's source by
// c4/internal/widen, which turns each operator on a Bits into a call of the
// two-word type's method. Files marked //widen:skip hold what differs with
// the word: this one, the Bits type (bits64.go) and the vector paths.
package position

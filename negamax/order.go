package negamax

import "math/bits"

// sorter orders the moves of one node, best first. A move is known by its
// index i in the centre-first column order, and the sorter is a set of
// bits, one per move, at score<<shift | (1<<shift - 1 - i): the highest bit
// is the best move and, of moves with equal scores, the one nearer the
// centre. shift is the bits of a column index, so a score counts as at most
// 64>>shift - 1: 7 on boards up to 8 columns wide, 3 up to 16, 1 up to 32.
//
// Finding the best move is one count of leading zeros, where sorting an
// array of entries costs a share of the search's time.
type sorter struct {
	set   uint64
	shift uint
}

// sortShift is the sorter's shift for boards of width columns.
func sortShift(width int) uint { return uint(bits.Len(uint(width - 1))) }

// reset empties the sorter, for moves of a board whose sortShift is shift.
func (s *sorter) reset(shift uint) { s.set, s.shift = 0, shift }

// add adds the move of index i with its score, which is not negative.
func (s *sorter) add(i, score int) {
	top := 1<<s.shift - 1
	s.set |= 1 << (uint(min(score, 64>>s.shift-1)<<s.shift+top-i) & 63)
}

// next removes and returns the index of the best remaining move, or false
// when none is left.
func (s *sorter) next() (i int, ok bool) {
	if s.set == 0 {
		return 0, false
	}
	b := bits.Len64(s.set) - 1
	s.set &^= 1 << uint(b)
	top := 1<<s.shift - 1
	return top - b&top, true
}

package negamax

import "c4/position"

// sorter orders the moves of one node, best first: it is an insertion sort
// on a fixed array, since a node has at most one move per column. A move is
// known by its index in the centre-first column order, and each entry
// packs its score above that index, so that of moves with equal scores the
// one nearer the centre comes out first.
type sorter struct {
	n       int
	entries [position.MaxWidth]int
}

// add inserts the move of index i with its score, which is not negative.
func (s *sorter) add(i, score int) {
	e := score*position.MaxWidth + position.MaxWidth - 1 - i
	j := s.n
	s.n++
	for ; j > 0 && s.entries[j-1] > e; j-- {
		s.entries[j] = s.entries[j-1]
	}
	s.entries[j] = e
}

// next removes and returns the index of the best remaining move, or false
// when none is left.
func (s *sorter) next() (i int, ok bool) {
	if s.n == 0 {
		return 0, false
	}
	s.n--
	return position.MaxWidth - 1 - s.entries[s.n]%position.MaxWidth, true
}

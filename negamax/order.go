package negamax

// sorter orders the moves of one node, best first: it is an insertion sort
// on a fixed array, since a node has at most one move per column.
type sorter struct {
	n       int
	entries [32]struct {
		move    uint64
		ref     ref    // the table entry of the position after move
		threats uint64 // the mover's winning cells after move
		score   int
	}
}

// add inserts move, with the table entry and the threats (see
// position.Attack) of the position it leads to, and its score.
// Of moves with equal scores, the one added last comes out first.
func (s *sorter) add(move uint64, r ref, threats uint64, score int) {
	i := s.n
	s.n++
	for ; i > 0 && s.entries[i-1].score > score; i-- {
		s.entries[i] = s.entries[i-1]
	}
	s.entries[i].move = move
	s.entries[i].ref = r
	s.entries[i].threats = threats
	s.entries[i].score = score
}

// next removes and returns the best remaining move with its entry and
// threats, or a 0 move when none is left.
func (s *sorter) next() (move uint64, r ref, threats uint64) {
	if s.n == 0 {
		return 0, ref{}, 0
	}
	s.n--
	e := &s.entries[s.n]
	return e.move, e.ref, e.threats
}

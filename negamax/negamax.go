package negamax

import "c4/position"

// checkEvery is how many nodes pass between looks at the context.
const checkEvery = 1 << 14

// Table values: one byte holding a bound on the score and its kind. The
// score is offset to be positive; upper bounds are below lowerFlag.
const (
	lowerFlag  = 0x80
	scoreShift = 64 // larger than any score's magnitude on a 64-cell board
)

func upperBound(score int) uint8 { return uint8(score + scoreShift) }
func lowerBound(score int) uint8 { return uint8(score+scoreShift) | lowerFlag }

// negamax returns the score of p if it lies in (alpha, beta); otherwise a
// bound on it: at most alpha when the score is at most alpha, at least beta
// when it is at least beta. The side to move must have no winning move.
//
// key is p.CanonicalKey(), computed by the caller, which has already asked
// for the key's table entry to be prefetched.
func (s *Solver) negamax(p position.Position, key uint64, alpha, beta int) int {
	s.nodes++
	if s.nodes%checkEvery == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}

	next := p.NonLosingMoves()
	n := p.Moves()
	if next == 0 { // every move lets the opponent win at once
		return -(s.cells - n) / 2
	}
	if n >= s.cells-2 { // neither side can win with the last two stones
		return 0
	}

	// The opponent cannot win with its next stone, nor we with this one.
	if lo := -(s.cells - 2 - n) / 2; alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha
		}
	}
	if hi := (s.cells - 1 - n) / 2; beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}

	if v := s.tt.get(key); v != 0 {
		s.hits++
		score := int(v&^lowerFlag) - scoreShift
		if v&lowerFlag != 0 {
			if alpha < score {
				alpha = score
				if alpha >= beta {
					return alpha
				}
			}
		} else if beta > score {
			beta = score
			if alpha >= beta {
				return beta
			}
		}
	}

	// Ask for every child's table entry first, then order the moves while
	// the cache misses are under way.
	sc := &s.scratch[n]
	moves, keys := &sc.moves, &sc.keys
	moves.n = 0
	w := s.board.Width()
	for i := w - 1; i >= 0; i-- {
		if m := next & s.colOrder[i]; m != 0 {
			q := p
			q.Play(m)
			keys[i] = q.CanonicalKey()
			s.tt.prefetch(keys[i])
		}
	}
	for i := w - 1; i >= 0; i-- {
		if m := next & s.colOrder[i]; m != 0 {
			moves.add(m, keys[i], p.MoveScore(m))
		}
	}
	for m, k := moves.next(); m != 0; m, k = moves.next() {
		q := p
		q.Play(m)
		score := -s.negamax(q, k, -beta, -alpha)
		if score >= beta {
			s.tt.put(key, lowerBound(score))
			return score
		}
		if score > alpha {
			alpha = score
		}
	}
	s.tt.put(key, upperBound(alpha))
	return alpha
}

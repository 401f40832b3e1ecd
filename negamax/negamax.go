package negamax

import (
	"c4/position"
)

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
// r is w.ref(p), found by the caller, which has already asked for the
// entry to be prefetched; threats is p.OpponentWinningCells(), which the
// caller has also computed (Attack of the move that led to p).
//
// A stopped search (see worker) returns 0 from every node and writes
// nothing to the table, so that what is there stays true.
func (w *worker) negamax(p position.Position, r ref, threats uint64, alpha, beta int) int {
	w.nodes++
	if w.nodes%checkEvery == 0 {
		w.published.Store(w.nodes)
		if w.ctx.Err() != nil {
			w.stopped = true
		}
		if w.dichotomy != nil {
			w.dichotomy.wake()
		}
	}
	if w.stop.Load() {
		w.stopped = true
	}
	if w.stopped {
		return 0
	}

	next := p.NonLosingMovesAgainst(threats)
	n := p.Moves()
	if n <= w.bookDepth { // keeps the call, which is not inlined, off the path of deeper nodes
		if score, ok := w.fromBook(p); ok {
			return score
		}
	}
	if next == 0 { // every move lets the opponent win at once
		return -(w.cells - n) / 2
	}
	if n >= w.cells-2 { // neither side can win with the last two stones
		return 0
	}

	// The opponent cannot win with its next stone.
	if lo := -(w.cells - 2 - n) / 2; alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha
		}
	}
	// Nor can we with this one; and a side that cannot complete four any
	// more, or loses the race for the cells when the opponent answers every
	// move in its column, cannot win at all. (Those bounds are at most 0:
	// with beta below 0 they cannot cut, and are not computed.)
	hi := (w.cells - 1 - n) / 2
	if beta >= 0 {
		if c, ok := p.FollowUpCeiling(threats); ok {
			hi = min(hi, c)
		} else if hi > 0 && !p.CanStillWin() {
			hi = 0
		}
	}
	if beta > hi {
		beta = hi
		if alpha >= beta {
			return beta
		}
	}
	// Below 0, the follow-up strategies may still show that we lose soon
	// enough for alpha: 7% fewer nodes on Middle-Medium and Begin-Hard (the
	// ceiling of a loss in FollowUpCeiling alone, looked for at every node
	// of a losing search, had cost as much time as it saved).
	if beta < 0 && alpha >= w.lowestLoss && p.FollowUpLoss(threats, alpha) {
		return alpha
	}
	if alpha < 0 && !p.OpponentCanStillWin() {
		alpha = 0
		if alpha >= beta {
			return alpha
		}
	}

	// A single move that does not lose at once is forced: play it without
	// a table entry of this node's own.
	if next&(next-1) == 0 {
		ours, wins := p.Attack(next)
		if wins {
			return (w.cells - 1 - n) / 2
		}
		if hi := (w.cells - 3 - n) / 2; beta > hi {
			beta = hi
			if alpha >= beta {
				return beta
			}
		}
		q := p
		q.Play(next)
		return -w.negamax(q, w.ref(q), ours, -beta, -alpha)
	}

	start := w.nodes
	if v := entryValue(r.get()); v != 0 {
		w.hits++
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

	// Ask for every child's table entry first, then look at the moves while
	// the cache misses are under way.
	sc := &w.scratch[n]
	moves, refs, childThreats := &sc.moves, &sc.refs, &sc.threats
	moves.reset(w.sortShift)
	width := p.Board().Width()
	for i := width - 1; i >= 0; i-- {
		if m := next & w.colOrder[i]; m != 0 {
			q := p
			q.Play(m)
			refs[i] = w.ref(q)
			refs[i].prefetch()
		}
	}
	// Every move's threats, whether it wins with our next stone, and how
	// many of its threats count for the order (ours straight above the
	// opponent's come too late), at once: eight moves take one pass of
	// vector instructions, where one move at a time had been a fifth of
	// the search's time.
	wins := p.AttackThreats(next, threats<<1, &w.colOrder, childThreats, &sc.counts)
	for i := width - 1; i >= 0; i-- {
		m := next & w.colOrder[i]
		if m == 0 {
			continue
		}
		if wins>>i&1 != 0 { // the best score left: the caller has checked for a win now
			score := (w.cells - 1 - n) / 2
			r.put(lowerBound(score), w.nodes-start)
			return score
		}
		// Enhanced transposition cutoff: a child whose score is known to be
		// at most -beta makes this node's at least beta.
		if n < w.etcBelow {
			if v := entryValue(refs[i].get()); v != 0 && v&lowerFlag == 0 {
				if score := scoreShift - int(v); score >= beta {
					r.put(lowerBound(score), w.nodes-start)
					return score
				}
			}
		}
		// Order by the threats the move makes that can still count, those
		// straight above a playable cell (which the opponent then cannot
		// use) twice.
		moves.add(i, int(sc.counts[i]))
	}
	// No move wins with our next stone either.
	if hi := (w.cells - 3 - n) / 2; beta > hi {
		beta = hi
		if alpha >= beta {
			r.put(upperBound(beta), w.nodes-start)
			return beta
		}
	}
	if n < w.divideBelow { // another worker may be searching this node too
		return w.divided(p, next, r, sc, start, alpha, beta)
	}
	for i, ok := moves.next(); ok; i, ok = moves.next() {
		q := p
		q.Play(next & w.colOrder[i])
		score := -w.negamax(q, refs[i], childThreats[i], -beta, -alpha)
		if w.stopped {
			return 0
		}
		if score >= beta {
			r.put(lowerBound(score), w.nodes-start)
			return score
		}
		if score > alpha {
			alpha = score
		}
	}
	r.put(upperBound(alpha), w.nodes-start)
	return alpha
}

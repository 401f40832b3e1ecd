package negamax

import (
	"c4/position"
)

// negamax returns the score of p if it lies in (alpha, beta); otherwise a
// bound on it: at most alpha when the score is at most alpha, at least beta
// when it is at least beta. The side to move must have no winning move.
//
// r is w.slot(p), found by the caller, which has already asked for the
// entry to be prefetched; threats is p.OpponentWinningCells(), which the
// caller has also computed (Attack of the move that led to p).
//
// A stopped search (see worker) returns 0 from every node and writes
// nothing to the table, so that what is there stays true.
//
// The steps: the bounds the position itself gives (bounds), a forced move
// played through (forced), the table's bound, the moves' generation with
// their wins and table cutoffs and their order (order), then the children
// (children, or divided with other workers).
func (w *worker) negamax(p position.Position, r slot, threats position.Bits, alpha, beta int) int {
	w.nodes++
	if w.nodes%checkEvery == 0 {
		w.checkIn()
	}
	if w.stop.Load() {
		w.stopped = true
	}
	if w.stopped {
		return 0
	}
	next := p.NonLosingMovesAgainst(threats)
	alpha, beta, done := w.bounds(p, next, threats, alpha, beta)
	if done {
		return alpha
	}
	if next&(next-1) == 0 {
		return w.forced(p, next, alpha, beta)
	}
	start := w.nodes
	if alpha, beta, done = w.tableBound(r, alpha, beta); done {
		return alpha
	}
	sc, score, done := w.order(p, next, threats, r, start, beta)
	if done {
		return score
	}
	// No move wins with our next stone either.
	if hi := (w.cells - 3 - p.Moves()) / 2; beta > hi {
		beta = hi
		if alpha >= beta {
			r.put(upperBound(beta), w.nodes-start)
			return beta
		}
	}
	if p.Moves() < w.divideBelow { // another worker may be searching this node too
		return w.divided(p, next, r, sc, start, alpha, beta)
	}
	return w.children(p, next, r, sc, start, alpha, beta)
}

// checkIn is what a worker does every checkEvery nodes: publish its count,
// look at its context, and let waiting workers look at its probe.
func (w *worker) checkIn() {
	w.published.Store(w.nodes)
	if w.ctx.Err() != nil {
		w.stopped = true
	}
	if w.dichotomy != nil {
		w.dichotomy.wake()
	}
}

// bounds narrows (alpha, beta) by what p itself says of its score, next
// being its moves that do not lose at once. done says that the score is
// known, or out of the window: it is then the returned alpha.
func (w *worker) bounds(p position.Position, next, threats position.Bits, alpha, beta int) (int, int, bool) {
	n := p.Moves()
	if n <= w.bookDepth { // keeps the call, which is not inlined, off the path of deeper nodes
		if score, ok := w.fromBook(p); ok {
			return score, beta, true
		}
	}
	if next == 0 { // every move lets the opponent win at once
		return -(w.cells - n) / 2, beta, true
	}
	if n >= w.cells-2 { // neither side can win with the last two stones
		return 0, beta, true
	}
	// The opponent cannot win with its next stone.
	if lo := -(w.cells - 2 - n) / 2; alpha < lo {
		alpha = lo
		if alpha >= beta {
			return alpha, beta, true
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
			return beta, beta, true
		}
	}
	// Below 0, the follow-up strategies may still show that we lose soon
	// enough for alpha (looked for here rather than in FollowUpCeiling,
	// at every node of a losing search, where it cost as much as it saved).
	if beta < 0 && alpha >= w.lowestLoss && p.FollowUpLoss(threats, alpha) {
		return alpha, beta, true
	}
	if alpha < 0 && !p.OpponentCanStillWin() {
		alpha = 0
		if alpha >= beta {
			return alpha, beta, true
		}
	}
	return alpha, beta, false
}

// forced plays next, p's only move that does not lose at once, without a
// table entry of p's own.
func (w *worker) forced(p position.Position, next position.Bits, alpha, beta int) int {
	n := p.Moves()
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
	return -w.negamax(q, w.slot(q), ours, -beta, -alpha)
}

// tableBound narrows (alpha, beta) by the bound in r's entry, if any; done
// says that the window closed, the score then being the returned alpha.
func (w *worker) tableBound(r slot, alpha, beta int) (int, int, bool) {
	v := entryValue(r.get())
	if v == 0 {
		return alpha, beta, false
	}
	w.hits++
	score, lower := bound(v)
	if lower {
		if alpha < score {
			alpha = score
		}
	} else if beta > score {
		beta = score
		if alpha >= beta {
			return beta, beta, true
		}
	}
	return alpha, beta, alpha >= beta
}

// order finds the moves of next, p's moves that do not lose at once, their
// table entries and threats, into p's scratch, in the order to search
// them. done says that a move settles p's score at once, which it returns
// and writes to r: a win with our next stone, or a child whose table entry
// makes p's score at least beta (enhanced transposition cutoff).
func (w *worker) order(p position.Position, next, threats position.Bits, r slot, start uint64, beta int) (*scratch, int, bool) {
	n := p.Moves()
	// Ask for every child's table entry first, then look at the moves while
	// the cache misses are under way.
	sc := &w.scratch[n]
	moves, slots, childThreats := &sc.moves, &sc.slots, &sc.threats
	moves.reset(w.sortShift)
	width := p.Board().Width()
	for i := width - 1; i >= 0; i-- {
		if m := next & w.colOrder[i]; m != 0 {
			q := p
			q.Play(m)
			slots[i] = w.slot(q)
			slots[i].prefetch()
		}
	}
	// Every move's threats, whether it wins with our next stone, and how
	// many of its threats count for the order (ours straight above the
	// opponent's come too late), at once: eight moves take one pass of
	// vector instructions.
	wins := p.AttackThreats(next, threats<<1, &w.colOrder, childThreats, &sc.counts)
	for i := width - 1; i >= 0; i-- {
		m := next & w.colOrder[i]
		if m == 0 {
			continue
		}
		if wins>>i&1 != 0 { // the best score left: the caller has checked for a win now
			score := (w.cells - 1 - n) / 2
			r.put(lowerBound(score), w.nodes-start)
			return sc, score, true
		}
		// Enhanced transposition cutoff: a child whose score is known to be
		// at most -beta makes this node's at least beta.
		if n < w.etcBelow {
			if v := entryValue(slots[i].get()); v != 0 {
				if s, lower := bound(v); !lower && -s >= beta {
					r.put(lowerBound(-s), w.nodes-start)
					return sc, -s, true
				}
			}
		}
		// Order by the threats the move makes that can still count, those
		// straight above a playable cell (which the opponent then cannot
		// use) twice.
		moves.add(i, int(sc.counts[i]))
	}
	return sc, 0, false
}

// children searches the moves in sc of the node p in their order, and
// writes p's bound to r.
func (w *worker) children(p position.Position, next position.Bits, r slot, sc *scratch, start uint64, alpha, beta int) int {
	for i, ok := sc.moves.next(); ok; i, ok = sc.moves.next() {
		q := p
		q.Play(next & w.colOrder[i])
		score := -w.negamax(q, sc.slots[i], sc.threats[i], -beta, -alpha)
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

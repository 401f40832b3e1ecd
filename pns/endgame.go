package pns

import (
	"unsafe"

	"c4/internal/hugemem"
	"c4/position"
)

// A node with few empty cells left is solved by a plain depth-first AND/OR
// search (goal) instead of MID: below some size a subtree costs proof-number
// search more in table traffic than it saves in nodes. The search settles
// nodes as evaluate does, tries moves in order of the threats they make,
// and remembers its answers in a small table of its worker's own, which
// fits in the cache. It is still this package's own search, sharing only
// the position package with negamax.

const (
	endBytes     = 8 << endBits
	endCheckBits = 64 - endBits // the low bits of the hash the entry holds
	endCheck     = 1<<endCheckBits - 1
	endGenBits   = 64 - endCheckBits - 2 // what the check and two flags leave
	endGenMask   = 1<<endGenBits - 1
)

// endTable is a direct-mapped table of exact answers. An entry is
// gen<<50 | check<<2 | att<<1 | answer, with check the low 48 bits of
// key*hashMul, whose high 16 bits are the index: the two identify the key.
// The generation (never 0, so an empty word matches nothing) makes clearing
// O(1).
type endTable struct {
	words []uint64
	gen   uint64
}

func newEndTable() *endTable {
	return &endTable{words: make([]uint64, 1<<endBits), gen: 1}
}

func (t *endTable) clear() {
	t.gen++
	if t.gen > endGenMask {
		clear(t.words)
		t.gen = 1
	}
}

// slot returns key's word and the entry it holds if it holds key's answer
// to the question att, with the answer bit 0.
func (t *endTable) slot(key uint64, att bool) (*uint64, uint64) {
	h := key * hashMul
	tag := t.gen<<(64-endGenBits) | (h&endCheck)<<2
	if att {
		tag |= 2
	}
	return &t.words[h>>(64-endBits)], tag
}

// endgame solves p, neither won nor lost at once, with goal and gives
// MID's answer: numbers and work. If the search was stopped, the numbers
// are evaluate's and nothing is stored.
func (w *worker) endgame(p position.Position, key uint64, att bool) (phi, delta uint32, work uint64) {
	before := w.nodes
	ok := w.goal(p, att, p.OpponentWinningCells())
	if w.stopped {
		phi, delta = w.evaluate(p, att)
		return phi, delta, 1
	}
	phi, delta = inf, 0
	if ok {
		phi, delta = 0, inf
	}
	work = 1 + w.nodes - before
	w.tt.put(key, att, phi, delta, work)
	return phi, delta, work
}

// goal says whether the side to move reaches its goal from p (att: a win;
// otherwise a draw or better), where it cannot win at once (the move to p
// was a non-losing one) and theirs are the opponent's winning cells, which
// the parent's AttackThreats found. Each call counts as a node, so budgets
// and the context stop it as they stop MID; its answer is then
// meaningless.
func (w *worker) goal(p position.Position, att bool, theirs position.Bits) bool {
	w.nodes++
	if w.nodes == w.budget || w.nodes%stopEvery == 0 && w.cancelled() {
		w.stopped = true
	}
	if w.stopped {
		return false
	}
	// The slot's cache line is fetched while settle works: its miss was a
	// tenth of the search's time.
	slot, tag := w.end.slot(tableKey(p), att)
	hugemem.Prefetch(unsafe.Pointer(slot))
	next := p.NonLosingMovesAgainst(theirs)
	if reached, ok := w.settle(p, att, theirs, next); ok {
		return reached
	}
	if e := *slot; e&^1 == tag {
		return e&1 != 0
	}
	if w.combination(p, att, theirs) {
		*slot = tag
		return false
	}
	sc := &w.ends[p.Moves()]
	won := p.AttackThreats(next, theirs<<1, &w.colOrder, &sc.threats, &sc.counts) != 0
	if !won {
		// The moves, most threats first (insertion sort; ties keep the
		// centre-first order).
		var order [position.MaxWidth]uint8
		n := 0
		for i := range w.board.Width() {
			if next&w.colOrder[i] == 0 {
				continue
			}
			j := n
			for j > 0 && sc.counts[order[j-1]] < sc.counts[i] {
				order[j] = order[j-1]
				j--
			}
			order[j] = uint8(i)
			n++
		}
		for _, i := range order[:n] {
			q := p
			q.Play(next & w.colOrder[i])
			if !w.goal(q, !att, sc.threats[i]) {
				won = true
				break
			}
		}
	}
	if w.stopped {
		return false
	}
	if won {
		tag |= 1
	}
	*slot = tag
	return won
}

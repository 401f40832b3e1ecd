package negamax

import (
	"sync/atomic"
	"unsafe"

	"c4/position"
)

// Two workers on the same probe (one joined the other's, see
// dichotomy.join) divide its moves by a simplified ABDADA: near the root,
// a worker marks the position it is searching, and puts last a move whose
// position another worker has marked, so that each searches what the other
// is not, and finds the other's results in the shared far table when it
// comes back to them. The marks are a small array of words indexed by a
// hash of the position's id, each holding the id of the last position
// marked there; a lost or stale mark only changes an order.

// busyMarks are the marks of the positions being searched.
type busyMarks [1 << busyBits]atomic.Uint64

// id is a position's identity: its bucket and its tag, which together
// determine its key.
func (r slot) id() uint64 { return uint64(uintptr(unsafe.Pointer(r.b))) ^ r.tag }

// at is where id's mark goes.
func (b *busyMarks) at(id uint64) *atomic.Uint64 { return &b[id*hashMul>>(64-busyBits)] }

// divided searches the moves in sc of the node p, as negamax does: a move
// whose position another worker is searching comes after the others,
// except the first move, which is searched first whatever, to set the
// bound. Its loop is children's with the marks added, kept apart so that
// the deeper nodes, nearly all of them, do not pay for the marks; the two
// loops repeat their body rather than call a shared one, which cost
// children's nodes time even inlined.
func (w *worker) divided(p position.Position, next position.Bits, r slot, sc *scratch, start uint64, alpha, beta int) int {
	me := r.id()
	mark := w.busy.at(me)
	mark.Store(me)
	defer mark.CompareAndSwap(me, 0)
	var later [position.MaxWidth]int
	nLater, k, first := 0, 0, true
	for {
		i, ok := sc.moves.next()
		if !ok {
			if k == nLater {
				break
			}
			i = later[k]
			k++
		} else if id := sc.slots[i].id(); !first && w.busy.at(id).Load() == id {
			later[nLater] = i
			nLater++
			continue
		}
		first = false
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

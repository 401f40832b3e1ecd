package pns

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"c4/internal/crew"
	"c4/position"
)

// Parallel PN-DFPN. A search on several threads keeps a small explicit
// proof-number tree at the root (the top tree). A worker without a job
// walks it from the root to the most-proving leaf, as DFPN would (the child
// of least delta, with DFPN's thresholds and the 1+epsilon trick), marks
// that leaf busy and runs DFPN on it, on the shared table, until the
// thresholds or its budget of nodes stop it (see jobShare); then it records
// the leaf's new proof numbers and walks again. A busy leaf counts as won
// by the attacker in the top tree's virtual proof numbers, so that the next
// walk finds the next most-proving leaf and gives it to another worker: a
// leaf where the defender moves counts as lost by it, and the next worker
// goes to another defence further up, which a proof needs as well; one
// where the attacker moves counts as won by it, and the next worker goes to
// a sibling, another defence. When that makes the root look solved, the
// walk is made again with each busy leaf counted as won by its side to
// move (see pick). A leaf on which splitWork has been spent is split into
// its children, so that the workers can share its subtree.
//
// The workers touch the top tree only between jobs, under a lock; during a
// job they share nothing but the table, which needs no lock (see entry).
// A lock costs less than handing out jobs over channels from a coordinator
// goroutine, which it replaced
// (docs/measurements/2026-11-24-dfpn-the-workers-share-the-top-tree.md).

// tree is the top tree: nodes[0] is the root, and a node's children are
// consecutive. Every field is read and written under the lock of the
// search that owns it (see mu in parallel), but the abort flags, which a
// worker's job reads without it.
type tree struct {
	nodes    []tnode
	used     int
	busy     []int32       // the leaves being searched
	abort    []atomic.Bool // by node: its job is to stop (see abortMoot)
	sideWins bool          // a busy leaf counts as won by its side to move, not the attacker (see pick)
}

type tnode struct {
	pos          position.Position
	key          uint64
	work         uint64 // spent on this node while a leaf
	phi, delta   uint32 // the proof numbers
	vphi, vdelta uint32 // the virtual ones, with each busy leaf counted as won (see pick)
	parent       int32
	first        int32 // the first child, if nkids > 0
	nkids        int8
	att          bool // the side to move is the attacker
	busy         bool // a worker is searching it
}

func newTree() *tree {
	return &tree{nodes: make([]tnode, treeNodes), abort: make([]atomic.Bool, treeNodes)}
}

// bytes is the memory the tree holds.
func (t *tree) bytes() int {
	return len(t.nodes) * int(unsafe.Sizeof(tnode{})+unsafe.Sizeof(atomic.Bool{}))
}

// job is a leaf given to a worker, with its thresholds.
type job struct {
	n              int32
	pos            position.Position
	key            uint64
	att            bool
	thPhi, thDelta uint32
	budget         uint64 // nodes
	abort          *atomic.Bool
}

// parallel searches p, which is neither won nor lost at once, on every
// worker, until it is solved, ctx ends or budget (if above 0) nodes
// are spent. It returns the root's proof numbers and the nodes searched.
// The first worker runs on the calling goroutine, the others on the
// solver's helpers (package crew), which stay awake for a while after a
// search; a helper still starting when the search is over is not waited
// for: waking an idle core on a virtual machine can take longer than many
// of the searches that come here.
func (s *Solver) parallel(ctx context.Context, p position.Position, key uint64, att bool, budget uint64) (phi, delta uint32, nodes uint64) {
	t, w0 := s.tree, s.workers[0]
	t.used, t.busy = 1, t.busy[:0]
	t.nodes[0] = tnode{pos: p, key: key, att: att, parent: -1}
	t.nodes[0].phi, t.nodes[0].delta = w0.lookup(p, key, att)
	t.split(0, w0)
	t.update(0)

	root := &t.nodes[0]
	// mu guards the top tree (t, root), nodes and done. The rules: a
	// worker holds it from its start to its end except while it runs a job
	// (w.run) or spins waiting for a job to end, and only then; a job
	// touches nothing of the tree but its leaf's abort flag, an atomic,
	// which others set under mu; the table needs no lock (see entry).
	var mu sync.Mutex
	var ended atomic.Uint64 // jobs ended
	done := false           // the search is over: a worker starting now has nothing to do
	work := func(w *worker) {
		for root.phi != 0 && root.delta != 0 && ctx.Err() == nil && (budget == 0 || nodes < budget) {
			j, ok := t.pick(w)
			if !ok {
				if len(t.busy) == 0 {
					break // nothing to search: cannot happen while the root is open
				}
				e := ended.Load()
				mu.Unlock()
				crew.Spin(func() bool { return ended.Load() != e })
				mu.Lock()
				continue
			}
			j.budget = jobWork
			if nodes > uint64(len(s.tt.entries)) {
				j.budget = max(jobWork, nodes/jobShare)
			}
			mu.Unlock()
			w.abort = j.abort
			phi, delta, n := w.run(ctx, j.pos, j.key, j.att, j.thPhi, j.thDelta, j.budget)
			w.abort = nil
			mu.Lock()
			nodes += n
			t.apply(j.n, phi, delta, n, w)
			ended.Add(1)
		}
		done = true
		for _, b := range t.busy {
			t.abort[b].Store(true) // the search is over
		}
	}
	for i, w := range s.workers[1:] {
		s.helpers[i].Go(func() {
			mu.Lock()
			defer mu.Unlock()
			if !done {
				work(w)
			}
		})
	}
	mu.Lock()
	work(w0)
	mu.Unlock()
	for i := range s.helpers {
		s.helpers[i].Wait()
	}
	return root.phi, root.delta, nodes
}

// pick returns the next job: the most-proving leaf by the virtual proof
// numbers in which a busy leaf counts as won by the attacker, or, where
// those make the root or the way down look solved (a chain of forced moves
// above a busy leaf does), by those in which it counts as won by its side
// to move. It returns false when neither finds a leaf to search.
func (t *tree) pick(w *worker) (job, bool) {
	j, ok := t.walk(w)
	if !ok && len(t.busy) > 0 {
		t.sideWins = true
		t.revalue()
		j, ok = t.walk(w)
		t.sideWins = false
		t.revalue()
	}
	return j, ok
}

// walk walks from the root to the most-proving leaf by the virtual proof
// numbers, marks it busy and returns it as a job, with the thresholds DFPN
// would give it. It returns false if that leaf is busy or solved, for now.
func (t *tree) walk(w *worker) (job, bool) {
	i := int32(0)
	n := &t.nodes[0]
	thPhi, thDelta := uint32(inf), uint32(inf)
	for n.nkids > 0 {
		best, second := int32(-1), uint32(inf)
		for k := n.first; k < n.first+int32(n.nkids); k++ {
			c := &t.nodes[k]
			switch {
			case best < 0 || c.vdelta < t.nodes[best].vdelta:
				if best >= 0 {
					second = t.nodes[best].vdelta
				}
				best = k
			case c.vdelta < second:
				second = c.vdelta
			}
		}
		c := &t.nodes[best]
		if c.vdelta == 0 || c.vdelta >= inf || c.vphi == 0 {
			return job{}, false // solved, for now
		}
		childThPhi := uint32(inf)
		if thDelta < inf {
			childThPhi = thDelta - min(thDelta-1, n.vdelta-c.vphi)
		}
		thPhi, thDelta = childThPhi, min(thPhi, Widen(second, w.epsilon))
		i, n = best, c
	}
	if n.busy || n.vphi == 0 || n.vdelta == 0 {
		return job{}, false
	}
	n.busy = true
	t.busy = append(t.busy, i)
	t.abort[i].Store(false)
	t.update(i)
	return job{n: i, pos: n.pos, key: n.key, att: n.att, thPhi: thPhi, thDelta: thDelta, abort: &t.abort[i]}, true
}

// apply records the proof numbers a worker found for leaf i and the work
// it spent, splits the leaf if enough work has been spent on it, brings the
// numbers above it up to date and stops the jobs that this made moot.
func (t *tree) apply(i int32, phi, delta uint32, work uint64, w *worker) {
	n := &t.nodes[i]
	n.busy = false
	t.busy = slices.DeleteFunc(t.busy, func(b int32) bool { return b == i })
	n.phi, n.delta = phi, delta
	n.work += work
	if n.phi != 0 && n.delta != 0 && n.work >= splitWork {
		t.split(i, w)
	}
	t.update(i)
	t.abortMoot()
}

// abortMoot tells the jobs below a solved node to stop, as their results
// can no longer change the root's: a node's proof settles its parent, or
// takes it out of its parent's choice, and its siblings' searches no
// longer count. Left alone, those jobs run on to their budget or
// thresholds; told to stop, they end within stopEvery nodes.
func (t *tree) abortMoot() {
	for _, b := range t.busy {
		for a := t.nodes[b].parent; a >= 0; a = t.nodes[a].parent {
			if t.nodes[a].phi == 0 || t.nodes[a].delta == 0 {
				t.abort[b].Store(true)
				break
			}
		}
	}
}

// split gives leaf i its children, if the tree has room for them.
func (t *tree) split(i int32, w *worker) {
	n := &t.nodes[i]
	if t.used+w.board.Width() > len(t.nodes) || n.nkids > 0 {
		return
	}
	next := n.pos.NonLosingMoves()
	n.first = int32(t.used)
	for c := range w.board.Width() {
		m := next & w.colOrder[c]
		if m == 0 {
			continue
		}
		k := &t.nodes[t.used]
		t.used++
		n.nkids++
		*k = tnode{pos: n.pos, att: !n.att, parent: i}
		k.pos.Play(m)
		k.key = tableKey(k.pos)
		k.phi, k.delta = w.lookup(k.pos, k.key, k.att)
		k.vphi, k.vdelta = k.phi, k.delta
	}
}

// update recomputes the numbers of node i and of its ancestors.
func (t *tree) update(i int32) {
	for ; i >= 0; i = t.nodes[i].parent {
		t.value(i)
	}
}

// revalue recomputes the numbers of every node, children before parents
// (a node's children come after it).
func (t *tree) revalue() {
	for i := int32(t.used) - 1; i >= 0; i-- {
		t.value(i)
	}
}

// value computes the numbers of node i from its children's.
func (t *tree) value(i int32) {
	n := &t.nodes[i]
	if n.nkids == 0 {
		n.vphi, n.vdelta = n.phi, n.delta
		switch {
		case !n.busy:
		case n.att || t.sideWins:
			n.vphi, n.vdelta = 0, inf
		default:
			n.vphi, n.vdelta = inf, 0
		}
		return
	}
	n.phi, n.delta, n.vphi, n.vdelta = inf, 0, inf, 0
	for k := n.first; k < n.first+int32(n.nkids); k++ {
		c := &t.nodes[k]
		n.phi, n.delta = min(n.phi, c.delta), AddPN(n.delta, c.phi)
		n.vphi, n.vdelta = min(n.vphi, c.vdelta), AddPN(n.vdelta, c.vphi)
	}
}

// weakParallel is Weak on several threads. It asks the same two questions
// in the same order, each searched on every worker, except where the first
// question's serial start leaves it open without making the opponent's win
// likely (see likelyLoss). Then the second question will likely be needed
// as well, and the two are first asked at once (see bothAtOnce).
func (s *Solver) weakParallel(ctx context.Context, p position.Position) (int, uint64, error) {
	s.setBoard(p.Board())
	w := s.workers[0]
	key := tableKey(p)
	// The first question's root is the defender's: phi is its disproof
	// number, delta its proof number.
	var nodes uint64
	phi, delta := w.evaluate(p, false)
	if phi != 0 && delta != 0 {
		phi, delta, nodes = w.run(ctx, p, key, false, inf, inf, serialWork)
	}
	if phi != 0 && delta != 0 && delta >= likelyLoss*phi {
		var won bool
		var n uint64
		phi, delta, won, n = s.bothAtOnce(ctx, p, key)
		nodes += n
		if won {
			return 1, nodes, nil
		}
	}
	if phi != 0 && delta != 0 && ctx.Err() == nil {
		var n uint64
		phi, delta, n = s.parallel(ctx, p, key, false, 0)
		nodes += n
	}
	switch {
	case delta == 0:
		return -1, nodes, nil
	case phi != 0:
		return 0, nodes, context.Cause(ctx)
	}
	o, st, err := s.Prove(ctx, p, true, 0)
	nodes += st.Nodes
	switch {
	case err != nil:
		return 0, nodes, err
	case o == Unknown: // cannot happen without a budget or an error
		return 0, nodes, errors.New("pns: the search ended unsolved")
	case o == Proven:
		return 1, nodes, nil
	}
	return 0, nodes, nil
}

// bothAtOnce asks the two questions of p at once, each searched serially,
// the first by the first worker and the second by the second, on the shared
// table, until one is answered. It returns the first question's numbers,
// whether the second was proven (the side to move wins) and the nodes
// searched; weakParallel goes on with what is left, from the table.
//
// Each worker's nodes are then one worker's on its own question, without
// the speculative nodes of two workers in one tree, which are most where
// the first question is disproven, and there the second is needed too.
func (s *Solver) bothAtOnce(ctx context.Context, p position.Position, key uint64) (phi, delta uint32, won bool, nodes uint64) {
	w0, w1 := s.workers[0], s.workers[1]
	// Each worker stops the other when it is done.
	var stop0, stop1 atomic.Bool
	w0.abort, w1.abort = &stop0, &stop1
	var phi1 uint32
	var n1 uint64
	s.helpers[0].Go(func() {
		phi1, _, n1 = w1.run(ctx, p, key, true, inf, inf, 0)
		stop0.Store(true)
	})
	phi, delta, nodes = w0.run(ctx, p, key, false, inf, inf, 0)
	stop1.Store(true)
	ran := s.helpers[0].Wait()
	w0.abort, w1.abort = nil, nil
	return phi, delta, ran && phi1 == 0, nodes + n1 // the second question's root is the attacker's
}

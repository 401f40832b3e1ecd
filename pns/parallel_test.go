package pns

import (
	"context"
	"testing"

	"c4/testsets/publictest"
)

// TestJobStopsWhenAncestorSolved checks that a job is told to stop once a node above its
// leaf is solved, and not before.
func TestJobStopsWhenAncestorSolved(t *testing.T) {
	tr := newTree()
	// The root 0 has children 1 and 2; 2 has children 3 and 4; 4 is busy.
	tr.nodes[0] = tnode{parent: -1, first: 1, nkids: 2, phi: 1, delta: 2}
	tr.nodes[1] = tnode{parent: 0, phi: 1, delta: 1}
	tr.nodes[2] = tnode{parent: 0, first: 3, nkids: 2, phi: 1, delta: 1}
	tr.nodes[3] = tnode{parent: 2, phi: 1, delta: 1}
	tr.nodes[4] = tnode{parent: 2, phi: 1, delta: 1, busy: true}
	tr.used, tr.busy = 5, []int32{4}

	tr.abortMoot()
	if tr.abort[4].Load() {
		t.Fatal("job aborted with nothing above it solved")
	}
	tr.nodes[3].phi, tr.nodes[3].delta = inf, 0 // 3 disproven: 2 proven
	tr.update(3)
	if tr.nodes[2].phi != 0 {
		t.Fatalf("node 2: phi %d, want 0", tr.nodes[2].phi)
	}
	tr.abortMoot()
	if !tr.abort[4].Load() {
		t.Fatal("job below a solved node not aborted")
	}
}

// TestPickFallsBack checks that when a busy leaf, counted as won by the
// attacker, makes the root look solved, pick counts it as won by its side
// to move instead and hands out the other leaf.
func TestPickFallsBack(t *testing.T) {
	tr := newTree()
	// The attacker moves at the root 0; its children 1 and 2 are leaves
	// where the defender moves, and 1 is busy.
	tr.nodes[0] = tnode{parent: -1, first: 1, nkids: 2, att: true}
	tr.nodes[1] = tnode{parent: 0, phi: 2, delta: 3, busy: true}
	tr.nodes[2] = tnode{parent: 0, phi: 4, delta: 5}
	tr.used, tr.busy = 3, []int32{1}
	tr.revalue()
	if tr.nodes[0].vphi != 0 {
		t.Fatalf("root: virtual phi %d, want 0 (1 counted as won by the attacker)", tr.nodes[0].vphi)
	}
	w := &worker{epsilon: DefaultEpsilon}
	j, ok := tr.pick(w)
	if !ok || j.n != 2 {
		t.Fatalf("pick = node %d, %v; want 2, true", j.n, ok)
	}
	if tr.sideWins || !tr.nodes[2].busy {
		t.Fatalf("after pick: sideWins %v, node 2 busy %v", tr.sideWins, tr.nodes[2].busy)
	}
	if _, ok := tr.pick(w); ok {
		t.Fatal("pick found a leaf with every leaf busy")
	}
}

// TestBothAtOnce checks weak solves that ask both questions at once (see
// weakParallel), a win, a loss and a draw of Begin-Medium, against the
// set.
func TestBothAtOnce(t *testing.T) {
	set := publictest.Set(t, "Test_L1_R2")
	for _, i := range []int{2, 22, 262} {
		c := set.Cases[i]
		p := mustParse(t, c.Moves)
		s := New(Options{TableMiB: 16, Threads: 2})
		s.setBoard(p.Board())
		phi, delta, _ := s.workers[0].run(context.Background(), p, tableKey(p), false, inf, inf, serialWork)
		if phi == 0 || delta == 0 || delta < likelyLoss*phi {
			t.Fatalf("%q: after the serial start, first question %d/%d: not asked both at once", c.Moves, phi, delta)
		}
		s.Reset()
		got, _, err := s.weak(context.Background(), p)
		if want := min(max(c.Score, -1), 1); err != nil || got != want {
			t.Errorf("%q: %d, %v; want %d", c.Moves, got, err, want)
		}
	}
}

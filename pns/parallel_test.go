package pns

import "testing"

// TestAbortMoot checks that a job is told to stop once a node above its
// leaf is solved, and not before.
func TestAbortMoot(t *testing.T) {
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

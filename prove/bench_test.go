package prove

import (
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/cockroachdb/pebble/v2"
)

// bigTree writes a search of board 13x4 whose question 0 tree has every
// node of width 8 down to depth levels (8^depth leaves; depth 8 makes
// 19.2 million nodes), with random numbers at the leaves, as if jobs had
// searched them, and the numbers above computed from them.
func bigTree(b *testing.B, dir string, depth int) *Manager {
	m, err := Open(dir, Settings{Board: "13x4"}, 0)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	batch := m.db.NewBatch()
	next := uint64(rootID + 1)
	var build func(n node, d int) node
	build = func(n node, d int) node {
		if d == depth {
			n.phi, n.delta, n.work = 1+rng.Uint32N(1000), 1+rng.Uint32N(1000), 1
			m.t.put(batch, n)
			return n
		}
		n.first, n.nkids = next, 8
		next += 8
		kids := make([]node, 8)
		for i := range kids {
			kids[i] = build(node{id: n.first + uint64(i), parent: n.id, col: uint8(i), att: !n.att}, d+1)
		}
		n.phi, n.delta = value(kids)
		m.t.put(batch, n)
		if batch.Len() > 64<<20 {
			batch.Commit(pebble.NoSync)
			batch = m.db.NewBatch()
		}
		return n
	}
	root := build(node{id: rootID, col: 255}, 0)
	m.st.Tree = Counts{Next: next, Expanded: (next - 2) / 8}
	if err := m.commit(batch, root); err != nil {
		b.Fatal(err)
	}
	clear(m.t.cache)
	return m
}

// BenchmarkBigTree is a job's handing out and storing on a tree of
// millions of nodes (C4_PROVE_DEPTH levels of 8 children, 7 unless set):
// each op is a Next and a Finish with a random leaf result, two workers'
// jobs out at once. It reports the nodes and the manager's heap.
func BenchmarkBigTree(b *testing.B) {
	depth := 7
	if v, err := strconv.Atoi(os.Getenv("C4_PROVE_DEPTH")); err == nil {
		depth = v
	}
	m := bigTree(b, b.TempDir(), depth)
	defer m.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	var out []Job
	b.ResetTimer()
	for b.Loop() {
		for len(out) < 2 {
			j, err := m.Next(b.Context())
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, j)
		}
		j := out[0]
		out = out[1:]
		d := Done{Job: j, Proof: 1 + rng.Uint32N(2000), Disproof: 1 + rng.Uint32N(2000), Nodes: 1000}
		if err := m.Finish(b.Context(), d); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(m.st.Tree.Next-1), "tree-nodes")
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MiB")
}

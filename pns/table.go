package pns

import (
	"math/bits"
	"unsafe"

	"c4/internal/hugemem"
)

// entry is what the table keeps of a node: its proof numbers from the side
// to move's view, the work spent on it, and which question it belongs to.
type entry struct {
	key        uint64 // canonical key of the position
	phi, delta uint32
	work       uint32 // MID calls spent below the node, saturated
	tag        uint32 // generation<<1 | 1 if the side to move is the attacker
}

// bucketSize entries share an index; a new node replaces the cheapest one
// that is not solved, so expensive and solved entries survive.
const bucketSize = 4

// table is DFPN's transposition table: a fixed array of buckets, allocated
// once, so the search never uses more memory than its budget.
type table struct {
	entries []entry
	gen     uint32
}

func newTable(mib int) *table {
	n := max(mib<<20/int(entrySize), bucketSize*1024)
	t := &table{gen: 1}
	t.entries = hugemem.Alloc[entry](t, n/bucketSize*bucketSize)
	return t
}

const entrySize = 24

// clear forgets every entry in constant time, by moving to a new generation.
func (t *table) clear() {
	t.gen++
	if t.gen == 1<<31 {
		clear(t.entries)
		t.gen = 1
	}
}

func (t *table) bucket(key uint64) []entry {
	i, _ := bits.Mul64(key*0x9E3779B97F4A7C15, uint64(len(t.entries)/bucketSize))
	return t.entries[i*bucketSize : i*bucketSize+bucketSize]
}

func (t *table) tag(att bool) uint32 {
	if att {
		return t.gen<<1 | 1
	}
	return t.gen << 1
}

// prefetch starts loading the bucket of key into the cache.
func (t *table) prefetch(key uint64) {
	b := t.bucket(key)
	hugemem.Prefetch(unsafe.Pointer(&b[0]))
	hugemem.Prefetch(unsafe.Pointer(&b[bucketSize-1]))
}

// get returns the entry of key for the given question, if stored.
func (t *table) get(key uint64, att bool) (phi, delta uint32, ok bool) {
	tag := t.tag(att)
	for _, e := range t.bucket(key) {
		if e.key == key && e.tag == tag {
			return e.phi, e.delta, true
		}
	}
	return 0, 0, false
}

// put stores a node, over its old entry or the bucket's least valuable one:
// an entry of an older generation first, then the unsolved one with the
// least work, then the solved one with the least work.
func (t *table) put(key uint64, att bool, phi, delta uint32, work uint64) {
	tag := t.tag(att)
	b := t.bucket(key)
	victim, worst := 0, uint64(1<<63)
	for i := range b {
		e := &b[i]
		if e.key == key && e.tag == tag {
			victim = i
			break
		}
		value := uint64(e.work)
		switch {
		case e.tag>>1 != t.gen:
			value = 0
		case e.phi == 0 || e.delta == 0:
			value += 1 << 40 // solved: keep
		}
		if value < worst {
			victim, worst = i, value
		}
	}
	b[victim] = entry{key: key, phi: phi, delta: delta, work: uint32(min(work, 1<<32-1)), tag: tag}
}

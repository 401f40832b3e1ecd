package pns

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"c4/internal/hugemem"
	"c4/position"
)

// entry is what the table keeps of a node, in two words:
//
//	id:  check (48 bits) | generation (15 bits) | side to move is attacker (1 bit)
//	val: phi (28 bits) | delta (28 bits) | log2 of the work below it (8 bits)
//
// The first word is stored as id ^ val, so that the threads of a parallel
// search share the table without locks: an entry read while another thread
// writes it mixes two writes, fails the check and reads as a miss.
//
// Keys (tableKey) are spread by h = key * hashMul, a bijection; the bucket
// is the high part of h * buckets and the check the low 48 bits of h, which
// with at least 2^16 buckets identify the key exactly (as in package
// negamax). The generation makes clearing O(1).
type entry struct{ id, val uint64 }

// tableKey is the key p's entries are stored under: its TableKey, as a
// 64-bit number (on c4/internal/wide's boards past 64 bits, a hash of it that two
// positions share with a chance of one in 2^64; see
// position.Board.KeyHash).
func tableKey(p position.Position) uint64 { return p.Board().KeyHash(p.TableKey()) }

// bucketSize entries share a 64-byte cache line; a new node replaces the
// cheapest one that is not solved, so expensive and solved entries survive.
const bucketSize = 4

const (
	hashMul    = 0x9E3779B97F4A7C15
	checkMask  = 1<<48 - 1
	minBuckets = 1 << 16
	pnBits     = 28
	pnMask     = 1<<pnBits - 1
	genMask    = 1<<15 - 1
)

// table is DFPN's transposition table: a fixed array of buckets, allocated
// once, so the search never uses more memory than its budget.
//
// A growing table (that of a Solver on one thread) uses only a window of
// it, the first buckets, which starts at startBuckets and doubles each time
// it has taken as many new leaves as it has entries: most searches fit in
// a few MiB, and their probes then miss the processor's caches and TLB
// less; the entries move to their new buckets when it grows. The parallel
// search keeps the whole table: with a small window its two threads make
// more MID calls, and the workers would have to stop while the window
// grows.
type table struct {
	entries []entry
	buckets uint64 // the window
	growing bool   // the window grows, and leaves counts for it
	leaves  uint64 // new leaves put since the window last grew
	gen     uint64
}

// newTable returns a table of at most size bytes, or of minBuckets buckets
// if that is more, with a growing window if growing.
func newTable(size int, growing bool) *table {
	n := max(size/(bucketSize*int(unsafe.Sizeof(entry{}))), minBuckets)
	t := &table{gen: 1, growing: growing}
	t.entries = hugemem.Alloc[entry](t, n*bucketSize)
	t.clear()
	return t
}

// clear forgets every entry in constant time, by moving to a new generation,
// and brings a growing window back to its start.
func (t *table) clear() {
	t.gen++
	if t.gen > genMask {
		clear(t.entries)
		t.gen = 1
	}
	t.buckets, t.leaves = uint64(len(t.entries))/bucketSize, 0
	if t.growing {
		t.buckets = startBuckets // no more than the minBuckets there are
	}
}

// crowded says whether a growing window has taken as many new leaves as it
// has entries and is not yet the whole table.
func (t *table) crowded() bool {
	return t.growing && t.leaves >= t.buckets*bucketSize && t.buckets*bucketSize < uint64(len(t.entries))
}

// grow doubles the window, or widens it to the whole table, and moves every
// entry of the current generation to its bucket in the new window. The old
// window has a power of two of at least 2^16 buckets, so a bucket's index
// is the top bits of the hash h and an entry's check its low 48 bits: the
// two give back h. An entry's new bucket is never below its old one, so
// going down from the top bucket moves each entry into a bucket that has
// already been emptied, or lies beyond the old window.
func (t *table) grow() {
	old := t.buckets
	t.buckets = min(2*old, uint64(len(t.entries))/bucketSize)
	t.leaves = 0
	shift := 64 - uint(bits.TrailingZeros64(old))
	for i := old; i > 0; i-- {
		b := (*[bucketSize]entry)(t.entries[(i-1)*bucketSize:])
		moving := *b
		clear(b[:])
		for _, e := range moving {
			id := e.id ^ e.val
			if id>>1&genMask != t.gen {
				continue
			}
			j, _ := bits.Mul64((i-1)<<shift|id>>16, t.buckets)
			nb := (*[bucketSize]entry)(t.entries[j*bucketSize:])
			nb[t.victim(nb, id)] = e
		}
	}
}

// bucket returns the bucket of key and the id its entry carries for the
// question att.
func (t *table) bucket(key uint64, att bool) (*[bucketSize]entry, uint64) {
	h := key * hashMul
	i, _ := bits.Mul64(h, t.buckets)
	id := (h&checkMask)<<16 | t.gen<<1
	if att {
		id |= 1
	}
	return (*[bucketSize]entry)(t.entries[i*bucketSize:]), id
}

// prefetch starts loading the bucket of key into the cache.
func (t *table) prefetch(key uint64) {
	b, _ := t.bucket(key, false)
	hugemem.Prefetch(unsafe.Pointer(b))
}

// slot is where a node's entry goes in its bucket: its own entry, or the
// one it would replace (see victim).
type slot struct {
	b  *[bucketSize]entry
	id uint64
	i  int
	// expanded: the entry found is of a node a MID call has searched,
	// not only evaluated.
	expanded bool
}

// get returns the proof numbers of key for the question att, if stored,
// and where its entry goes (see store), so that a new leaf's put does not
// read its bucket again. Failing its own entry, the other question's entry
// of the same position (in the same bucket) answers when it settles this
// one: a side to move that wins also draws, and one that cannot draw cannot
// win. So the second question of a weak solve starts with the proofs of
// the first.
func (t *table) get(key uint64, att bool) (phi, delta uint32, ok bool, at slot) {
	b, id := t.bucket(key, att)
	at = slot{b: b, id: id}
	settled := false
	worst := uint64(1 << 63)
	for i := range b {
		val, eid := b[i].load()
		if eid == id {
			at.expanded = val&0xff != 0
			return uint32(val >> (64 - pnBits)), uint32(val>>8) & pnMask, true, at
		}
		if eid == id^1 {
			if att {
				settled = settled || val>>8&pnMask == 0
			} else {
				settled = settled || val>>(64-pnBits) == 0
			}
		}
		if v := t.value(val, eid); v < worst {
			at.i, worst = i, v
		}
	}
	switch {
	case !settled:
		return 0, 0, false, at
	case att:
		return inf, 0, true, at
	default:
		return 0, inf, true, at
	}
}

// store puts a new node's numbers where get said.
func (t *table) store(at slot, phi, delta uint32, work uint64) {
	val := uint64(phi)<<(64-pnBits) | uint64(delta)<<8 | uint64(bits.Len64(work))
	hugemem.Store(&at.b[at.i].id, at.id^val)
	hugemem.Store(&at.b[at.i].val, val)
}

// load reads an entry, returning its val and id.
func (e *entry) load() (val, id uint64) {
	val = atomic.LoadUint64(&e.val)
	return val, atomic.LoadUint64(&e.id) ^ val
}

// put stores a node, over its old entry or the bucket's least valuable one
// (see victim).
func (t *table) put(key uint64, att bool, phi, delta uint32, work uint64) {
	b, id := t.bucket(key, att)
	t.store(slot{b: b, id: id, i: t.victim(b, id)}, phi, delta, work)
}

// victim returns the entry of b that id's node takes: its own, or else an
// entry of an older generation, then the unsolved one with the least work,
// then the solved one with the least work.
func (t *table) victim(b *[bucketSize]entry, id uint64) int {
	victim, worst := 0, uint64(1<<63)
	for i := range b {
		val, eid := b[i].load()
		if eid == id {
			return i
		}
		if v := t.value(val, eid); v < worst {
			victim, worst = i, v
		}
	}
	return victim
}

// value is what keeping an entry is worth: 0 for an older generation, else
// the log2 of its work, plus 256 if it is solved.
func (t *table) value(val, id uint64) uint64 {
	switch {
	case id>>1&genMask != t.gen:
		return 0
	case val>>(64-pnBits) == 0 || val>>8&pnMask == 0:
		return val&0xff + 1<<8
	}
	return val & 0xff
}

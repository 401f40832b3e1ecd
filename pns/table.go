package pns

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"c4/internal/hugemem"
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
// Keys are spread by h = key * hashMul, a bijection; the bucket is the high
// part of h * buckets and the check the low 48 bits of h, which with at
// least 2^16 buckets identify the key exactly (as in package negamax). The
// generation makes clearing O(1).
type entry struct{ id, val uint64 }

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
type table struct {
	entries []entry
	buckets uint64
	gen     uint64
}

// newTable returns a table of at most size bytes, or of minBuckets buckets
// if that is more.
func newTable(size int) *table {
	buckets := max(size/(bucketSize*int(unsafe.Sizeof(entry{}))), minBuckets)
	t := &table{gen: 1, buckets: uint64(buckets)}
	t.entries = hugemem.Alloc[entry](t, buckets*bucketSize)
	return t
}

// clear forgets every entry in constant time, by moving to a new generation.
func (t *table) clear() {
	t.gen++
	if t.gen > genMask {
		clear(t.entries)
		t.gen = 1
	}
}

// slot returns the bucket of key and the id its entry carries for the
// question att.
func (t *table) slot(key uint64, att bool) (*[bucketSize]entry, uint64) {
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
	b, _ := t.slot(key, false)
	hugemem.Prefetch(unsafe.Pointer(b))
}

// get returns the proof numbers of key for the question att, if stored.
func (t *table) get(key uint64, att bool) (phi, delta uint32, ok bool) {
	b, id := t.slot(key, att)
	for i := range b {
		if val, eid := b[i].load(); eid == id {
			return uint32(val >> (64 - pnBits)), uint32(val>>8) & pnMask, true
		}
	}
	return 0, 0, false
}

// load reads an entry, returning its val and id.
func (e *entry) load() (val, id uint64) {
	val = atomic.LoadUint64(&e.val)
	return val, atomic.LoadUint64(&e.id) ^ val
}

// put stores a node, over its old entry or the bucket's least valuable one:
// an entry of an older generation first, then the unsolved one with the
// least work, then the solved one with the least work.
func (t *table) put(key uint64, att bool, phi, delta uint32, work uint64) {
	b, id := t.slot(key, att)
	victim, worst := 0, uint64(1<<63)
	for i := range b {
		val, eid := b[i].load()
		if eid == id {
			victim = i
			break
		}
		value := val & 0xff
		switch {
		case eid>>1&genMask != t.gen:
			value = 0
		case val>>(64-pnBits) == 0 || val>>8&pnMask == 0:
			value += 1 << 8 // solved: keep
		}
		if value < worst {
			victim, worst = i, value
		}
	}
	val := uint64(phi)<<(64-pnBits) | uint64(delta)<<8 | uint64(bits.Len64(work))
	hugemem.Store(&b[victim].id, id^val)
	hugemem.Store(&b[victim].val, val)
}

package negamax

import (
	"math/bits"
	"unsafe"

	"c4/internal/hugemem"
)

// table is the transposition table: a fixed array of one-word entries, each
// holding a check of the position's key, the generation it was written in,
// and one byte of score bound. A new entry always replaces the old one.
//
// A key k is spread by h = k * hashMul, a bijection of uint64. The entry's
// index is the high part of h * len (Lemire's multiply-shift, so any length
// works) and its check is the low 48 bits of h. With at least 2^16 entries
// an index covers an interval of at most 2^48 values of h, in which the low
// 48 bits differ: index and check together determine the key exactly, so a
// hit is never another position's, on any board size.
//
// Entry layout: check (48 bits) | generation (8 bits) | value (8 bits). The
// generation makes clearing the table O(1): entries of an older generation
// do not match. The array is zeroed for real only when the generation wraps.
type table struct {
	entries []uint64
	gen     uint64 // 1..255; zeroed entries never match
}

const (
	hashMul    = 0x9E3779B97F4A7C15 // 2^64 / golden ratio, odd
	checkBits  = 48
	checkMask  = 1<<checkBits - 1
	minEntries = 1 << (64 - checkBits)
)

// newTable returns a table of about mib MiB, and at least minEntries entries.
func newTable(mib int) *table {
	t := &table{gen: 1}
	t.entries = hugemem.Alloc[uint64](t, max(mib<<20/8, minEntries))
	return t
}

// clear forgets every entry.
func (t *table) clear() {
	t.gen++
	if t.gen == 256 {
		clear(t.entries)
		t.gen = 1
	}
}

// slot returns the index of key and the tag (check and generation) an entry
// for it carries.
func (t *table) slot(key uint64) (int, uint64) {
	h := key * hashMul
	i, _ := bits.Mul64(h, uint64(len(t.entries)))
	return int(i), (h&checkMask)<<8 | t.gen
}

// get returns the value stored for key, or 0 when there is none.
func (t *table) get(key uint64) uint8 {
	i, tag := t.slot(key)
	e := t.entries[i]
	if e>>8 != tag {
		return 0
	}
	return uint8(e)
}

// prefetch starts loading the entry of key into the cache.
func (t *table) prefetch(key uint64) {
	i, _ := t.slot(key)
	hugemem.Prefetch(unsafe.Pointer(&t.entries[i]))
}

// put stores value (non-zero) for key.
func (t *table) put(key uint64, value uint8) {
	i, tag := t.slot(key)
	t.entries[i] = tag<<8 | uint64(value)
}

package negamax

import (
	"math/bits"
	"unsafe"

	"c4/internal/hugemem"
)

// table is the transposition table: buckets of four one-word entries, each
// holding a check of the position's key, the generation it was written in,
// a bound on the score and the work its search took.
// A bucket is half a cache line, so a probe costs one memory access.
//
// Keys of a board with K bits per key (W*(H+1)) are below 2^K. A key k is
// spread by h = k * hashMul mod 2^K, a bijection of K-bit values. The
// bucket's index is the high part of h * len / 2^K (Lemire's multiply-shift,
// so any length works) and the check is the low c = K - floor(log2(len))
// bits of h: the h of one bucket form an interval of at most 2^c values, in
// which the low c bits differ. Index and check together determine the key
// exactly, so a hit is never another position's, on any board size.
//
// Entry layout, low bits first: value (8 bits), generation (8), work (4:
// half the bit length of the node count of the search, rounded up), check
// (the rest, at most 44 bits). The generation
// makes clearing the table O(1): entries of an older generation do not
// match, and the array is zeroed for real only when the generation wraps.
//
// Entries are read and written whole and atomically, and checked on every
// read, so goroutines can share the table without locks: a lost write only
// loses an entry.
//
// A new entry replaces the entry of the same position, else an entry of an
// older generation, else the one whose search took the least work: deep
// results survive the flood of cheap ones.
type table struct {
	buckets []bucket
	gen     uint64 // 1..maxGen; zeroed entries never match

	keyBits uint   // K
	keyMask uint64 // 2^K - 1
	chkMask uint64 // 2^c - 1
}

type bucket [4]uint64

const (
	hashMul = 0x9E3779B97F4A7C15 // 2^64 / golden ratio, odd

	genShift  = 8
	genBits   = 8
	maxGen    = 1<<genBits - 1
	workShift = genShift + genBits
	workBits  = 4
	chkShift  = workShift + workBits
	maxCheck  = 64 - chkShift

	tagMask = 1<<64 - 1<<chkShift | maxGen<<genShift

	// foldedBits is how many bits of a key's hash a table takes on a
	// board past 64 bits (see keyBits): as many as the checks of the
	// smallest near table (256 KiB, 2^13 buckets) hold, so that no table
	// grows for them. Two positions agree on them with a chance of one in
	// 2^56, where on the other boards a hit is never another position's.
	foldedBits = 56
)

// newTable returns a table of about size bytes for positions of keyBits-bit
// keys; more if a smaller one could not hold exact checks.
func newTable(size int, keyBits uint) *table {
	n := max(size/int(unsafe.Sizeof(bucket{})), 1)
	if keyBits > maxCheck {
		n = max(n, 1<<(keyBits-maxCheck))
	}
	t := &table{gen: 1}
	t.buckets = hugemem.Alloc[bucket](t, n)
	t.setKeyBits(keyBits)
	return t
}

// setKeyBits prepares the table, which must fit them, for keyBits-bit keys.
func (t *table) setKeyBits(keyBits uint) {
	t.keyBits = keyBits
	t.keyMask = ^uint64(0) >> (64 - keyBits)
	t.chkMask = t.keyMask >> (bits.Len(uint(len(t.buckets))) - 1)
}

// fits says whether the table can hold exact checks of keyBits-bit keys.
func (t *table) fits(keyBits uint) bool {
	return keyBits <= maxCheck+uint(bits.Len(uint(len(t.buckets)))-1)
}

// clear forgets every entry.
func (t *table) clear() {
	t.gen++
	if t.gen > maxGen {
		clear(t.buckets)
		t.gen = 1
	}
}

// slot is where the entry of one position goes: its bucket, and the tag
// (check and generation) the entry carries. A node finds its slot once and
// uses it for the prefetch, the reads and the writes.
type slot struct {
	b   *bucket
	tag uint64
}

// slot returns the slot of key.
func (t *table) slot(key uint64) slot {
	h := key * hashMul & t.keyMask
	i, _ := bits.Mul64(h<<(64-t.keyBits), uint64(len(t.buckets)))
	return slot{&t.buckets[i], (h&t.chkMask)<<chkShift | t.gen<<genShift}
}

// get returns the entry stored for r, or 0 when there is none.
func (r slot) get() uint64 {
	for j := range r.b {
		if e := hugemem.Load(&r.b[j]); e&tagMask == r.tag {
			return e
		}
	}
	return 0
}

// prefetch starts loading r's bucket into the cache.
func (r slot) prefetch() { hugemem.Prefetch(unsafe.Pointer(r.b)) }

// put stores a non-zero value for r, found by a search of nodes nodes.
func (r slot) put(value uint8, nodes uint64) {
	gen := r.tag >> genShift & maxGen
	victim, cheapest := 0, uint64(1<<workBits)
	for j := range r.b {
		e := hugemem.Load(&r.b[j])
		if e&tagMask == r.tag {
			victim = j
			break
		}
		w := e >> workShift & (1<<workBits - 1)
		if e>>genShift&maxGen != gen {
			w = 0
		} else {
			w++
		}
		if w < cheapest {
			victim, cheapest = j, w
		}
	}
	work := min(uint64(bits.Len64(nodes)+1)/2, 1<<workBits-1)
	hugemem.Store(&r.b[victim], r.tag|work<<workShift|uint64(value))
}

// entryValue is the value of an entry: 0 for none, else a bound on the
// score (see bound).
func entryValue(e uint64) uint8 { return uint8(e) }

// Entry values: one byte holding a bound on the score and its kind, written
// by upperBound and lowerBound and read by bound. The score is offset to be
// positive, so that no value is 0; upper bounds are below lowerFlag.
const (
	lowerFlag  = 0x80
	scoreShift = 64 // larger than any score's magnitude on a 64-cell board
)

func upperBound(score int) uint8 { return uint8(score + scoreShift) }
func lowerBound(score int) uint8 { return uint8(score+scoreShift) | lowerFlag }

// bound reads a value that is not 0: the score, and whether it is a lower
// bound (else an upper one).
func bound(v uint8) (score int, lower bool) {
	return int(v&^lowerFlag) - scoreShift, v&lowerFlag != 0
}

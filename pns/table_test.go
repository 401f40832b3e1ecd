package pns

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// TestTableGrow fills a growing window and checks that every entry is found
// with its numbers after each growth (doublings, then a last step to a
// table whose size is not a power of two), and that the entries of an
// earlier generation are not.
func TestTableGrow(t *testing.T) {
	buckets := 3*minBuckets + 5
	tt := newTable(buckets*bucketSize*int(unsafe.Sizeof(entry{})), true)
	if tt.buckets != startBuckets || len(tt.entries) != buckets*bucketSize {
		t.Fatalf("window %d of %d buckets", tt.buckets, len(tt.entries)/bucketSize)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	numbers := func(key uint64) (uint32, uint32) { return uint32(key%1000 + 1), uint32(key>>10%1000 + 1) }
	old := make([]uint64, 1000)
	for i := range old {
		old[i] = rng.Uint64()
		tt.put(old[i], true, 1, 1, 0)
	}
	tt.clear()
	keys := make([]uint64, startBuckets) // a quarter of the window's entries
	for i := range keys {
		keys[i] = rng.Uint64()
		phi, delta := numbers(keys[i])
		tt.put(keys[i], i%2 == 0, phi, delta, uint64(i))
	}
	found := func() int {
		n := 0
		for i, k := range keys {
			phi, delta, ok, _ := tt.get(k, i%2 == 0)
			if !ok {
				continue
			}
			n++
			if wantPhi, wantDelta := numbers(k); phi != wantPhi || delta != wantDelta {
				t.Fatalf("key %#x: %d/%d, want %d/%d", k, phi, delta, wantPhi, wantDelta)
			}
			if _, _, ok, _ := tt.get(k, i%2 != 0); ok {
				t.Fatalf("key %#x found for the other question", k)
			}
		}
		return n
	}
	before := found()
	for _, want := range []uint64{2 * startBuckets, uint64(buckets)} {
		tt.grow()
		if tt.buckets != want {
			t.Fatalf("window %d, want %d", tt.buckets, want)
		}
		n := found()
		if want < uint64(buckets) && n != before || n < before*99/100 {
			t.Fatalf("window %d: %d entries found, %d before", want, n, before)
		}
		before = n
		for _, k := range old {
			if _, _, ok, _ := tt.get(k, true); ok {
				t.Fatalf("window %d: key %#x of an earlier generation found", want, k)
			}
		}
	}
	if tt.crowded() {
		t.Error("the whole table is crowded")
	}
	tt.clear()
	if tt.buckets != startBuckets || found() != 0 {
		t.Errorf("cleared: window %d, %d entries found", tt.buckets, found())
	}
}

// TestTableOtherQuestion checks that a position's entry for one question
// answers the other only when it settles it.
func TestTableOtherQuestion(t *testing.T) {
	tt := newTable(0, false)
	tt.put(1, true, 0, inf, 5)  // the mover wins: it draws too
	tt.put(2, false, inf, 0, 5) // the mover cannot draw: it cannot win
	tt.put(3, true, 5, 7, 5)    // open: no answer
	tt.put(4, false, 0, inf, 5) // the mover draws: it may still lose the other question
	tt.put(5, true, inf, 0, 5)  // the mover cannot win: it may still draw
	for _, tc := range []struct {
		key        uint64
		att        bool
		phi, delta uint32
		ok         bool
	}{
		{1, false, 0, inf, true}, {2, true, inf, 0, true},
		{3, false, 0, 0, false}, {4, true, 0, 0, false}, {5, false, 0, 0, false},
		{1, true, 0, inf, true}, // its own entry
	} {
		t.Run(fmt.Sprintf("key %d attacker %v", tc.key, tc.att), func(t *testing.T) {
			phi, delta, ok, _ := tt.get(tc.key, tc.att)
			if phi != tc.phi || delta != tc.delta || ok != tc.ok {
				t.Errorf("get(%d, %v) = %d, %d, %v; want %d, %d, %v", tc.key, tc.att, phi, delta, ok, tc.phi, tc.delta, tc.ok)
			}
		})
	}
}

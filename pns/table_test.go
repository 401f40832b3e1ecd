package pns

import (
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
	numbers := func(key uint64) (uint32, uint32) { return uint32(key % 1000), uint32(key>>10%1000 + 1) }
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
			phi, delta, ok := tt.get(k, i%2 == 0)
			if !ok {
				continue
			}
			n++
			if wantPhi, wantDelta := numbers(k); phi != wantPhi || delta != wantDelta {
				t.Fatalf("key %#x: %d/%d, want %d/%d", k, phi, delta, wantPhi, wantDelta)
			}
			if _, _, ok := tt.get(k, i%2 != 0); ok {
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
			if _, _, ok := tt.get(k, true); ok {
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

package hugemem

import (
	"runtime"
	"testing"
	"time"
	"unsafe"
)

func TestAlloc(t *testing.T) {
	type pair struct{ a, b uint64 }
	owner := new(int)
	for _, n := range []int{1, 1000, 3 << 20, 5<<20 + 3} { // the last one is faulted in parallel
		s := Alloc[pair](owner, n)
		if len(s) != n {
			t.Fatalf("Alloc(%d): %d elements", n, len(s))
		}
		for i := 0; i < n; i += max(1, n/1000) {
			if s[i] != (pair{}) {
				t.Fatalf("Alloc(%d)[%d] is not zero", n, i)
			}
			s[i] = pair{uint64(i), 1}
			Prefetch(unsafe.Pointer(&s[i]))
		}
		if s[n-1] = (pair{7, 7}); s[n-1].a != 7 {
			t.Fatal("last element not writable")
		}
	}
	runtime.KeepAlive(owner)
	if Alloc[pair](owner, 0) != nil {
		t.Error("Alloc(0) is not nil")
	}
}

// TestWriteWhilePopulating: what the search writes to a table while its
// pages are still being mapped in stays written.
func TestWriteWhilePopulating(t *testing.T) {
	owner := new([2]uint64)
	const n = 64 << 20 // 512 MiB of uint64s
	s := Alloc[uint64](owner, n)
	for i := 0; i < n; i += 4099 {
		s[i] = uint64(i) + 1
	}
	time.Sleep(100 * time.Millisecond)
	for i := 0; i < n; i += 4099 {
		if s[i] != uint64(i)+1 {
			t.Fatalf("element %d: %d, written %d", i, s[i], i+1)
		}
	}
	runtime.KeepAlive(owner)
}

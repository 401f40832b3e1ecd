package hugemem

import (
	"runtime"
	"testing"
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

// Package hugemem allocates the solvers' large tables: zeroed, advised into
// huge pages where the kernel allows, and touched once so that no search
// pays for page faults (which otherwise dominate the time of short solves);
// prefetches their entries, and writes the words that threads share without
// locks.
package hugemem

import (
	"runtime"
	"sync"
	"unsafe"
)

// parallelFrom is the size in bytes from which every processor takes a
// share of the page faults: the kernel zeroes each page, and one thread
// faulting a table of gigabytes takes seconds.
const parallelFrom = 64 << 20

// prefault writes the first byte of every 4 KiB page of s.
func prefault[T any](s []T) []T {
	if len(s) == 0 {
		return s
	}
	size := int(unsafe.Sizeof(s[0]))
	step := max(1, 4096/size)
	touch := func(s []T) {
		for i := 0; i < len(s); i += step {
			var zero T
			s[i] = zero
		}
	}
	parts := runtime.GOMAXPROCS(0)
	if len(s)*size < parallelFrom || parts == 1 {
		touch(s)
		return s
	}
	var wg sync.WaitGroup
	chunk := (len(s)/parts + step - 1) / step * step // whole pages each
	for rest := s; len(rest) > 0; {
		part := rest[:min(chunk, len(rest))]
		rest = rest[len(part):]
		wg.Go(func() { touch(part) })
	}
	wg.Wait()
	return s
}

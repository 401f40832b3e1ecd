// Package hugemem allocates the solvers' large tables: zeroed, advised into
// huge pages where the kernel allows, and mapped in while the search
// starts, so that the search takes few page faults and does not wait for
// a table it may barely use. It also prefetches their entries, and writes
// the words that threads share without locks.
package hugemem

import (
	"runtime"
	"sync"
	"unsafe"
)

// populateChunk is how much of a table Alloc maps in before it returns,
// and then a call at a time on its own goroutine (Linux). On this
// project's virtual machine, whose host is slow to give memory not touched
// lately, `c4 solve --tt-mib 8192 4453` took a median of 1.69 s (1.1 to
// 8.8) with the table faulted in on every processor before the search,
// 0.97 s left to the search's faults (but the empty board's search took
// 31% longer, faults in its way), and 1.27 s (1.0 to 3.2) with the
// table mapped in beside the search, whose empty board took as long as
// before (docs/measurements/2026-12-06-table-setup.md).
const populateChunk = 32 << 20

// parallelFrom is the size in bytes from which every processor takes a
// share of the page faults where they are taken before the search (see
// prefault): the kernel zeroes each page, and one thread faulting a table
// of gigabytes takes seconds.
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

// Package hugemem allocates the solvers' large tables: zeroed, advised into
// huge pages where the kernel allows, and touched once so that no search
// pays for page faults (which otherwise dominate the time of short solves);
// prefetches their entries, and writes the words that threads share without
// locks.
package hugemem

import "unsafe"

// prefault writes the first byte of every 4 KiB page of s.
func prefault[T any](s []T) []T {
	if len(s) == 0 {
		return s
	}
	size := unsafe.Sizeof(s[0])
	step := max(1, 4096/int(size))
	for i := 0; i < len(s); i += step {
		var zero T
		s[i] = zero
	}
	return s
}

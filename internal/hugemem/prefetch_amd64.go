package hugemem

import "unsafe"

// Prefetch asks the CPU to bring the cache line at addr in, without waiting
// for it: a table probe soon after then finds its entry in cache.
//
//go:noescape
func Prefetch(addr unsafe.Pointer)

//go:build !linux && !wasm

package hugemem

// Alloc returns n zeroed elements, pre-faulted.
func Alloc[T any, O any](owner *O, n int) []T { return prefault(make([]T, n)) }

// Physical is the machine's memory in bytes, or 0 if unknown: unknown here.
func Physical() uint64 { return 0 }

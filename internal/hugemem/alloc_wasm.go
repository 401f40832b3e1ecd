//go:build wasm

package hugemem

// Alloc returns n zeroed elements. WebAssembly's memory has no page faults
// to take ahead of the search: touching it would only cost time.
func Alloc[T any, O any](owner *O, n int) []T { return make([]T, n) }

// Physical is the machine's memory in bytes, or 0 if unknown: unknown here.
func Physical() uint64 { return 0 }

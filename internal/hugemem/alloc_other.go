//go:build !linux

package hugemem

// Alloc returns n zeroed elements, pre-faulted.
func Alloc[T any, O any](owner *O, n int) []T { return prefault(make([]T, n)) }

//go:build !linux

package negamax

// allocEntries returns n zeroed words, touched once so that no search pays
// for page faults.
func allocEntries[T any](owner *T, n int) []uint64 { return prefault(make([]uint64, n)) }

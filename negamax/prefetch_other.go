//go:build !amd64

package negamax

// prefetch does nothing where c4 has no prefetch instruction.
func prefetch(addr *uint64) {}

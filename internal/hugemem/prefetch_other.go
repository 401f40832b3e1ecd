//go:build !amd64

package hugemem

import "unsafe"

// Prefetch does nothing where c4 has no prefetch instruction.
func Prefetch(addr unsafe.Pointer) {}

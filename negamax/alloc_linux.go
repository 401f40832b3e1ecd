package negamax

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

const hugePage = 2 << 20

// allocEntries returns n zeroed words outside the Go heap, aligned to and
// advised into 2 MiB huge pages where the kernel allows (transparent huge
// pages in "madvise" or "always" mode), and touched once so that no search
// pays for page faults. The mapping is released when owner is collected.
// It falls back to the Go heap if the mapping fails.
func allocEntries[T any](owner *T, n int) []uint64 {
	size := n * 8
	mem, err := unix.Mmap(-1, 0, size+hugePage, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		return prefault(make([]uint64, n))
	}
	off := (hugePage - int(uintptr(unsafe.Pointer(&mem[0]))%hugePage)) % hugePage
	aligned := mem[off : off+size]
	_ = unix.Madvise(aligned, unix.MADV_HUGEPAGE) // advice only: fine if refused
	runtime.AddCleanup(owner, func(m []byte) { _ = unix.Munmap(m) }, mem)
	return prefault(unsafe.Slice((*uint64)(unsafe.Pointer(&aligned[0])), n))
}

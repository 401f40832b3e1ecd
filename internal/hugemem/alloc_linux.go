package hugemem

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

const hugePage = 2 << 20

// Alloc returns n zeroed elements outside the Go heap, aligned to 2 MiB and
// advised into huge pages (transparent huge pages in "madvise" or "always"
// mode), pre-faulted. The mapping is released when owner is collected, so T
// must hold no Go pointers. It falls back to the Go heap if mapping fails.
func Alloc[T any, O any](owner *O, n int) []T {
	var zero T
	size := n * int(unsafe.Sizeof(zero))
	if size == 0 {
		return nil
	}
	mem, err := unix.Mmap(-1, 0, size+hugePage, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		return prefault(make([]T, n))
	}
	off := (hugePage - int(uintptr(unsafe.Pointer(&mem[0]))%hugePage)) % hugePage
	aligned := mem[off : off+size]
	_ = unix.Madvise(aligned, unix.MADV_HUGEPAGE) // advice only: fine if refused
	runtime.AddCleanup(owner, func(m []byte) { _ = unix.Munmap(m) }, mem)
	return prefault(unsafe.Slice((*T)(unsafe.Pointer(&aligned[0])), n))
}

// Physical is the machine's memory in bytes, or 0 if unknown.
func Physical() uint64 {
	var info unix.Sysinfo_t
	if unix.Sysinfo(&info) != nil {
		return 0
	}
	return uint64(info.Totalram) * uint64(info.Unit)
}

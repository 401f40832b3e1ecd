package hugemem

import (
	"runtime"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sys/unix"
)

const hugePage = 2 << 20

// Alloc returns n zeroed elements outside the Go heap, aligned to 2 MiB and
// advised into huge pages (transparent huge pages in "madvise" or "always"
// mode). It returns at once: the kernel maps the pages in on one goroutine
// of its own meanwhile (see populateChunk), and the search faults in any
// page it touches first. On a kernel without MADV_POPULATE_WRITE (before
// Linux 5.14) the pages are faulted in before it returns. The mapping is
// released when owner is collected, so T must hold no Go pointers. It
// falls back to the Go heap if mapping fails.
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
	s := unsafe.Slice((*T)(unsafe.Pointer(&aligned[0])), n)
	mp := &mapping{mem: mem}
	runtime.AddCleanup(owner, (*mapping).unmap, mp)
	first := aligned[:min(populateChunk, size)]
	if unix.Madvise(first, unix.MADV_POPULATE_WRITE) != nil {
		return prefault(s)
	}
	go mp.populate(aligned[len(first):])
	return s
}

// mapping is a table's memory, with what populate needs to know of it.
type mapping struct {
	mem      []byte
	released atomic.Bool
}

// unmap releases the mapping.
func (mp *mapping) unmap() {
	mp.released.Store(true)
	_ = unix.Munmap(mp.mem)
}

// populate maps in the pages of m, part of the mapping, a chunk at a time
// until the mapping is released. MADV_POPULATE_WRITE leaves a page already
// mapped as it is, so the search may write to the table meanwhile.
func (mp *mapping) populate(m []byte) {
	for len(m) > 0 && !mp.released.Load() {
		chunk := m[:min(populateChunk, len(m))]
		if unix.Madvise(chunk, unix.MADV_POPULATE_WRITE) != nil {
			return
		}
		m = m[len(chunk):]
	}
}

// Physical is the machine's memory in bytes, or 0 if unknown.
func Physical() uint64 {
	var info unix.Sysinfo_t
	if unix.Sysinfo(&info) != nil {
		return 0
	}
	return uint64(info.Totalram) * uint64(info.Unit)
}

package crew

import (
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// cpu returns the processor the calling thread runs on.
func cpu() int32 {
	var c uint32
	if _, _, errno := unix.RawSyscall(unix.SYS_GETCPU, uintptr(unsafe.Pointer(&c)), 0, 0); errno != 0 {
		return -1
	}
	return int32(c)
}

// allowed is the set of processors the process may run on.
var allowed = sync.OnceValue(func() *unix.CPUSet {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return nil
	}
	return &set
})

// leaveCPU moves the calling goroutine's thread off processor c, if it runs
// there and another is allowed, by taking c out of the thread's affinity;
// it returns the thread, or 0 if it did not move it. The goroutine is not
// locked to the thread: should it block or yield during its task (DFPN's
// helpers wait for jobs in Spin, which yields) and go on on another thread,
// it merely loses the move, where a locked goroutine would wake two
// threads at every yield.
func leaveCPU(c int32) (tid int) {
	all := allowed()
	if c < 0 || cpu() != c || all == nil || all.Count() < 2 {
		return 0
	}
	others := *all
	others.Clear(int(c))
	tid = unix.Gettid()
	if unix.SchedSetaffinity(tid, &others) != nil {
		return 0
	}
	return tid
}

// restoreCPUs gives thread tid, moved by leaveCPU, every processor back.
func restoreCPUs(tid int) {
	if tid != 0 {
		_ = unix.SchedSetaffinity(tid, allowed())
	}
}

package crew

import (
	"runtime"
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

// apart moves the calling goroutine off processor c, if it runs there and
// another is allowed: it locks the goroutine to its thread and takes c out
// of the thread's affinity. It says whether it did; then call together
// afterwards.
func apart(c int32) bool {
	all := allowed()
	if c < 0 || cpu() != c || all == nil || all.Count() < 2 {
		return false
	}
	others := *all
	others.Clear(int(c))
	runtime.LockOSThread()
	if unix.SchedSetaffinity(0, &others) != nil {
		runtime.UnlockOSThread()
		return false
	}
	return true
}

// together undoes apart.
func together() {
	_ = unix.SchedSetaffinity(0, allowed())
	runtime.UnlockOSThread()
}

package crew

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// TestLeaveCPU: a goroutine moved off its processor runs elsewhere
// until restoreCPUs, which gives it back every processor it had.
func TestLeaveCPU(t *testing.T) {
	if runtime.NumCPU() < 2 || allowed() == nil || allowed().Count() < 2 {
		t.Skip("needs two processors")
	}
	runtime.LockOSThread() // for the test's own checks
	defer runtime.UnlockOSThread()
	if leaveCPU(-1) != 0 {
		t.Fatal("leaveCPU moved from an unknown processor")
	}
	c, tid := cpu(), 0
	for range 100 { // the kernel may move the thread between the two calls
		if tid = leaveCPU(c); tid != 0 {
			break
		}
		c = cpu()
	}
	if tid == 0 {
		t.Fatalf("leaveCPU did not move from processor %d", c)
	}
	if got := cpu(); got == c {
		t.Errorf("still on processor %d after leaveCPU", got)
	}
	restoreCPUs(tid)
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil || set != *allowed() {
		t.Errorf("after restoreCPUs: %v, %v; want %v", set, err, *allowed())
	}
}

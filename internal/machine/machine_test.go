package machine

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestProcessor(t *testing.T) {
	p := Processor()
	if !strings.Contains(p, runtime.GOARCH) {
		t.Errorf("Processor() = %q: no platform", p)
	}
	if runtime.GOOS == "linux" && strings.HasPrefix(p, "unknown") && runtime.GOARCH == "amd64" {
		t.Errorf("Processor() = %q on Linux/amd64, where /proc/cpuinfo names it", p)
	}
	t.Log(p, L2Bytes())
}

func TestL2Bytes(t *testing.T) {
	if n := L2Bytes(); n < 0 || n > 1<<30 || n%1024 != 0 {
		t.Errorf("L2Bytes() = %d: not a cache's size in bytes", n)
	}
}

func TestQuickest(t *testing.T) {
	calls := [2]int{}
	i, best := Quickest(3, func() { calls[0]++; time.Sleep(2 * time.Millisecond) }, func() { calls[1]++ })
	if i != 1 || len(best) != 2 || best[0] < 2*time.Millisecond || calls != [2]int{3, 3} {
		t.Errorf("Quickest = %d, %v after %v calls; want 1, the sleeping run's best at least 2 ms, 3 calls each", i, best, calls)
	}
}

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

// TestChoosePath: the environment forces a path it names, in any case;
// else the paths are timed, and a value naming none is said and ignored.
func TestChoosePath(t *testing.T) {
	var ran [2]int
	paths := []Path{
		{Name: "go", Run: func() { ran[0]++ }, Calls: 1},
		{Name: "avx512", Run: func() { ran[1]++ }, Calls: 1},
	}
	t.Setenv("C4_TEST_PATH", "AVX512")
	if i, how := ChoosePath("C4_TEST_PATH", paths); i != 1 || how != "forced by C4_TEST_PATH" || ran != [2]int{} {
		t.Errorf("forced: %d %q, ran %v", i, how, ran)
	}
	t.Setenv("C4_TEST_PATH", "avx2")
	i, how := ChoosePath("C4_TEST_PATH", paths)
	if i < 0 || i > 1 || ran != [2]int{7, 7} || !strings.Contains(how, "go ") || !strings.Contains(how, "avx512 ") || !strings.Contains(how, "C4_TEST_PATH=avx2 is no path here") {
		t.Errorf("measured: %d %q, ran %v", i, how, ran)
	}
	if i, how := ChoosePath("C4_TEST_PATH", paths[:1]); i != 0 || how != "the only path on this processor" {
		t.Errorf("one path: %d %q", i, how)
	}
}

package machine

import (
	"runtime"
	"strings"
	"testing"
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

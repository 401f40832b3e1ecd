package progress

import (
	"strings"
	"sync"
	"testing"
	"time"
)

func TestMeter(t *testing.T) {
	var sb strings.Builder
	m := New(&sb, "End-Easy", "positions", 3)
	m.Update(1, "") // too soon after the start: not written
	m.Update(3, "7 solved")
	m.Done()
	got := sb.String()
	if strings.Count(got, "\r") != 2 || !strings.Contains(got, "End-Easy: 3/3 positions, 7 solved, ") || !strings.Contains(got, "ETA 0s") {
		t.Errorf("status line %q", got)
	}
	New(nil, "x", "y", 1).Update(1, "") // a nil writer writes nothing, and does not fail
}

func TestWatch(t *testing.T) {
	var sb syncBuilder
	stop := Watch(&sb, "4453", func() string { return "12 nodes" })
	time.Sleep(1100 * time.Millisecond)
	stop()
	if got := sb.String(); !strings.Contains(got, "\r4453: 12 nodes, elapsed 1s") || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("status line %q", got)
	}
	Watch(nil, "x", nil)() // a nil writer writes nothing
}

func TestSearch(t *testing.T) {
	var sb syncBuilder
	stop := Search(&sb, "", false, func() (uint64, int, int, bool) { return 2_000_000, -3, 5, true })
	time.Sleep(1100 * time.Millisecond)
	stop()
	if got := sb.String(); !strings.Contains(got, "the empty board: 2000000 nodes, ") || !strings.Contains(got, "score in [-3, 5]") {
		t.Errorf("status line %q", got)
	}
	var none syncBuilder
	Search(&none, "4453", false, func() (uint64, int, int, bool) { return 0, 0, 0, false })()
	if none.String() != "" {
		t.Errorf("a search without progress (DFPN) wrote %q", none.String())
	}
}

// syncBuilder is a strings.Builder safe for Watch's goroutine.
type syncBuilder struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuilder) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuilder) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}

package progress

import (
	"strings"
	"testing"
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

package pebblelog

import (
	"strings"
	"testing"
)

// TestFatal: a fatal message of pebble's ends the call under way with an
// error of one line, which the caller prints: not logged as well, not on
// stderr and not as a crash.
func TestFatal(t *testing.T) {
	var log strings.Builder
	l := &Logger{W: &log}
	err := func() (err error) {
		defer Recover(&err)
		l.Fatalf("the manifest is %+v", "gone")
		return nil
	}()
	if err == nil || err.Error() != "pebble: the manifest is gone" || log.String() != "" {
		t.Errorf("error %v, log %q", err, log.String())
	}
}

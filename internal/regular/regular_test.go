package regular

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpen: a regular file opens; a named pipe with no writer, a device
// and a directory are refused at once, each named.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file, pipe := filepath.Join(dir, "file"), filepath.Join(dir, "pipe")
	os.WriteFile(file, []byte("x"), 0o644)
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip(err)
	}
	f, err := Open(file)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for path, kind := range map[string]string{pipe: "a named pipe", "/dev/null": "a device", dir: "a directory"} {
		start := time.Now()
		if _, err := Open(path); err == nil || !strings.Contains(err.Error(), kind) || time.Since(start) > time.Second {
			t.Errorf("%s: %v after %s, want it refused as %s", path, err, time.Since(start), kind)
		}
	}
}

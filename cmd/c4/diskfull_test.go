package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// smallDisk mounts a 2 MiB tmpfs for the test and fills it but for free
// bytes; it skips the test where mounting is not allowed (book/store's
// TestDiskFull covers the database with a file system that says it is
// full).
func smallDisk(t *testing.T, free int64) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=2m"); err != nil {
		t.Skipf("no tmpfs to fill: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	fill := int64(st.Bavail)*st.Bsize - free
	f, err := os.Create(filepath.Join(dir, "fill"))
	if err == nil && fill > 0 {
		err = syscall.Fallocate(int(f.Fd()), 0, 0, fill)
	}
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	return dir
}

// TestDiskFull: every command that writes a book or a file ends within
// seconds on a full file system, with exit status 1 and one line saying
// so, and removes a database it made; a book that was there stays whole.
func TestDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts file systems")
	}
	src := t.TempDir()
	for _, args := range [][]string{
		{"book", "generate", "--board", "5x4", "--depth", "6", "--shard", "0/2", "--out", src + "/s0.c4b", "--tt-mib", "8"},
		{"book", "generate", "--board", "5x4", "--depth", "6", "--shard", "1/2", "--out", src + "/s1.c4b", "--tt-mib", "8"},
		{"book", "generate", "--board", "5x4", "--depth", "8", "--db", src + "/db", "--tt-mib", "8"},
		{"book", "export", "--db", src + "/db", "--out", src + "/b.c4b"},
	} {
		if code, _, errOut := c4(t, "", args...); code != 0 {
			t.Fatal(errOut)
		}
	}
	db, file := []int64{0, 40 << 10}, []int64{0, 4 << 10}
	for _, tc := range []struct {
		name string
		free []int64
		args func(disk string) []string
	}{
		{"generate", db, func(d string) []string {
			return []string{"book", "generate", "--board", "4x4", "--depth", "4", "--db", d + "/db", "--tt-mib", "8"}
		}},
		{"merge", db, func(d string) []string {
			return []string{"book", "merge", "--db", d + "/db", src + "/s0.c4b", src + "/s1.c4b"}
		}},
		{"import", db, func(d string) []string { return []string{"book", "import", "--in", src + "/b.c4b", "--db", d + "/db"} }},
		{"export", file, func(d string) []string { return []string{"book", "export", "--db", src + "/db", "--out", d + "/b.c4b"} }},
		{"shard", file, func(d string) []string {
			return []string{"book", "generate", "--board", "5x4", "--depth", "8", "--shard", "0/2", "--out", d + "/s.c4b", "--tt-mib", "8"}
		}},
	} {
		for _, free := range tc.free {
			t.Run(tc.name, func(t *testing.T) {
				disk := smallDisk(t, free)
				args := tc.args(disk)
				start := time.Now()
				code, _, errOut := c4(t, "", args...)
				if took := time.Since(start); code != 1 || took > 10*time.Second || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "the file system is full") {
					t.Errorf("c4 %s with %d bytes free: exit %d after %s, stderr %q; want 1 and one line",
						strings.Join(args, " "), free, code, took, errOut)
				}
				if _, err := os.Stat(disk + "/db"); err == nil {
					t.Error("the database it made was left")
				}
			})
		}
	}
	t.Run("a book that was there", func(t *testing.T) {
		disk := smallDisk(t, 3<<20)
		db := disk + "/db"
		if err := exec.Command("cp", "-r", src+"/db", db).Run(); err != nil {
			t.Skip("copying the book:", err)
		}
		os.Remove(disk + "/fill") // leave a little room
		if code, _, errOut := c4(t, "", "book", "import", "--in", src+"/b.c4b", "--db", db); code != 1 || !strings.Contains(errOut, "the file system is full") {
			t.Errorf("exit %d, %q", code, errOut)
		}
		if code, out, errOut := c4(t, "", "book", "lookup", "--db", db, "33"); code != 0 || !strings.HasPrefix(out, "33 ") {
			t.Errorf("the book was damaged: exit %d, %q, %q", code, out, errOut)
		}
	})
}

// TestNotRegular: a named pipe or a device given as a file to read or to
// write is refused at once with exit status 1, never waited on nor
// replaced, and the message names what it is.
func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		args []string
		kind string
	}{
		{[]string{"book", "generate", "--board", "4x4", "--depth", "3", "--shard", "0/2", "--out", pipe}, "a named pipe"},
		{[]string{"book", "generate", "--board", "4x4", "--depth", "3", "--shard", "0/2", "--out", "/dev/null"}, "a device"},
		{[]string{"book", "import", "--in", pipe, "--db", dir + "/db"}, "a named pipe"},
		{[]string{"book", "merge", "--db", dir + "/db", pipe}, "a named pipe"},
		{[]string{"bench", "--compare", pipe, "--limit", "1"}, "a named pipe"},
	} {
		done := make(chan string, 1)
		go func() {
			code, _, errOut := c4(t, "", tc.args...)
			done <- fmt.Sprintf("exit %d: %s", code, errOut)
		}()
		select {
		case got := <-done:
			if !strings.HasPrefix(got, "exit 1: ") || !strings.Contains(got, "it is "+tc.kind+", not a regular file") || strings.Contains(got, "remove") {
				t.Errorf("c4 %s: %s", strings.Join(tc.args, " "), got)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("c4 %s: still waiting after 5 s", strings.Join(tc.args, " "))
		}
	}
	if _, err := os.Stat(dir + "/db"); err == nil {
		t.Error("a database was made")
	}
}

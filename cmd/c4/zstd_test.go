package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestZstdBuilds: pebble compresses a book's tables with the C zstd in a
// plain build with cgo, and with its pure-Go zstd under -tags pebblegozstd
// or without cgo; a book written by either build reads in the other.
func TestZstdBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4 twice")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler for the cgo build")
	}
	dir := t.TempDir()
	build := func(name string, env []string, args ...string) string {
		bin := filepath.Join(dir, name)
		cmd := exec.Command("go", append(append([]string{"build", "-o", bin}, args...), "c4/cmd/c4")...)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", name, err, out)
		}
		return bin
	}
	builds := []string{build("cgo", []string{"CGO_ENABLED=1"}), build("gozstd", nil, "-tags", "pebblegozstd")}
	run := func(bin string, args ...string) string {
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	for i, writer := range builds {
		reader := builds[1-i]
		db := filepath.Join(dir, filepath.Base(writer)+"-db")
		run(writer, "book", "generate", "--db", db, "--board", "5x4", "--depth", "7", "--tt-mib", "8")
		if out := run(reader, "book", "stats", "--db", db); !strings.Contains(out, "board 5x4, depth 7, 6501 positions") {
			t.Errorf("%s reading %s's book: %q", filepath.Base(reader), filepath.Base(writer), out)
		}
		if out := run(reader, "book", "lookup", "--db", db, "33"); out != "33 0 moves: -1 -1 0 -1 -1\n" {
			t.Errorf("%s looking up in %s's book: %q", filepath.Base(reader), filepath.Base(writer), out)
		}
	}
}

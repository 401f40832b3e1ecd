package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"c4/book/store"
	"c4/internal/hugemem"
)

// c4 runs the command line in-process and returns the exit status, stdout
// and stderr.
func c4(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestTablesFit: tables larger than the machine's memory are refused
// before they are made, whatever the command.
func TestTablesFit(t *testing.T) {
	have := hugemem.Physical()
	if have == 0 {
		t.Skip("this machine's memory is unknown here")
	}
	half := strconv.FormatUint(have>>21+1, 10) // two tables of it do not fit
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"more than the memory", []string{"solve", "--tt-mib", strconv.FormatUint(have>>20+1, 10), "1"}, 2},
		{"two workers", []string{"book", "generate", "--db", t.TempDir() + "/db", "--board", "4x4", "--depth", "2", "--threads", "2", "--tt-mib", half}, 2},
		{"two solvers", []string{"serve", "--threads", "2", "--ahead=false", "--tt-mib", half}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := c4(t, "", tc.args...)
			if code != tc.code || code != 0 && !strings.Contains(errOut, "more than this machine's") {
				t.Errorf("exit %d, stderr %q; want %d", code, errOut, tc.code)
			}
		})
	}
}

// TestServe runs c4 serve on a free port with JSON logs: it answers a
// position, logs the request as a JSON line, and shuts down when its
// context ends.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs, w := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--tt-mib", "8", "--threads", "1", "--log", "json"}, strings.NewReader(""), io.Discard, w)
		w.Close()
	}()
	lines := make(chan string, 100)
	go func() {
		for sc := bufio.NewScanner(logs); sc.Scan(); {
			lines <- sc.Text()
		}
		close(lines)
	}()
	first := <-lines
	url, ok := strings.CutPrefix(first, "c4 serve: listening on ")
	if !ok {
		t.Fatalf("first line %q, want the address", first)
	}
	res, err := http.Get(url + "api/solve?pos=4453")
	if err != nil {
		t.Fatal(err)
	}
	var a struct{ Score int }
	err = json.NewDecoder(res.Body).Decode(&a)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 || a.Score != -2 {
		t.Errorf("4453: %d, %+v, %v", res.StatusCode, a, err)
	}
	var entry struct{ Msg, Pos string }
	if line := <-lines; json.Unmarshal([]byte(line), &entry) != nil || entry.Msg != "request" || entry.Pos != "4453" {
		t.Errorf("log line %q, want the request in JSON", line)
	}
	cancel()
	if c := <-code; c != 0 {
		t.Errorf("exit %d after shutdown", c)
	}
}

// TestMain runs the test binary as c4 itself when C4_TEST_AS_C4 is set, so
// that tests can send signals to a real c4 process.
func TestMain(m *testing.M) {
	if os.Getenv("C4_TEST_AS_C4") != "" {
		main()
	}
	os.Exit(m.Run())
}

// c4Process starts c4 with args as a process, its stdin a pipe left open.
func c4Process(t *testing.T, args ...string) (*exec.Cmd, io.WriteCloser, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "C4_TEST_AS_C4=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, in, &out
}

// TestInterrupt sends SIGINT and SIGTERM to a real c4 process while it
// waits for input (at the game's prompt, reading a pipe) and while it
// searches: each ends within a second with exit status 130 or 143, saying
// so.
func TestInterrupt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		input string
	}{
		{"play at the prompt", []string{"play", "--board", "5x4", "--tt-mib", "8"}, ""},
		{"solve reading a pipe", []string{"solve", "--tt-mib", "8"}, "4455\n"},
		{"solve searching", []string{"solve", "--tt-mib", "64", "--book", "none", ""}, ""},
		{"bench", []string{"bench", "--tt-mib", "64", "--set", "Begin-Hard"}, ""},
	} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(tc.name+" "+sig.String(), func(t *testing.T) {
				cmd, in, out := c4Process(t, tc.args...)
				defer in.Close()
				io.WriteString(in, tc.input)
				time.Sleep(500 * time.Millisecond) // at the prompt, or searching
				start := time.Now()
				cmd.Process.Signal(sig)
				err := cmd.Wait()
				took := time.Since(start)
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != 128+int(sig) || took > time.Second || !strings.Contains(out.String(), "interrupted") {
					t.Errorf("exit %v after %s, want %d within a second; output %q", err, took, 128+int(sig), out.String())
				}
			})
		}
	}
}

// TestReadOnlyBook: reading a book (lookup, stats, export, verify, solve
// --book) writes nothing in its folder, a reader does not stop another,
// and a book a writer holds is refused with a clear message. Run as
// another user than root, the folder is made read-only too.
func TestReadOnlyBook(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	if code, _, errOut := c4(t, "", "book", "generate", "--db", db, "--board", "4x4", "--depth", "4", "--tt-mib", "8"); code != 0 {
		t.Fatal(errOut)
	}
	os.Remove(filepath.Join(db, "LOCK")) // as on a copy of a book
	if os.Geteuid() != 0 {
		os.Chmod(db, 0o555)
		defer os.Chmod(db, 0o755)
	}
	before := listing(t, db)
	reader, err := store.Open(db, store.Options{ReadOnly: true}) // a reader holds it meanwhile
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"book", "lookup", "--db", db, "12"},
		{"book", "stats", "--db", db},
		{"book", "export", "--db", db, "--out", filepath.Join(dir, "b.c4b")},
		{"book", "verify", "--db", db, "--sample", "2", "--tt-mib", "8"},
		{"solve", "--book", db, "--board", "4x4", "--tt-mib", "8", "12"},
	} {
		if code, _, errOut := c4(t, "", args...); code != 0 {
			t.Errorf("c4 %s: exit %d, %s", strings.Join(args, " "), code, errOut)
		}
	}
	reader.Close()
	if after := listing(t, db); after != before {
		t.Errorf("reading the book changed its folder:\n%s\nthen\n%s", before, after)
	}
	if os.Geteuid() != 0 {
		os.Chmod(db, 0o755)
	}
	writer, err := store.Open(db, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	cmd, in, out := c4Process(t, "book", "stats", "--db", db) // another process: locks are per process
	in.Close()
	if err := cmd.Wait(); err == nil || !strings.Contains(out.String(), "in use by another process that writes it") {
		t.Errorf("a book held by a writer: %v, %q", err, out.String())
	}
}

// listing is the names, sizes and modification times of dir's files.
func listing(t *testing.T, dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, e := range entries {
		info, _ := e.Info()
		fmt.Fprintf(&sb, "%s %d %s\n", e.Name(), info.Size(), info.ModTime())
	}
	return sb.String()
}

// TestReadmeSolveFlags: the README's block of c4 solve's flags is what
// c4 solve --help prints.
func TestReadmeSolveFlags(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "```\nc4 solve [flags] [POSITION...]\n")
	block, _, _ = strings.Cut(block, "```")
	_, help, _ := c4(t, "", "solve", "--help")
	_, flags, _ := strings.Cut(help, "Flags:\n")
	flags, _, _ = strings.Cut(flags, "\n\n")
	if !ok || block != flags+"\n" {
		t.Errorf("README.md's flags of c4 solve:\n%s\nc4 solve --help:\n%s", block, flags)
	}
}

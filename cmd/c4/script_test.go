package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected outputs in testdata/*.txt with what c4 prints")

// TestScripts runs the command lines of each testdata/*.txt file in turn,
// in-process, and checks what each prints and its exit status. A file is a
// subtest (go test ./cmd/c4 -run TestScripts/solve); a failure names its
// file and line. The format, one instruction per line:
//
//	# a comment
//	file PATH TEXT      writes TEXT (Go-quoted) to PATH
//	stdin TEXT          a line of the next command's standard input ("stdin" alone: an empty line; "..." Go-quoted)
//	c4 ARGS...          runs c4; ARGS split at blanks, "..." Go-quoted
//	stdout TEXT         the next line of its standard output; stdout~ REGEXP matches it
//	stdout...           the rest of its standard output is not checked
//	stderr, stderr~, stderr...   the same for its standard error
//	exit N              its exit status (0 if not given)
//	exists PATH, missing PATH    a file is there, or not
//
// $TMP in PATH and ARGS is a folder of the file's own. With -update, the
// stdout, stderr and exit lines are rewritten with what c4 printed (a ~
// line that still matches, and a ... line, stay).
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatal("no testdata/*.txt", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			if testing.Short() && strings.HasSuffix(file, "_long.txt") {
				t.Skip("long")
			}
			runScript(t, file)
		})
	}
}

// script is one file's commands.
type script struct {
	t     *testing.T
	file  string
	tmp   string
	lines []string
	out   []string // the file rewritten, with -update
}

// command is one c4 line with what follows it.
type command struct {
	line  int // of the c4 line, from 1
	args  []string
	stdin string
	want  map[string][]string // "stdout", "stderr": the expectation lines
	exit  int
}

func runScript(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := &script{t: t, file: file, tmp: t.TempDir(), lines: strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")}
	var cmd *command
	var stdin []string
	flush := func() {
		if cmd != nil {
			s.run(cmd)
			cmd = nil
		}
	}
	for i, line := range s.lines {
		word, rest, _ := strings.Cut(line, " ")
		switch {
		case word == "c4":
			flush()
			cmd = &command{line: i + 1, args: s.split(i, rest), want: map[string][]string{}}
			if len(stdin) > 0 {
				cmd.stdin = strings.Join(stdin, "\n") + "\n"
			}
			stdin = nil
			s.out = append(s.out, line)
			continue
		case strings.HasPrefix(word, "stdout") || strings.HasPrefix(word, "stderr"):
			stream := word[:6]
			if cmd == nil {
				t.Fatalf("%s:%d: %s before any c4 line", file, i+1, stream)
			}
			cmd.want[stream] = append(cmd.want[stream], line)
			continue
		case word == "exit":
			if cmd == nil {
				t.Fatalf("%s:%d: exit before any c4 line", file, i+1)
			}
			cmd.exit, _ = strconv.Atoi(rest)
			continue
		}
		flush()
		s.out = append(s.out, line)
		switch word {
		case "", "#":
		case "stdin":
			if u, err := strconv.Unquote(rest); err == nil && strings.HasPrefix(rest, `"`) {
				rest = u
			}
			stdin = append(stdin, rest)
		case "file":
			path, text, _ := strings.Cut(rest, " ")
			content, err := strconv.Unquote(text)
			if err != nil {
				t.Fatalf("%s:%d: file: %v", file, i+1, err)
			}
			if err := os.WriteFile(s.expand(path), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		case "exists", "missing":
			if _, err := os.Stat(s.expand(rest)); (err == nil) != (word == "exists") {
				t.Errorf("%s:%d: %s %s: %v", file, i+1, word, rest, err)
			}
		default:
			t.Fatalf("%s:%d: unknown line %q", file, i+1, line)
		}
	}
	flush()
	if *update {
		if err := os.WriteFile(file, []byte(strings.Join(s.out, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func (s *script) expand(v string) string { return strings.ReplaceAll(v, "$TMP", s.tmp) }

// split splits a c4 line's arguments at blanks; a word in double quotes is
// Go-quoted.
func (s *script) split(i int, rest string) []string {
	var args []string
	for _, w := range regexp.MustCompile(`"(?:[^"\\]|\\.)*"|\S+`).FindAllString(rest, -1) {
		if strings.HasPrefix(w, `"`) {
			u, err := strconv.Unquote(w)
			if err != nil {
				s.t.Fatalf("%s:%d: %s: %v", s.file, i+1, w, err)
			}
			w = u
		}
		args = append(args, s.expand(w))
	}
	return args
}

// run runs cmd and checks, or with -update records, what it printed.
func (s *script) run(cmd *command) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), cmd.args, strings.NewReader(cmd.stdin), &stdout, &stderr)
	got := map[string]string{"stdout": stdout.String(), "stderr": stderr.String()}
	for _, stream := range []string{"stdout", "stderr"} {
		text := strings.ReplaceAll(got[stream], s.tmp, "$TMP")
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if text == "" {
			lines = nil
		}
		if *update {
			s.out = append(s.out, rewrite(stream, cmd.want[stream], lines)...)
		} else if msg := check(stream, cmd.want[stream], lines); msg != "" {
			s.t.Errorf("%s:%d: c4 %s:\n%s\nstdout:\n%s\nstderr:\n%s", s.file, cmd.line, strings.Join(cmd.args, " "), msg, got["stdout"], got["stderr"])
		}
	}
	if *update {
		if code != 0 {
			s.out = append(s.out, fmt.Sprintf("exit %d", code))
		}
	} else if code != cmd.exit {
		s.t.Errorf("%s:%d: c4 %s: exit %d, want %d\nstderr:\n%s", s.file, cmd.line, strings.Join(cmd.args, " "), code, cmd.exit, got["stderr"])
	}
}

// check compares the lines printed on stream with the expectation lines.
func check(stream string, want, got []string) string {
	for i, w := range want {
		kind, text, _ := strings.Cut(w, " ")
		if kind == stream+"..." {
			return ""
		}
		if i >= len(got) {
			return fmt.Sprintf("%s: %d lines, want more: %q", stream, len(got), text)
		}
		if !matches(kind, text, got[i]) {
			return fmt.Sprintf("%s line %d: %q, want %q", stream, i+1, got[i], text)
		}
	}
	if len(got) > len(want) {
		return fmt.Sprintf("%s: %d lines, want %d: the first extra is %q", stream, len(got), len(want), got[len(want)])
	}
	return ""
}

// matches says whether a printed line is the expected text, blanks at its
// end aside (the file keeps none), or matches the regexp of a ~ line.
func matches(kind, text, got string) bool {
	got = strings.TrimRight(got, " ")
	if strings.HasSuffix(kind, "~") {
		re, err := regexp.Compile("^(?:" + text + ")$")
		return err == nil && re.MatchString(got)
	}
	return text == got
}

// rewrite is the expectation lines of stream for the lines printed: the
// old ones where they still hold, up to a ... line.
func rewrite(stream string, want, got []string) []string {
	var out []string
	for i, g := range got {
		if i < len(want) {
			kind, text, _ := strings.Cut(want[i], " ")
			if kind == stream+"..." {
				return append(out, want[i])
			}
			if matches(kind, text, g) {
				out = append(out, want[i])
				continue
			}
		}
		out = append(out, strings.TrimRight(stream+" "+g, " "))
	}
	return out
}

package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// everyCommand is every command and subcommand of c4 that takes flags.
var everyCommand = [][]string{
	{"solve"}, {"bench"}, {"play"}, {"serve"}, {"version"},
	{"book", "generate"}, {"book", "merge"}, {"book", "lookup"}, {"book", "stats"}, {"book", "verify"},
	{"book", "export"}, {"book", "import"}, {"book", "estimate"},
	{"testsets", "generate"},
	{"prove"}, {"prove", "work"}, {"prove", "verify"}, {"prove", "export"},
}

// ranged is a flag's line in --help that states its range: "--tt-mib MiB
// ... (1 to 4194304)".
var ranged = regexp.MustCompile(`--([a-z-]+) [A-Za-z]+ .*\((-?[0-9]+) to (-?[0-9]+)\)`)

// TestBadCommandLines: every command and subcommand answers a bad command
// line with exit status 2 and one line on stderr naming what is wrong: an
// unknown flag, and a value below, above or outside the numbers of each
// flag whose help states a range.
func TestBadCommandLines(t *testing.T) {
	ranges := 0
	for _, cmd := range everyCommand {
		name := strings.Join(cmd, " ")
		bad := func(args []string, want string) {
			t.Helper()
			code, _, stderr := c4(t, "", append(append([]string{}, cmd...), args...)...)
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			if code != 2 || len(lines) != 1 || !strings.Contains(stderr, want) {
				t.Errorf("c4 %s %s: exit %d, stderr %q; want 2 and one line naming %s", name, strings.Join(args, " "), code, stderr, want)
			}
		}
		bad([]string{"--no-such-flag"}, "--no-such-flag")
		code, help, _ := c4(t, "", append(append([]string{}, cmd...), "--help")...)
		if code != 0 {
			t.Errorf("c4 %s --help: exit %d", name, code)
			continue
		}
		for _, m := range ranged.FindAllStringSubmatch(help, -1) {
			ranges++
			flag := "--" + m[1]
			lo, _ := strconv.Atoi(m[2])
			hi, _ := strconv.Atoi(m[3])
			bad([]string{flag, strconv.Itoa(lo - 1)}, flag)
			bad([]string{flag, strconv.Itoa(hi + 1)}, flag)
			bad([]string{flag, "many"}, flag)
		}
	}
	if ranges < 20 {
		t.Errorf("%d flags with a range found in the commands' help: the pattern no longer reads it", ranges)
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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

func TestSolveArgs(t *testing.T) {
	code, out, errOut := c4(t, "", "solve", "--tt-mib", "16", "4455", "44455554221", "4444441526")
	if code != 0 || out != "4455 18\n44455554221 -15\n4444441526 16\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for _, engine := range [][]string{{"negamax"}, {"dfpn"}, {"dfpn", "--dfpn-endgame", "0"}} {
		code, out, _ = c4(t, "", append([]string{"solve", "--tt-mib", "16", "--weak", "--engine"}, append(engine, "4455", "44455554221", "4444441526")...)...)
		if code != 0 || out != "4455 1\n44455554221 -1\n4444441526 1\n" {
			t.Errorf("weak, %v: exit %d, stdout %q", engine, code, out)
		}
	}
	if code, _, errOut := c4(t, "", "solve", "--engine", "dfpn", "4455"); code == 0 || !strings.Contains(errOut, "--weak") {
		t.Errorf("dfpn without --weak: exit %d, stderr %q", code, errOut)
	}
}

// TestSolveStream feeds a test set's lines (after a byte-order mark), with
// bad lines among them: each good line comes out as in the set, each bad one
// is reported on stderr with its line number, and the exit status is 1.
func TestSolveStream(t *testing.T) {
	in := "\ufeff4455 18\n" + "448 0\n" + "44455554221 -15\n" + "4455667\n" + "# a comment\n" + "11111111\n"
	code, out, errOut := c4(t, in, "solve", "--tt-mib", "16", "--board", "7x6")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if want := "4455 18\n44455554221 -15\n"; !strings.HasPrefix(out, want) {
		t.Errorf("stdout %q, want it to start %q", out, want)
	}
	for _, want := range []string{
		`line 2: position "448": move 3 ('8'): not a column`,
		`line 4: position "4455667": the game is already over`,
		`line 6: position "11111111": move 7 ('1'): column 1 is full`,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
	if n := strings.Count(errOut, "\n"); n != 3 {
		t.Errorf("stderr has %d lines, want 3: %q", n, errOut)
	}
}

// TestSolveEmptyLine checks that an empty line and a test set's " <score>"
// are the empty board, on a board small enough to solve at once, and that
// no other line is: an indented position, a tab, a score out of range.
func TestSolveEmptyLine(t *testing.T) {
	in := "\n2\t0\n 0\n 4453\n\t8\n  3\n 99\n3 x y\n"
	code, out, errOut := c4(t, in, "solve", "--board", "4x4", "--tt-mib", "1")
	if code != 1 || out != " 0\n2 0\n 0\n3 0\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for n := 4; n <= 7; n++ {
		if want := fmt.Sprintf("line %d: starts with a blank: the position must come first", n); !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
}

// TestSolveLongLine: a line too long to read is one more bad line, and the
// stream goes on.
func TestSolveLongLine(t *testing.T) {
	in := "2\n" + strings.Repeat("1", 3<<20) + "\n3\n" + strings.Repeat("2", 1<<20+1)
	code, out, errOut := c4(t, in, "solve", "--board", "4x4", "--tt-mib", "1")
	if code != 1 || out != "2 0\n3 0\n" || strings.Count(errOut, "longer than 1048576 bytes: skipped") != 2 ||
		!strings.Contains(errOut, "line 2: ") || !strings.Contains(errOut, "line 4: ") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestSolveAnalyzeAndStats(t *testing.T) {
	code, out, _ := c4(t, "", "solve", "--tt-mib", "16", "--analyze", "4444441526")
	if code != 0 || out != "4444441526 2 2 16 -1000 2 2 2\n" {
		t.Errorf("analyze: exit %d, stdout %q", code, out)
	}
	code, out, _ = c4(t, "", "solve", "--tt-mib", "16", "--stats", "4455")
	f := strings.Fields(out)
	if code != 0 || len(f) != 4 || f[0] != "4455" || f[1] != "18" {
		t.Errorf("stats: exit %d, stdout %q", code, out)
	}
}

// TestBuiltinBook: the built-in book answers the empty board and its moves
// without search, and play, which uses it by default, opens at once on 7x6.
func TestBuiltinBook(t *testing.T) {
	code, out, errOut := c4(t, "", "solve", "--book", "builtin", "--analyze", "--stats", "")
	f := strings.Fields(out) // the moves' scores, 0 nodes, the microseconds
	if code != 0 || len(f) != 9 || strings.Join(f[:8], " ") != "-2 -1 0 1 0 -1 -2 0" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = c4(t, "q\n", "play", "--first", "c4", "--tt-mib", "8")
	if code != 0 || !strings.Contains(out, "c4 plays 4 (score +1 for c4)") {
		t.Errorf("play: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"nope"}, {"solve", "--nope"}, {"solve", "--board", "9x9", "1"}, {"solve", "--tt-mib", "0", "1"}, {"solve", "-w", "--engine", "mcts", "1"}, {"solve", "-w", "--engine", "dfpn", "--dfpn-endgame", "-1", "1"}, {"serve", "--budget", "0"}, {"serve", "--wait", "-1s"}, {"serve", "--log", "xml"}, {"bench", "--limit", "-1"}, {"book", "verify", "--db", t.TempDir(), "--sample", "0"}, {"book", "nope"}, {"testsets"}, {"bench", "Test_L2_R1"}, {"version", "x"}} {
		if code, _, errOut := c4(t, "", args...); code == 0 || errOut == "" {
			t.Errorf("c4 %v: exit %d, stderr %q; want an error", args, code, errOut)
		}
	}
	if _, _, errOut := c4(t, "", "bench", "--limit", "1", "Test_L2_R1"); errOut != "c4 bench: unexpected argument \"Test_L2_R1\" (see --help)\n" {
		t.Errorf("bench with a stray argument: stderr %q", errOut)
	}
}

// TestHelp: help asked for goes to stdout, with exit status 0.
func TestHelp(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--help"}, "Commands:"},
		{[]string{"help"}, "version"},
		{[]string{"solve", "--help"}, "--weak"},
		{[]string{"help", "solve"}, "--weak"},
		{[]string{"book", "--help"}, "generate --db DIR"},
		{[]string{"book", "lookup", "-h"}, "--db DIR"},
		{[]string{"testsets", "--help"}, "--level"},
		{[]string{"version"}, "c4 "},
		{[]string{"--version"}, "c4 "},
	} {
		if code, out, errOut := c4(t, "", tc.args...); code != 0 || !strings.Contains(out, tc.want) || errOut != "" {
			t.Errorf("c4 %v: exit %d, stdout %q, stderr %q; want %q on stdout", tc.args, code, out, errOut, tc.want)
		}
	}
}

func TestTablesFit(t *testing.T) {
	have := hugemem.Physical()
	if have == 0 {
		t.Skip("this machine's memory is unknown here")
	}
	f := solverFlags{tableMiB: int(have>>21) + 1} // one such table fits, two do not
	if err := f.fit(1); err != nil {
		t.Errorf("one table of half the memory: %v", err)
	}
	if err := f.fit(2); err == nil || !strings.Contains(err.Error(), "2 tables take") {
		t.Errorf("two tables of half the memory: %v, want an error", err)
	}
	code, _, errOut := c4(t, "", "solve", "--tt-mib", strconv.FormatUint(have>>20+1, 10), "1")
	if code != 1 || !strings.Contains(errOut, "of memory") {
		t.Errorf("a table larger than the memory: exit %d, stderr %q", code, errOut)
	}
}

func TestBench(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "good"), []byte("# a set\n4455 18\n44455554221 -15\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bad"), []byte("4455 17\nxyz 1\n44455554221 -15\n"), 0o644)

	code, out, errOut := c4(t, "", "bench", "--tt-mib", "16", "--dir", dir, "--set", "good")
	if code != 0 || !strings.Contains(out, "mean nodes") || !strings.Contains(out, "good") {
		t.Errorf("good set: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = c4(t, "", "bench", "--tt-mib", "16", "--dir", dir, "--set", "bad")
	if code != 1 || !strings.Contains(errOut, `bad line 1: "4455" scored 18, the set says 17`) ||
		!strings.Contains(errOut, "bad line 2: ") {
		t.Errorf("bad set: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = c4(t, "", "bench", "--tt-mib", "16", "--dir", dir, "--set", "missing")
	if code != 1 || !strings.Contains(errOut, "missing") {
		t.Errorf("missing set: exit %d, stderr %q", code, errOut)
	}
}

// TestBenchEmbeddedAndReports runs the embedded End-Easy set, writes a JSON
// report, compares a second run with it, and draws the plot.
func TestBenchEmbeddedAndReports(t *testing.T) {
	dir := t.TempDir()
	report, plot, profile := filepath.Join(dir, "r.json"), filepath.Join(dir, "p.svg"), filepath.Join(dir, "cpu.prof")
	code, out, errOut := c4(t, "", "bench", "--tt-mib", "16", "--set", "Test_L3_R1", "--limit", "50", "--format", "json", "--out", report)
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = c4(t, "", "bench", "--tt-mib", "16", "--set", "Test_L3_R1", "--limit", "50", "--compare", report, "--plot", plot, "--format", "markdown", "--cpuprofile", profile)
	if code != 0 || !strings.Contains(out, "| End-Easy (Test_L3_R1) | 50 |") || !strings.Contains(out, "ratio") {
		t.Errorf("compare: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if svg, err := os.ReadFile(plot); err != nil || !strings.HasPrefix(string(svg), "<svg") {
		t.Errorf("plot: %v", err)
	}
	if fi, err := os.Stat(profile); err != nil || fi.Size() == 0 {
		t.Errorf("profile: %v", err)
	}
	for _, args := range [][]string{
		{"bench", "--board", "4x4"},          // the embedded sets are 7x6
		{"bench", "--set", "nope"},           // no such embedded set
		{"bench", "--format", "xml"},         // no such format
		{"bench", "--compare", report + "x"}, // no such report
		{"bench", "--cpuprofile", dir},       // a folder
	} {
		if code, _, errOut := c4(t, "", args...); code == 0 || errOut == "" {
			t.Errorf("c4 %v: exit %d, stderr %q; want an error", args, code, errOut)
		}
	}
	// A report that cannot be written is refused before the run, by its flag.
	nowhere := filepath.Join(dir, "none", "r.json")
	if code, _, errOut := c4(t, "", "bench", "--set", "Test_L3_R1", "--out", nowhere); code == 0 || !strings.HasPrefix(errOut, "c4 bench: --out "+nowhere+": ") {
		t.Errorf("--out in no folder: exit %d, stderr %q", code, errOut)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("files left: %v, want the report, the plot and the profile", entries)
	}
}

func TestTestsetsGenerate(t *testing.T) {
	args := []string{"testsets", "generate", "--board", "5x4", "--tt-mib", "1", "--level", "middle", "--rating", "easy", "--count", "5", "--seed", "3"}
	code, out, errOut := c4(t, "", args...)
	code2, out2, _ := c4(t, "", args...)
	if code != 0 || code2 != 0 || out != out2 || strings.Count(out, "\n") != 7 {
		t.Errorf("exit %d, stdout %q, stderr %q; second run %q", code, out, errOut, out2)
	}
	if !strings.Contains(out, "# c4 testsets generate --level middle --rating easy --count 5 --seed 3 --board 5x4\n") {
		t.Errorf("header: %q", out)
	}
	for _, bad := range [][]string{
		{"testsets"}, {"testsets", "make"},
		{"testsets", "generate", "--level", "late", "--rating", "easy"},
		{"testsets", "generate", "--level", "end", "--rating", "hard"},
	} {
		if code, _, errOut := c4(t, "", bad...); code == 0 || errOut == "" {
			t.Errorf("c4 %v: exit %d, stderr %q; want an error", bad, code, errOut)
		}
	}
}

// TestBook runs every book command on a small board's book.
func TestBook(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	run := func(wantCode int, args ...string) string {
		t.Helper()
		code, out, errOut := c4(t, "", args...)
		if code != wantCode {
			t.Fatalf("c4 %s: exit %d, want %d; stdout %q, stderr %q", strings.Join(args, " "), code, wantCode, out, errOut)
		}
		return out + errOut
	}
	out := run(0, "book", "generate", "--db", db, "--board", "5x4", "--depth", "8", "--tt-mib", "8", "--threads", "2")
	if !strings.Contains(out, "      8  ") {
		t.Errorf("generate printed %q", out)
	}
	if out := run(0, "book", "stats", "--db", db, "--board", "5x4"); !strings.Contains(out, "depth 8, 16465 positions") {
		t.Errorf("stats printed %q", out)
	}
	if out := run(0, "book", "lookup", "--db", db, "--board", "5x4", "", "33"); out != " 0 moves: -1 0 0 0 -1\n33 0 moves: -1 -1 0 -1 -1\n" {
		t.Errorf("lookup printed %q", out)
	}
	if out := run(1, "book", "lookup", "--db", db, "--board", "5x4", "6", "333311122"); !strings.Contains(out, "not a column") || !strings.Contains(out, `"333311122" is not in the book`) {
		t.Errorf("lookup of bad positions printed %q", out)
	}
	if out := run(0, "book", "verify", "--db", db, "--board", "5x4", "--sample", "200", "--tt-mib", "8"); !strings.Contains(out, "      8       9964      200       0") ||
		!strings.Contains(out, "1043 entries checked by negamax and dfpn, 0 disagreements") {
		t.Errorf("verify printed %q", out)
	}
	// A database of one board: the commands that read it take its board.
	file := filepath.Join(dir, "book.c4b")
	if out := run(0, "book", "export", "--db", db, "--out", file); out != "16465 positions of 5x4 written to "+file+"\n" {
		t.Errorf("export without --board printed %q", out)
	}
	if out := run(0, "book", "stats", "--db", db); !strings.Contains(out, "board 5x4, depth 8, 16465 positions") {
		t.Errorf("stats without --board printed %q", out)
	}
	if out := run(0, "book", "lookup", "--db", db, "33"); !strings.HasPrefix(out, "33 0 moves:") {
		t.Errorf("lookup without --board printed %q", out)
	}
	if out := run(1, "book", "export", "--db", db, "--board", "7x6", "--out", file+"2"); !strings.Contains(out, "holds no book of 7x6, only of 5x4") {
		t.Errorf("export of a board the database lacks printed %q", out)
	}
	if _, err := os.Stat(file + "2"); err == nil {
		t.Error("a failed export wrote its file")
	}
	db2 := filepath.Join(dir, "db2")
	if out := run(0, "book", "import", "--in", file, "--db", db2); !strings.Contains(out, "16465 positions of 5x4") {
		t.Errorf("import printed %q", out)
	}
	// A database of several boards: stats shows each; the others ask which.
	run(0, "book", "generate", "--db", db2, "--board", "4x4", "--depth", "3", "--tt-mib", "8")
	if out := run(0, "book", "stats", "--db", db2); !strings.Contains(out, "board 4x4, depth 3, 37 positions") || !strings.Contains(out, "board 5x4, depth 8, 16465 positions") {
		t.Errorf("stats of two boards printed %q", out)
	}
	for _, cmd := range [][]string{{"export", "--out", file + "2"}, {"lookup", "4"}, {"verify"}} {
		if out := run(1, append([]string{"book", cmd[0], "--db", db2}, cmd[1:]...)...); !strings.Contains(out, "holds books of 4x4, 5x4: choose one with --board") {
			t.Errorf("book %s of two boards printed %q", cmd[0], out)
		}
	}
	os.WriteFile(file, []byte("C4BOOK\x01garbage"), 0o644)
	if out := run(1, "book", "import", "--in", file, "--db", db2); !strings.Contains(out, "corrupt or truncated") {
		t.Errorf("import of a bad file printed %q", out)
	}
	// Nor do a bad file and a bad root leave an empty database behind.
	db3 := filepath.Join(dir, "db3")
	run(1, "book", "import", "--in", file, "--db", db3)
	run(1, "book", "generate", "--db", db3, "--board", "5x4", "--depth", "2", "--root", "6", "--tt-mib", "8")
	if _, err := os.Stat(db3); !os.IsNotExist(err) {
		t.Errorf("a failed import or generate left %s: %v", db3, err)
	}
	// The solver with the imported book answers early positions without
	// searching, and later ones as before.
	out = run(0, "solve", "--board", "5x4", "--book", db2, "--tt-mib", "8", "--stats", "", "3333", "333311122")
	lines := strings.Split(out, "\n")
	for i, want := range []string{" 0 ", "3333 0 ", "333311122 0 "} {
		searched := !strings.HasPrefix(lines[i], want+"0 ")
		if !strings.HasPrefix(lines[i], want) || searched != (i == 2) {
			t.Errorf("solve --book printed %q", out)
		}
	}
	run(1, "solve", "--book", filepath.Join(dir, "none"), "4")
	run(1, "solve", "--book", db2, "--engine", "dfpn", "--weak", "4")
}

// TestBookShards: two shards made without a database, merged into one;
// the errors of a shard without --out, with --db, and of a merge that
// lacks a shard.
func TestBookShards(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 2 {
		f := filepath.Join(dir, fmt.Sprintf("s%d.c4s", i))
		args := []string{"book", "generate", "--board", "5x4", "--depth", "6", "--shard", fmt.Sprintf("%d/2", i), "--out", f, "--tt-mib", "8"}
		if code, out, errOut := c4(t, "", args...); code != 0 || !strings.Contains(out, "solved by this run") {
			t.Fatalf("shard %d: exit %d, %q %q", i, code, out, errOut)
		}
		if code, out, _ := c4(t, "", args...); code != 0 || !strings.Contains(out, "already complete") {
			t.Errorf("shard %d again: exit %d, %q", i, code, out)
		}
		files = append(files, f)
	}
	db := filepath.Join(dir, "db")
	if code, _, errOut := c4(t, "", "book", "merge", "--db", db, files[0]); code != 1 || !strings.Contains(errOut, "1 of the 2 shards are missing: 1") {
		t.Errorf("merge of one shard of two: exit %d, %q", code, errOut)
	}
	if code, out, errOut := c4(t, "", "book", "merge", "--db", db, dir); code != 0 || !strings.Contains(out, "2 shards of the 6-stone layer of 5x4 merged") {
		t.Fatalf("merge of the folder: exit %d, %q %q", code, out, errOut)
	}
	if code, out, _ := c4(t, "", "book", "stats", "--db", db); code != 0 || !strings.Contains(out, "board 5x4, depth 6, 2411 positions") {
		t.Errorf("stats of the merged book: exit %d, %q", code, out)
	}
	for _, args := range [][]string{
		{"--shard", "0/2", "--depth", "6"},
		{"--shard", "0/2", "--depth", "6", "--out", files[0], "--db", db},
		{"--shard", "2/2", "--depth", "6", "--out", files[0]},
	} {
		if code, _, errOut := c4(t, "", append([]string{"book", "generate", "--board", "5x4"}, args...)...); code == 0 || errOut == "" {
			t.Errorf("book generate %q: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestPlay(t *testing.T) {
	code, out, errOut := c4(t, "3\nx\n3\nq\n", "play", "--board", "5x4", "--tt-mib", "8", "--hints")
	if code != 0 || !strings.Contains(out, "c4 plays") || !strings.Contains(out, `"x": type a column`) || !strings.Contains(out, "scores: ") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, errOut := c4(t, "", "play", "--first", "nobody"); code == 0 || !strings.Contains(errOut, "--first") {
		t.Errorf("--first nobody: exit %d, stderr %q", code, errOut)
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

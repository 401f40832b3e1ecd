package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"

	"c4/bench"
	"c4/internal/machine"
	"c4/position"
	"c4/solve"
	"c4/testsets"
)

const benchUsage = `bench [--dir DIR] [--set NAME...] [flags]

Solves every position of the benchmark sets, checks each score against the
set, and prints one row per set: positions, mean, median and max time, mean
nodes, thousands of positions a second, and mismatches. Without --dir it runs
c4's own embedded 7x6 sets; with --dir, the set files there (by default the
public ones, Test_L3_R1 ... Test_L1_R3). The table is cleared before each
position unless --keep-table. Exit status 1 on any mismatch.`

func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", benchUsage, stdout, stderr)
	var sf solverFlags
	sf.register(fs, true)
	dir := fs.String("dir", "", "folder of set files (default: the embedded sets)")
	names := fs.StringSlice("set", nil, "set `NAME`s to run, in order (default: all six)")
	limit := fs.Int("limit", 0, "solve only the first `N` positions of each set (0: all)")
	keep := fs.Bool("keep-table", false, "keep the transposition table between positions")
	format := fs.String("format", "table", "report format: "+strings.Join(bench.Formats, ", "))
	out := fs.String("out", "", "write the report to `FILE` instead of standard output")
	compare := fs.String("compare", "", "show each figure beside those of an earlier run's JSON report `FILE`")
	plot := fs.String("plot", "", "draw the time distribution and mean nodes of each set as an SVG `FILE`")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the solving to `FILE`, for go tool pprof (and cmd/c4/default.pgo)")
	if done, err := parse(fs, args); done {
		return err
	}
	if *limit < 0 {
		return fmt.Errorf("--limit %d: want 0 (all) or more", *limit)
	}
	if !slices.Contains(bench.Formats, *format) {
		return fmt.Errorf("--format %q: want one of %s", *format, strings.Join(bench.Formats, ", "))
	}
	b, engine, err := sf.open()
	if err != nil {
		return err
	}
	defer sf.close()
	old, err := readReport(*compare)
	if err != nil {
		return err
	}
	sets, err := loadSets(*dir, *names, b, stderr)
	if err != nil {
		return err
	}
	// The files written at the end are made now: a path that cannot take
	// them fails here, not after hours of solving.
	outFile, err := createOut("--out", *out)
	if err != nil {
		return err
	}
	defer outFile.discard()
	plotFile, err := createOut("--plot", *plot)
	if err != nil {
		return err
	}
	defer plotFile.discard()
	opts := bench.Options{Limit: *limit, Mode: sf.mode(), KeepTable: *keep}
	if isTerminal(stderr) {
		opts.Progress = stderr
	}
	report := bench.Report{Engine: sf.engine, Mode: sf.mode().String(), Board: b.String(), TableMiB: sf.tableMiB, Threads: sf.threads,
		Processor: machine.Processor(), AttackPath: attackPath()}
	stopProfile, err := startProfile(*profile)
	if err != nil {
		return err
	}
	var mismatches int
	report.Rows, mismatches, err = runSets(ctx, sets, engine, opts, stderr)
	runErr := err
	if err := stopProfile(); err != nil {
		return err
	}
	writeReport := func(w io.Writer) error { return bench.WriteReport(w, report, *format, old) }
	if err := writeTo(outFile, stdout, writeReport); err != nil {
		return err
	}
	if plotFile != nil {
		if err := plotFile.write(func(w io.Writer) error { return bench.WritePlot(w, report) }); err != nil {
			return err
		}
	}
	if runErr != nil {
		return runErr
	}
	if mismatches > 0 {
		return fmt.Errorf("%d scores differ from the sets", mismatches)
	}
	return nil
}

// readReport reads the JSON report at path, for --compare; nil if path
// is empty.
func readReport(path string) (*bench.Report, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := bench.ReadReport(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// runSets runs the sets in order, printing each mismatch on stderr, and
// returns their rows, the number of mismatches, and the error that ended
// the run early, if one did.
func runSets(ctx context.Context, sets []*testsets.Set, engine solve.Engine, opts bench.Options, stderr io.Writer) ([]bench.Row, int, error) {
	var rows []bench.Row
	mismatches := 0
	for _, set := range sets {
		row, err := bench.Run(ctx, set, engine, opts)
		rows = append(rows, row)
		for _, m := range row.Mismatches {
			fmt.Fprintf(stderr, "c4 bench: %s line %d: %q scored %d, the set says %d\n", set.Name, m.Case.Line, m.Case.Moves, m.Got, m.Case.Score)
		}
		mismatches += len(row.Mismatches)
		if errors.Is(err, context.Canceled) {
			return rows, mismatches, errors.New("interrupted: the report shows the positions solved")
		}
		if err != nil {
			return rows, mismatches, err
		}
	}
	return rows, mismatches, nil
}

// startProfile starts writing a CPU profile to path; stop ends it. An
// empty path writes none.
func startProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() error {
		pprof.StopCPUProfile()
		return f.Close()
	}, nil
}

// loadSets reads the named sets from dir, or the embedded ones.
func loadSets(dir string, names []string, b *position.Board, stderr io.Writer) ([]*testsets.Set, error) {
	if len(names) == 0 {
		names = testsets.PublicNames
	}
	var sets []*testsets.Set
	if dir == "" {
		if b != position.Standard {
			return nil, fmt.Errorf("the embedded sets are 7x6: give --dir for %s sets", b)
		}
		all, err := testsets.Embedded()
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			i := slices.IndexFunc(all, func(s *testsets.Set) bool { return s.Name == name })
			if i < 0 {
				return nil, fmt.Errorf("no embedded set %q: the embedded sets are %s", name, strings.Join(testsets.PublicNames, ", "))
			}
			sets = append(sets, all[i])
		}
		return sets, nil
	}
	for _, name := range names {
		set, bad, err := testsets.ReadFile(filepath.Join(dir, name), b)
		if err != nil {
			return nil, err
		}
		for _, e := range bad {
			fmt.Fprintf(stderr, "c4 bench: %v\n", e)
		}
		sets = append(sets, set)
	}
	return sets, nil
}

// outFile is a file written through a temporary one beside it, made
// before the work whose result it holds; a failed write leaves no half file.
type outFile struct {
	path string
	tmp  *os.File
}

// createOut makes the temporary file for path, the value of flag; nil if
// path is empty.
func createOut(flag, path string) (*outFile, error) {
	if path == "" {
		return nil, nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".c4-*")
	if pe := (*os.PathError)(nil); errors.As(err, &pe) {
		err = pe.Err // the temporary file's name means nothing to the user
	}
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	return &outFile{path, tmp}, nil
}

// write writes the file and puts it in its place.
func (f *outFile) write(write func(io.Writer) error) error {
	err := write(f.tmp)
	if err == nil {
		err = f.tmp.Chmod(0o644) // as os.Create's under the usual umask, not CreateTemp's 0600
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.path)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	return nil
}

// writeTo writes with write to f, or to w if f is nil.
func writeTo(f *outFile, w io.Writer, write func(io.Writer) error) error {
	if f == nil {
		return write(w)
	}
	return f.write(write)
}

// discard removes the temporary file if write did not put it in place.
func (f *outFile) discard() {
	if f != nil {
		f.tmp.Close()
		os.Remove(f.tmp.Name())
	}
}

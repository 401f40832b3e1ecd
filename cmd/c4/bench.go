package main

import (
	"context"
	"fmt"
	"io"
	"runtime/pprof"
	"slices"
	"strings"

	"c4/bench"
	"c4/game"
	"c4/internal/atomicfile"
	"c4/internal/cli"
	"c4/internal/machine"
	"c4/testsets"
)

var benchUsage = help("bench")

func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("bench", benchUsage, stdout, stderr)
	var sf searchFlags
	sf.register(fs, true, "none")
	dir := fs.String("dir", "", "folder of set files (default: the embedded sets of --board)")
	names := fs.StringSlice("set", nil, "set `NAME`s to run, in order (default: all six public ones, or all of the embedded ones)")
	var limit int
	fs.IntVar(&limit, "limit", 0, 0, 1<<30, "solve only the first `N` positions of each set (0: all)")
	keep := fs.Bool("keep-table", false, "keep the transposition table between positions")
	format := fs.String("format", "table", "report format: "+strings.Join(bench.Formats(), ", "))
	out := fs.String("out", "", "write the report to `FILE` instead of standard output")
	compare := fs.String("compare", "", "show each figure beside those of an earlier run's JSON report `FILE`")
	plot := fs.String("plot", "", "draw the time distribution and mean nodes of each set as an SVG `FILE`")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the solving to `FILE`, for go tool pprof (and cmd/c4/default.pgo)")
	if done, err := fs.Parse(args); done {
		return err
	}
	if !slices.Contains(bench.Formats(), *format) {
		return fs.UsageError(fmt.Errorf("--format %q: want one of %s", *format, strings.Join(bench.Formats(), ", ")))
	}
	var want game.Board // each set's own board, unless --board says
	if fs.Changed("board") {
		b, err := sf.parseBoard(fs)
		if err != nil {
			return err
		}
		want = b
	}
	sets, bad, err := testsets.Load(*dir, *names, want)
	if err != nil {
		return err
	}
	for _, e := range bad {
		fmt.Fprintf(stderr, "c4 bench: %v\n", e)
	}
	sf.board = sets[0].Board.String()
	boards, wide := testsets.Boards(sets)
	engine, err := sf.open(fs)
	if err != nil {
		return err
	}
	defer engine.Close()
	old, err := bench.ReadReportFile(*compare)
	if err != nil {
		return fmt.Errorf("--compare: %w", err)
	}
	// The files written at the end are made now: a path that cannot take
	// them fails here, not after hours of solving.
	files, err := atomicfile.CreateAll(map[string]string{"--out": *out, "--plot": *plot, "--cpuprofile": *profile})
	if err != nil {
		return err
	}
	defer files.Discard()
	report := bench.Report{Engine: sf.engine, Mode: sf.mode().String(), Board: boards, TableMiB: sf.tableMiB, Threads: sf.threads,
		Processor: machine.Processor(), AttackPath: game.AttackPaths(wide)}
	if f := files["--cpuprofile"]; f != nil {
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	opts := bench.Options{Limit: limit, Mode: sf.mode(), KeepTable: *keep, Progress: cli.ProgressTo(stderr)}
	rows, runErr := bench.RunSets(ctx, sets, engine, opts, func(m bench.Mismatch) {
		fmt.Fprintf(stderr, "c4 bench: %s line %d: %q scored %d, the set says %d\n", m.Set, m.Case.Line, m.Case.Moves, m.Got, m.Case.Score)
	})
	report.Rows = rows
	if files["--cpuprofile"] != nil {
		pprof.StopCPUProfile()
	}
	if err := files.Commit("--out", stdout, func(w io.Writer) error { return bench.WriteReport(w, report, *format, old) }); err != nil {
		return err
	}
	if err := files.Commit("--plot", nil, func(w io.Writer) error { return bench.WritePlot(w, report) }); err != nil {
		return err
	}
	if err := files.Commit("--cpuprofile", nil, nil); err != nil {
		return err
	}
	if runErr != nil {
		return cli.Interrupted(runErr, "the report shows the positions solved")
	}
	if n := report.Mismatches(); n > 0 || len(bad) > 0 {
		return fmt.Errorf("%d scores differ from the sets, %d lines could not be read", n, len(bad))
	}
	return nil
}

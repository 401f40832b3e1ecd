package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"c4/bench"
	"c4/negamax"
	"c4/testsets"
)

const benchUsage = `bench --dir DIR [--set NAME...] [flags]

Solves every position of the benchmark sets in DIR (by default the public
sets Test_L3_R1 ... Test_L1_R3 found there), checks each score against the
set, and prints one row per set: positions, mean, median and max time, mean
nodes, thousands of positions a second, and mismatches. The table is cleared
before each position unless --keep-table. Exit status 1 on any mismatch.`

func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", benchUsage, stderr)
	var sf solverFlags
	sf.register(fs)
	dir := fs.String("dir", "", "folder of set files")
	sets := fs.StringSlice("set", nil, "set `NAME`s to run, in order (default: the public sets found in --dir)")
	weak := fs.BoolP("weak", "w", false, "weak solving: check only win/draw/loss")
	limit := fs.Int("limit", 0, "solve only the first `N` positions of each set (0: all)")
	keep := fs.Bool("keep-table", false, "keep the transposition table between positions")
	if done, err := parse(fs, args); done {
		return err
	}
	if *dir == "" {
		fmt.Fprintln(stderr, "c4 bench: --dir is required")
		fs.Usage()
		return errUsage
	}
	b, err := sf.boardSize()
	if err != nil {
		return err
	}
	s, err := sf.solver()
	if err != nil {
		return err
	}
	mode := negamax.Strong
	if *weak {
		mode = negamax.Weak
	}
	names := *sets
	if len(names) == 0 {
		names = testsets.PublicNames
	}
	opts := bench.Options{Limit: *limit, Weak: *weak, KeepTable: *keep}
	if isTerminal(stderr) {
		opts.Progress = stderr
	}
	var rows []bench.Row
	mismatches := 0
	for _, name := range names {
		set, bad, err := testsets.ReadFile(filepath.Join(*dir, name), b)
		if err != nil {
			return err
		}
		for _, e := range bad {
			fmt.Fprintf(stderr, "c4 bench: %v\n", e)
		}
		row, err := bench.Run(ctx, set, bench.Negamax(s, mode), opts)
		rows = append(rows, row)
		for _, m := range row.Mismatches {
			fmt.Fprintf(stderr, "c4 bench: %s line %d: %q scored %d, the set says %d\n", name, m.Case.Line, m.Case.Moves, m.Got, m.Case.Score)
		}
		mismatches += len(row.Mismatches)
		if err != nil {
			bench.WriteTable(stdout, rows)
			if errors.Is(err, context.Canceled) {
				return errors.New("interrupted: the table shows the positions solved")
			}
			return err
		}
	}
	if err := bench.WriteTable(stdout, rows); err != nil {
		return err
	}
	if mismatches > 0 {
		return fmt.Errorf("%d scores differ from the sets", mismatches)
	}
	return nil
}

package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"c4/book/gen"
	"c4/internal/cli"
)

var estimateUsage = help("estimate")

func bookEstimate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book estimate", estimateUsage, stdout, stderr)
	var sf searchFlags
	sf.register(fs, false, "")
	var depth, sample int
	fs.IntVar(&depth, "depth", 0, 1, 127, "the book's depth, `N` stones (required)")
	fs.IntVar(&sample, "sample", 8, 1, 1<<20, "`S` random positions to solve")
	var budget time.Duration
	fs.DurationVar(&budget, "budget", 30*time.Second, 24*time.Hour, "most time for one sampled position")
	fs.Require("depth", "N")
	seed := fs.Uint64("seed", 1, "random seed")
	if done, err := fs.Parse(args); done {
		return err
	}
	b, err := sf.parseBoard(fs)
	if err != nil {
		return err
	}
	if depth >= b.Cells() {
		if b.Cells() < 2 {
			return fs.UsageError(fmt.Errorf("--board %s: a board of one cell has no position to estimate", b))
		}
		return fs.UsageError(fmt.Errorf("--depth %d: want 1 to %d on %s", depth, b.Cells()-1, b))
	}
	e := gen.Estimate{Board: b, Depth: depth, Sample: sample, Budget: budget, TableMiB: sf.tableMiB, Seed: *seed}
	if err := fits(nil, e.Bytes()); err != nil {
		return err
	}
	c, err := e.Run(ctx)
	if err != nil {
		return cli.Interrupted(err, "")
	}
	gen.WriteCost(stdout, e, c)
	return nil
}

package main

import (
	"context"
	"io"

	"c4/internal/cli"
	"c4/testsets"
)

var generateUsage = help("testsets-generate")

func runTestsets(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "generate" {
		return cli.SubUsage("testsets", generateUsage, args, stdout, stderr)
	}
	if err := testsetsGenerate(ctx, args[1:], stdout, stderr); err != nil {
		return &cli.SubError{Name: "generate", Err: err}
	}
	return nil
}

func testsetsGenerate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("testsets generate", generateUsage, stdout, stderr)
	var sf searchFlags
	sf.register(fs, false, "")
	level := fs.String("level", "", "begin, middle or end (or 1, 2 or 3)")
	rating := fs.String("rating", "", "easy, medium or hard (or 1, 2 or 3)")
	var count, minStones int
	fs.IntVar(&count, "count", 100, 1, 1<<24, "positions in the set")
	seed := fs.Uint64("seed", 1, "random seed")
	fs.IntVar(&minStones, "min-stones", 0, 0, 128, "draw positions of at least `N` stones (within the level's range)")
	if done, err := fs.Parse(args); done {
		return err
	}
	l, err := testsets.ParseLevel(*level)
	if err != nil {
		return fs.UsageError(err)
	}
	r, err := testsets.ParseRating(*rating)
	if err != nil {
		return fs.UsageError(err)
	}
	s, err := sf.open(fs)
	if err != nil {
		return err
	}
	defer s.Close()
	g := testsets.Generator{Board: s.Board(), Level: l, Rating: r, Count: count, Seed: *seed, Solver: s, MinStones: minStones,
		Progress: cli.ProgressTo(stderr)}
	set, err := g.Generate(ctx)
	if err != nil {
		return cli.Interrupted(err, "nothing written")
	}
	return g.Write(stdout, set)
}

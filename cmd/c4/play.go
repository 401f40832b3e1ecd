package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"c4/book/builtin"
	"c4/internal/cli"
	"c4/internal/progress"
	"c4/play"
	"c4/position"
)

var playUsage = fmt.Sprintf(help("play"), builtin.Stones)

func runPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("play", playUsage, stdout, stderr)
	var sf searchFlags
	sf.register(fs, false, "builtin")
	first := fs.String("first", "human", "who plays first: human or c4")
	hints := fs.Bool("hints", false, "show the score of every column before each of your moves")
	from := fs.String("from", "", "start every game from the position of these `MOVES` (on a board past 64 bits, whose early positions no solver answers, a late one)")
	if done, err := fs.Parse(args); done {
		return err
	}
	if *first != "human" && *first != "c4" {
		return fs.UsageError(fmt.Errorf("--first %q: want human or c4", *first))
	}
	s, err := sf.open(fs)
	if err != nil {
		return err
	}
	defer s.Close()
	humanParity := 0
	if *first == "c4" {
		humanParity = 1
	}
	cfg := play.Config{
		Solver: s, Hints: *hints, Colour: cli.Colour(stdout), Start: *from,
		HumansTurn: func(stones int) bool { return stones%2 == humanParity },
	}
	cfg.Searching = func(moves string) func() { return progress.Search(cli.ProgressTo(stderr), moves, true, s.Progress) }
	err = play.Run(ctx, cfg, stdin, stdout)
	if pe := (*position.ParseError)(nil); errors.As(err, &pe) || errors.Is(err, position.ErrGameOver) {
		return fs.UsageError(fmt.Errorf("--from: %w", err))
	}
	return cli.Interrupted(err, "")
}

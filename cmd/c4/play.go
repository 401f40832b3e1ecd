package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"c4/book/builtin"
	"c4/internal/cli"
	"c4/play"
	"c4/position"
)

var playUsage = fmt.Sprintf(`play [--first human|c4] [--hints] [--from MOVES] [--book DIR|builtin|none] [--board WxH] [flags]

A game against perfect play in the terminal. Type a column (1, 2, ...; a,
b, ... past 9) to play, u to take back your last move (and c4's reply), q
to quit. c4 plays its best move: the quickest win, or the slowest loss, the
centre first among equals. On 7x6 the built-in book answers the first %d
stones at once; without a book (--book none) early positions take the
solver seconds to a minute. Boards past 64 bits (8x8, 9x9, ...) are played
from a late position (--from): no one has solved their early ones.`, builtin.Stones)

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
	b, e, closeBook, err := sf.open(fs)
	if err != nil {
		return err
	}
	defer closeBook()
	humanParity := 0
	if *first == "c4" {
		humanParity = 1
	}
	cfg := play.Config{
		Board: b, Engine: e, Hints: *hints, Colour: cli.Colour(stdout), Start: *from,
		HumansTurn: func(stones int) bool { return stones%2 == humanParity },
	}
	cfg.Searching = func(moves string) func() { return watchSearch(stderr, moves, true, e.Progress) }
	err = play.Run(ctx, cfg, stdin, stdout)
	if pe := (*position.ParseError)(nil); errors.As(err, &pe) || errors.Is(err, position.ErrGameOver) {
		return fs.UsageError(fmt.Errorf("--from: %w", err))
	}
	return cli.Interrupted(err, "")
}

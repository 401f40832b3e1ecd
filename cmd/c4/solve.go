package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"c4/negamax"
	"c4/position"
	"c4/solve"
)

const solveUsage = `solve [flags] [POSITION...]

Prints "<position> <score>" for each position: the arguments, or one position
a line on standard input: the first word of the line, so "c4 solve < set"
reproduces a test set. An empty line is the empty board, and so is a test
set's " <score>" (one blank, then a score); any other line that starts with
a blank is an error, as is a line over 1 MiB; lines starting with '#' are
skipped. Scores are from the side to move: 0 a draw, positive a
win (the sooner the higher), negative a loss. A bad position is reported on
stderr and the run goes on; the exit status is then 1.`

func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve", solveUsage, stdout, stderr)
	var sf solverFlags
	sf.register(fs, true)
	analyze := fs.BoolP("analyze", "a", false, "print the score of each column instead (-1000: full)")
	stats := fs.Bool("stats", false, "append the nodes searched and the microseconds taken")
	if done, err := parse(fs, args); done {
		return err
	}
	b, engine, err := sf.open()
	if err != nil {
		return err
	}
	defer sf.close()
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	failed := false
	solveOne := func(where, moves string) error {
		stopProgress := func() {}
		if sf.solver != nil && isTerminal(stderr) {
			stopProgress = showProgress(sf.solver, moves, *analyze, stderr)
		}
		line, err := solveLine(ctx, engine, b, moves, sf.mode(), *analyze, *stats)
		stopProgress()
		if err != nil {
			if ctx.Err() != nil {
				return errors.New("interrupted")
			}
			failed = true
			out.Flush()
			fmt.Fprintf(stderr, "c4 solve: %s%v\n", where, err)
			return nil
		}
		out.WriteString(line)
		return out.Flush() // each answer as soon as it is known
	}
	if fs.NArg() > 0 {
		for i, moves := range fs.Args() {
			if err := solveOne(fmt.Sprintf("argument %d: ", i+1), moves); err != nil {
				return err
			}
		}
	} else {
		err := eachLine(stdin, func(n int, text string, err error) error {
			where := fmt.Sprintf("line %d: ", n)
			if strings.HasPrefix(text, "#") {
				return nil
			}
			moves, err2 := lineMoves(text, b)
			if err = errors.Join(err, err2); err != nil {
				failed = true
				out.Flush()
				fmt.Fprintf(stderr, "c4 solve: %s%v\n", where, err)
				return nil
			}
			return solveOne(where, moves)
		})
		if err != nil {
			return err
		}
	}
	if failed {
		return errFailed
	}
	return nil
}

// solveLine solves one position and formats its output line.
func solveLine(ctx context.Context, e solve.Engine, b *position.Board, moves string, mode solve.Mode, analyze, stats bool) (string, error) {
	p, err := position.Parse(b, moves)
	if err != nil {
		return "", err
	}
	if p.IsOver() {
		return "", fmt.Errorf("position %q: %w", moves, position.ErrGameOver)
	}
	start := time.Now()
	var sb strings.Builder
	sb.WriteString(moves)
	var nodes uint64
	if analyze {
		scores, st, err := e.Analyze(ctx, p, mode)
		if err != nil {
			return "", fmt.Errorf("position %q: %w", moves, err)
		}
		nodes = st.Nodes
		for _, v := range scores {
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(v))
		}
	} else {
		r, err := e.Solve(ctx, p, mode)
		if err != nil {
			return "", fmt.Errorf("position %q: %w", moves, err)
		}
		nodes = r.Stats.Nodes
		sb.WriteByte(' ')
		sb.WriteString(strconv.Itoa(r.Score))
	}
	if stats {
		fmt.Fprintf(&sb, " %d %d", nodes, time.Since(start).Microseconds())
	}
	sb.WriteByte('\n')
	return sb.String(), nil
}

// showProgress writes, every second while a solve takes longer, the nodes
// searched, the rate, the interval known to hold the score (not while
// analysing, whose moves are searched at once) and the time taken, on one
// line of w (a terminal). The function it returns stops it and clears the
// line.
func showProgress(s *negamax.Solver, moves string, analyze bool, w io.Writer) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	start := time.Now()
	label := strconv.Quote(moves)
	if moves == "" {
		label = "the empty board"
	}
	go func() {
		defer close(finished)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(w, "\r\033[K")
				}
				return
			case <-tick.C:
				nodes, lo, hi := s.Progress()
				elapsed := time.Since(start)
				score := fmt.Sprintf("score in [%d, %d]", lo, hi)
				if analyze {
					score = "every move"
				}
				fmt.Fprintf(w, "\r%s: %d nodes, %.1f M/s, %s, %s   ",
					label, nodes, float64(nodes)/elapsed.Seconds()/1e6, score, elapsed.Round(time.Second))
				shown = true
			}
		}
	}()
	return func() { close(done); <-finished }
}

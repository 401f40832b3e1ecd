package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"c4/game"
	"c4/internal/cli"
	"c4/internal/lines"
	"c4/internal/progress"
	"c4/search"
	"c4/solver"
	"c4/testsets"
	"c4/threat"
)

var solveUsage = help("solve")

func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("solve", solveUsage, stdout, stderr)
	fs.WithArgs = true
	var sf searchFlags
	sf.register(fs, true, "none")
	analyze := fs.BoolP("analyze", "a", false, "print the score of each column instead (-1000: full)")
	stats := fs.Bool("stats", false, "append the nodes searched and the microseconds taken")
	explain := fs.Bool("explain", false, "follow each answer with a line \"# ...\": what Connect Four's rules prove there, in words")
	if done, err := fs.Parse(args); done {
		return err
	}
	slv, err := sf.open(fs)
	if err != nil {
		return err
	}
	defer slv.Close()
	b := slv.Board()
	s := answerer{ctx: ctx, s: slv, mode: sf.mode(), analyze: *analyze, stats: *stats, explain: *explain,
		out: bufio.NewWriter(stdout), stderr: stderr}
	defer s.out.Flush()
	if fs.NArg() > 0 {
		for i, moves := range fs.Args() {
			if err := s.line(fmt.Sprintf("argument %d", i+1), moves, nil); err != nil {
				return err
			}
		}
	} else if err := lines.Read(ctx, stdin, func(n int, text string, err error) error {
		moves, _, comment, perr := testsets.ParseLine(text, b.Cells())
		if comment && err == nil {
			return nil
		}
		return s.line(fmt.Sprintf("line %d", n), moves, cmp.Or(err, perr))
	}); err != nil {
		return cli.Interrupted(err, "")
	}
	if s.failed {
		return cli.ErrFailed
	}
	return nil
}

// answerer answers c4 solve's positions, one at a time.
type answerer struct {
	ctx            context.Context
	s              *solver.Solver
	mode           search.Mode
	analyze, stats bool
	explain        bool
	out            *bufio.Writer
	stderr         io.Writer
	failed         bool
}

// line answers the position of moves, or reports err (a line that names
// none) at where. Only an interrupt ends the run: its error is returned.
func (s *answerer) line(where, moves string, err error) error {
	var answer string
	if err == nil {
		answer, err = s.answer(moves)
	}
	if err != nil {
		if s.ctx.Err() != nil {
			return cli.Interrupted(s.ctx.Err(), "")
		}
		s.failed = true
		s.out.Flush()
		fmt.Fprintf(s.stderr, "c4 solve: %s: %v\n", where, err)
		return nil
	}
	s.out.WriteString(answer)
	return s.out.Flush() // each answer as soon as it is known
}

// answer solves one position and formats its output line.
func (s *answerer) answer(moves string) (string, error) {
	p, err := s.s.Position(moves)
	if err != nil {
		return "", err
	}
	defer progress.Search(cli.ProgressTo(s.stderr), moves, s.analyze, s.s.Progress)()
	start := time.Now()
	var scores []int
	var st search.Stats
	if s.analyze {
		scores, st, err = s.s.Analyze(s.ctx, p, s.mode)
	} else {
		var r search.Result
		r, err = s.s.Solve(s.ctx, p, s.mode)
		scores, st = []int{r.Score}, r.Stats
	}
	if err != nil {
		return "", fmt.Errorf("position %q: %w", moves, err)
	}
	var sb strings.Builder
	sb.WriteString(moves)
	for _, v := range scores {
		sb.WriteString(" " + strconv.Itoa(v))
	}
	if s.stats {
		fmt.Fprintf(&sb, " %d %d", st.Nodes, time.Since(start).Microseconds())
	}
	sb.WriteString("\n")
	if s.explain {
		sb.WriteString("# " + explanation(p) + "\n")
	}
	return sb.String(), nil
}

// explanation is what the rules prove at p (solver.Explain), or that
// they prove nothing.
func explanation(p game.Position) string {
	if e, ok := solver.Explain(p, threat.XO); ok {
		return e
	}
	return "no rule proves a bound here: the score is the search's alone"
}

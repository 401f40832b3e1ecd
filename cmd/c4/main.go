// Command c4 solves Connect Four positions and benchmarks the solvers.
//
//	c4 solve [flags] [POSITION...]   score positions (arguments, or one a line on stdin)
//	c4 bench [flags]                 run benchmark sets and print a table
//	c4 book COMMAND [flags]          generate, query, check, export and import an opening book
//	c4 play [flags]                  play against perfect play in the terminal
//	c4 serve [flags]                 the JSON API and a web page to play in a browser
//	c4 testsets generate [flags]     make a benchmark set
//	c4 version                       the build, the processor and the search's vector path
//
// Run "c4 COMMAND --help" (or "c4 help COMMAND") for a command's flags.
//
// The go command builds c4 with default.pgo, a CPU profile of its benchmark
// runs, with which the compiler inlines the search's hot calls; "go
// generate ./cmd/c4" makes it again (see pgo.sh).
package main

//go:generate sh pgo.sh

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"text/tabwriter"

	"golang.org/x/term"

	"c4/position"
)

// errFailed ends a run that has already reported its errors.
var errFailed = errors.New("failed")

var commands = []struct {
	name, summary string
	run           func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}{
	{"solve", "score positions: c4 solve [flags] [POSITION...], or one position a line on stdin", runSolve},
	{"bench", "run benchmark sets, check every score, print a table", runBench},
	{"book", "opening book: c4 book generate|lookup|stats|verify|export|import --db DIR ...", runBook},
	{"play", "play against perfect play in the terminal: c4 play [--first human|c4] [--hints]", runPlay},
	{"serve", "the JSON API and a web page to play in the browser: c4 serve [--addr HOST:PORT]", runServe},
	{"testsets", "make benchmark sets: c4 testsets generate --level L --rating R --count N --seed S", runTestsets},
	{"version", "the build, the processor and the search's vector path", runVersion},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if err := position.CheckAttackPathEnv(); err != nil {
		fmt.Fprintf(stderr, "c4: %v\n", err)
		return 2
	}
	switch {
	case len(args) == 0:
		usage(stderr)
		return 2
	case args[0] == "help" && len(args) > 1: // c4 help solve
		args = []string{args[1], "--help"}
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		usage(stdout)
		return 0
	case args[0] == "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(ctx, args[1:], stdin, stdout, stderr)
			switch {
			case err == nil:
				return 0
			case errors.Is(err, errUsage):
				return 2
			case !errors.Is(err, errFailed):
				fmt.Fprintf(stderr, "c4 %s: %v\n", c.name, err)
			}
			return 1
		}
	}
	fmt.Fprintf(stderr, "c4: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "c4: a Connect Four solver.\n\nCommands:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nRun \"c4 COMMAND --help\" or \"c4 help COMMAND\" for a command's flags.")
}

// colour says whether to draw in colour on w: on a terminal, unless
// NO_COLOR is set (no-color.org) or TERM is dumb.
func colour(w io.Writer) bool {
	return isTerminal(w) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
}

// isTerminal says whether w is a terminal, where progress is shown.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Command c4 solves Connect Four positions and benchmarks the solvers.
//
//	c4 solve [flags] [POSITION...]   score positions (arguments, or one per line on stdin)
//	c4 bench [flags]                 run benchmark sets and print a table
//	c4 book COMMAND [flags]          generate, merge, query, check, export and import opening books
//	c4 play [flags]                  play against perfect play in the terminal
//	c4 serve [flags]                 the JSON API and a web page to play in a browser
//	c4 prove [flags]                 prove a weak result, resumably, with workers here or elsewhere
//	c4 testsets generate [flags]     make a benchmark set
//	c4 version                       the build, the processor and the search's vector path
//
// Run "c4 COMMAND --help" (or "c4 help COMMAND") for a command's flags.
// Each command parses its flags and calls the packages that do the work.
//
// The go command builds c4 with default.pgo, a CPU profile of its benchmark
// runs, with which the compiler inlines the search's hot calls; "go
// generate ./cmd/c4" makes it again (see pgo.sh).
package main

//go:generate sh pgo.sh

import (
	"context"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"c4/internal/cli"
	"c4/position"
)

var commands = []struct {
	name, summary string
	run           func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}{
	{"solve", "score positions: c4 solve [flags] [POSITION...], or one position per line on stdin", runSolve},
	{"bench", "run benchmark sets, check every score, print a table", runBench},
	{"book", "opening books: c4 book generate|merge|lookup|stats|verify|export|import ...", runBook},
	{"play", "play against perfect play in the terminal: c4 play [--first human|c4] [--hints]", runPlay},
	{"serve", "the JSON API and a web page to play in the browser: c4 serve [--addr HOST:PORT]", runServe},
	{"prove", "prove a weak result by a resumable, distributed proof search: c4 prove --board WxH --db DIR", runProve},
	{"testsets", "make benchmark sets: c4 testsets generate --level L --rating R --count N --seed S", runTestsets},
	{"version", "the build, the processor and the search's vector path", runVersion},
}

func main() {
	cli.Main(func(ctx context.Context) int { return run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr) })
}

// run runs the command of args and returns its exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if err := position.CheckAttackPathEnv(); err != nil {
		fmt.Fprintf(stderr, "c4: %v\n", err)
		return cli.ExitUsage
	}
	switch {
	case len(args) == 0:
		usage(stderr)
		return cli.ExitUsage
	case args[0] == "help" && len(args) > 1: // c4 help solve
		args = []string{args[1], "--help"}
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		usage(stdout)
		return cli.ExitOK
	case args[0] == "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	for _, c := range commands {
		if c.name == args[0] {
			return cli.ExitStatus(ctx, c.name, c.run(ctx, args[1:], stdin, stdout, stderr), stderr)
		}
	}
	fmt.Fprintf(stderr, "c4: unknown command %q\n", args[0])
	usage(stderr)
	return cli.ExitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "c4: a Connect Four solver.\n\nCommands:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nRun \"c4 COMMAND --help\" or \"c4 help COMMAND\" for a command's flags.")
	fmt.Fprintln(w, "\n"+cli.ExitHelp)
}

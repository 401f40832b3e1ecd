// Command c4 solves Connect Four positions and benchmarks the solvers.
//
//	c4 solve [flags] [POSITION...]   score positions (arguments, or one per line on stdin)
//	c4 bench [flags]                 run benchmark sets and print a table
//	c4 book COMMAND [flags]          generate, merge, query, check, export and import opening books
//	c4 play [flags]                  play against perfect play in the terminal
//	c4 serve [flags]                 the JSON API and a web page to play in a browser
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
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"text/tabwriter"

	"golang.org/x/term"

	"c4/position"
)

// The exit statuses every command keeps.
const (
	exitOK     = 0   // done
	exitFailed = 1   // a failure: a bad input line, a wrong score, an error
	exitUsage  = 2   // a bad command line
	exitSignal = 128 // plus the signal's number: 130 for SIGINT, 143 for SIGTERM
)

const exitHelp = `Exit status: 0 done; 1 a failure (a bad input line, a score that differs,
an error); 2 a bad command line; 130 interrupted (Ctrl-C, SIGINT) and 143
terminated (SIGTERM), keeping what was done.`

// errFailed ends a run that has already reported its errors.
var errFailed = errors.New("failed")

var commands = []struct {
	name, summary string
	run           func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}{
	{"solve", "score positions: c4 solve [flags] [POSITION...], or one position per line on stdin", runSolve},
	{"bench", "run benchmark sets, check every score, print a table", runBench},
	{"book", "opening books: c4 book generate|merge|lookup|stats|verify|export|import ...", runBook},
	{"play", "play against perfect play in the terminal: c4 play [--first human|c4] [--hints]", runPlay},
	{"serve", "the JSON API and a web page to play in the browser: c4 serve [--addr HOST:PORT]", runServe},
	{"testsets", "make benchmark sets: c4 testsets generate --level L --rating R --count N --seed S", runTestsets},
	{"version", "the build, the processor and the search's vector path", runVersion},
}

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-signals
		signal.Stop(signals) // a second one ends the process at once
		cancel(signalError{s.(syscall.Signal)})
	}()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// signalError is the cause of a run's context ended by a signal.
type signalError struct{ sig syscall.Signal }

func (e signalError) Error() string { return e.sig.String() }

// Unwrap makes a search that returns its context's cause an interruption.
func (e signalError) Unwrap() error { return context.Canceled }

// run runs the command of args and returns its exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if err := position.CheckAttackPathEnv(); err != nil {
		fmt.Fprintf(stderr, "c4: %v\n", err)
		return exitUsage
	}
	switch {
	case len(args) == 0:
		usage(stderr)
		return exitUsage
	case args[0] == "help" && len(args) > 1: // c4 help solve
		args = []string{args[1], "--help"}
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		usage(stdout)
		return exitOK
	case args[0] == "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	for _, c := range commands {
		if c.name == args[0] {
			return status(ctx, c.name, c.run(ctx, args[1:], stdin, stdout, stderr), stderr)
		}
	}
	fmt.Fprintf(stderr, "c4: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

// status reports a command's error, unless already reported, and returns
// the exit status for it: a signal's status whenever one ended ctx, so
// that an interrupt is never lost.
func status(ctx context.Context, name string, err error, stderr io.Writer) int {
	if errors.Is(err, context.Canceled) && !errors.As(err, new(*interruption)) {
		err = &interruption{}
	}
	if err != nil && !errors.Is(err, errUsage) && !errors.Is(err, errFailed) {
		var sub *subError
		if errors.As(err, &sub) {
			name, err = name+" "+sub.name, sub.err
		}
		fmt.Fprintf(stderr, "c4 %s: %v\n", name, err)
	}
	var sig signalError
	switch {
	case errors.As(context.Cause(ctx), &sig):
		return exitSignal + int(sig.sig)
	case errors.Is(err, context.Canceled):
		return exitSignal + int(syscall.SIGINT)
	case err == nil:
		return exitOK
	case errors.Is(err, errUsage):
		return exitUsage
	}
	return exitFailed
}

// interruption is the error of a command stopped by a signal: what it kept.
type interruption struct{ kept string }

func (e *interruption) Error() string {
	if e.kept == "" {
		return "interrupted"
	}
	return "interrupted: " + e.kept
}

func (e *interruption) Unwrap() error { return context.Canceled }

// interrupted returns an interruption saying what was kept if err is one
// (ctx ended), else err.
func interrupted(err error, kept string) error {
	if errors.Is(err, context.Canceled) {
		return &interruption{kept}
	}
	return err
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "c4: a Connect Four solver.\n\nCommands:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nRun \"c4 COMMAND --help\" or \"c4 help COMMAND\" for a command's flags.")
	fmt.Fprintln(w, "\n"+exitHelp)
}

// isTerminal says whether w is a terminal, where progress is shown.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressTo is w where progress is shown on it (a terminal), else nil.
func progressTo(w io.Writer) io.Writer {
	if isTerminal(w) {
		return w
	}
	return nil
}

// colour says whether to draw in colour on w: on a terminal, unless
// NO_COLOR is set (no-color.org) or TERM is dumb.
func colour(w io.Writer) bool {
	return isTerminal(w) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
}

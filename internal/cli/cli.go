// Package cli is the plumbing of c4's command line: flags whose numeric
// values are checked against a stated range, usage errors, the exit
// statuses every command keeps (ExitStatus), interrupts that end a command
// at once (Main, Interrupted), and whether output goes to a terminal. The
// commands themselves are in cmd/c4.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// The exit statuses every command keeps.
const (
	ExitOK     = 0   // done
	ExitFailed = 1   // a failure: a bad input line, a wrong score, an error
	ExitUsage  = 2   // a bad command line
	ExitSignal = 128 // plus the signal's number: 130 for SIGINT, 143 for SIGTERM
)

// ExitHelp says the exit statuses, for the commands' help.
const ExitHelp = `Exit status: 0 done; 1 a failure (a bad input line, a score that differs,
an error); 2 a bad command line; 130 interrupted (Ctrl-C, SIGINT) and 143
terminated (SIGTERM), keeping what was done.`

var (
	// ErrUsage is a bad command line, already reported.
	ErrUsage = errors.New("usage")
	// ErrFailed ends a run that has already reported its errors.
	ErrFailed = errors.New("failed")
)

// Main runs run with a context that the first SIGINT or SIGTERM ends (a
// second one ends the process at once), and exits with its status.
func Main(run func(ctx context.Context) int) {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-signals
		signal.Stop(signals)
		cancel(signalError{s.(syscall.Signal)})
	}()
	os.Exit(run(ctx))
}

// signalError is the cause of a run's context ended by a signal.
type signalError struct{ sig syscall.Signal }

func (e signalError) Error() string { return e.sig.String() }

// Unwrap makes a search that returns its context's cause an interruption.
func (e signalError) Unwrap() error { return context.Canceled }

// ExitStatus reports a command's error on stderr as "c4 NAME: error",
// unless already reported, and returns the exit status for it: a signal's
// whenever one ended ctx, so that an interrupt is never lost.
func ExitStatus(ctx context.Context, name string, err error, stderr io.Writer) int {
	if errors.Is(err, context.Canceled) && !errors.As(err, new(*interruption)) {
		err = &interruption{}
	}
	if err != nil && !errors.Is(err, ErrUsage) && !errors.Is(err, ErrFailed) {
		var sub *SubError
		if errors.As(err, &sub) {
			name, err = name+" "+sub.Name, sub.Err
		}
		var bad *badValue
		if errors.As(err, &bad) {
			fmt.Fprintf(stderr, "c4 %s: %s (see --help)\n", name, firstLine(bad.err))
			return ExitUsage
		}
		fmt.Fprintf(stderr, "c4 %s: %s\n", name, firstLine(err))
	}
	var sig signalError
	switch {
	case errors.As(context.Cause(ctx), &sig):
		return ExitSignal + int(sig.sig)
	case errors.Is(err, context.Canceled):
		return ExitSignal + int(syscall.SIGINT)
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrUsage):
		return ExitUsage
	}
	return ExitFailed
}

// firstLine is err's message up to its first line break: an error is
// one line (pebble's errors carry their wrappers and stacks after it).
func firstLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// SubError is the error of a subcommand (of book, testsets), which its
// message names: "c4 book generate: ...".
type SubError struct {
	Name string
	Err  error
}

func (e *SubError) Error() string { return e.Name + ": " + e.Err.Error() }
func (e *SubError) Unwrap() error { return e.Err }

// BadValue marks err as a bad command line found after the flags were
// parsed (a value the machine cannot take, say): ExitStatus reports it as
// a usage error, with exit status 2.
func BadValue(err error) error {
	if err == nil {
		return nil
	}
	return &badValue{err}
}

type badValue struct{ err error }

func (e *badValue) Error() string { return e.err.Error() }
func (e *badValue) Unwrap() error { return e.err }

// interruption is the error of a command stopped by a signal: what it kept.
type interruption struct{ kept string }

func (e *interruption) Error() string {
	if e.kept == "" {
		return "interrupted"
	}
	return "interrupted: " + e.kept
}

func (e *interruption) Unwrap() error { return context.Canceled }

// Interrupted returns an error saying what was kept if err is an interrupt
// (ctx ended), else err.
func Interrupted(err error, kept string) error {
	if errors.Is(err, context.Canceled) {
		return &interruption{kept}
	}
	return err
}

// FlagSet is a command's flags, with the ranges of its numeric ones and
// the flags it requires.
type FlagSet struct {
	*pflag.FlagSet
	WithArgs bool           // the command takes arguments besides its flags
	checks   []func() error // of the values given, after parsing
}

// NewFlagSet returns the flag set of command name: --help prints usage and
// the flags on stdout, as asked for; errors go to stderr.
func NewFlagSet(name, usage string, stdout, stderr io.Writer) *FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(stdout, "usage: c4 %s\n\nFlags:\n%s\n%s\n", usage, fs.FlagUsages(), ExitHelp)
	}
	return &FlagSet{FlagSet: fs}
}

// IntVar adds a numeric flag whose values must lie in [lo, hi]; its help
// states the range.
func (fs *FlagSet) IntVar(p *int, name string, def, lo, hi int, usage string) {
	fs.FlagSet.IntVar(p, name, def, fmt.Sprintf("%s (%d to %d)", usage, lo, hi))
	fs.checks = append(fs.checks, func() error {
		if fs.Changed(name) && (*p < lo || *p > hi) { // a default needs no check
			return fmt.Errorf("--%s %d: want %d to %d", name, *p, lo, hi)
		}
		return nil
	})
}

// DurationVar adds a duration flag whose values must be more than 0 and
// at most most; its help states the limit.
func (fs *FlagSet) DurationVar(p *time.Duration, name string, def, most time.Duration, usage string) {
	fs.FlagSet.DurationVar(p, name, def, fmt.Sprintf("%s (to %s)", usage, shortDuration(most)))
	fs.checks = append(fs.checks, func() error {
		if *p <= 0 || *p > most {
			return fmt.Errorf("--%s %s: want more than 0, at most %s", name, *p, shortDuration(most))
		}
		return nil
	})
}

// shortDuration is d as a person writes it: "1h", "24h", "30s".
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

// Require makes flag name required: "--name WHAT is required".
func (fs *FlagSet) Require(name, what string) {
	fs.checks = append(fs.checks, func() error {
		if !fs.Changed(name) {
			return fmt.Errorf("--%s %s is required", name, what)
		}
		return nil
	})
}

// Parse parses args, reporting a bad command line (a flag out of its
// range too) as ErrUsage, and --help as success with nothing to do
// (done).
func (fs *FlagSet) Parse(args []string) (done bool, err error) {
	err = fs.FlagSet.Parse(args)
	switch {
	case errors.Is(err, pflag.ErrHelp):
		return true, nil
	case err == nil && fs.NArg() > 0 && !fs.WithArgs:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	for _, check := range fs.checks {
		if err == nil {
			err = check()
		}
	}
	if err != nil {
		return true, fs.UsageError(err)
	}
	return false, nil
}

// UsageError reports err as a bad command line.
func (fs *FlagSet) UsageError(err error) error {
	fmt.Fprintf(fs.Output(), "c4 %s: %v (see --help)\n", fs.Name(), err)
	return ErrUsage
}

// SubUsage answers a command with subcommands (book, testsets) whose args
// name none: its usage on stdout for --help, else on stderr, after naming
// an unknown subcommand, as a usage error.
func SubUsage(name, usage string, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprintf(stdout, "usage: c4 %s\n", usage)
		return nil
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "c4 %s: unknown command %q\n", name, args[0])
	}
	fmt.Fprintf(stderr, "usage: c4 %s\n", usage)
	return ErrUsage
}

// IsTerminal says whether w is a terminal, where progress is shown.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// ProgressTo is w where progress is shown on it (a terminal), else nil.
func ProgressTo(w io.Writer) io.Writer {
	if IsTerminal(w) {
		return w
	}
	return nil
}

// Colour says whether to draw in colour on w: on a terminal, unless
// NO_COLOR is set (no-color.org) or TERM is dumb.
func Colour(w io.Writer) bool {
	return IsTerminal(w) && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
}

package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"c4/negamax"
	"c4/position"
)

// errUsage is a bad command line, already reported.
var errUsage = errors.New("usage")

func newFlagSet(name, usage string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: c4 %s\n\nFlags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args, reporting a bad command line as errUsage and --help as
// success with nothing to do (done).
func parse(fs *pflag.FlagSet, args []string) (done bool, err error) {
	switch err := fs.Parse(args); {
	case errors.Is(err, pflag.ErrHelp):
		return true, nil
	case err != nil:
		fmt.Fprintf(fs.Output(), "c4 %s: %v (see --help)\n", fs.Name(), err)
		return true, errUsage
	}
	return false, nil
}

// solverFlags are the flags every command that searches shares.
type solverFlags struct {
	board    string
	tableMiB int
	weak     bool
}

// register adds --board and --tt-mib, and --weak if withWeak.
func (f *solverFlags) register(fs *pflag.FlagSet, withWeak bool) {
	fs.StringVar(&f.board, "board", "7x6", "board size, `WxH`, with (H+1)*W <= 64")
	fs.IntVar(&f.tableMiB, "tt-mib", negamax.DefaultTableMiB, "transposition table size in `MiB`")
	if withWeak {
		fs.BoolVarP(&f.weak, "weak", "w", false, "weak solving: only win (1), draw (0) or loss (-1)")
	}
}

func (f *solverFlags) boardSize() (*position.Board, error) {
	if f.board == "7x6" {
		return position.Standard, nil
	}
	return position.ParseBoard(f.board)
}

// open checks the flags and returns the board, a solver with its table, and
// the mode.
func (f *solverFlags) open() (*position.Board, *negamax.Solver, negamax.Mode, error) {
	b, err := f.boardSize()
	if err != nil {
		return nil, nil, 0, err
	}
	if f.tableMiB < 1 {
		return nil, nil, 0, fmt.Errorf("--tt-mib %d: want at least 1", f.tableMiB)
	}
	mode := negamax.Strong
	if f.weak {
		mode = negamax.Weak
	}
	return b, negamax.New(negamax.Options{TableMiB: f.tableMiB}), mode, nil
}

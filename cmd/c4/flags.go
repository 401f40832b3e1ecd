package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"

	"github.com/spf13/pflag"

	"c4/book"
	"c4/book/builtin"
	"c4/internal/hugemem"
	"c4/negamax"
	"c4/pns"
	"c4/position"
	"c4/solve"
)

// errUsage is a bad command line, already reported.
var errUsage = errors.New("usage")

// newFlagSet returns the flag set of command name: --help prints usage and
// the flags on stdout, as asked for; errors go to stderr.
func newFlagSet(name, usage string, stdout, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(stdout, "usage: c4 %s\n\nFlags:\n%s", usage, fs.FlagUsages())
	}
	return fs
}

// subUsage answers a command with subcommands (book, testsets) whose args
// name none: its usage on stdout for --help, else on stderr, after naming
// an unknown subcommand, as a usage error.
func subUsage(name, usage string, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		fmt.Fprintf(stdout, "usage: c4 %s\n", usage)
		return nil
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "c4 %s: unknown command %q\n", name, args[0])
	}
	fmt.Fprintf(stderr, "usage: c4 %s\n", usage)
	return errUsage
}

// withArgs are the commands that take arguments besides their flags: the
// others refuse a stray word rather than ignore it.
var withArgs = map[string]bool{"solve": true, "book lookup": true, "book merge": true}

// parse parses args, reporting a bad command line as errUsage and --help as
// success with nothing to do (done).
func parse(fs *pflag.FlagSet, args []string) (done bool, err error) {
	switch err := fs.Parse(args); {
	case errors.Is(err, pflag.ErrHelp):
		return true, nil
	case err == nil && fs.NArg() > 0 && !withArgs[fs.Name()]:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
		fallthrough
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
	threads  int
	weak     bool
	engine   string
	endgame  int             // --dfpn-endgame
	bookDir  string          // --book: a database folder, builtin or none
	book     negamax.Book    // the book of --book, set by openBook
	closer   func() error    // closes a database book
	solver   *negamax.Solver // the negamax solver made by open or exactSolver
}

// register adds --board, --tt-mib and --threads, and --weak and --engine
// if withEngines.
func (f *solverFlags) register(fs *pflag.FlagSet, withEngines bool) {
	fs.StringVar(&f.board, "board", "7x6", "board size, `WxH`, with (H+1)*W <= 64")
	fs.IntVar(&f.tableMiB, "tt-mib", negamax.DefaultTableMiB, "transposition table size in `MiB`")
	fs.IntVar(&f.threads, "threads", runtime.NumCPU(), "`N` goroutines searching each position at once")
	f.engine = "negamax"
	if withEngines {
		fs.BoolVarP(&f.weak, "weak", "w", false, "weak solving: only win (1), draw (0) or loss (-1)")
		fs.StringVar(&f.engine, "engine", "negamax", "negamax (exact alpha-beta) or dfpn (proof numbers, weak only)")
		fs.IntVar(&f.endgame, "dfpn-endgame", pns.DefaultEndgameCells, "dfpn solves positions with at most `N` empty cells by plain depth-first search; 0: proof numbers all the way")
		f.registerBook(fs, "none")
	}
}

// registerBook adds --book, for commands that search with negamax, with
// its default: none for the commands that measure the search (solve,
// bench), builtin for those that play (play, serve).
func (f *solverFlags) registerBook(fs *pflag.FlagSet, def string) {
	fs.StringVar(&f.bookDir, "book", def, fmt.Sprintf("opening book to answer early positions from: a database `DIR` (c4 book generate), builtin (7x6, up to %d stones, inside c4) or none", builtin.Stones))
}

// check reads --board and checks --tt-mib and --threads.
func (f *solverFlags) check() (*position.Board, error) {
	if f.tableMiB < 1 {
		return nil, fmt.Errorf("--tt-mib %d: want at least 1", f.tableMiB)
	}
	if f.threads < 1 {
		return nil, fmt.Errorf("--threads %d: want at least 1", f.threads)
	}
	if err := f.fit(1); err != nil {
		return nil, err
	}
	if f.board == "7x6" {
		return position.Standard, nil
	}
	return position.ParseBoard(f.board)
}

// fit checks that n tables of --tt-mib fit in the machine's memory: more
// would crash at the start or have the kernel end the run.
func (f *solverFlags) fit(n int) error {
	const gib = 1 << 30
	need, have := float64(n)*float64(f.tableMiB)*(1<<20), float64(hugemem.Physical())
	if have == 0 || need <= have {
		return nil
	}
	what := "the table takes"
	if n > 1 {
		what = fmt.Sprintf("%d tables take", n)
	}
	return fmt.Errorf("--tt-mib %d: %s %.1f GiB, more than this machine's %.1f GiB of memory", f.tableMiB, what, need/gib, have/gib)
}

// mode is the question --weak asks.
func (f *solverFlags) mode() solve.Mode {
	if f.weak {
		return solve.Weak
	}
	return solve.Strong
}

// open checks the flags and returns the board and the engine, which is
// asked the question of mode.
func (f *solverFlags) open() (*position.Board, solve.Engine, error) {
	b, err := f.check()
	if err != nil {
		return nil, nil, err
	}
	if f.wantsBook() && f.engine != "negamax" {
		return nil, nil, errors.New("--book works with --engine negamax")
	}
	if err := f.openBook(); err != nil {
		return nil, nil, err
	}
	switch f.engine {
	case "negamax":
		return b, f.negamax(), nil
	case "dfpn":
		if !f.weak {
			return nil, nil, errors.New("--engine dfpn finds only win, draw or loss, not the exact score: add --weak")
		}
		if f.endgame < 0 {
			return nil, nil, fmt.Errorf("--dfpn-endgame %d: want 0 or more", f.endgame)
		}
		opts := pns.Options{TableMiB: f.tableMiB, Threads: f.threads, EndgameCells: f.endgame}
		if f.endgame == 0 {
			opts.EndgameCells = -1
		}
		return b, pns.New(opts), nil
	}
	return nil, nil, fmt.Errorf("--engine %q: want negamax or dfpn", f.engine)
}

// exactSolver is the negamax solver behind the flags, for commands that
// need exact scores whatever --engine says.
func (f *solverFlags) exactSolver() (*position.Board, *negamax.Solver, error) {
	b, err := f.check()
	if err != nil {
		return nil, nil, err
	}
	if err := f.openBook(); err != nil {
		return nil, nil, err
	}
	return b, f.negamax(), nil
}

// wantsBook says whether --book names a book ("": a command without it).
func (f *solverFlags) wantsBook() bool { return f.bookDir != "" && f.bookDir != "none" }

// openBook opens --book, if any, for close to close.
func (f *solverFlags) openBook() error {
	switch {
	case !f.wantsBook():
		return nil
	case f.bookDir == "builtin":
		bk, err := builtin.Book()
		if err == nil {
			f.book = bk
		}
		return err
	}
	bk, err := book.Open(f.bookDir, book.Options{ReadOnly: true})
	if err == nil {
		f.book, f.closer = bk, bk.Close
	}
	return err
}

func (f *solverFlags) negamax() *negamax.Solver {
	f.solver = negamax.New(negamax.Options{TableMiB: f.tableMiB, Threads: f.threads, Book: f.book})
	return f.solver
}

// close closes the book, if openBook opened a database.
func (f *solverFlags) close() {
	if f.closer != nil {
		f.closer()
	}
}

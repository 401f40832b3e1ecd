package main

import (
	"cmp"
	"errors"
	"fmt"

	"c4/book/builtin"
	"c4/game"
	"c4/internal/cli"
	"c4/internal/hugemem"
	"c4/search"
	"c4/solver"
)

// searchFlags are the values of the flags of every command that searches.
type searchFlags struct {
	board    string
	tableMiB int
	threads  int
	weak     bool
	engine   string
	endgame  int    // --dfpn-endgame
	book     string // --book: a database folder, builtin or none
}

// register adds --board, --tt-mib and --threads; --weak, --engine and
// --dfpn-endgame if engines; and --book with its default unless book is
// "" (the commands that measure the search default to none, those that
// play to builtin).
func (f *searchFlags) register(fs *cli.FlagSet, engines bool, book string) {
	fs.StringVar(&f.board, "board", "7x6", fmt.Sprintf("board size, `WxH`, with W and H from 1, W up to %d and (H+1)*W <= %d", game.MaxWidth, game.MaxBits))
	fs.IntVar(&f.tableMiB, "tt-mib", search.DefaultTableMiB, 1, search.MaxTableMiB, "transposition table size in `MiB`")
	fs.IntVar(&f.threads, "threads", search.DefaultThreads(), 1, search.MaxThreads, "`N` goroutines searching each position at once")
	fs.Lookup("threads").DefValue = "all cores" // the help reads the same on every machine
	f.engine = solver.Negamax
	if engines {
		fs.BoolVarP(&f.weak, "weak", "w", false, "weak solving: only win (1), draw (0) or loss (-1)")
		fs.StringVar(&f.engine, "engine", "negamax", "negamax (exact alpha-beta) or dfpn (proof numbers, weak only)")
		fs.IntVar(&f.endgame, "dfpn-endgame", solver.DefaultEndgameCells, 0, 128, "with --engine dfpn, positions with at most `N` empty cells are solved by plain depth-first search; 0: proof numbers all the way")
	}
	if book != "" {
		fs.StringVar(&f.book, "book", book, fmt.Sprintf("opening book to answer early positions from: a database `DIR` (c4 book generate), builtin (7x6, up to %d stones, inside c4) or none", builtin.Stones))
	}
}

// mode is the question --weak asks.
func (f *searchFlags) mode() search.Mode {
	if f.weak {
		return search.Weak
	}
	return search.Strong
}

// parseBoard reads --board; a bad one is a usage error.
func (f *searchFlags) parseBoard(fs *cli.FlagSet) (game.Board, error) {
	b, err := game.ParseBoard(f.board)
	if err != nil {
		return game.Board{}, fs.UsageError(fmt.Errorf("--board: %w", err))
	}
	return b, nil
}

// config is the solver.Config of the flags; book "" where the command
// does not consult one.
func (f *searchFlags) config(fs *cli.FlagSet) solver.Config {
	cfg := solver.Config{Board: f.board, Book: cmp.Or(f.book, "none"), StrictBook: fs.Changed("book"), BookLog: fs.Output(),
		Engine: f.engine, TableMiB: f.tableMiB, Threads: f.threads, EndgameCells: f.endgame}
	if f.endgame == 0 {
		cfg.EndgameCells = -1
	}
	return cfg
}

// open checks the engine flags against each other and returns the solver
// they ask for (with the book of --book); Close lets go of it.
func (f *searchFlags) open(fs *cli.FlagSet) (*solver.Solver, error) {
	if _, err := f.parseBoard(fs); err != nil {
		return nil, err
	}
	if err := f.checkEngine(fs); err != nil {
		return nil, err
	}
	s, err := solver.New(f.config(fs))
	return s, flagError(err)
}

// checkEngine checks the engine flags against each other; a mismatch is
// a usage error.
func (f *searchFlags) checkEngine(fs *cli.FlagSet) error {
	var err error
	switch {
	case f.engine != solver.Negamax && f.engine != solver.DFPN:
		err = fmt.Errorf("--engine %q: want negamax or dfpn", f.engine)
	case f.engine == solver.DFPN && !f.weak:
		err = errors.New("--engine dfpn finds only win, draw or loss, not the exact score: add --weak")
	case f.engine == solver.DFPN && fs.Changed("book") && f.book != "none":
		err = errors.New("--book works with --engine negamax")
	case f.engine == solver.Negamax && fs.Changed("dfpn-endgame"):
		err = errors.New("--dfpn-endgame works with --engine dfpn")
	default:
		return nil
	}
	return fs.UsageError(err)
}

// fits returns err, a check of options, as flagError does; else an error
// if bytes of tables do not fit in the machine's memory.
func fits(err error, bytes int64) error {
	if err == nil {
		err = hugemem.Fits(bytes)
	}
	return flagError(err)
}

// flagError is err, an error of a solver's options, with the flag names
// for its fields: a bad command line (cli.BadValue) if a number is out of
// range or the tables do not fit in the machine's memory (more would
// crash at the start or have the kernel end the run).
func flagError(err error) error {
	var re *search.RangeError
	var big *hugemem.TooBig
	switch {
	case errors.As(err, &re):
		names := map[string]string{"TableMiB": "--tt-mib", "Threads": "--threads", "EndgameCells": "--dfpn-endgame"}
		if name, ok := names[re.Field]; ok {
			re.Field = name
		}
		return cli.BadValue(re)
	case errors.As(err, &big):
		return cli.BadValue(fmt.Errorf("%w (--tt-mib is for each solver or worker)", err))
	}
	return err
}

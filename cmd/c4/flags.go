package main

import (
	"errors"
	"fmt"

	"c4/book/builtin"
	"c4/book/named"
	"c4/book/store"
	"c4/engines"
	"c4/game"
	"c4/internal/cli"
	"c4/internal/hugemem"
	"c4/negamax"
	"c4/pns"
	"c4/solve"
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
	fs.IntVar(&f.tableMiB, "tt-mib", solve.DefaultTableMiB, 1, solve.MaxTableMiB, "transposition table size in `MiB`")
	fs.IntVar(&f.threads, "threads", solve.DefaultThreads(), 1, solve.MaxThreads, "`N` goroutines searching each position at once")
	fs.Lookup("threads").DefValue = "all cores" // the help reads the same on every machine
	f.engine = "negamax"
	if engines {
		fs.BoolVarP(&f.weak, "weak", "w", false, "weak solving: only win (1), draw (0) or loss (-1)")
		fs.StringVar(&f.engine, "engine", "negamax", "negamax (exact alpha-beta) or dfpn (proof numbers, weak only)")
		fs.IntVar(&f.endgame, "dfpn-endgame", pns.DefaultEndgameCells, 0, 128, "with --engine dfpn, positions with at most `N` empty cells are solved by plain depth-first search; 0: proof numbers all the way")
	}
	if book != "" {
		fs.StringVar(&f.book, "book", book, fmt.Sprintf("opening book to answer early positions from: a database `DIR` (c4 book generate), builtin (7x6, up to %d stones, inside c4) or none", builtin.Stones))
	}
}

// mode is the question --weak asks.
func (f *searchFlags) mode() solve.Mode {
	if f.weak {
		return solve.Weak
	}
	return solve.Strong
}

// parseBoard reads --board; a bad one is a usage error.
func (f *searchFlags) parseBoard(fs *cli.FlagSet) (game.Board, error) {
	b, err := game.ParseBoard(f.board)
	if err != nil {
		return game.Board{}, fs.UsageError(fmt.Errorf("--board: %w", err))
	}
	return b, nil
}

// negamaxOptions are the options of a negamax solver of the flags,
// checked against the machine's memory for n solvers.
func (f *searchFlags) negamaxOptions(n int) (negamax.Options, error) {
	opts := negamax.Options{TableMiB: f.tableMiB, Threads: f.threads}
	return opts, fits(opts.Check(), int64(n)*opts.Bytes())
}

// open checks the engine flags against each other and returns the board
// and the engine they ask for (with the book of --book), and what closes
// the book.
func (f *searchFlags) open(fs *cli.FlagSet) (game.Board, *engines.Engine, func(), error) {
	b, err := f.parseBoard(fs)
	if err == nil {
		err = f.checkEngine(fs)
	}
	if err != nil {
		return game.Board{}, nil, nil, err
	}
	if f.engine == "dfpn" {
		opts := pns.Options{TableMiB: f.tableMiB, Threads: f.threads, EndgameCells: f.endgame}
		if f.endgame == 0 {
			opts.EndgameCells = -1
		}
		if err := fits(opts.Check(), opts.Bytes()); err != nil {
			return game.Board{}, nil, nil, err
		}
		return b, engines.DFPN(opts, b), func() {}, nil
	}
	bk, closeBook, err := f.openBook(fs, b)
	if err != nil {
		return game.Board{}, nil, nil, err
	}
	opts, err := f.negamaxOptions(1)
	if err != nil {
		closeBook()
		return game.Board{}, nil, nil, err
	}
	return b, engines.NegamaxBook(opts, bk, b), closeBook, nil
}

// checkEngine checks the engine flags against each other; a mismatch is
// a usage error.
func (f *searchFlags) checkEngine(fs *cli.FlagSet) error {
	var err error
	switch {
	case f.engine != "negamax" && f.engine != "dfpn":
		err = fmt.Errorf("--engine %q: want negamax or dfpn", f.engine)
	case f.engine == "dfpn" && !f.weak:
		err = errors.New("--engine dfpn finds only win, draw or loss, not the exact score: add --weak")
	case f.engine == "dfpn" && fs.Changed("book") && f.book != "none":
		err = errors.New("--book works with --engine negamax")
	case f.engine == "negamax" && fs.Changed("dfpn-endgame"):
		err = errors.New("--dfpn-endgame works with --engine dfpn")
	default:
		return nil
	}
	return fs.UsageError(err)
}

// openBook opens the book --book names for board b (see named.Open),
// and returns what closes it.
func (f *searchFlags) openBook(fs *cli.FlagSet, b game.Board) (negamax.Book, func(), error) {
	return named.Open(f.book, b, fs.Changed("book"), store.Options{Log: fs.Output()})
}

// fits returns err, a check of options, with the flag names for its
// fields; else an error if bytes of tables do not fit in the machine's
// memory (more would crash at the start or have the kernel end the run).
// Either is a bad command line (cli.BadValue).
func fits(err error, bytes int64) error {
	var re *solve.RangeError
	if errors.As(err, &re) {
		names := map[string]string{"TableMiB": "--tt-mib", "Threads": "--threads", "EndgameCells": "--dfpn-endgame"}
		if name, ok := names[re.Field]; ok {
			re.Field = name
		}
		return cli.BadValue(re)
	}
	if err != nil {
		return err
	}
	if err := hugemem.Fits(bytes); err != nil {
		return cli.BadValue(fmt.Errorf("%w (--tt-mib is for each solver or worker)", err))
	}
	return nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"c4/book"
	"c4/pns"
	"c4/position"
	"c4/solve"
)

const bookUsage = `book COMMAND [flags]

An opening book: the exact score of every position up to a number of stones,
in a pebble database (--db DIR), which c4 solve --book and c4 bench --book
consult. Commands:

  generate --db DIR --depth N [--root POSITION] [--threads T] [--board WxH]
  generate --shard I/N --out FILE --depth N [--board WxH]   one part of the deepest layer
  merge    --db DIR FILE...       the shards of a layer into a complete book
  lookup   --db DIR POSITION...   the score of each position and of its moves
  stats    --db DIR               positions and results by stones, size on disk
  verify   --db DIR [--sample N]  re-solve N random entries a layer, negamax and dfpn; exit 1 on a difference
  export   --db DIR --out FILE    write the portable compressed file
  import   --in FILE --db DIR     read one (a damaged file changes nothing)`

const generateBookUsage = `book generate --db DIR --depth N [--root POSITION] [flags]

Stores the exact score of every position that is not over with at most N
stones (at or below --root, if given), mirror images once. The positions of N
stones are solved by --threads workers, each with its own --tt-mib table;
shallower ones take the best of their moves' scores. Scores are written in
synced batches: an interrupted run (Ctrl-C, or killed) keeps what it wrote,
and running the same command again finishes the book.

With --shard I/N --out FILE, no database: it solves only shard I (from 0)
of N of the positions of N stones (a split of their sorted keys that
depends on nothing else) and writes them to FILE, a portable file that c4
book merge reads. Scores go to FILE.part as they are found; a stopped run
goes on from there, and a run whose FILE is complete does nothing.`

const mergeBookUsage = `book merge --db DIR FILE...

Reads every shard (a FILE may be a folder: the *.c4s files in it) of one layer (c4 book generate --shard), checking them all
before writing, puts them into the database, and gives every shallower
position the best of its moves' scores: the same book as a generation on
one machine. An interrupted merge is finished by running it again.`

func runBook(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	sub := map[string]func(context.Context, []string, io.Writer, io.Writer) error{
		"generate": bookGenerate, "lookup": bookLookup, "stats": bookStats,
		"verify": bookVerify, "export": bookExport, "import": bookImport,
		"merge": bookMerge,
	}
	if len(args) == 0 || sub[args[0]] == nil {
		return subUsage("book", bookUsage, args, stdout, stderr)
	}
	return sub[args[0]](ctx, args[1:], stdout, stderr)
}

// bookFlags are the flags of every book command.
type bookFlags struct {
	fs      *pflag.FlagSet
	db      string
	board   string
	created bool // open made the database: there was nothing at db
}

// register adds --db, and --board unless the command's solver flags have
// it.
func (f *bookFlags) register(fs *pflag.FlagSet, board bool) {
	f.fs = fs
	fs.StringVar(&f.db, "db", "", "book database `DIR`")
	f.board = "7x6"
	if board {
		fs.StringVar(&f.board, "board", "7x6", "board size, `WxH` (default: the database's one board)")
	}
}

// open checks the flags and opens the database. A command that writes
// works on --board; one that reads, on the board the database holds a book
// of, unless --board says which (see boards).
func (f *bookFlags) open(readOnly bool) (*position.Board, *book.Book, error) {
	if !readOnly {
		b, bk, err := f.openDB(false)
		return b, bk, err
	}
	boards, bk, err := f.openAll()
	if err == nil && len(boards) > 1 {
		bk.Close()
		err = fmt.Errorf("%s holds books of %s: choose one with --board", f.db, boardList(boards))
	}
	if err != nil {
		return nil, nil, err
	}
	return boards[0], bk, nil
}

// openAll opens the database to read, and returns the boards to work on
// (see boards).
func (f *bookFlags) openAll() ([]*position.Board, *book.Book, error) {
	b, bk, err := f.openDB(true)
	if err != nil {
		return nil, nil, err
	}
	boards, err := f.boards(bk, b)
	if err != nil {
		bk.Close()
		return nil, nil, err
	}
	return boards, bk, nil
}

// openDB checks --db and --board and opens the database.
func (f *bookFlags) openDB(readOnly bool) (*position.Board, *book.Book, error) {
	if err := required("--db DIR", f.db); err != nil {
		return nil, nil, err
	}
	b, err := position.ParseBoard(f.board)
	if err != nil {
		return nil, nil, err
	}
	if f.board == "7x6" {
		b = position.Standard
	}
	if _, err := os.Stat(f.db); errors.Is(err, os.ErrNotExist) {
		f.created = !readOnly
	}
	bk, err := book.Open(f.db, book.Options{ReadOnly: readOnly})
	return b, bk, err
}

// boards returns the boards to work on: flag, if --board was given and the
// database holds its book, else every board the database holds a book of.
func (f *bookFlags) boards(bk *book.Book, flag *position.Board) ([]*position.Board, error) {
	held, err := bk.Boards()
	if err != nil {
		return nil, err
	}
	if len(held) == 0 {
		return nil, fmt.Errorf("%s holds no book", f.db)
	}
	if !f.fs.Changed("board") {
		return held, nil
	}
	for _, b := range held {
		if b.String() == flag.String() {
			return []*position.Board{b}, nil
		}
	}
	return nil, fmt.Errorf("%s holds no book of %s, only of %s", f.db, flag, boardList(held))
}

// boardList is "5x4, 7x6".
func boardList(boards []*position.Board) string {
	names := make([]string, len(boards))
	for i, b := range boards {
		names[i] = b.String()
	}
	return strings.Join(names, ", ")
}

// required is the error for a required flag left empty, or nil.
func required(flag, value string) error {
	if value == "" {
		return fmt.Errorf("%s is required", flag)
	}
	return nil
}

// parseOpen parses args into fs, on which f is registered, runs check (if
// not nil) on the parsed flags, and opens the database. done says that the
// command ends here: with err, or after printing its help.
func (f *bookFlags) parseOpen(fs *pflag.FlagSet, args []string, readOnly bool, check func() error) (b *position.Board, bk *book.Book, done bool, err error) {
	if done, err := parse(fs, args); done {
		return nil, nil, true, err
	}
	return f.checkOpen(readOnly, check)
}

// checkOpen is parseOpen on parsed flags.
func (f *bookFlags) checkOpen(readOnly bool, check func() error) (b *position.Board, bk *book.Book, done bool, err error) {
	if check != nil {
		if err := check(); err != nil {
			return nil, nil, true, err
		}
	}
	b, bk, err = f.open(readOnly)
	if err != nil {
		return nil, nil, true, err
	}
	return b, bk, false, nil
}

func bookGenerate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book generate", generateBookUsage, stdout, stderr)
	var bf bookFlags
	bf.register(fs, false)
	depth := fs.Int("depth", -1, "the most stones of a position in the book")
	root := fs.String("root", "", "only positions at or below this `POSITION`")
	shard := fs.String("shard", "", "solve only shard `I/N` of the deepest layer, into --out (no --db)")
	out := fs.String("out", "", "with --shard, the `FILE` to write")
	var sf solverFlags
	sf.register(fs, false)
	if done, err := parse(fs, args); done {
		return err
	}
	if *shard != "" {
		return shardGenerate(ctx, fs, &sf, *depth, *shard, *out, stdout, stderr)
	}
	var r position.Position
	_, bk, done, err := bf.checkOpen(false, func() error {
		if *out != "" {
			return errors.New("--out works with --shard only")
		}
		bf.board = sf.board
		if *depth < 0 {
			return errors.New("--depth N is required")
		}
		board, err := sf.check()
		if err != nil {
			return err
		}
		if r, err = position.Parse(board, *root); err != nil {
			return fmt.Errorf("--root: %w", err)
		}
		return sf.fit(sf.threads) // a table a worker
	})
	if done {
		return err
	}
	defer bk.Close()
	g := book.Generator{Book: bk, Root: r, Depth: *depth, Threads: sf.threads, TableMiB: sf.tableMiB}
	if isTerminal(stderr) {
		g.Progress = stderr
	}
	start := time.Now()
	layers, err := g.Run(ctx)
	printLayers(stdout, layers)
	fmt.Fprintf(stdout, "total %s\n", time.Since(start).Round(time.Millisecond))
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted: what was solved is kept; run the same command again to finish")
	}
	return err
}

// shardGenerate is book generate --shard: one shard into --out.
func shardGenerate(ctx context.Context, fs *pflag.FlagSet, sf *solverFlags, depth int, shard, out string, stdout, stderr io.Writer) error {
	for _, f := range []string{"db", "root"} {
		if fs.Changed(f) {
			return fmt.Errorf("--%s: a shard needs no database and starts from the empty board", f)
		}
	}
	if err := required("--out FILE", out); err != nil {
		return err
	}
	if depth < 0 {
		return errors.New("--depth N is required")
	}
	i, n, err := book.ParseShard(shard)
	if err != nil {
		return fmt.Errorf("--shard %w", err)
	}
	board, err := sf.check()
	if err == nil {
		err = sf.fit(sf.threads)
	}
	if err != nil {
		return err
	}
	j := book.ShardJob{Shard: book.Shard{Board: board, Depth: depth, Index: i, Count: n},
		Out: out, Threads: sf.threads, TableMiB: sf.tableMiB}
	if isTerminal(stderr) {
		j.Progress = stderr
	}
	start := time.Now()
	r, err := j.Run(ctx)
	switch {
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("interrupted: what was solved is kept in %s.part; run the same command again to finish", out)
	case err != nil:
		return err
	case r.Done:
		fmt.Fprintf(stdout, "%s: already complete, %d positions; nothing to do\n", out, r.Positions)
	default:
		fmt.Fprintf(stdout, "%s: %d positions, %d solved by this run in %s\n", out, r.Positions, r.Solved, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// printLayers prints a generation's table of layers.
func printLayers(stdout io.Writer, layers []book.Layer) {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stones\tpositions\tadded\ttime\tper position\t")
	for _, l := range layers {
		per := "-"
		if l.Added > 0 {
			per = (l.Elapsed / time.Duration(l.Added)).String()
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t\n", l.Stones, l.Positions, l.Added, l.Elapsed.Round(time.Millisecond), per)
	}
	tw.Flush()
}

// shardFiles is args with each folder replaced by the shard files (*.c4s)
// in it.
func shardFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		if info, err := os.Stat(a); err != nil || !info.IsDir() {
			files = append(files, a)
			continue
		}
		in, err := filepath.Glob(filepath.Join(a, "*.c4s"))
		if err != nil || len(in) == 0 {
			return nil, fmt.Errorf("%s: no shard files (*.c4s) in it", a)
		}
		files = append(files, in...)
	}
	return files, nil
}

func bookMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book merge", mergeBookUsage, stdout, stderr)
	var bf bookFlags
	bf.register(fs, false)
	_, bk, done, err := bf.parseOpen(fs, args, false, func() error {
		if fs.NArg() == 0 {
			return errors.New("no shard FILE to merge")
		}
		return nil
	})
	if done {
		return err
	}
	var progress io.Writer
	if isTerminal(stderr) {
		progress = stderr
	}
	files, err := shardFiles(fs.Args())
	if err != nil {
		bk.Close()
		return err
	}
	start := time.Now()
	s, err := bk.Merge(ctx, files, progress)
	if cerr := bk.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if bf.created {
			os.RemoveAll(bf.db)
		}
		if errors.Is(err, context.Canceled) {
			return errors.New("interrupted: run the same command again to finish")
		}
		return err
	}
	fmt.Fprintf(stdout, "%d shards of the %d-stone layer of %s merged into %s, depth %d (%s)\n", s.Count, s.Depth, s.Board, bf.db, s.Depth, time.Since(start).Round(time.Millisecond))
	return nil
}

func bookLookup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book lookup", "book lookup --db DIR POSITION...\n\nPrints \"<position> <score> moves: <score of each column>\" (-1000: full, ?: not in the book).", stdout, stderr)
	var bf bookFlags
	bf.register(fs, true)
	b, bk, done, err := bf.parseOpen(fs, args, true, nil)
	if done {
		return err
	}
	defer bk.Close()
	failed := false
	for _, moves := range fs.Args() {
		p, err := position.Parse(b, moves)
		if err == nil && p.IsOver() {
			err = fmt.Errorf("position %q: %w", moves, position.ErrGameOver)
		}
		if err != nil {
			fmt.Fprintf(stderr, "c4 book lookup: %v\n", err)
			failed = true
			continue
		}
		score, ok, err := bk.Lookup(p)
		if err != nil {
			return err
		}
		scores, known, err := bk.MoveScores(p)
		if err != nil {
			return err
		}
		var sb strings.Builder
		sb.WriteString(moves)
		if ok {
			sb.WriteString(" " + strconv.Itoa(score))
		} else {
			sb.WriteString(" ?")
			failed = true
		}
		sb.WriteString(" moves:")
		for c, s := range scores {
			if known[c] {
				sb.WriteString(" " + strconv.Itoa(s))
			} else {
				sb.WriteString(" ?")
			}
		}
		fmt.Fprintln(stdout, sb.String())
		if !ok {
			fmt.Fprintf(stderr, "c4 book lookup: position %q is not in the book\n", moves)
		}
	}
	if failed {
		return errFailed
	}
	return nil
}

func bookStats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book stats", "book stats --db DIR [--board WxH]\n\nThe positions and results of the book of each board in the database, by stones.", stdout, stderr)
	var bf bookFlags
	bf.register(fs, true)
	if done, err := parse(fs, args); done {
		return err
	}
	boards, bk, err := bf.openAll()
	if err != nil {
		return err
	}
	defer bk.Close()
	var st book.Stats
	for i, b := range boards {
		if st, err = bk.Stats(b); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		printStats(stdout, b, st)
	}
	fmt.Fprintf(stdout, "on disk: %d bytes in tables, %d with the write-ahead log\n", st.TableBytes, st.DiskBytes)
	return nil
}

// printStats prints the stats of the book of board b.
func printStats(stdout io.Writer, b *position.Board, st book.Stats) {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stones\tpositions\twins\tdraws\tlosses\t")
	for n, s := range st.ByStones {
		if s.Positions > 0 {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t\n", n, s.Positions, s.Wins, s.Draws, s.Losses)
		}
	}
	tw.Flush()
	depth := "none recorded (a generation under way?)"
	if st.Depth >= 0 {
		depth = strconv.Itoa(st.Depth)
	}
	fmt.Fprintf(stdout, "board %s, depth %s, %d positions (mirror images once)\n", b, depth, st.Positions)
}

const verifyUsage = `book verify --db DIR [--sample N] [--seed S] [flags]

Draws N random entries of each number of stones and solves them without the
book, with negamax (the exact score) and with DFPN (the sign): a wrong entry
and a wrong engine tell apart. Prints what was checked by stones; exit 1 if
an engine disagrees with the book.`

func bookVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book verify", verifyUsage, stdout, stderr)
	var bf bookFlags
	bf.register(fs, false)
	sample := fs.Int("sample", 20, "entries to check of each number of stones")
	seed := fs.Uint64("seed", 1, "random seed")
	var sf solverFlags
	sf.register(fs, false)
	b, bk, done, err := bf.parseOpen(fs, args, true, func() error {
		bf.board = sf.board
		if *sample < 1 {
			return fmt.Errorf("--sample %d: want at least 1", *sample)
		}
		_, err := sf.check()
		return err
	})
	if done {
		return err
	}
	defer bk.Close()
	start := time.Now()
	exact, dfpn := sf.negamax(), pns.New(pns.Options{TableMiB: sf.tableMiB, Threads: sf.threads})
	bad, layers, err := bk.Verify(ctx, b, *sample, *seed,
		book.Checker{Name: "negamax", Engine: exact, Mode: solve.Strong},
		book.Checker{Name: "dfpn", Engine: dfpn, Mode: solve.Weak})
	for _, m := range bad {
		fmt.Fprintf(stderr, "c4 book verify: %v\n", m)
	}
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stones\tpositions\tchecked\tdiffer\t")
	checked := 0
	for _, l := range layers {
		if l.Positions > 0 {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t\n", l.Stones, l.Positions, l.Checked, l.Differ)
			checked += l.Checked
		}
	}
	tw.Flush()
	fmt.Fprintf(stdout, "board %s: %d entries checked by negamax and dfpn, %d disagreements (%s)\n", b, checked, len(bad), time.Since(start).Round(time.Millisecond))
	if len(bad) > 0 {
		return errFailed
	}
	return nil
}

func bookExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book export", "book export --db DIR --out FILE [--board WxH]", stdout, stderr)
	var bf bookFlags
	bf.register(fs, true)
	out := fs.String("out", "", "the portable file to write")
	b, bk, done, err := bf.parseOpen(fs, args, true, func() error { return required("--out FILE", *out) })
	if done {
		return err
	}
	defer bk.Close()
	n, err := bk.ExportFile(b, *out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d positions of %s written to %s\n", n, b, *out)
	return nil
}

func bookImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("book import", "book import --in FILE --db DIR", stdout, stderr)
	var bf bookFlags
	bf.register(fs, true)
	in := fs.String("in", "", "the portable file to read")
	_, bk, done, err := bf.parseOpen(fs, args, false, func() error { return required("--in FILE", *in) })
	if done {
		return err
	}
	b, n, err := bk.ImportFile(*in)
	if cerr := bk.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if bf.created { // leave no empty database behind
			os.RemoveAll(bf.db)
		}
		return err
	}
	fmt.Fprintf(stdout, "%d positions of %s read into %s\n", n, b, bf.db)
	return nil
}

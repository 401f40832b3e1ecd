package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"c4/book"
	"c4/book/gen"
	"c4/book/store"
	"c4/game"
	"c4/internal/cli"
	"c4/search"
	"c4/solver"
)

var bookUsage = help("book")

var generateBookUsage = help("book-generate")

var mergeBookUsage = help("book-merge")

func runBook(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	sub := map[string]func(context.Context, []string, io.Writer, io.Writer) error{
		"generate": bookGenerate, "merge": bookMerge, "lookup": bookLookup, "stats": bookStats,
		"verify": bookVerify, "export": bookExport, "import": bookImport, "estimate": bookEstimate,
	}
	if len(args) == 0 || sub[args[0]] == nil {
		return cli.SubUsage("book", bookUsage, args, stdout, stderr)
	}
	if err := sub[args[0]](ctx, args[1:], stdout, stderr); err != nil {
		return &cli.SubError{Name: args[0], Err: err}
	}
	return nil
}

// readBook opens the database of --db (a required flag) to read and
// returns the board to work on: --board if given (which the database must
// hold a book of), else the one board it holds a book of.
func readBook(fs *cli.FlagSet, db, board string) (*store.Book, game.Board, error) {
	var want game.Board
	if fs.Changed("board") {
		b, err := game.ParseBoard(board)
		if err != nil {
			return nil, game.Board{}, fs.UsageError(fmt.Errorf("--board: %w", err))
		}
		want = b
	}
	return store.OpenBoard(db, want, store.Options{Log: fs.Output()})
}

// needDB is the usage error of a command without --db.
func needDB(fs *cli.FlagSet, db string) error {
	if db == "" {
		return fs.UsageError(errors.New("--db DIR is required"))
	}
	return nil
}

func bookGenerate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book generate", generateBookUsage, stdout, stderr)
	db := fs.String("db", "", "book database `DIR`")
	var depth int
	fs.IntVar(&depth, "depth", -1, 0, 128, "the most stones of a position in the book (required)")
	root := fs.String("root", "", "only positions at or below this `POSITION`")
	shard := fs.String("shard", "", "solve only shard `I/N` of the deepest layer, into --out (no --db)")
	out := fs.String("out", "", "with --shard, the `FILE` to write, or a folder (DIR/) to name it in")
	var sf searchFlags
	sf.register(fs, false, "")
	fs.Require("depth", "N")
	if done, err := fs.Parse(args); done {
		return err
	}
	b, err := sf.parseBoard(fs)
	if err != nil {
		return err
	}
	if *shard != "" {
		return shardGenerate(ctx, fs, &sf, b, depth, *shard, *out, stdout)
	}
	if *out != "" {
		return fs.UsageError(errors.New("--out works with --shard only"))
	}
	if err := needDB(fs, *db); err != nil {
		return err
	}
	r, err := game.Parse(b, *root)
	if err != nil {
		return fs.UsageError(fmt.Errorf("--root: %w", err))
	}
	if depth < r.Moves() || depth > b.Cells() {
		return fs.UsageError(fmt.Errorf("--depth %d: want %d (the root's stones) to %d (the board's cells)", depth, r.Moves(), b.Cells()))
	}
	g := gen.Generator{Root: r, Depth: depth, Threads: sf.threads, TableMiB: sf.tableMiB, Progress: cli.ProgressTo(stderr)}
	if err := fits(g.Check(), g.Bytes()); err != nil {
		return err
	}
	bk, err := store.Open(*db, store.Options{CacheMiB: store.BuildCacheMiB, Log: stderr})
	if err != nil {
		return err
	}
	g.Book = bk
	start := time.Now()
	layers, err := g.Run(ctx)
	gen.WriteLayers(stdout, layers)
	fmt.Fprintf(stdout, "total %s\n", time.Since(start).Round(time.Millisecond))
	return cli.Interrupted(bk.Finish(err), "what was solved is kept; run the same command again to finish")
}

// shardGenerate is book generate --shard: one shard into --out.
func shardGenerate(ctx context.Context, fs *cli.FlagSet, sf *searchFlags, b game.Board, depth int, shard, out string, stdout io.Writer) error {
	for _, f := range []string{"db", "root"} {
		if fs.Changed(f) {
			return fs.UsageError(fmt.Errorf("--%s: a shard needs no database and starts from the empty board", f))
		}
	}
	i, n, err := book.ParseShard(shard)
	if err != nil {
		return fs.UsageError(fmt.Errorf("--shard %w", err))
	}
	if out == "" {
		return fs.UsageError(errors.New("--out FILE is required"))
	}
	s := book.Shard{Board: b, Depth: depth, Index: i, Count: n}
	j := gen.ShardJob{Shard: s, Out: s.Path(out), Threads: sf.threads, TableMiB: sf.tableMiB, Progress: cli.ProgressTo(fs.Output())}
	if err := fits(j.Check(), j.Bytes()); err != nil {
		return err
	}
	start := time.Now()
	r, err := j.Run(ctx)
	switch {
	case err != nil:
		return cli.Interrupted(err, fmt.Sprintf("what was solved is kept in %s.part; run the same command again to finish", j.Out))
	case r.Done:
		fmt.Fprintf(stdout, "%s: already complete, %d positions; nothing to do\n", j.Out, r.Positions)
	default:
		fmt.Fprintf(stdout, "%s: %d positions, %d solved by this run in %s\n", j.Out, r.Positions, r.Solved, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

func bookMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book merge", mergeBookUsage, stdout, stderr)
	fs.WithArgs = true
	db := fs.String("db", "", "book database `DIR`")
	check := fs.Bool("check", false, "only check that the shards are all there and sound; write nothing")
	if done, err := fs.Parse(args); done {
		return err
	}
	if !*check {
		if err := needDB(fs, *db); err != nil {
			return err
		}
	}
	files, err := book.ShardFiles(fs.Args())
	if err == nil && len(files) == 0 {
		err = errors.New("no shard FILE to merge")
	}
	var s book.Shard
	if err == nil {
		s, err = gen.CheckShards(files) // before a database is made
	}
	if err != nil || *check {
		if err == nil {
			fmt.Fprintf(stdout, "%d shards of the %d-stone layer of %s: all there\n", s.Count, s.Depth, s.Board)
		}
		return err
	}
	bk, err := store.Open(*db, store.Options{CacheMiB: store.BuildCacheMiB, Log: stderr})
	if err != nil {
		return err
	}
	start := time.Now()
	s, err = gen.Merge(ctx, bk, files, cli.ProgressTo(stderr))
	if err = bk.Finish(err); err != nil {
		return cli.Interrupted(err, "run the same command again to finish")
	}
	fmt.Fprintf(stdout, "%d shards of the %d-stone layer of %s merged into %s, depth %d (%s)\n", s.Count, s.Depth, s.Board, *db, s.Depth, time.Since(start).Round(time.Millisecond))
	return nil
}

func bookLookup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book lookup", help("book-lookup"), stdout, stderr)
	fs.WithArgs = true
	db := fs.String("db", "", "book database `DIR`")
	board := fs.String("board", "", "board size, `WxH` (default: the database's one board)")
	fs.Require("db", "DIR")
	if done, err := fs.Parse(args); done {
		return err
	}
	bk, b, err := readBook(fs, *db, *board)
	if err != nil {
		return err
	}
	defer bk.Close()
	failed := false
	for _, moves := range fs.Args() {
		line, err := bk.Line(b, moves)
		if line != "" {
			fmt.Fprintln(stdout, line)
		}
		if err != nil {
			fmt.Fprintf(stderr, "c4 book lookup: %v\n", err)
			failed = true
		}
	}
	if failed {
		return cli.ErrFailed
	}
	return nil
}

func bookStats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book stats", help("book-stats"), stdout, stderr)
	db := fs.String("db", "", "book database `DIR`")
	board := fs.String("board", "", "board size, `WxH` (default: every board in the database)")
	fs.Require("db", "DIR")
	if done, err := fs.Parse(args); done {
		return err
	}
	bk, b, err := readBook(fs, *db, *board)
	if err != nil && !fs.Changed("board") && errors.Is(err, store.ErrManyBoards) {
		bk, err = store.Open(*db, store.Options{ReadOnly: true, Log: stderr}) // every board, then
	}
	if err != nil {
		return err
	}
	defer bk.Close()
	if b == (game.Board{}) {
		return bk.WriteStats(stdout)
	}
	return bk.WriteStats(stdout, b)
}

var verifyUsage = help("book-verify")

func bookVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book verify", verifyUsage, stdout, stderr)
	db := fs.String("db", "", "book database `DIR`")
	var sample int
	fs.IntVar(&sample, "sample", 20, 1, 1<<30, "entries to check of each number of stones")
	seed := fs.Uint64("seed", 1, "random seed")
	var sf searchFlags
	sf.register(fs, false, "")
	fs.Require("db", "DIR")
	if done, err := fs.Parse(args); done {
		return err
	}
	if err := fits(nil, 2*search.TableBytes(sf.tableMiB)); err != nil { // negamax's table and DFPN's
		return err
	}
	bk, b, err := readBook(fs, *db, sf.board)
	if err != nil {
		return err
	}
	defer bk.Close()
	start := time.Now()
	sf.board = b.String()
	exact, err := sf.open(fs)
	if err != nil {
		return err
	}
	defer exact.Close()
	sf.engine, sf.weak = solver.DFPN, true
	dfpn, err := sf.open(fs)
	if err != nil {
		return err
	}
	defer dfpn.Close()
	bad, layers, err := bk.Verify(ctx, b, sample, *seed,
		store.Checker{Name: "negamax", Engine: exact, Mode: search.Strong},
		store.Checker{Name: "dfpn", Engine: dfpn, Mode: search.Weak})
	for _, m := range bad {
		fmt.Fprintf(stderr, "c4 book verify: %v\n", m)
	}
	if err != nil {
		return cli.Interrupted(err, "")
	}
	checked := store.WriteSampled(stdout, layers)
	fmt.Fprintf(stdout, "board %s: %d entries checked by negamax and dfpn, %d disagreements (%s)\n", b, checked, len(bad), time.Since(start).Round(time.Millisecond))
	if len(bad) > 0 {
		return cli.ErrFailed
	}
	return nil
}

func bookExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book export", help("book-export"), stdout, stderr)
	db := fs.String("db", "", "book database `DIR`")
	board := fs.String("board", "", "board size, `WxH` (default: the database's one board)")
	out := fs.String("out", "", "the portable `FILE` to write")
	var depth int
	fs.IntVar(&depth, "depth", 128, 0, 128, "only positions of up to `N` stones (default: all)")
	fs.Require("out", "FILE")
	fs.Require("db", "DIR")
	if done, err := fs.Parse(args); done {
		return err
	}
	bk, b, err := readBook(fs, *db, *board)
	if err != nil {
		return err
	}
	defer bk.Close()
	n, err := bk.ExportFile(b, depth, *out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d positions of %s written to %s\n", n, b, *out)
	return nil
}

func bookImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("book import", help("book-import"), stdout, stderr)
	db := fs.String("db", "", "book database `DIR`")
	board := fs.String("board", "", "board size, `WxH`: the file's must be this (default: the file's)")
	in := fs.String("in", "", "the portable `FILE` to read")
	fs.Require("in", "FILE")
	fs.Require("db", "DIR")
	if done, err := fs.Parse(args); done {
		return err
	}
	var want game.Board
	if fs.Changed("board") {
		var err error
		if want, err = game.ParseBoard(*board); err != nil {
			return fs.UsageError(fmt.Errorf("--board: %w", err))
		}
	}
	h, err := store.CheckImport(*in, want)
	if errors.Is(err, store.ErrOtherBoard) {
		return fs.UsageError(fmt.Errorf("--board %s: %s holds a book of %s", want, *in, h.Board))
	} else if err != nil {
		return err
	}
	bk, err := store.Open(*db, store.Options{Log: stderr})
	if err != nil {
		return err
	}
	if err = bk.Finish(bk.ImportChecked(ctx, *in, h)); err != nil {
		return cli.Interrupted(err, "run the same command again to finish")
	}
	fmt.Fprintf(stdout, "%d positions of %s read into %s\n", h.Entries, h.Board, *db)
	return nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"c4/cert"
	"c4/game"
	"c4/internal/atomicfile"
	"c4/internal/cli"
	"c4/internal/progress"
	"c4/pns"
	"c4/prove"
	"c4/search"
)

var proveUsage = help("prove")

func runProve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	sub := map[string]func(context.Context, []string, io.Writer, io.Writer) error{
		"work": proveWork, "verify": proveVerify, "export": proveExport,
	}
	if len(args) > 0 && sub[args[0]] != nil {
		if err := sub[args[0]](ctx, args[1:], stdout, stderr); err != nil {
			return &cli.SubError{Name: args[0], Err: err}
		}
		return nil
	}
	return proveRun(ctx, args, stdout, stderr)
}

// minJobNodes is the least --job-nodes: a job must search long enough for
// the tree to gain from it (on 4x4, budgets of 5 and 10 nodes never
// settled the root).
const minJobNodes = 100

func proveRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("prove", proveUsage, stdout, stderr)
	board := fs.String("board", "", "board size, `WxH` (to start a search; a search resumed keeps its own)")
	root := fs.String("root", "", "the `POSITION` to prove (default the empty board)")
	db := fs.String("db", "", "the search's database `DIR` (required)")
	var workers, tableMiB, leafCells int
	fs.IntVar(&workers, "workers", search.DefaultThreads(), 0, search.MaxThreads, "`N` jobs searched at once in this process (0 with --listen: remote workers only)")
	fs.Lookup("workers").DefValue = "all cores"
	fs.IntVar(&tableMiB, "tt-mib", 0, 1, search.MaxTableMiB, "the local workers' shared DFPN table in `MiB`")
	fs.Lookup("tt-mib").DefValue = "by the board: 16 on 4x4, 1024 from 7x6 and 10x4"
	jobNodes := fs.Uint64("job-nodes", prove.DefaultJobNodes, fmt.Sprintf("a job's budget in DFPN `nodes` (%d to 2^40)", minJobNodes))
	fs.IntVar(&leafCells, "leaf-cells", prove.DefaultLeafCells, 0, 64, "the proof's small leaves: positions of at most `N` empty cells, which its check searches with negamax")
	listen := fs.String("listen", "", "also hand jobs out to c4 prove work over HTTP on `ADDR` (such as :8080, which listens on 127.0.0.1 only; 0.0.0.0:8080 on every interface)")
	token, tokenFile := tokenFlags(fs)
	var leaseFor time.Duration
	fs.DurationVar(&leaseFor, "lease", prove.DefaultLease, 24*time.Hour, "a job not done after this is handed out again")
	from := fs.String("from", "", "start from this checkpoint `FILE` (of --checkpoint), in a new --db")
	checkpoint := fs.String("checkpoint", "", fmt.Sprintf("write the search's checkpoint to `FILE` every %v and at the end", prove.CheckpointEvery))
	fs.Require("db", "DIR")
	if done, err := fs.Parse(args); done {
		return err
	}
	set, err := proveSettings(fs, *board, *root, *jobNodes, leafCells)
	if err != nil {
		return err
	}
	secret, err := prove.ReadToken(*token, *tokenFile)
	addr := ""
	if err == nil && *listen != "" {
		addr, err = prove.ListenAddr(*listen)
	}
	switch {
	case err != nil:
		return fs.UsageError(err)
	case workers == 0 && *listen == "":
		return fs.UsageError(errors.New("--workers 0 needs --listen: someone must search"))
	case secret != "" && *listen == "":
		return fs.UsageError(errors.New("--token and --token-file go with --listen"))
	}
	if *checkpoint != "" {
		if err := atomicfile.CheckFolder(*checkpoint); err != nil {
			return fmt.Errorf("--checkpoint: %w", err)
		}
	}
	if *from != "" {
		if err := prove.RestoreFile(*db, *from); err != nil {
			return fmt.Errorf("--from: %w", err)
		}
	}
	m, err := prove.Open(*db, set, leaseFor)
	if errors.Is(err, prove.ErrOtherSettings) {
		return fs.UsageError(err)
	} else if err != nil {
		return err
	}
	defer m.Close()
	m.LogTo(stderr)
	if *checkpoint != "" {
		defer m.CheckpointTo(*checkpoint, prove.CheckpointEvery, stderr)()
	}
	if addr != "" {
		stop, err := prove.Serve(m, addr, secret, stderr)
		if err != nil {
			return err
		}
		defer stop()
	}
	if tableMiB == 0 {
		b, _ := game.ParseBoard(m.Settings().Board)
		tableMiB = prove.TableMiB(b)
	}
	start := time.Now()
	r, err := runSearch(ctx, m, workers, pns.Options{TableMiB: tableMiB}, cli.ProgressTo(stderr))
	if err != nil {
		return cli.Interrupted(err, "what was done is kept in "+*db+"; run c4 prove --db "+*db+" to go on")
	}
	st, _ := m.Status()
	fmt.Fprintf(stdout, "%s %q: %s for the side to move (%s, %d DFPN nodes, %.2f worker-hours; this run %s)\n",
		m.Settings().Board, m.Settings().Root, r, count(int(st.Jobs), "job"), st.Nodes, float64(st.Micros)/3.6e9, seconds(time.Since(start)))
	fmt.Fprintf(stderr, "c4 prove: c4 prove export --db %s --out FILE writes its proof\n", *db)
	return nil
}

// proveSettings are the settings given, checked as far as they can be
// before the database is opened: a bad board or root is a bad command
// line, and leaves no database behind.
func proveSettings(fs *cli.FlagSet, board, root string, jobNodes uint64, leafCells int) (prove.Settings, error) {
	set := prove.Settings{Board: board, Root: root}
	if fs.Changed("job-nodes") {
		if jobNodes < minJobNodes || jobNodes > 1<<40 {
			return set, fs.UsageError(fmt.Errorf("--job-nodes %d: want %d to 2^40", jobNodes, minJobNodes))
		}
		set.JobNodes = jobNodes
	}
	if fs.Changed("leaf-cells") {
		set.LeafCells = leafCells
	}
	if board == "" {
		return set, nil
	}
	b, err := game.ParseBoard(board)
	if err != nil {
		return set, fs.UsageError(fmt.Errorf("--board: %w", err))
	}
	p, err := game.Parse(b, root)
	switch {
	case err != nil:
		return set, fs.UsageError(fmt.Errorf("--root: %w", err))
	case p.IsOver():
		return set, fs.UsageError(fmt.Errorf("--root %q: the game is already over", root))
	}
	return set, nil
}

// tokenFlags adds --token and --token-file.
func tokenFlags(fs *cli.FlagSet) (token, file *string) {
	token = fs.String("token", "", "the shared `SECRET` the manager and its workers give each other (seen by ps: prefer --token-file)")
	file = fs.String("token-file", "", "the shared secret, the first line of `FILE`")
	return token, file
}

// runSearch runs the search with local workers, or waits for remote ones
// if there are none, showing progress on w (nil: none).
func runSearch(ctx context.Context, m *prove.Manager, workers int, opts pns.Options, w io.Writer) (prove.Result, error) {
	defer progress.Watch(w, "c4 prove", func() string {
		st, err := m.Status()
		if err != nil {
			return err.Error()
		}
		return st.String()
	})()
	if workers > 0 {
		return prove.Local(ctx, m, workers, opts)
	}
	return m.Wait(ctx)
}

func proveWork(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("prove work", proveUsage, stdout, stderr)
	manager := fs.String("manager", "", "the manager's `URL`, such as http://c4-prove:8080 (required)")
	var tableMiB int
	fs.IntVar(&tableMiB, "tt-mib", 1024, 1, search.MaxTableMiB, "the DFPN table in `MiB`")
	host, _ := os.Hostname()
	name := fs.String("name", host, "the worker's `NAME` in the jobs' records")
	token, tokenFile := tokenFlags(fs)
	fs.Require("manager", "URL")
	if done, err := fs.Parse(args); done {
		return err
	}
	if u, err := url.Parse(*manager); err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fs.UsageError(fmt.Errorf("--manager %q: want an http:// or https:// URL with a host", *manager))
	}
	secret, err := prove.ReadToken(*token, *tokenFile)
	if err != nil {
		return fs.UsageError(err)
	}
	c := &prove.Client{URL: strings.TrimSuffix(*manager, "/"), Token: secret, Log: stderr}
	err = prove.Work(ctx, c, prove.NewSearcher(pns.Options{TableMiB: tableMiB}, *name))
	if err == nil {
		fmt.Fprintln(stderr, "c4 prove work: the search is over")
	}
	return cli.Interrupted(err, "")
}

func proveVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("prove verify", proveUsage, stdout, stderr)
	fs.WithArgs = true
	db := fs.String("db", "", "the search's database `DIR`: its proof is written (in memory) and checked")
	var threads, tableMiB int
	fs.IntVar(&threads, "threads", search.DefaultThreads(), 1, search.MaxThreads, "`N` small leaves searched at once")
	fs.Lookup("threads").DefValue = "all cores"
	fs.IntVar(&tableMiB, "tt-mib", 64, 1, search.MaxTableMiB, "each thread's negamax table in `MiB`")
	logPath := fs.String("log", "", "the check's log `FILE`: the small leaves searched before are skipped, and said so; those searched now are added")
	if done, err := fs.Parse(args); done {
		return err
	}
	p, err := readProof(ctx, fs, *db, stderr)
	if err != nil {
		return err
	}
	opts := prove.VerifyOptions{Threads: threads, TableMiB: tableMiB}
	if *logPath != "" {
		if opts.Log, err = prove.OpenVerifyLog(*logPath, p); err != nil {
			return err
		}
	}
	start := time.Now()
	stop := watchCheck(&opts, cli.ProgressTo(stderr))
	rep, err := prove.Verify(ctx, p, opts)
	stop()
	if opts.Log != nil {
		err = errors.Join(err, opts.Log.Close())
	}
	if err != nil {
		return cli.Interrupted(err, "")
	}
	verified := "verified"
	if rep.Logged > 0 {
		verified = fmt.Sprintf("verified, but for %s taken from the log %s", count(rep.Logged, "small leaf"), *logPath)
	}
	moves, leaves := 0, 0
	for _, w := range rep.Walks {
		moves, leaves = moves+w.Moves, leaves+w.Small
	}
	fmt.Fprintf(stdout, "%s: %s %q is a %s for the side to move (%s, %s settled by negamax; %s)\n",
		verified, p.Board, p.Root, rep.Result, count(moves, "move"), count(leaves, "small leaf"), seconds(time.Since(start)))
	return nil
}

// watchCheck shows the check's progress on w (nil: nowhere) through opts;
// stop ends it.
func watchCheck(opts *prove.VerifyOptions, w io.Writer) (stop func()) {
	var mu sync.Mutex
	var i int
	var last cert.Progress
	opts.Progress = func(strategy int, p cert.Progress) {
		mu.Lock()
		i, last = strategy, p
		mu.Unlock()
	}
	return progress.Watch(w, "c4 prove verify", func() string {
		mu.Lock()
		defer mu.Unlock()
		return fmt.Sprintf("strategy %d: %d/%d moves walked, %d/%d small leaves searched", i+1, last.Moves, last.Length, last.Searched+last.Skipped, last.Leaves)
	})
}

// readProof reads the proof of --db, written now, or of the one file
// argument.
func readProof(ctx context.Context, fs *cli.FlagSet, db string, stderr io.Writer) (prove.Proof, error) {
	switch {
	case db != "" && fs.NArg() == 0:
		return proofOf(ctx, db, stderr)
	case db == "" && fs.NArg() == 1:
		return prove.ReadFile(fs.Arg(0))
	}
	return prove.Proof{}, fs.UsageError(errors.New("give --db DIR or one proof FILE"))
}

// proofOf writes the proof of the search in db, showing progress on
// stderr's terminal.
func proofOf(ctx context.Context, db string, stderr io.Writer) (prove.Proof, error) {
	m, err := prove.Open(db, prove.Settings{}, 0)
	if err != nil {
		return prove.Proof{}, err
	}
	defer m.Close()
	b, _ := game.ParseBoard(m.Settings().Board)
	var mu sync.Mutex
	var moves, searched int
	stop := progress.Watch(cli.ProgressTo(stderr), "c4 prove: writing the proof", func() string {
		mu.Lock()
		defer mu.Unlock()
		return fmt.Sprintf("%s, %d found again by DFPN", count(moves, "move"), searched)
	})
	p, ps, err := m.Proof(ctx, prove.ProofOptions{DFPN: pns.Options{TableMiB: prove.TableMiB(b)}, Progress: func(n, s int) {
		mu.Lock()
		moves, searched = n, s
		mu.Unlock()
	}})
	stop()
	if err != nil {
		return p, cli.Interrupted(err, "")
	}
	if ps.Searched > 0 {
		fmt.Fprintf(stderr, "c4 prove: %s of the proof found again by DFPN, not in the database (a search restored from a checkpoint, or one whose manager was killed)\n", count(ps.Searched, "move"))
	}
	return p, nil
}

func proveExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("prove export", proveUsage, stdout, stderr)
	db := fs.String("db", "", "the search's database `DIR` (required)")
	out := fs.String("out", "", "the proof `FILE` to write (required)")
	fs.Require("db", "DIR")
	fs.Require("out", "FILE")
	if done, err := fs.Parse(args); done {
		return err
	}
	if err := atomicfile.CheckFolder(*out); err != nil {
		return err
	}
	p, err := proofOf(ctx, *db, stderr)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { return prove.Encode(w, p) }); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %s %q, a %s for the side to move (%s)\n", *out, p.Board, p.Root, p.Result, count(p.Moves(), "move"))
	return nil
}

// count is n and noun, in the plural unless n is 1: "1 job", "3 jobs",
// "2 small leaves".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "leaf") {
		return fmt.Sprintf("%d %sves", n, strings.TrimSuffix(noun, "f"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// seconds is d as a person reads a run's time: "2.4s", "1m32s".
func seconds(d time.Duration) string {
	if d < time.Minute {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

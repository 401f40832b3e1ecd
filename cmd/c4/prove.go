package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"c4/internal/atomicfile"
	"c4/internal/cli"
	"c4/internal/progress"
	"c4/pns"
	"c4/prove"
	"c4/solve"
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

func proveRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("prove", proveUsage, stdout, stderr)
	board := fs.String("board", "", "board size, `WxH` (to start a search; a search resumed keeps its own)")
	root := fs.String("root", "", "the `POSITION` to prove (default the empty board)")
	db := fs.String("db", "", "the search's database `DIR` (required)")
	var workers, tableMiB int
	fs.IntVar(&workers, "workers", solve.DefaultThreads(), 0, solve.MaxThreads, "`N` jobs searched at once in this process (0 with --listen: remote workers only)")
	fs.Lookup("workers").DefValue = "all cores"
	fs.IntVar(&tableMiB, "tt-mib", 1024, 1, solve.MaxTableMiB, "the local workers' shared DFPN table in `MiB`")
	jobNodes := fs.Uint64("job-nodes", 0, fmt.Sprintf("a job's budget in DFPN `nodes` (default %d)", prove.DefaultJobNodes))
	listen := fs.String("listen", "", "also hand jobs out to c4 prove work over HTTP on `ADDR` (such as :8080)")
	var leaseFor time.Duration
	fs.DurationVar(&leaseFor, "lease", prove.DefaultLease, 24*time.Hour, "a job not done after this is handed out again")
	from := fs.String("from", "", "start from this checkpoint `FILE` (of --checkpoint), in a new --db")
	checkpoint := fs.String("checkpoint", "", fmt.Sprintf("write the search's checkpoint to `FILE` every %v and at the end", prove.CheckpointEvery))
	fs.Require("db", "DIR")
	if done, err := fs.Parse(args); done {
		return err
	}
	if workers == 0 && *listen == "" {
		return fs.UsageError(errors.New("--workers 0 needs --listen: someone must search"))
	}
	if *from != "" {
		if err := restore(*db, *from); err != nil {
			return err
		}
	}
	m, err := prove.Open(*db, prove.Settings{Board: *board, Root: *root, JobNodes: *jobNodes}, leaseFor)
	if err != nil {
		return err
	}
	defer m.Close()
	if *checkpoint != "" {
		if err := atomicfile.Check(*checkpoint); err != nil {
			return err
		}
		stop := every(prove.CheckpointEvery, func() { writeCheckpoint(m, *checkpoint, stderr) })
		defer writeCheckpoint(m, *checkpoint, stderr)
		defer stop()
	}
	if *listen != "" {
		ln, err := net.Listen("tcp", *listen)
		if err != nil {
			return err
		}
		srv := &http.Server{Handler: prove.Handler(m)}
		go srv.Serve(ln)
		defer srv.Close()
		fmt.Fprintf(stderr, "c4 prove: handing out jobs on http://%s/\n", ln.Addr())
	}
	start := time.Now()
	r, err := runSearch(ctx, m, workers, pns.Options{TableMiB: tableMiB}, cli.ProgressTo(stderr))
	if err != nil {
		return cli.Interrupted(err, "what was done is kept in "+*db+"; run c4 prove --db "+*db+" to go on")
	}
	st, _ := m.Status()
	fmt.Fprintf(stdout, "%s %q: %s for the side to move (%d jobs, %d DFPN nodes, %.2f worker-hours; this run %s)\n",
		m.Settings().Board, m.Settings().Root, r, st.Jobs, st.Nodes, float64(st.Micros)/3.6e9, time.Since(start).Round(time.Second))
	return nil
}

// restore makes the database dir from the checkpoint file.
func restore(dir, file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := prove.Restore(dir, f); err != nil {
		return fmt.Errorf("--from %s: %w", file, err)
	}
	return nil
}

// writeCheckpoint writes m's checkpoint to file, saying on stderr if it
// cannot: the search goes on.
func writeCheckpoint(m *prove.Manager, file string, stderr io.Writer) {
	if err := atomicfile.Write(file, m.Checkpoint); err != nil {
		fmt.Fprintf(stderr, "\nc4 prove: the checkpoint: %v\n", err)
	}
}

// every calls f every d until stop is called.
func every(d time.Duration, f func()) (stop func()) {
	t := time.NewTicker(d)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-t.C:
				f()
			case <-done:
				return
			}
		}
	}()
	return func() { t.Stop(); close(done) }
}

// runSearch runs the search with local workers, or waits for remote ones
// if there are none, showing progress on w (nil: none).
func runSearch(ctx context.Context, m *prove.Manager, workers int, opts pns.Options, w io.Writer) (prove.Result, error) {
	stop := progress.Watch(w, "c4 prove", func() string {
		st, err := m.Status()
		if err != nil {
			return err.Error()
		}
		return statusLine(st)
	})
	defer stop()
	if workers > 0 {
		return prove.Local(ctx, m, workers, opts)
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for m.Result() == prove.Unknown {
		select {
		case <-ctx.Done():
			return prove.Unknown, context.Cause(ctx)
		case <-tick.C:
		}
	}
	return m.Result(), nil
}

// statusLine is the progress of a search, short enough for one line of a
// wide terminal.
func statusLine(st prove.Status) string {
	q := "the opponent"
	if st.Question == 1 {
		q = "the side to move"
	}
	rate := 0.0
	if st.Micros > 0 {
		rate = float64(st.Nodes) / float64(st.Micros)
	}
	return fmt.Sprintf("does %s win? root %d/%d, leaves %d open %d proved %d disproved, %d jobs, %.1f M nodes/s a worker",
		q, st.RootProof, st.RootDisproof, st.Open(), st.Tree.Proved, st.Tree.Failed, st.Jobs, rate)
}

func proveWork(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("prove work", proveUsage, stdout, stderr)
	url := fs.String("manager", "", "the manager's `URL`, such as http://c4-prove:8080 (required)")
	var tableMiB int
	fs.IntVar(&tableMiB, "tt-mib", 1024, 1, solve.MaxTableMiB, "the DFPN table in `MiB`")
	host, _ := os.Hostname()
	name := fs.String("name", host, "the worker's `NAME` in the jobs' records")
	fs.Require("manager", "URL")
	if done, err := fs.Parse(args); done {
		return err
	}
	c := &prove.Client{URL: *url, Ctx: ctx, Log: stderr}
	err := prove.Work(ctx, c, prove.NewSearcher(pns.Options{TableMiB: tableMiB}, *name))
	if err == nil {
		fmt.Fprintln(stderr, "c4 prove work: the search is over")
	}
	return cli.Interrupted(err, "")
}

func proveVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("prove verify", proveUsage, stdout, stderr)
	fs.WithArgs = true
	db := fs.String("db", "", "the search's database `DIR`")
	var threads, tableMiB int
	fs.IntVar(&threads, "threads", solve.DefaultThreads(), 1, solve.MaxThreads, "`N` leaves checked at once")
	fs.Lookup("threads").DefValue = "all cores"
	fs.IntVar(&tableMiB, "tt-mib", 256, 1, solve.MaxTableMiB, "each thread's table in `MiB`")
	logPath := fs.String("log", "", "the check's log `FILE`: the leaves checked before are skipped, each leaf checked is added")
	if done, err := fs.Parse(args); done {
		return err
	}
	p, err := readProof(fs, *db)
	if err != nil {
		return err
	}
	m := cli.ProgressTo(stderr)
	opts := prove.VerifyOptions{Threads: threads, TableMiB: tableMiB, Progress: func(done, total int) {
		if m != nil {
			fmt.Fprintf(m, "\rleaves checked: %d/%d\033[K", done, total)
		}
	}}
	if *logPath != "" {
		if opts.Log, err = prove.OpenVerifyLog(*logPath, p); err != nil {
			return err
		}
	}
	err = prove.Verify(ctx, p, opts)
	if opts.Log != nil {
		err = errors.Join(err, opts.Log.Close())
	}
	if m != nil {
		fmt.Fprint(m, "\r\033[K")
	}
	if err != nil {
		return cli.Interrupted(err, "")
	}
	nodes := 0
	for _, t := range p.Trees {
		nodes += len(t.Steps)
	}
	fmt.Fprintf(stdout, "verified: %s %q is a %s for the side to move (%d proof nodes)\n", p.Board, p.Root, p.Result, nodes)
	return nil
}

// readProof reads the proof of --db or of the one file argument.
func readProof(fs *cli.FlagSet, db string) (prove.Proof, error) {
	switch {
	case db != "" && fs.NArg() == 0:
		m, err := prove.Open(db, prove.Settings{}, 0)
		if err != nil {
			return prove.Proof{}, err
		}
		defer m.Close()
		return m.Proof()
	case db == "" && fs.NArg() == 1:
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return prove.Proof{}, err
		}
		defer f.Close()
		p, err := prove.Decode(f)
		if err != nil {
			return prove.Proof{}, fmt.Errorf("%s: %w", fs.Arg(0), err)
		}
		return p, nil
	}
	return prove.Proof{}, fs.UsageError(errors.New("give --db DIR or one proof FILE"))
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
	p, err := readProof(fs, *db)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { return prove.Encode(w, p) }); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %s %q, a %s for the side to move\n", *out, p.Board, p.Root, p.Result)
	return nil
}

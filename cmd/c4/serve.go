package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"time"

	"c4/book/builtin"
	"c4/book/named"
	"c4/internal/cli"
	"c4/serve"
)

var serveUsage = fmt.Sprintf(help("serve"), builtin.Stones)

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("serve", serveUsage, stdout, stderr)
	var sf searchFlags
	sf.register(fs, false, "builtin")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	var budget, wait time.Duration
	fs.DurationVar(&budget, "budget", 2*time.Second, time.Hour, "most time to solve one request")
	fs.DurationVar(&wait, "wait", 250*time.Millisecond, time.Hour, "most time a request waits for a free solver")
	ahead := fs.Bool("ahead", true, "solve the positions a game is likely to ask for next while idle")
	logFormat := fs.String("log", "text", "request logs on stderr: text (key=value) or json (one object per line)")
	fs.Lookup("threads").Usage = "`N` solves at once, each with its own table and searching on every core (1 to 1024)"
	if done, err := fs.Parse(args); done {
		return err
	}
	var logs slog.Handler
	switch *logFormat {
	case "text":
		logs = slog.NewTextHandler(stderr, nil)
	case "json":
		logs = slog.NewJSONHandler(stderr, nil)
	default:
		return fs.UsageError(fmt.Errorf("--log %q: want text or json", *logFormat))
	}
	b, err := sf.parseBoard(fs)
	if err != nil {
		return err
	}
	cfg := serve.Config{Board: b, Solvers: sf.threads, TableMiB: sf.tableMiB, Budget: budget, Wait: wait,
		Ahead: *ahead, Logger: slog.New(logs)}
	if err := fits(cfg.Check(), cfg.Bytes()); err != nil {
		return err
	}
	bk, closeBook, err := named.Open(sf.book, b, fs.Changed("book"), stderr)
	if err != nil {
		return err
	}
	defer closeBook()
	cfg.Book = bk
	server, err := serve.New(cfg)
	if err != nil {
		return flagError(err)
	}
	defer server.Close() // after the HTTP server's shutdown, below
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "c4 serve: listening on http://%s/\n", ln.Addr())
	context.AfterFunc(ctx, func() { fmt.Fprintln(stderr, "c4 serve: shutting down") })
	return server.Serve(ctx, ln)
}

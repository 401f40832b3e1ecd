package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"time"

	"c4/book/builtin"
	"c4/internal/cli"
	"c4/serve"
)

var serveUsage = fmt.Sprintf(`serve [--addr HOST:PORT] [--book DIR|builtin|none] [--tt-mib MiB] [flags]

Serves the JSON API and a web page to play against perfect play:
  GET /api/solve?pos=4453[&weak=1]  {"pos","score","moves":[score per column, null if full],"nodes","micros"}
  GET /api/board                    {"board":"7x6","width":7,"height":6}
  GET /healthz
  GET /                             the page, for --board
Bad positions get 400 with {"error": ...}; a position not solved within
--budget, or a request that finds every solver busy for --wait, gets 503.
--threads is the number of solves at once (each with its own --tt-mib table,
searching the moves of its position on every core). The built-in 7x6 book
of up to %d stones is used unless --book says otherwise. While no request
is being solved, the positions a game is likely to ask for next are solved
ahead and remembered (one more table; --ahead=false turns it off).
Requests are logged on stderr (--log json: one JSON object per line). SIGINT
or SIGTERM shuts down gracefully (exit status 130 or 143).`, builtin.Stones)

func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("serve", serveUsage, stdout, stderr)
	var sf searchFlags
	sf.register(fs, false, "builtin")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	budget := fs.Duration("budget", 2*time.Second, "most time to solve one request (to 1h)")
	wait := fs.Duration("wait", 250*time.Millisecond, "most time a request waits for a free solver (to 1h)")
	ahead := fs.Bool("ahead", true, "solve the positions a game is likely to ask for next while idle")
	logFormat := fs.String("log", "text", "request logs on stderr: text (key=value) or json (one object per line)")
	fs.Lookup("threads").Usage = "`N` solves at once, each with its own table and searching on every core (1 to 1024)"
	if done, err := fs.Parse(args); done {
		return err
	}
	for _, d := range []struct {
		name string
		d    time.Duration
	}{{"budget", *budget}, {"wait", *wait}} {
		if d.d <= 0 || d.d > time.Hour {
			return fs.UsageError(fmt.Errorf("--%s %s: want more than 0, at most 1h", d.name, d.d))
		}
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
	cfg := serve.Config{Board: b, Solvers: sf.threads, TableMiB: sf.tableMiB, Budget: *budget, Wait: *wait,
		Ahead: *ahead, Logger: slog.New(logs)}
	if err := fits(cfg.Check(), cfg.Bytes()); err != nil {
		return err
	}
	bk, closeBook, err := sf.openBook(fs, b)
	if err != nil {
		return err
	}
	defer closeBook()
	cfg.Book = bk
	server := serve.New(cfg)
	defer server.Close() // after the HTTP server's shutdown, below
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "c4 serve: listening on http://%s/\n", ln.Addr())
	context.AfterFunc(ctx, func() { fmt.Fprintln(stderr, "c4 serve: shutting down") })
	return server.Serve(ctx, ln)
}

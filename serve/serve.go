// Package serve is c4's HTTP service: a JSON API that scores a position and
// every move from it, and an embedded web page, with no build step and no
// outside resources, to play against perfect play in a browser through that
// API.
//
// A pool of solvers bounds the solves under way; a request that finds none
// free waits briefly, then gets 503. Each solver searches the moves of its
// position on every core, which matters for the slowest answers: the
// moves' scores of a position whose bad moves lead to long games. Each
// request has a time budget: a position too hard for it gets 503 too,
// rather than a hung connection. Optionally (c4 serve does), the server
// solves ahead, while idle, the positions a game is likely to ask for next,
// so that a game is answered from memory (see ahead).
package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"c4/ahead"
	"c4/game"
	"c4/search"
	"c4/solver"
	"c4/threat"
	"c4/web"
)

// Config sets up a Server. Zero fields take the defaults given; Check
// reports a value out of range.
type Config struct {
	Board    game.Board    // game.Standard; any board up to 128 bits
	Solvers  int           // solves at once: search.DefaultThreads(), at most search.MaxThreads
	Threads  int           // workers of each solve: search.DefaultThreads(), at most search.MaxThreads
	TableMiB int           // each solver's table: search.DefaultTableMiB (128), at most search.MaxTableMiB
	Book     solver.Book   // an opening book of a board up to 64 bits, or nil
	Budget   time.Duration // most time for one request's solve: 2 s, at most an hour
	Wait     time.Duration // most time a request waits for a free solver: 250 ms, at most an hour
	Logger   *slog.Logger  // request logs: slog.Default()
	// Ahead: remember the exact answers, and while no request is being
	// solved, solve the positions a game is likely to ask for next (see
	// ahead), with one more solver of one thread and TableMiB.
	Ahead bool
}

// Server answers the API and serves the page.
type Server struct {
	cfg     Config
	solvers pool
	ahead   *ahead.Ahead // nil unless cfg.Ahead: its methods then do nothing
	handler http.Handler
	stop    chan struct{} // closed when Serve's context ends
	once    sync.Once
}

// withDefaults fills in what cfg leaves zero (see Config).
func (cfg Config) withDefaults() Config {
	if cfg.Board == (game.Board{}) {
		cfg.Board = game.Standard
	}
	if cfg.Solvers <= 0 {
		cfg.Solvers = search.DefaultThreads()
	}
	if cfg.Threads <= 0 {
		cfg.Threads = search.DefaultThreads()
	}
	if cfg.TableMiB <= 0 {
		cfg.TableMiB = search.DefaultTableMiB
	}
	if cfg.Budget <= 0 {
		cfg.Budget = 2 * time.Second
	}
	if cfg.Wait <= 0 {
		cfg.Wait = 250 * time.Millisecond
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return cfg
}

// Check returns an error for a field out of its range (a
// *search.RangeError for a count), which New would otherwise take as is.
func (cfg Config) Check() error {
	if err := search.CheckTable(cfg.TableMiB, cfg.Threads); err != nil {
		return err
	}
	if err := search.CheckRange("Solvers", cfg.Solvers, 0, search.MaxThreads); err != nil {
		return err
	}
	for _, d := range []struct {
		name string
		d    time.Duration
	}{{"Budget", cfg.Budget}, {"Wait", cfg.Wait}} {
		if d.d < 0 || d.d > time.Hour {
			return fmt.Errorf("%s %s: want 0 (the default) to 1h", d.name, d.d)
		}
	}
	return nil
}

// Bytes is the memory of the transposition tables New makes for cfg: one
// a solver, and one more for solving ahead.
func (cfg Config) Bytes() int64 {
	c := cfg.withDefaults()
	n := c.Solvers
	if c.Ahead {
		n++
	}
	return int64(n) * search.TableBytes(c.TableMiB)
}

// New returns a Server with its solvers, or the error of a Config the
// solvers refuse (see Check).
func New(cfg Config) (*Server, error) {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, solvers: pool{free: make(chan struct{}, cfg.Solvers)}, stop: make(chan struct{})}
	for range cfg.Solvers {
		slv, err := cfg.solver(cfg.Threads)
		if err != nil {
			return nil, err
		}
		s.solvers.give(slv)
	}
	if cfg.Ahead {
		slv, err := cfg.solver(1)
		if err != nil {
			return nil, err
		}
		s.ahead = ahead.New(slv, cfg.Budget, nil)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/solve", s.solve)
	mux.HandleFunc("GET /api/board", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusOK, BoardInfo{cfg.Board.String(), cfg.Board.Width(), cfg.Board.Height()})
	})
	mux.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		reply(w, http.StatusNotFound, apiError{fmt.Sprintf("%s: no such endpoint; the API is GET /api/solve?pos=...", r.URL.Path)})
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok\n")) })
	mux.Handle("GET /", pages(web.Files()))
	s.handler = s.logged(strict(mux))
	return s, nil
}

// solver makes a solver of cfg's with threads.
func (cfg Config) solver(threads int) (*solver.Solver, error) {
	return solver.New(solver.Config{Board: cfg.Board.String(), Book: "none", OpenBook: cfg.Book, TableMiB: cfg.TableMiB, Threads: threads})
}

// maxURI is the longest request target (path and query) answered: a
// position has at most 64 moves.
const maxURI = 2 << 10

// strict answers, in JSON as every error of the server, what h's mux
// would answer in text or not at all: another method than GET or HEAD (405:
// the mux cannot take a pattern of every method beside "GET /"), and a
// request target longer than maxURI (400).
func strict(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			reply(w, http.StatusMethodNotAllowed, apiError{fmt.Sprintf("%s %s: the server answers GET", r.Method, r.URL.Path)})
			return
		}
		if n := len(r.RequestURI); n > maxURI {
			reply(w, http.StatusBadRequest, apiError{fmt.Sprintf("a request target of %d bytes: too long (at most %d)", n, maxURI)})
			return
		}
		h.ServeHTTP(w, r)
	})
}

// pages serves the files of fsys, and a JSON 404 for a path that is none
// of them.
func pages(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "."
		}
		if _, err := fs.Stat(fsys, name); err != nil {
			reply(w, http.StatusNotFound, apiError{fmt.Sprintf("%s: no such page; the game is at /, the API at /api/solve?pos=...", r.URL.Path)})
			return
		}
		files.ServeHTTP(w, r)
	})
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops solving ahead; call it once the HTTP server is shut down.
func (s *Server) Close() { s.ahead.Close() }

// Serve serves HTTP on ln until ctx ends, then shuts down: the searches
// under way stop at once (their requests get 503, the server is shutting
// down), and it waits at most shutdownGrace for the replies to be written.
// It returns nil after a shutdown, else the error that ended serving.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := s.HTTPServer(ln.Addr().String())
	requests, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.BaseContext = func(net.Listener) context.Context { return requests }
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.once.Do(func() { close(s.stop) })
	cancel()
	shutdown, release := context.WithTimeout(context.Background(), shutdownGrace)
	defer release()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// shutdownGrace is the most time Serve waits, once its context has ended,
// for the replies under way to be written.
const shutdownGrace = 2 * time.Second

// stopping says whether Serve is shutting down.
func (s *Server) stopping() bool {
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}

// HTTPServer returns an http.Server for addr with the service's limits:
// header size and read, write and idle timeouts.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           http.MaxBytesHandler(s.handler, 1<<10),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      s.cfg.Budget + s.cfg.Wait + 5*time.Second,
		IdleTimeout:       60 * time.Second,
		// Requests up to this size reach strict, which refuses a long
		// target in JSON; past it, net/http answers 431 in text.
		MaxHeaderBytes: 1 << 20,
	}
}

// Answer is the API's reply to a good request.
type Answer struct {
	Pos    string `json:"pos"`
	Score  int    `json:"score"`
	Moves  []*int `json:"moves"` // the score of each column's move; null for a full column
	Nodes  uint64 `json:"nodes"`
	Micros int64  `json:"micros"`
	// Explain is what Connect Four's rules prove at the position, in
	// words (solver.Explain), the sides named Red and Yellow as on the
	// page, or as the request's sides names them; absent where they prove
	// nothing.
	Explain string `json:"explain,omitempty"`
}

// BoardInfo is the reply to GET /api/board: the board the server solves
// positions of, which the page draws.
type BoardInfo struct {
	Board  string `json:"board"` // "7x6"
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// apiError is the API's reply to a bad or refused request.
type apiError struct {
	Error string `json:"error"`
}

// solve answers GET /api/solve?pos=MOVES[&weak=1][&sides=FIRST,SECOND].
func (s *Server) solve(w http.ResponseWriter, r *http.Request) {
	moves, weak, sides, err := query(r.URL.RawQuery)
	if err != nil {
		reply(w, http.StatusBadRequest, apiError{err.Error()})
		return
	}
	p, err := s.parse(moves)
	if err != nil {
		reply(w, http.StatusBadRequest, apiError{err.Error()})
		return
	}

	mode := search.Strong
	if weak {
		mode = search.Weak
	}
	start := time.Now()
	if scores, ok := s.ahead.Recall(p, mode); ok {
		reply(w, http.StatusOK, answer(p, moves, sides, scores, search.Stats{}, start))
		return
	}

	wait := time.NewTimer(s.cfg.Wait)
	defer wait.Stop()
	var slv *solver.Solver
	select {
	case <-s.solvers.free:
		slv = s.solvers.take()
		defer s.solvers.give(slv)
	case <-wait.C:
		w.Header().Set("Retry-After", "1")
		reply(w, http.StatusServiceUnavailable, apiError{"busy: every solver is in use; try again"})
		return
	case <-r.Context().Done():
		return
	}
	s.ahead.Pause()
	defer s.ahead.Resume()

	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Budget)
	defer cancel()
	start = time.Now()
	scores, st, err := slv.Analyze(ctx, p, mode)
	if err != nil {
		if s.stopping() {
			w.Header().Set("Retry-After", "1")
			reply(w, http.StatusServiceUnavailable, apiError{"the server is shutting down"})
			return
		}
		if errors.Is(err, context.DeadlineExceeded) {
			// Solving ahead, while idle, may have the answer by then.
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(s.cfg.Budget.Seconds()))))
			reply(w, http.StatusServiceUnavailable, apiError{fmt.Sprintf("position %q: not solved within the %v budget", moves, s.cfg.Budget)})
		}
		return // the client went away
	}
	if mode == search.Strong {
		s.ahead.Learn(p, scores)
	}
	reply(w, http.StatusOK, answer(p, moves, sides, scores, st, start))
}

// pool holds the solvers. A request takes the one used last: its table
// holds the positions of the request before, which in a game share much
// of the next one's search, and its helpers are still awake (see package
// crew); the others take the requests that come while it is in use.
type pool struct {
	free chan struct{} // a token for each solver not in use
	mu   sync.Mutex
	idle []*solver.Solver // those solvers, the one used last at the end
}

// take returns a solver not in use; the caller has received a token from
// free.
func (p *pool) take() *solver.Solver {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.idle[len(p.idle)-1]
	p.idle = p.idle[:len(p.idle)-1]
	return s
}

// give puts a solver back.
func (p *pool) give(s *solver.Solver) {
	p.mu.Lock()
	p.idle = append(p.idle, s)
	p.mu.Unlock()
	p.free <- struct{}{}
}

// answer is the reply for position p, of the string moves, whose moves
// score scores, explained with the sides so named.
func answer(p game.Position, moves string, sides threat.Sides, scores []int, st search.Stats, start time.Time) Answer {
	a := Answer{Pos: moves, Score: search.InvalidMove, Moves: make([]*int, len(scores)), Nodes: st.Nodes}
	a.Explain, _ = solver.Explain(p, sides)
	for c := range scores {
		if scores[c] != search.InvalidMove {
			a.Moves[c] = &scores[c]
			a.Score = max(a.Score, scores[c])
		}
	}
	a.Micros = time.Since(start).Microseconds()
	return a
}

// query reads the query of GET /api/solve: pos, required, once (empty for
// the empty board); weak, if given, once, 0 or 1; sides, if given, once,
// the names of the explanation's sides (threat.ParseSides; Red and Yellow
// if not). Anything else is an error rather than a guess: a broken escape,
// a repeated or unknown parameter.
func query(raw string) (pos string, weak bool, sides threat.Sides, err error) {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return "", false, sides, fmt.Errorf("the query does not parse: %v", err)
	}
	for k, v := range q {
		switch {
		case k != "pos" && k != "weak" && k != "sides":
			return "", false, sides, fmt.Errorf("unknown parameter %q: the API takes pos, weak and sides", k)
		case len(v) > 1:
			return "", false, sides, fmt.Errorf("%s is given %d times: give it once", k, len(v))
		}
	}
	if _, ok := q["pos"]; !ok {
		return "", false, sides, errors.New("pos is missing: pos=MOVES, or pos= for the empty board")
	}
	if w, ok := q["weak"]; ok && w[0] != "0" && w[0] != "1" {
		return "", false, sides, fmt.Errorf("weak=%q: want 0 or 1", w[0])
	}
	sides = threat.Colours
	if v, ok := q["sides"]; ok {
		if sides, err = threat.ParseSides(v[0]); err != nil {
			return "", false, sides, err
		}
	}
	return q.Get("pos"), q.Get("weak") == "1", sides, nil
}

// parse checks a position from a request.
func (s *Server) parse(moves string) (game.Position, error) {
	if len(moves) > s.cfg.Board.Cells() {
		return game.Position{}, fmt.Errorf("position of %d moves: too long for the %s board (at most %d)", len(moves), s.cfg.Board, s.cfg.Board.Cells())
	}
	return game.ParseLive(s.cfg.Board, moves)
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// logged logs every request with slog: method, path, position, status and
// duration.
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		attrs := []any{"method", r.Method, "path", r.URL.Path, "status", rec.status, "micros", time.Since(start).Microseconds()}
		if pos := r.URL.Query().Get("pos"); pos != "" || strings.HasPrefix(r.URL.Path, "/api/") {
			attrs = append(attrs, "pos", truncate(pos, 64))
		}
		s.cfg.Logger.Info("request", attrs...)
	})
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// statusRecorder remembers the status a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

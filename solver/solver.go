// Package solver is c4's one front door: every front end (c4's commands,
// its HTTP service, the WebAssembly worker, the Python library) and any Go
// program that embeds c4 asks its questions through a Solver. A Config
// names the board, the book, the engine and its memory as the command
// line does; the Solver reads positions, refuses finished games, and
// answers a position, every move of one, a bound on one or a batch,
// whatever the board's width. The engines behind it (package engines) are
// its internals.
package solver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"c4/book/named"
	"c4/engines"
	"c4/game"
	"c4/internal/hugemem"
	"c4/negamax"
	"c4/pns"
	"c4/search"
	"c4/threat"
)

// Mode is the question asked of a position: Strong, its exact score, or
// Weak, only win, draw or loss.
type Mode = search.Mode

// The questions a Solver answers.
const (
	Strong = search.Strong
	Weak   = search.Weak
)

// Result is the answer to a question of one position: its score and the
// search's statistics.
type Result = search.Result

// Stats are a search's statistics.
type Stats = search.Stats

// Book is an opening book a Solver consults (see Config.OpenBook): a
// book.Frozen, book.Layered or store.Book.
type Book = negamax.Book

// The engines a Config names.
const (
	Negamax = "negamax" // exact alpha-beta search: both questions
	DFPN    = "dfpn"    // depth-first proof numbers: the weak question only
)

// DefaultEndgameCells is the empty cells from which DFPN solves a position
// by plain depth-first search (see pns.Options).
const DefaultEndgameCells = pns.DefaultEndgameCells

// Config says which Solver to make. The zero Config is a 7x6 negamax
// solver with the built-in book, the default table and every core; a
// number out of range is a *search.RangeError naming the field.
type Config struct {
	// Board is the board's size, "WxH": "" means "7x6".
	Board string
	// Book is "builtin" (c4's own book, for 7x6; on other boards it means
	// none unless StrictBook), "none", or the folder of a book database;
	// "" means "builtin". Negamax only.
	Book string
	// StrictBook makes a book that holds nothing of Board an error rather
	// than no book (a database folder always is).
	StrictBook bool
	// OpenBook, if set, is a book already open, which the Solver consults
	// instead of Book's and never closes.
	OpenBook Book
	// BookLog, if set, takes the book database's messages.
	BookLog io.Writer
	// Engine is Negamax ("" too) or DFPN.
	Engine string
	// TableMiB is the transposition table's memory in MiB: 0 means
	// search.DefaultTableMiB.
	TableMiB int
	// Threads is the number of threads searching: 0 means every core.
	Threads int
	// EndgameCells is DFPN's (see pns.Options): 0 means
	// DefaultEndgameCells, -1 proof numbers all the way down.
	EndgameCells int
}

// Solver answers positions of one board. Its methods are safe to call from
// several goroutines; they take turns, since one table serves them all,
// except Progress, which reads the search under way.
type Solver struct {
	cfg       Config // with its defaults
	board     game.Board
	bk        negamax.Book
	closeBook func()

	mu     sync.Mutex
	one    *engines.Engine   // Solve and Analyze's (nil while pool is made)
	pool   []*engines.Engine // one thread each, sharing the table's memory: SolveMany
	closed bool
	cur    atomic.Pointer[engines.Engine] // the engine searching or last used
}

// InvalidPosition is the error of a position string that is not a position
// of the board, or one whose game is over: its message names the position
// and, where a move is at fault, the move, as c4 solve's does.
type InvalidPosition struct{ Err error }

func (e *InvalidPosition) Error() string { return e.Err.Error() }
func (e *InvalidPosition) Unwrap() error { return e.Err }

// ErrClosed is the error of a Solver used after Close.
var ErrClosed = errors.New("the solver is closed")

// New returns a Solver as cfg says, its book read (the built-in book takes
// a second the first time) and its table made, or an error naming the
// setting at fault; a table larger than the machine's memory is an error
// too.
func New(cfg Config) (*Solver, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	b, err := game.ParseBoard(cfg.Board)
	if err != nil {
		return nil, err
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	s := &Solver{cfg: cfg, board: b, bk: cfg.OpenBook, closeBook: func() {}}
	if cfg.OpenBook == nil && cfg.Engine == Negamax {
		s.bk, s.closeBook, err = named.Open(cfg.Book, b, cfg.StrictBook, cfg.BookLog)
		if err != nil {
			return nil, err
		}
	}
	s.oneEngine() // its table now, not at the first question
	return s, nil
}

// withDefaults fills in what cfg leaves zero, or says which engine name is
// not one.
func (cfg Config) withDefaults() (Config, error) {
	if cfg.Board == "" {
		cfg.Board = game.Standard.String()
	}
	if cfg.Book == "" {
		cfg.Book = "builtin"
	}
	switch cfg.Engine {
	case "":
		cfg.Engine = Negamax
	case Negamax, DFPN:
	default:
		return cfg, fmt.Errorf("engine %q: want %s or %s", cfg.Engine, Negamax, DFPN)
	}
	if cfg.Threads == 0 {
		cfg.Threads = search.DefaultThreads()
	}
	if cfg.TableMiB == 0 {
		cfg.TableMiB = search.DefaultTableMiB
	}
	return cfg, nil
}

// check returns the error of a number of cfg out of range, or of a table
// the machine's memory cannot hold.
func (cfg Config) check() error {
	var bytes int64
	if cfg.Engine == DFPN {
		o := cfg.dfpnOptions(cfg.Threads, cfg.TableMiB)
		if err := o.Check(); err != nil {
			return err
		}
		bytes = o.Bytes()
	} else {
		o := negamax.Options{TableMiB: cfg.TableMiB, Threads: cfg.Threads}
		if err := o.Check(); err != nil {
			return err
		}
		bytes = o.Bytes()
	}
	return hugemem.Fits(bytes)
}

func (cfg Config) dfpnOptions(threads, tableMiB int) pns.Options {
	return pns.Options{TableMiB: tableMiB, Threads: threads, EndgameCells: cfg.EndgameCells}
}

// engine makes an engine of cfg's with threads and tableMiB.
func (s *Solver) engine(threads, tableMiB int) *engines.Engine {
	if s.cfg.Engine == DFPN {
		return engines.DFPN(s.cfg.dfpnOptions(threads, tableMiB), s.board)
	}
	return engines.NegamaxBook(negamax.Options{TableMiB: tableMiB, Threads: threads}, s.bk, s.board)
}

// Board is the board of the Solver's positions.
func (s *Solver) Board() game.Board { return s.board }

// BookDepth is the most stones of a position the book answers at once, -1
// without a book.
func (s *Solver) BookDepth() int { return named.Depth(s.bk, s.board) }

// Position parses moves, a position of the Solver's board as c4 solve
// reads it; a finished game is an InvalidPosition too, having no score.
func (s *Solver) Position(moves string) (game.Position, error) {
	p, err := game.ParseLive(s.board, moves)
	if err != nil {
		return game.Position{}, &InvalidPosition{err}
	}
	return p, nil
}

// Explain says in words what Connect Four's rules prove at p without
// search, the sides named as sides names them (threat.XO, X the first
// player and O, as c4 solve --explain names them; threat.Colours as the
// page does), and false where they prove nothing.
func Explain(p game.Position, sides threat.Sides) (string, bool) { return engines.Explain(p, sides) }

// Solve returns p's score from the side to move's view (its sign if Weak),
// or ctx's error if ctx ends first.
func (s *Solver) Solve(ctx context.Context, p game.Position, mode Mode) (Result, error) {
	e, unlock, err := s.begin()
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	return e.Solve(ctx, p, mode)
}

// Analyze returns the score of playing each column of p (their signs if
// Weak; search.InvalidMove for a full column), or ctx's error if ctx ends
// first.
func (s *Solver) Analyze(ctx context.Context, p game.Position, mode Mode) ([]int, Stats, error) {
	e, unlock, err := s.begin()
	if err != nil {
		return nil, Stats{}, err
	}
	defer unlock()
	return e.Analyze(ctx, p, mode)
}

// AtLeast says whether p's score is at least a, by one null-window search;
// engines.ErrNoBounds for DFPN.
func (s *Solver) AtLeast(ctx context.Context, p game.Position, a int) (bool, Stats, error) {
	e, unlock, err := s.begin()
	if err != nil {
		return false, Stats{}, err
	}
	defer unlock()
	return e.AtLeast(ctx, p, a)
}

// BestMove returns the column (from 0) to play in p: the best score, the
// column nearest the centre among equals (search.BestMove).
func (s *Solver) BestMove(ctx context.Context, p game.Position) (int, error) {
	scores, _, err := s.Analyze(ctx, p, Strong)
	if err != nil {
		return 0, err
	}
	return search.BestMove(scores), nil
}

// Progress is the nodes and score interval of the search under way, or of
// the last one, and false for DFPN (see engines.Engine.Progress). Another
// goroutine may call it while a search runs.
func (s *Solver) Progress() (nodes uint64, lo, hi int, ok bool) {
	if e := s.cur.Load(); e != nil {
		return e.Progress()
	}
	return 0, 0, 0, false
}

// Reset empties what the Solver's tables have learned.
func (s *Solver) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.one != nil {
		s.one.Reset()
	}
	s.pool = nil
}

// SolveMany returns the score of each position of ps, in order, found by
// the Solver's threads at once, one position each. It returns ctx's error
// if ctx ends first.
func (s *Solver) SolveMany(ctx context.Context, ps []game.Position, mode Mode) ([]int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrClosed
	}
	scores := make([]int, len(ps))
	if s.cfg.Threads <= 1 || len(ps) <= 1 {
		e := s.oneEngine()
		for i, p := range ps {
			r, err := e.Solve(ctx, p, mode)
			if err != nil {
				return nil, err
			}
			scores[i] = r.Score
		}
		return scores, nil
	}
	return scores, s.solvePool(ctx, ps, mode, scores)
}

// solvePool solves ps into scores with the pool's engines, each taking the
// next position not taken.
func (s *Solver) solvePool(ctx context.Context, ps []game.Position, m Mode, scores []int) error {
	pool := s.poolEngines()
	var next atomic.Int64
	errs := make([]error, len(pool))
	var wg sync.WaitGroup
	for w, e := range pool {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(ps); i = int(next.Add(1) - 1) {
				r, err := e.Solve(ctx, ps[i], m)
				if err != nil {
					errs[w] = err
					return
				}
				scores[i] = r.Score
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// begin locks the Solver and returns its engine for one position, with
// what unlocks it.
func (s *Solver) begin() (*engines.Engine, func(), error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, nil, ErrClosed
	}
	return s.oneEngine(), s.mu.Unlock, nil
}

// oneEngine is the engine of one position at a time, made now (and the
// pool dropped) if it was not, so that the Solver holds one table's memory.
func (s *Solver) oneEngine() *engines.Engine {
	if s.one == nil {
		s.pool = nil
		s.one = s.engine(s.cfg.Threads, s.cfg.TableMiB)
	}
	s.cur.Store(s.one)
	return s.one
}

// poolEngines is the engines of SolveMany, one a thread, each with its
// share of the table, made now (and the other engine dropped) if they were
// not.
func (s *Solver) poolEngines() []*engines.Engine {
	if s.pool == nil {
		s.one = nil
		for range s.cfg.Threads {
			s.pool = append(s.pool, s.engine(1, max(s.cfg.TableMiB/s.cfg.Threads, 1)))
		}
	}
	s.cur.Store(s.pool[0])
	return s.pool
}

// Close lets go of the Solver's tables and book; later calls return
// ErrClosed. It waits for the search under way, if any.
func (s *Solver) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed, s.one, s.pool = true, nil, nil
		s.cur.Store(nil)
		s.closeBook()
	}
}

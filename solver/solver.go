// Package solver is c4 for programs that embed it: positions and boards as
// the command line writes them, the book by the name --book takes, and one
// Solver that answers a position, every move of one, or a batch. The Python
// package (python/) and the JavaScript package (js/) are thin layers over
// it; a Go program can use it as they do.
package solver

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"c4/book/named"
	"c4/book/store"
	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/position"
	"c4/solve"
	"c4/threat"
)

// Config says which Solver to make. The zero Config is a 7x6 solver with
// the built-in book, the default table and every core.
type Config struct {
	// Board is the board's size, "WxH": "" means "7x6".
	Board string
	// Book is "builtin" (c4's own book, for 7x6; on other boards it means
	// none), "none", or the folder of a book database; "" means "builtin".
	Book string
	// TableMiB is the transposition table's memory in MiB: 0 means
	// solve.DefaultTableMiB.
	TableMiB int
	// Threads is the number of threads searching: 0 means every core.
	Threads int
}

// Solver answers positions of one board. Its methods are safe to call from
// several goroutines; they take turns, since one table serves them all.
type Solver struct {
	board     game.Board
	bk        negamax.Book
	closeBook func()
	opts      negamax.Options

	mu     sync.Mutex
	one    *engines.Engine   // of opts: Solve and Analyze (nil while pool is made)
	pool   []*engines.Engine // one thread each, sharing opts' memory: SolveMany
	closed bool
}

// Result is the answer to a question of one position.
type Result struct {
	Score  int    // the score, as c4 solve prints it (its sign if weak)
	Nodes  uint64 // positions searched
	Micros int64  // time taken, in microseconds
}

// Analysis is the answer to a question of every move of a position.
type Analysis struct {
	Scores []int  // the score of playing each column, solve.InvalidMove if full
	Nodes  uint64 // positions searched
	Micros int64  // time taken, in microseconds
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
// a second the first time), or an error naming the setting at fault.
func New(cfg Config) (*Solver, error) {
	if cfg.Board == "" {
		cfg.Board = "7x6"
	}
	if cfg.Book == "" {
		cfg.Book = "builtin"
	}
	if cfg.Threads == 0 {
		cfg.Threads = solve.DefaultThreads()
	}
	if cfg.TableMiB == 0 {
		cfg.TableMiB = solve.DefaultTableMiB
	}
	b, err := game.ParseBoard(cfg.Board)
	if err != nil {
		return nil, err
	}
	opts := negamax.Options{TableMiB: cfg.TableMiB, Threads: cfg.Threads}
	if err := solve.CheckTable(cfg.TableMiB, cfg.Threads); err != nil {
		return nil, err
	}
	bk, closeBook, err := named.Open(cfg.Book, b, cfg.Book != "builtin", store.Options{})
	if err != nil {
		return nil, err
	}
	return &Solver{board: b, bk: bk, closeBook: closeBook, opts: opts}, nil
}

// Board is the board of the Solver's positions.
func (s *Solver) Board() game.Board { return s.board }

// BookDepth is the most stones of a position the book answers at once, -1
// without a book.
func (s *Solver) BookDepth() int {
	if s.bk == nil {
		return -1
	}
	if gb, ok := s.bk.(engines.GameBook); ok {
		return gb.DepthOf(s.board)
	}
	return s.bk.Depth(s.board.Narrow())
}

// Position parses moves, a position of the Solver's board as c4 solve
// reads it; a finished game is an InvalidPosition too, having no score.
func (s *Solver) Position(moves string) (game.Position, error) {
	p, err := game.ParseLive(s.board, moves)
	if err != nil {
		return game.Position{}, &InvalidPosition{err}
	}
	return p, nil
}

// Explain says in words what Connect Four's rules prove at the position
// moves without search (engines.Explain), the sides named as sides names
// them (threat.XO, X the first player and O, as c4 solve --explain names
// them; threat.Colours as the page does); "" where they prove nothing.
func (s *Solver) Explain(moves string, sides threat.Sides) (string, error) {
	p, err := s.Position(moves)
	if err != nil {
		return "", err
	}
	e, _ := engines.Explain(p, sides)
	return e, nil
}

// Solve returns the score of the position moves (its sign if weak), or
// ctx's error if ctx ends first.
func (s *Solver) Solve(ctx context.Context, moves string, weak bool) (Result, error) {
	p, e, unlock, err := s.begin(moves)
	if err != nil {
		return Result{}, err
	}
	defer unlock()
	start := time.Now()
	r, err := e.Solve(ctx, p, mode(weak))
	return Result{r.Score, r.Stats.Nodes, time.Since(start).Microseconds()}, err
}

// Analyze returns the score of playing each column of the position moves
// (their signs if weak), or ctx's error if ctx ends first.
func (s *Solver) Analyze(ctx context.Context, moves string, weak bool) (Analysis, error) {
	p, e, unlock, err := s.begin(moves)
	if err != nil {
		return Analysis{}, err
	}
	defer unlock()
	start := time.Now()
	scores, st, err := e.Analyze(ctx, p, mode(weak))
	return Analysis{scores, st.Nodes, time.Since(start).Microseconds()}, err
}

// BestMove returns the column to play in the position moves, as the
// position strings write it ('1' to '9', then 'a'): the best score, the
// column nearest the centre among equals (solve.BestMove).
func (s *Solver) BestMove(ctx context.Context, moves string) (byte, error) {
	a, err := s.Analyze(ctx, moves, false)
	if err != nil {
		return 0, err
	}
	return position.ColumnName(solve.BestMove(a.Scores)), nil
}

// SolveMany returns the score of each position of moves, in order, found by
// the Solver's threads at once, one position each; every position is read
// before any is searched, so a bad one fails the batch at once. It returns
// ctx's error if ctx ends first.
func (s *Solver) SolveMany(ctx context.Context, moves []string, weak bool) ([]int, error) {
	ps := make([]game.Position, len(moves))
	for i, m := range moves {
		p, err := s.Position(m)
		if err != nil {
			return nil, err
		}
		ps[i] = p
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, ErrClosed
	}
	scores := make([]int, len(ps))
	if s.opts.Threads <= 1 || len(ps) <= 1 {
		e := s.oneEngine()
		for i, p := range ps {
			r, err := e.Solve(ctx, p, mode(weak))
			if err != nil {
				return nil, err
			}
			scores[i] = r.Score
		}
		return scores, nil
	}
	return scores, s.solvePool(ctx, ps, mode(weak), scores)
}

// solvePool solves ps into scores with the pool's engines, each taking the
// next position not taken.
func (s *Solver) solvePool(ctx context.Context, ps []game.Position, m solve.Mode, scores []int) error {
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

// begin reads the position moves, then locks the Solver and returns its
// engine for one position, with what unlocks it.
func (s *Solver) begin(moves string) (game.Position, *engines.Engine, func(), error) {
	p, err := s.Position(moves)
	if err != nil {
		return p, nil, nil, err
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return p, nil, nil, ErrClosed
	}
	return p, s.oneEngine(), s.mu.Unlock, nil
}

// oneEngine is the engine of one position at a time, made now (and the
// pool dropped) if it was not, so that the Solver holds one table's memory.
func (s *Solver) oneEngine() *engines.Engine {
	if s.one == nil {
		s.pool = nil
		s.one = engines.NegamaxBook(s.opts, s.bk, s.board)
	}
	return s.one
}

// poolEngines is the engines of SolveMany, one a thread, each with its
// share of the table, made now (and the other engine dropped) if they were
// not.
func (s *Solver) poolEngines() []*engines.Engine {
	if s.pool == nil {
		s.one = nil
		opts := negamax.Options{TableMiB: max(s.opts.TableMiB/s.opts.Threads, 1), Threads: 1}
		for range s.opts.Threads {
			s.pool = append(s.pool, engines.NegamaxBook(opts, s.bk, s.board))
		}
	}
	return s.pool
}

// Close lets go of the Solver's tables and book; later calls return
// ErrClosed. It waits for the search under way, if any.
func (s *Solver) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed, s.one, s.pool = true, nil, nil
		s.closeBook()
	}
}

func mode(weak bool) solve.Mode {
	if weak {
		return solve.Weak
	}
	return solve.Strong
}

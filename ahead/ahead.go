// Package ahead solves, while a game's player thinks, the positions the
// game is likely to ask for next, and remembers every exact answer, so that
// a game (c4 serve's page, the page's in-browser solver) is answered from
// memory.
package ahead

import (
	"context"
	"errors"
	"sync"
	"time"

	"c4/game"
	"c4/search"
)

// Ahead solves, while no request is being solved, the positions a game is
// likely to ask for next, and remembers every exact answer (answers), so
// that a game in the browser is answered at once. After each position it
// answers (the player to move looking at the scores), it solves the
// positions after each of that position's moves, best first, and after
// each of those the position its best reply leads to: the page asks for
// the position after the player's move, then, when the player asks c4 to
// move, for the one after c4's reply, and finds both remembered.
//
// It has a solver of its own, with one thread and its own table, and
// stops (within about a thousand nodes: negamax's checkEvery) whenever a
// request is solved, so that the request has every core. A solve stopped
// that way is taken up again afterwards; one that takes longer than the
// request budget is dropped. It starts only once no request has been
// answered for aheadQuiet: a person thinks longer than that between two
// moves, while a client sending positions one after another (a script, a
// benchmark) is not slowed by solves ahead it has no use for.
type Ahead struct {
	solver  Analyzer
	budget  time.Duration
	wrap    func(context.Context) context.Context
	answers answers

	mu      sync.Mutex
	solving int                // requests being solved: nothing is solved ahead meanwhile
	last    time.Time          // when a request was last answered
	todo    []job              // the next first
	cancel  context.CancelFunc // of the solve under way, if any
	wake    chan struct{}      // something may be to do
	done    chan struct{}      // closed by close
	exited  chan struct{}      // closed when run returns
	closing sync.Once
}

// job is a position to solve ahead; reply: and then the position its best
// move leads to.
type job struct {
	p     game.Position
	reply bool
}

// aheadMax is the most positions waiting to be solved ahead: the moves of
// the last few positions answered.
const aheadMax = 4 * game.MaxWidth

// aheadQuiet is how long after a request nothing is solved ahead.
const aheadQuiet = 20 * time.Millisecond

// Analyzer scores every move of a position (a *solver.Solver does).
type Analyzer interface {
	Analyze(ctx context.Context, p game.Position, mode search.Mode) ([]int, search.Stats, error)
}

// New starts solving ahead with solver, which it alone uses, dropping a
// position not solved within budget. wrap, if not nil, wraps the context
// of each search (the browser's worker makes its searches yield to the
// event loop so).
func New(solver Analyzer, budget time.Duration, wrap func(context.Context) context.Context) *Ahead {
	if wrap == nil {
		wrap = func(ctx context.Context) context.Context { return ctx }
	}
	h := &Ahead{
		solver: solver,
		budget: budget,
		wrap:   wrap,
		wake:   make(chan struct{}, 1),
		done:   make(chan struct{}),
		exited: make(chan struct{}),
	}
	go h.run()
	return h
}

// run solves ahead until Close.
func (h *Ahead) run() {
	defer close(h.exited)
	for {
		select {
		case <-h.wake:
		case <-h.done:
			return
		}
		for {
			wait, more := h.next()
			if !more {
				break
			}
			if wait > 0 {
				select {
				case <-time.After(wait):
				case <-h.done:
					return
				}
			}
		}
	}
}

// next solves the first position waiting, unless a request is being
// solved or was answered less than aheadQuiet ago; it returns how long to
// wait before it is called again, and false when it has nothing to do for
// now.
func (h *Ahead) next() (time.Duration, bool) {
	h.mu.Lock()
	if h.solving > 0 || len(h.todo) == 0 || h.closed() {
		h.mu.Unlock()
		return 0, false
	}
	if wait := aheadQuiet - time.Since(h.last); wait > 0 {
		h.mu.Unlock()
		return wait, true
	}
	j := h.todo[0]
	h.todo = h.todo[1:]
	ctx, cancel := context.WithTimeout(context.Background(), h.budget)
	defer cancel()
	h.cancel = cancel
	h.mu.Unlock()

	var then []job
	scores, ok := h.answers.get(j.p)
	var err error
	if !ok {
		if scores, _, err = h.solver.Analyze(h.wrap(ctx), j.p, search.Strong); err == nil {
			h.answers.put(j.p, scores)
		}
	}
	switch {
	case errors.Is(err, context.Canceled): // by a request: again later
		then = []job{j}
	case err == nil && j.reply:
		if q, ok := moveOn(j.p, search.BestMove(scores)); ok {
			then = []job{{p: q}}
		}
	}
	h.mu.Lock()
	h.cancel = nil
	h.todo = append(then, h.todo...)
	h.mu.Unlock()
	return 0, true
}

// closed says whether Close was called.
func (h *Ahead) closed() bool {
	select {
	case <-h.done:
		return true
	default:
		return false
	}
}

// Recall returns the remembered scores of p's moves, in mode, and puts
// the positions after them first in line; false if p is not remembered.
func (h *Ahead) Recall(p game.Position, mode search.Mode) ([]int, bool) {
	if h == nil {
		return nil, false
	}
	scores, ok := h.answers.get(p)
	if !ok {
		return nil, false
	}
	h.plan(p, scores)
	if mode == search.Weak {
		weak := make([]int, len(scores))
		for c, v := range scores {
			weak[c] = v
			if v != search.InvalidMove {
				weak[c] = search.WeakScore(v)
			}
		}
		scores = weak
	}
	return scores, true
}

// Learn remembers the exact scores of p's moves, and puts the positions
// after them first in line.
func (h *Ahead) Learn(p game.Position, scores []int) {
	if h == nil {
		return
	}
	h.answers.put(p, scores)
	h.plan(p, scores)
}

// Pause stops what is being solved ahead while a request is solved.
func (h *Ahead) Pause() {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.solving++
	if h.cancel != nil {
		h.cancel()
	}
}

// Resume ends a pause.
func (h *Ahead) Resume() {
	if h == nil {
		return
	}
	h.mu.Lock()
	h.solving--
	h.last = time.Now()
	h.mu.Unlock()
	h.poke()
}

// plan puts the positions after p's moves first in line; scores are the
// moves' exact scores.
func (h *Ahead) plan(p game.Position, scores []int) {
	next := after(p, scores)
	h.mu.Lock()
	h.last = time.Now()
	h.todo = append(next, h.todo...)
	h.todo = h.todo[:min(len(h.todo), aheadMax)]
	h.mu.Unlock()
	h.poke()
}

// after returns the jobs of the positions after p's moves, each to be
// followed by its best reply, by the moves' exact scores, but those that
// end the game: in search.Ranked's order, the best first.
func after(p game.Position, scores []int) []job {
	var jobs []job
	for _, c := range search.Ranked(scores) {
		if q, ok := moveOn(p, c); ok {
			jobs = append(jobs, job{q, true})
		}
	}
	return jobs
}

// moveOn returns the position after column c of p, and false if that move
// ends the game (nothing is left to solve).
func moveOn(p game.Position, c int) (game.Position, bool) {
	if p.IsWinningMove(c) {
		return p, false
	}
	p.PlayColumn(c)
	return p, !p.IsOver()
}

// poke wakes run.
func (h *Ahead) poke() {
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// Close stops the solve under way and waits for its goroutine to end.
func (h *Ahead) Close() {
	if h == nil {
		return
	}
	h.closing.Do(func() { close(h.done) })
	h.mu.Lock()
	if h.cancel != nil {
		h.cancel()
	}
	h.mu.Unlock()
	<-h.exited
}

// answers remembers the moves' exact scores of the positions solved last,
// by position: at most answersKept, and at least the last answersKept/2.
type answers struct {
	mu       sync.Mutex
	now, old map[answerKey][]int
}

// answerKey is a position of any board: a key alone may be another
// board's position's too.
type answerKey struct {
	board game.Board
	key   game.Key
}

func keyOf(p game.Position) answerKey { return answerKey{p.Board(), p.Key()} }

const answersKept = 1 << 15

// get returns the scores remembered for p.
func (a *answers) get(p game.Position) ([]int, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := keyOf(p)
	s, ok := a.now[k]
	if !ok {
		if s, ok = a.old[k]; ok {
			a.keep(k, s)
		}
	}
	return s, ok
}

// put remembers scores for p.
func (a *answers) put(p game.Position, scores []int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.keep(keyOf(p), scores)
}

// keep adds k to the newer half, which becomes the older one when full.
// The new half starts empty and grows as it fills: made at its full size,
// its fresh, zeroed memory would cost the request that made it many times
// an answer from the book.
func (a *answers) keep(k answerKey, scores []int) {
	if len(a.now) >= answersKept/2 || a.now == nil {
		a.old, a.now = a.now, make(map[answerKey][]int)
	}
	a.now[k] = scores
}

// Known says whether the scores of p's moves are remembered.
func (h *Ahead) Known(p game.Position) bool {
	_, ok := h.answers.get(p)
	return ok
}

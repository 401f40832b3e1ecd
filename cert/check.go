package cert

import (
	"context"
	"fmt"
	"sync"

	"c4/negamax"
	"c4/position"
)

// Check walks the claim's positions with the strategy's moves (see the
// package doc) and searches its small leaves with negamax. It returns nil
// if the strategy proves the claim, or an error naming a position where it
// does not (or ctx's error), with what the walk met. The walk runs on one
// goroutine, the small leaves' searches on opts.Threads others.
func Check(ctx context.Context, c Claim, strategy []byte, opts Options) (Stats, error) {
	root, err := c.root()
	if err != nil {
		return Stats{}, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	s := startSearchers(ctx, cancel, c, opts)
	w := newWalker(ctx, c)
	next := 0
	w.move = func(position.Position) (int, error) {
		if next == len(strategy) {
			return 0, w.errAt("%v", errShort)
		}
		next++
		if next%(1<<16) == 0 {
			s.walked(next, len(strategy))
		}
		return int(strategy[next-1]), nil
	}
	w.small = s.add
	err = w.walk(root)
	if err == nil && next < len(strategy) {
		err = fmt.Errorf("the strategy has %d moves after the walk's last", len(strategy)-next)
	}
	if err != nil {
		cancel(err)
	}
	s.walked(next, len(strategy))
	return w.st, s.wait()
}

// searchers search the small leaves of a check, and keep its progress.
type searchers struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	claim  Claim
	opts   Options
	leaves chan leaf
	wg     sync.WaitGroup

	mu       sync.Mutex
	p        Progress
	open     []int // by batch: its leaves not yet searched
	reported int   // the batches before it are reported
	ended    bool  // the walk has ended: no more leaves
}

func startSearchers(ctx context.Context, cancel context.CancelCauseFunc, c Claim, opts Options) *searchers {
	s := &searchers{ctx: ctx, cancel: cancel, claim: c, opts: opts, leaves: make(chan leaf, 1<<12)}
	tableMiB := opts.TableMiB
	if tableMiB <= 0 {
		tableMiB = 64
	}
	for range max(opts.Threads, 1) {
		s.wg.Go(func() {
			var nm *negamax.Solver // made at the first leaf: most claims have few
			for l := range s.leaves {
				if nm == nil {
					nm = negamax.New(negamax.Options{TableMiB: tableMiB})
				}
				if err := s.search(nm, l); err != nil {
					s.cancel(err)
				}
			}
		})
	}
	return s
}

// add queues l, the next small leaf in the walk's order, unless its batch
// is skipped.
func (s *searchers) add(l leaf) error {
	s.mu.Lock()
	l.index = s.p.Leaves
	s.p.Leaves++
	batch := l.index / BatchLeaves
	if batch == len(s.open) {
		s.open = append(s.open, 0)
	}
	skip := s.opts.Skip != nil && s.opts.Skip(batch)
	if skip {
		s.p.Skipped++
	} else {
		s.open[batch]++
	}
	s.mu.Unlock()
	if skip {
		return nil
	}
	select {
	case s.leaves <- l:
		return nil
	case <-s.ctx.Done():
		return context.Cause(s.ctx)
	}
}

// search settles l with nm: the player to move must score at least 1
// (Win) or 0 (NotLose), the opponent to move less than 0 or 1.
func (s *searchers) search(nm *negamax.Solver, l leaf) error {
	goal := 0
	if s.claim.Goal == Win {
		goal = 1
	}
	a := goal
	if !l.playerUp {
		a = 1 - goal
	}
	atLeast, st, err := nm.AtLeast(s.ctx, l.pos, a)
	if err != nil {
		return err
	}
	if atLeast != l.playerUp {
		return fmt.Errorf("position %q: negamax finds that the player does not %s", l.moves, s.claim.Goal)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.p.Searched++
	s.p.NegamaxNodes += st.Nodes
	s.open[l.index/BatchLeaves]--
	s.show()
	return s.report()
}

// report calls Done for each batch now searched whole, in order; s.mu is
// held.
func (s *searchers) report() error {
	for s.reported < len(s.open) && s.open[s.reported] == 0 && (s.ended || s.reported < len(s.open)-1) {
		batch := s.reported
		s.reported++
		if s.opts.Done != nil && (s.opts.Skip == nil || !s.opts.Skip(batch)) {
			if err := s.opts.Done(batch); err != nil {
				return err
			}
		}
	}
	return nil
}

// walked records the walk at moves of its length.
func (s *searchers) walked(moves, length int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.p.Moves, s.p.Length = moves, length
	s.show()
}

// show gives the progress to opts.Progress; s.mu is held.
func (s *searchers) show() {
	if s.opts.Progress != nil {
		s.opts.Progress(s.p)
	}
}

// wait waits for the searches of the leaves queued, and returns the first
// error of the walk or of a search.
func (s *searchers) wait() error {
	close(s.leaves)
	s.wg.Wait()
	if err := context.Cause(s.ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ended = true
	return s.report()
}

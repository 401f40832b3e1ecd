package prove

import (
	"context"
	"errors"
	"fmt"
	"time"

	"c4/game"
	"c4/pns"
	wpns "c4/wide/pns"
)

// Searcher runs jobs with DFPN: one solver, of the width of the jobs'
// board, kept from one job to the next, so that a job below a leaf
// searched before finds that search in the table.
type Searcher struct {
	opts   pns.Options
	narrow *pns.Solver
	wide   *wpns.Solver
	name   string
}

// NewSearcher returns a Searcher whose solver, made at its first job, has
// opts; name is the worker's, in the jobs' records.
func NewSearcher(opts pns.Options, name string) *Searcher {
	return &Searcher{opts: opts, name: name}
}

// NewSearchers returns n Searchers for jobs of board b whose solvers share
// one table of opts.TableMiB (see pns.Split), named name-0, name-1...
func NewSearchers(b game.Board, opts pns.Options, n int, name string) []*Searcher {
	s := make([]*Searcher, n)
	for i := range s {
		s[i] = NewSearcher(opts, fmt.Sprintf("%s-%d", name, i))
	}
	if b.Wide() {
		for i, w := range wpns.Split(wpns.Options(opts), n) {
			s[i].wide = w
		}
	} else {
		for i, w := range pns.Split(opts, n) {
			s[i].narrow = w
		}
	}
	return s
}

// Run searches j's leaf for j's budget, or until ctx ends (then with ctx's
// error).
func (s *Searcher) Run(ctx context.Context, j Job) (Done, error) {
	b, err := game.ParseBoard(j.Board)
	if err != nil {
		return Done{}, err
	}
	p, err := game.Parse(b, j.Moves)
	if err != nil {
		return Done{}, fmt.Errorf("job %d: %w", j.Lease, err)
	}
	start := time.Now()
	e, nodes, err := s.estimate(ctx, p, j)
	if err != nil {
		return Done{}, err
	}
	d := Done{Job: j, Proof: e.Proof, Disproof: e.Disproof, Nodes: nodes, Worker: s.name}
	if e.Outcome == pns.Unknown {
		d.Kids = s.children(p, j.Attacker)
	}
	d.Micros = uint64(time.Since(start).Microseconds())
	return d, nil
}

// children returns the numbers of p's children from the table of the
// solver that searched it.
func (s *Searcher) children(p game.Position, att bool) []pns.Child {
	if n, ok := p.Narrow(); ok {
		return s.narrow.Children(n, att)
	}
	w, _ := p.WidePosition()
	var kids []pns.Child
	for _, k := range s.wide.Children(w, att) {
		kids = append(kids, pns.Child(k))
	}
	return kids
}

// estimate runs the job j of position p on the solver of its width.
func (s *Searcher) estimate(ctx context.Context, p game.Position, j Job) (pns.Estimate, uint64, error) {
	if n, ok := p.Narrow(); ok {
		if s.narrow == nil {
			s.narrow, s.wide = pns.New(s.opts), nil
		}
		e, st, err := s.narrow.Estimate(ctx, n, j.Attacker, j.Limits)
		return e, st.Nodes, err
	}
	w, _ := p.WidePosition()
	if s.wide == nil {
		s.wide, s.narrow = wpns.New(wpns.Options(s.opts)), nil
	}
	e, st, err := s.wide.Estimate(ctx, w, j.Attacker, wpns.Limits(j.Limits))
	return pns.Estimate{Outcome: pns.Outcome(e.Outcome), Proof: e.Proof, Disproof: e.Disproof}, st.Nodes, err
}

// Source is where a worker gets its jobs and leaves their results: a
// Manager in the same process, or one over HTTP (Client).
type Source interface {
	// Next returns a job; or false and a channel closed when there may be
	// one (nil once the search is over).
	Next() (Job, bool, <-chan struct{}, error)
	Finish(Done) error
}

// Work runs jobs from src with s until the search is over (nil) or ctx
// ends (ctx's error); a job under way when ctx ends is dropped.
func Work(ctx context.Context, src Source, s *Searcher) error {
	for {
		j, ok, changed, err := src.Next()
		switch {
		case err != nil:
			return err
		case ok:
			d, err := s.Run(ctx, j)
			if err != nil {
				return err
			}
			if err := src.Finish(d); err != nil {
				return err
			}
			continue
		case changed == nil:
			return nil
		}
		t := time.NewTimer(waitFor)
		select {
		case <-ctx.Done():
			t.Stop()
			return context.Cause(ctx)
		case <-changed:
		case <-t.C:
		}
		t.Stop()
	}
}

// Local runs the search of m with n workers in this process, whose
// Searchers share a table of opts.TableMiB, until the root is settled or
// ctx ends, and returns the result.
func Local(ctx context.Context, m *Manager, n int, opts pns.Options) (Result, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	errs := make(chan error, n)
	for _, s := range NewSearchers(m.board, opts, n, "local") {
		go func() {
			err := Work(ctx, m, s)
			if err != nil && !errors.Is(err, context.Canceled) && ctx.Err() == nil {
				cancel(err)
			}
			errs <- err
		}()
	}
	for range n {
		if err := <-errs; err != nil && ctx.Err() == nil {
			cancel(err)
		}
	}
	if err := context.Cause(ctx); err != nil {
		return Unknown, err
	}
	return m.Result(), nil
}

package prove

import (
	"context"
	"errors"
	"fmt"
	"time"

	"c4/cert"
	"c4/engines"
	"c4/game"
	"c4/pns"
	"c4/position"
)

// Searcher runs jobs with DFPN: one solver, of the width of the jobs'
// board, kept from one job to the next, so that a job below a leaf
// searched before finds that search in the table. Below a leaf it
// settles, it builds the strategy of the side that reaches its goal there
// (see Done.Strategy), but where an earlier result of its own brought the
// moves to the manager.
type Searcher struct {
	d    *engines.Prover
	name string
	seen *seen
}

// seenShare: a Searcher's table of the positions whose moves it has sent
// (see seen) takes 1/seenShare of its table's memory, besides it: 32 MiB
// a GiB, a slot for each of about four million positions.
const seenShare = 32

// NewSearcher returns a Searcher whose solver, made at its first job, has
// opts; name is the worker's, in the jobs' records.
func NewSearcher(opts pns.Options, name string) *Searcher {
	return &Searcher{d: engines.NewProver(opts), name: name, seen: newSeen(opts.Bytes() / seenShare)}
}

// NewSearchers returns n Searchers for jobs of board b whose solvers share
// one table of opts.TableMiB (see pns.Split), and what they remember of
// the moves sent, named name-0, name-1...
func NewSearchers(b game.Board, opts pns.Options, n int, name string) []*Searcher {
	s := make([]*Searcher, n)
	sn := newSeen(opts.Bytes() / seenShare)
	for i, d := range engines.Provers(b, opts, n) {
		s[i] = &Searcher{d: d, name: fmt.Sprintf("%s-%d", name, i), seen: sn}
	}
	return s
}

// Run searches j's leaf for j's budget, or until ctx ends (then with ctx's
// error), and builds its strategy if it settles it.
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
	e, nodes, err := s.d.Estimate(ctx, p, j.Attacker, j.Limits)
	if err != nil {
		return Done{}, err
	}
	d := Done{Job: j, Proof: e.Proof, Disproof: e.Disproof, Nodes: nodes, Worker: s.name}
	if e.Outcome != pns.Unknown {
		d.Strategy, err = s.strategy(ctx, b, j.Moves, j.Attacker, e.Outcome == pns.Proven, j.LeafCells, nil)
	} else {
		// The children the table settled will be leaves settled when the
		// tree splits this one: they need their strategies too.
		d.Kids = s.d.Children(p, j.Attacker)
		for _, k := range d.Kids {
			if k.Proof == 0 || k.Disproof == 0 {
				moves := j.Moves + string(position.ColumnName(k.Col))
				d.Strategy, err = s.strategy(ctx, b, moves, !j.Attacker, k.Proof == 0, j.LeafCells, d.Strategy)
			}
			if err != nil {
				break
			}
		}
	}
	if err != nil {
		return Done{}, fmt.Errorf("job %d, leaf %q: the strategy: %w", j.Lease, j.Moves, err)
	}
	d.Micros = uint64(time.Since(start).Microseconds())
	return d, nil
}

// strategy appends to entries those (see appendEntry) of the strategy
// from the position of moves, where the attacker is to move if att, of the
// attacker if proven, else of the defender, but those below the positions
// whose moves s has sent before.
func (s *Searcher) strategy(ctx context.Context, b game.Board, moves string, att, proven bool, leafCells int, entries []byte) ([]byte, error) {
	c := claim{board: b, root: moves, toMove: att, goal: cert.Win, leafCells: leafCells}
	if !proven {
		c.toMove, c.goal = !att, cert.NotLose
	}
	_, _, err := c.build(ctx, chooser{
		choose: func(ctx context.Context, p game.Position) (int, error) { return s.d.Move(ctx, p, c.goal == cert.Win) },
		known:  func(p game.Position) bool { return s.seen.has(c.goal, p) },
		emit: func(p game.Position, col int) error {
			entries = appendEntry(entries, c.goal, p, col)
			return nil
		},
	})
	return entries, err
}

// Source is where a worker gets its jobs and leaves their results: a
// Manager in the same process, or one over HTTP (Client).
type Source interface {
	// Next returns a job, waiting for one; ErrOver once the search is over.
	Next(ctx context.Context) (Job, error)
	// Finish takes a job's result; ErrStale if the job is not leased now.
	Finish(ctx context.Context, d Done) error
}

// Work runs jobs from src with s until the search is over (nil) or ctx
// ends (ctx's error); a job under way when ctx ends is dropped, and so is
// a result the source finds stale.
func Work(ctx context.Context, src Source, s *Searcher) error {
	for {
		j, err := src.Next(ctx)
		if errors.Is(err, ErrOver) {
			return nil
		} else if err != nil {
			return err
		}
		d, err := s.Run(ctx, j)
		if err != nil {
			return err
		}
		switch err := src.Finish(ctx, d); {
		case errors.Is(err, ErrStale):
		case err != nil:
			return err
		default:
			s.seen.add(d.Strategy)
		}
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

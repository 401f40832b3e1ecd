package prove

import (
	"context"
	"fmt"
	"sync"

	"c4/cert"
)

// VerifyOptions configure Verify.
type VerifyOptions struct {
	Threads  int // small leaves searched at once; 0 means 1
	TableMiB int // each thread's negamax table; 0 means 64
	// Progress, if not nil, is called with each strategy's check's
	// progress (see cert.Options.Progress): i is the strategy's index.
	Progress func(i int, p cert.Progress)
	// Log, if not nil, has the small leaves checked before, which are
	// skipped, and is given those checked now.
	Log *VerifyLog
}

// Report is what a check found: the result its strategies prove, what
// each strategy's walk met, and how many small leaves it searched and
// took from a log instead.
type Report struct {
	Result           Result
	Walks            []cert.Stats
	Searched, Logged int
	NegamaxNodes     uint64
}

// Verify checks p without trusting the search that made it, nor its
// Result: that its strategies are those of one result, and that each
// proves its claim (see package cert, and docs/prove.md for what it
// trusts). It returns the result they prove, or an error naming the
// strategy and the first position where it fails.
func Verify(ctx context.Context, p Proof, opts VerifyOptions) (Report, error) {
	var rep Report
	r, ok := proves(p.Strategies)
	if !ok {
		return rep, fmt.Errorf("its %d strategies prove no result: a win needs the side to move's win, a loss its opponent's, a draw each side's draw or win", len(p.Strategies))
	}
	if r != p.Result {
		return rep, fmt.Errorf("it says %s, but its strategies are those of a %s", p.Result, r)
	}
	for i, s := range p.Strategies {
		var mu sync.Mutex
		var last cert.Progress
		co := cert.Options{Threads: max(opts.Threads, 1), TableMiB: opts.TableMiB, Progress: func(pr cert.Progress) {
			mu.Lock()
			last = pr
			mu.Unlock()
			if opts.Progress != nil {
				opts.Progress(i, pr)
			}
		}}
		if opts.Log != nil {
			co.Skip = func(batch int) bool { return opts.Log.checked(i, batch) }
			co.Done = func(batch int) error { return opts.Log.add(i, batch) }
		}
		st, err := p.claim(s).check(ctx, s.Moves, co)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", s, err)
		}
		rep.Walks = append(rep.Walks, st)
		rep.Searched += last.Searched
		rep.Logged += last.Skipped
		rep.NegamaxNodes += last.NegamaxNodes
	}
	rep.Result = r
	return rep, nil
}

// String names s: "the opponent's win", "the side to move's draw or win".
func (s Strategy) String() string {
	who := "the side to move's"
	if !s.ToMove {
		who = "its opponent's"
	}
	return fmt.Sprintf("%s %s (%d moves)", who, s.Goal, len(s.Moves))
}

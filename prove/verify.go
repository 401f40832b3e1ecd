package prove

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/pns"
	"c4/position"
	"c4/solve"
)

// leaf is a leaf of a proof settled by an engine, to be checked by the
// other.
type leaf struct {
	moves   string
	p       game.Position
	att     bool // the side to move is the attacker
	reached bool // the side to move reaches its goal
	how     byte
}

// VerifyOptions configure Verify.
type VerifyOptions struct {
	Threads  int // leaves checked at once; 0 means 1
	TableMiB int // each thread's engine's table; 0 means solve.DefaultTableMiB
	// Progress, if not nil, is called after each leaf checked.
	Progress func(done, total int)
	// Log, if not nil, has the leaves checked before, which are skipped,
	// and is given each leaf checked.
	Log *VerifyLog
}

// Verify checks p without trusting the search that made it: that its trees
// answer its result; that each is a proof (every node's move legal, every
// reply of the side that misses its goal present but those that let the
// other win at once, every node settled by the rules settled so); and that
// every leaf an engine settled is settled the same way by the other engine
// (negamax's weak result where DFPN settled it, DFPN's where negamax did).
// It returns nil, or an error naming the first node that fails.
func Verify(ctx context.Context, p Proof, opts VerifyOptions) error {
	leaves, err := structure(p)
	if err != nil {
		return err
	}
	return checkLeaves(ctx, p.Board, leaves, opts)
}

// structure checks all of p but its leaves settled by an engine, which it
// returns.
func structure(p Proof) ([]leaf, error) {
	if err := answers(p); err != nil {
		return nil, err
	}
	root, err := game.Parse(p.Board, p.Root)
	switch {
	case err != nil:
		return nil, fmt.Errorf("the root %q: %w", p.Root, err)
	case root.IsOver():
		return nil, fmt.Errorf("the root %q: the game is over", p.Root)
	}
	var leaves []leaf
	for _, t := range p.Trees {
		c := checker{steps: t.Steps, leaves: &leaves}
		if err := c.node(root, []byte(p.Root), t.Question == 1, t.Reached); err != nil {
			return nil, fmt.Errorf("question %d: %w", t.Question, err)
		}
		if c.i != len(t.Steps) {
			return nil, fmt.Errorf("question %d: %d nodes after the tree's last", t.Question, len(t.Steps)-c.i)
		}
	}
	return leaves, nil
}

// answers says whether p's trees answer its result.
func answers(p Proof) error {
	var want []Tree
	switch p.Result {
	case Loss:
		want = []Tree{{Question: 0, Reached: false}}
	case Draw:
		want = []Tree{{Question: 0, Reached: true}, {Question: 1, Reached: false}}
	case Win:
		want = []Tree{{Question: 0, Reached: true}, {Question: 1, Reached: true}}
	}
	if len(p.Trees) != len(want) {
		return fmt.Errorf("a %s needs %d trees, the proof has %d", p.Result, len(want), len(p.Trees))
	}
	for i, t := range p.Trees {
		if t.Question != want[i].Question || t.Reached != want[i].Reached {
			return fmt.Errorf("tree %d (question %d, reached %v) does not prove a %s", i, t.Question, t.Reached, p.Result)
		}
	}
	return nil
}

// checker walks a tree's steps.
type checker struct {
	steps  []Step
	i      int
	leaves *[]leaf
}

// node checks the subtree of the next step, at p (whose move string is
// moves), where att says whether the side to move is the attacker and
// reached whether it is to reach its goal.
func (c *checker) node(p game.Position, moves []byte, att, reached bool) error {
	if c.i >= len(c.steps) {
		return errors.New("the tree ends early")
	}
	s := c.steps[c.i]
	c.i++
	fail := func(f string, a ...any) error {
		return fmt.Errorf("node %q: %s", moves, fmt.Sprintf(f, a...))
	}
	switch s.How {
	case byRules:
		if phi, _, how := rules(p, att); how != byRules || (phi == 0) != reached {
			return fail("the rules do not settle it so")
		}
		return nil
	case byDFPN, byNegamax:
		*c.leaves = append(*c.leaves, leaf{moves: string(moves), p: p, att: att, reached: reached, how: s.How})
		return nil
	case open:
	default:
		return fail("unknown settlement %q", s.How)
	}
	if p.CanWinNext() {
		return fail("the side to move wins at once: the node is a leaf settled by the rules")
	}
	if reached {
		if s.Kids != 1 {
			return fail("%d moves where the side reaching its goal plays one", s.Kids)
		}
		return c.kid(p, moves, att, false, nil)
	}
	need := map[int]bool{}
	for _, col := range nonLosing(p) {
		need[col] = true
	}
	if int(s.Kids) != len(need) {
		return fail("%d moves where the side missing its goal has %d that do not lose at once", s.Kids, len(need))
	}
	for range s.Kids {
		if err := c.kid(p, moves, att, true, need); err != nil {
			return err
		}
	}
	return nil
}

// kid checks the child of the next step; need, if not nil, holds the
// moves still to be seen, of which it must be one.
func (c *checker) kid(p game.Position, moves []byte, att, reached bool, need map[int]bool) error {
	if c.i >= len(c.steps) {
		return errors.New("the tree ends early")
	}
	col := int(c.steps[c.i].Col)
	switch {
	case col >= p.Board().Width() || !p.CanPlay(col):
		return fmt.Errorf("node %q: column %d cannot be played", moves, col+1)
	case need != nil && !need[col]:
		return fmt.Errorf("node %q: column %d is not a move to answer, or comes twice", moves, col+1)
	}
	delete(need, col)
	q := p
	q.PlayColumn(col)
	return c.node(q, append(moves, position.ColumnName(col)), !att, reached)
}

// checkLeaves checks each leaf with the other engine than the one that
// settled it, on opts.Threads goroutines, and returns the error of the
// first leaf (in the trees' order) that fails.
func checkLeaves(ctx context.Context, b game.Board, leaves []leaf, opts VerifyOptions) error {
	threads := max(opts.Threads, 1)
	errs := make([]error, len(leaves))
	var next, done atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			nm := engines.Negamax(negamax.Options{TableMiB: opts.TableMiB}, b)
			df := engines.DFPN(pns.Options{TableMiB: opts.TableMiB}, b)
			for i := int(next.Add(1) - 1); i < len(leaves) && ctx.Err() == nil; i = int(next.Add(1) - 1) {
				errs[i] = checkOnce(ctx, leaves[i], nm, df, opts.Log)
				if opts.Progress != nil {
					mu.Lock()
					opts.Progress(int(done.Add(1)), len(leaves))
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return context.Cause(ctx)
	}
	return firstNonNil(errs)
}

func firstNonNil(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkOnce checks l unless log has it, and then adds it to log.
func checkOnce(ctx context.Context, l leaf, nm, df *engines.Engine, log *VerifyLog) error {
	if log == nil {
		return check(ctx, l, nm, df)
	}
	if log.Checked(l.moves) {
		return nil
	}
	if err := check(ctx, l, nm, df); err != nil {
		return err
	}
	return log.Add(l.moves)
}

// check settles l with the engine that did not settle it and says
// whether that agrees: negamax by one null-window search of the side to
// move's goal (a score of at least 1 for the attacker, 0 for the
// defender), DFPN by its weak result.
func check(ctx context.Context, l leaf, nm, df *engines.Engine) error {
	goal := 0
	if l.att {
		goal = 1
	}
	var reached bool
	var err error
	name, by := "negamax", "DFPN"
	if l.how == byNegamax {
		name, by = "DFPN", "negamax"
		var r solve.Result
		r, err = df.Solve(ctx, l.p, solve.Weak)
		reached = r.Score >= goal
	} else {
		reached, _, err = nm.AtLeast(ctx, l.p, goal)
	}
	if err != nil {
		return fmt.Errorf("leaf %q: %w", l.moves, err)
	}
	if reached != l.reached {
		return fmt.Errorf("leaf %q: %s settled it as the %s's goal %s, %s as %s",
			l.moves, by, side(l.att), verb(l.reached), name, verb(reached))
	}
	return nil
}

func side(att bool) string {
	if att {
		return "attacker"
	}
	return "defender"
}

func verb(reached bool) string {
	if reached {
		return "reached"
	}
	return "missed"
}

package gen

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"c4/book"
	"c4/engines"
	"c4/game"
	"c4/search"
)

// Estimate says what a book of Board to Depth stones would cost, before
// anyone makes it: the positions of its deepest layer, counted (or, past
// CountCap positions a layer, extrapolated), times the time a position of
// that layer takes the solver, measured on a sample. The sample is of
// positions reached by random games, not drawn uniformly from the layer,
// and a position not solved within Budget counts as Budget, so the time is
// then a lower bound; the estimate is good to a factor of a few, which is
// what deciding whether a book or a solve is feasible needs.
type Estimate struct {
	Board    game.Board
	Depth    int
	Sample   int           // positions solved: 0 means 8
	Budget   time.Duration // most time a sampled position is given: 0 means 30 s
	TableMiB int           // the solver's table: 0 means search.DefaultTableMiB
	Seed     uint64
	CountCap int // the largest layer counted exactly: 0 means 4 million
}

// Cost is what Run found.
type Cost struct {
	Positions   float64 // in the deepest layer, mirror images once
	CountedTo   int     // the deepest layer counted; past it, Positions is extrapolated
	Solved      int     // sampled positions solved within the budget
	Unsolved    int     // sampled positions that were not
	PerPosition time.Duration
}

// Bytes is the memory of the solver's table.
func (e Estimate) Bytes() int64 { return search.TableBytes(cmp.Or(e.TableMiB, search.DefaultTableMiB)) }

// CPUHours is the processor-hours of solving the layer on one core.
func (c Cost) CPUHours() float64 { return c.Positions * c.PerPosition.Hours() }

// LowerBound says whether the cost is only a lower bound: a sampled
// position ran out of its budget.
func (c Cost) LowerBound() bool { return c.Unsolved > 0 }

// Run counts the layer and solves the sample, one position at a time on
// one thread.
func (e Estimate) Run(ctx context.Context) (Cost, error) {
	if e.Depth < 1 || e.Depth >= e.Board.Cells() {
		return Cost{}, fmt.Errorf("depth %d: want 1 to %d", e.Depth, e.Board.Cells()-1)
	}
	c := Cost{}
	c.Positions, c.CountedTo = e.count()
	eng := engines.Negamax(solverOptions(cmp.Or(e.TableMiB, search.DefaultTableMiB)), e.Board)
	rng := rand.New(rand.NewPCG(e.Seed, 0xe5))
	var total time.Duration
	for range cmp.Or(e.Sample, 8) {
		p, ok := game.RandomPosition(e.Board, e.Depth, rng)
		if !ok {
			return c, errors.New("no random game lasted that long")
		}
		budget := cmp.Or(e.Budget, 30*time.Second)
		sctx, cancel := context.WithTimeout(ctx, budget)
		start := time.Now()
		eng.Reset()
		_, err := eng.Solve(sctx, p, search.Strong)
		cancel()
		switch {
		case ctx.Err() != nil:
			return c, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			c.Unsolved++
			total += budget
		case err != nil:
			return c, err
		default:
			c.Solved++
			total += time.Since(start)
		}
	}
	c.PerPosition = total / time.Duration(c.Solved+c.Unsolved)
	return c, nil
}

// count returns the positions of the Depth-stone layer, and the deepest
// layer counted exactly: past CountCap positions a layer, each further
// layer is taken to grow as the last counted one did over its parent,
// which overstates it (the growth falls with depth).
func (e Estimate) count() (float64, int) {
	limit := cmp.Or(e.CountCap, 4<<20)
	d, prev, last := 0, 1.0, 1.0
	for d < e.Depth {
		// Each layer is counted from the empty board again: a board's
		// layers grow several times a stone, so this costs little more than
		// the last, and keeps only one set of layers in memory.
		layers := book.Enumerate(game.New(e.Board), d+1)
		n := float64(len(layers[d+1]))
		d, prev, last = d+1, last, n
		if n > float64(limit) {
			break
		}
	}
	positions := last
	for range e.Depth - d {
		positions *= last / prev
	}
	return positions, d
}

// WriteCost writes c as a line per figure, with the wall time on pods of
// two cores.
func WriteCost(w io.Writer, e Estimate, c Cost) {
	at := "at least "
	if !c.LowerBound() {
		at = ""
	}
	how := "counted"
	if c.CountedTo < e.Depth {
		how = fmt.Sprintf("extrapolated from %d stones", c.CountedTo)
	}
	fmt.Fprintf(w, "board %s, the layer of %d stones: %.3g positions (%s)\n", e.Board, e.Depth, c.Positions, how)
	fmt.Fprintf(w, "sample: %d positions, %d solved, %d not within %s; %s%s a position\n",
		c.Solved+c.Unsolved, c.Solved, c.Unsolved, cmp.Or(e.Budget, 30*time.Second), at, c.PerPosition.Round(time.Microsecond))
	fmt.Fprintf(w, "cost: %s%.3g processor-hours; on 1, 10 and 100 pods of 2 cores: %s%s, %s, %s\n",
		at, c.CPUHours(), at, span(c.CPUHours()/2), span(c.CPUHours()/20), span(c.CPUHours()/200))
}

// span writes hours in the largest unit that keeps it above 1.
func span(hours float64) string {
	switch {
	case hours >= 24*365:
		return fmt.Sprintf("%.3g years", hours/24/365)
	case hours >= 48:
		return fmt.Sprintf("%.3g days", hours/24)
	case hours >= 1 || math.IsNaN(hours):
		return fmt.Sprintf("%.3g h", hours)
	}
	return fmt.Sprintf("%.3g min", hours*60)
}

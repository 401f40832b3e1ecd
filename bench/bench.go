// Package bench runs benchmark sets through a solver, checks every score and
// reports the mean, median and maximum time, the mean node count and the
// throughput of each set.
package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"time"

	"c4/game"
	"c4/internal/progress"
	"c4/search"
	"c4/testsets"
)

// Options says how to run a set.
type Options struct {
	Limit     int         // solve only the first Limit cases; 0 means all
	Mode      search.Mode // Weak: compare the signs of the expected scores
	KeepTable bool        // do not Reset the engine before each position
	Progress  io.Writer   // where to show progress; nil for none
}

// Mismatch is a case whose score differs from the expected one.
type Mismatch struct {
	Set  string        `json:"-"` // the set's name
	Case testsets.Case `json:"-"`
	Got  int           `json:"got"`
}

// MarshalJSON writes a mismatch as its line, position, expected and found
// scores.
func (m Mismatch) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Line  int    `json:"line"`
		Moves string `json:"position"`
		Want  int    `json:"want"`
		Got   int    `json:"got"`
	}{m.Case.Line, m.Case.Moves, m.Case.Score, m.Got})
}

// Row is the report of one set. Durations are written to JSON in
// nanoseconds.
type Row struct {
	Set        string          `json:"set"`       // the set's name
	Positions  int             `json:"positions"` // cases solved
	Total      time.Duration   `json:"total_ns"`
	Mean       time.Duration   `json:"mean_ns"`
	Median     time.Duration   `json:"median_ns"`
	Max        time.Duration   `json:"max_ns"`
	MeanNodes  float64         `json:"mean_nodes"`
	Mismatches []Mismatch      `json:"mismatches,omitempty"`
	Times      []time.Duration `json:"-"` // each position's, in the set's order
}

// KPosPerSec is the throughput in thousands of positions a second.
func (r Row) KPosPerSec() float64 {
	if r.Total <= 0 {
		return 0
	}
	return float64(r.Positions) / r.Total.Seconds() / 1000
}

// Engine is what a benchmark runs: an *engines.Engine, of negamax or DFPN,
// on a board of any width.
type Engine interface {
	Solve(ctx context.Context, p game.Position, mode search.Mode) (search.Result, error)
	Reset()
}

// Run solves the cases of set with e, in order, and reports. It stops
// early, returning what was done and ctx's error, when ctx ends.
func Run(ctx context.Context, set *testsets.Set, e Engine, opts Options) (Row, error) {
	cases := set.Cases
	if opts.Limit > 0 && opts.Limit < len(cases) {
		cases = cases[:opts.Limit]
	}
	row := Row{Set: set.Name}
	times := make([]time.Duration, 0, len(cases))
	var nodes uint64
	prog := progress.New(opts.Progress, testsets.Label(set.Name), "positions", len(cases))
	defer prog.Done()
	for _, c := range cases {
		if !opts.KeepTable {
			e.Reset()
		}
		start := time.Now()
		r, err := e.Solve(ctx, c.Position, opts.Mode)
		d := time.Since(start)
		if err != nil {
			return row.finish(times, nodes), fmt.Errorf("%s line %d (%q): %w", set.Name, c.Line, c.Moves, err)
		}
		times = append(times, d)
		nodes += r.Stats.Nodes
		if r.Score != opts.Mode.Of(c.Score) {
			row.Mismatches = append(row.Mismatches, Mismatch{set.Name, c, r.Score})
		}
		prog.Update(len(times), "")
	}
	return row.finish(times, nodes), nil
}

// RunSets runs the sets in order (see Run), calling mismatch with each
// case whose score differs as it is found, and returns their rows, with the
// error that ended the run early, if one did (ctx's, for an interrupt).
func RunSets(ctx context.Context, sets []*testsets.Set, e Engine, opts Options, mismatch func(Mismatch)) ([]Row, error) {
	var rows []Row
	for _, set := range sets {
		row, err := Run(ctx, set, e, opts)
		rows = append(rows, row)
		if mismatch != nil {
			for _, m := range row.Mismatches {
				mismatch(m)
			}
		}
		if err != nil {
			return rows, err
		}
	}
	return rows, nil
}

func (r Row) finish(times []time.Duration, nodes uint64) Row {
	r.Positions = len(times)
	if r.Positions == 0 {
		return r
	}
	r.Times = slices.Clone(times)
	for _, t := range times {
		r.Total += t
	}
	r.Mean = r.Total / time.Duration(len(times))
	slices.Sort(times)
	r.Median = times[len(times)/2]
	r.Max = times[len(times)-1]
	r.MeanNodes = float64(nodes) / float64(len(times))
	return r
}

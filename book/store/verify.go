package store

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"text/tabwriter"

	"c4/game"
	"c4/search"
)

// Mismatch is a book entry that a search disagrees with.
type Mismatch struct {
	Position     game.Position
	Engine       string // the Checker's Name
	Book, Search int    // for a weak engine, the signs
}

func (m Mismatch) String() string {
	return fmt.Sprintf("position %s: book %d, %s %d", Name(m.Position), m.Book, m.Engine, m.Search)
}

// Checker is a search that Verify compares the book with: Engine's score
// of each position in Mode, the exact score or only its sign (1, 0, -1).
type Checker struct {
	Name   string // in Mismatch.Engine
	Engine interface {
		Solve(ctx context.Context, p game.Position, mode search.Mode) (search.Result, error)
	} // an *engines.Engine
	Mode search.Mode
}

// Sampled is what Verify checked of the positions of one number of stones.
type Sampled struct {
	Stones, Positions, Checked, Differ int
}

// Verify draws n entries of each number of stones of the book of board at
// random with the seed (each entry of a layer equally likely, all of a
// layer of n or fewer), solves each with every checker, which must not use
// this book, and returns the entries where a checker disagrees, and what
// was checked by number of stones. Two engines (exact negamax, DFPN's
// signs) make a wrong entry and a wrong engine tell apart.
func (b *Book) Verify(ctx context.Context, board game.Board, n int, seed uint64, checkers ...Checker) ([]Mismatch, []Sampled, error) {
	type entry struct {
		p     game.Position
		score int
	}
	rng := rand.New(rand.NewPCG(seed, 0xc4))
	var samples [][]entry
	var layers []Sampled
	err := b.Entries(board, func(k game.Key, score int) bool { // reservoir sampling by layer
		p, err := game.FromKey(board, k)
		if err != nil {
			return true
		}
		for len(layers) <= p.Moves() {
			layers = append(layers, Sampled{Stones: len(layers)})
			samples = append(samples, nil)
		}
		l, sample := &layers[p.Moves()], &samples[p.Moves()]
		l.Positions++
		if len(*sample) < n {
			*sample = append(*sample, entry{p, score})
		} else if i := rng.IntN(l.Positions); i < n {
			(*sample)[i] = entry{p, score}
		}
		return true
	})
	if err != nil {
		return nil, layers, err
	}
	var bad []Mismatch
	for d, sample := range samples {
		for _, e := range sample {
			differ := false
			for _, c := range checkers {
				r, err := c.Engine.Solve(ctx, e.p, c.Mode)
				if err != nil {
					return bad, layers, err
				}
				if want := c.Mode.Of(e.score); r.Score != want {
					bad = append(bad, Mismatch{e.p, c.Name, want, r.Score})
					differ = true
				}
			}
			layers[d].Checked++
			if differ {
				layers[d].Differ++
			}
		}
	}
	return bad, layers, nil
}

// WriteSampled writes what Verify checked as a table by stones, and
// returns the number of entries checked.
func WriteSampled(w io.Writer, layers []Sampled) int {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stones\tpositions\tchecked\tdiffer\t")
	checked := 0
	for _, l := range layers {
		if l.Positions > 0 {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t\n", l.Stones, l.Positions, l.Checked, l.Differ)
			checked += l.Checked
		}
	}
	tw.Flush()
	return checked
}

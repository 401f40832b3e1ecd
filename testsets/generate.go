package testsets

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"

	"c4/game"
	"c4/internal/progress"
	"c4/position"
	"c4/search"
)

// Solver is what the generator needs of a solver, for positions that are
// not over: the exact score, and whether the score is at least a (which is
// cheap when a is far from the score, and lets the generator skip the exact
// solve of positions outside the wanted rating). A negamax *game.Engine is
// one; its table is kept between positions, since a set depends only on
// exact scores.
type Solver interface {
	Solve(ctx context.Context, p game.Position, mode search.Mode) (search.Result, error)
	AtLeast(ctx context.Context, p game.Position, a int) (bool, search.Stats, error)
}

// Generator makes a set the way the public sets were made: random games of
// uniformly random legal moves, each stopped at a length drawn uniformly
// from the level's range of stones; games that end before are dropped; each
// position is solved exactly and kept if its moves left fall in the rating's
// range and neither it nor its mirror image is in the set already. The same
// Seed gives the same set.
type Generator struct {
	Board  game.Board
	Level  Level
	Rating Rating
	Count  int
	Seed   uint64
	Solver Solver
	// MinStones, if above the level's least, raises it: positions of very
	// few stones take minutes each to solve.
	MinStones int
	Progress  io.Writer // nil for none
}

// Write writes set, which Generate made, with a header that names it,
// its board and the command that makes it again.
func (g Generator) Write(w io.Writer, set *Set) error {
	cmd := fmt.Sprintf("c4 testsets generate --level %s --rating %s --count %d --seed %d --board %s", g.Level, g.Rating, g.Count, g.Seed, g.Board)
	if g.MinStones > 0 {
		cmd += fmt.Sprintf(" --min-stones %d", g.MinStones)
	}
	name := FileName(g.Level, g.Rating)
	return Write(w, set, fmt.Sprintf("%s (%s on %s), made by:", name, Label(name), g.Board), cmd)
}

// Generate makes the set. If ctx ends first it returns the cases found so
// far with ctx's error. A level and rating no position can have together
// (such as End and Hard) is an error.
func (g Generator) Generate(ctx context.Context) (*Set, error) {
	set := &Set{Name: FileName(g.Level, g.Rating), Board: g.Board}
	rng := rand.New(rand.NewPCG(g.Seed, uint64(g.Level)<<8|uint64(g.Rating)))
	lo, hi := g.Level.Stones(g.Board)
	lo = max(lo, g.MinStones)
	if lo > hi {
		return set, fmt.Errorf("--min-stones %d: %s positions have at most %d stones on %s", g.MinStones, g.Level, hi, g.Board)
	}
	if least, _ := g.Rating.MovesLeft(g.Board); g.Board.Cells()-1-lo < least {
		return set, fmt.Errorf("no %s position is %s on %s: at most %d moves are left after %d stones",
			g.Level, g.Rating, g.Board, g.Board.Cells()-1-lo, lo)
	}
	seen := map[game.Key]bool{}
	prog := progress.New(g.Progress, Label(set.Name), "kept", g.Count)
	defer prog.Done()
	tried := 0
	var moves []int
	for len(set.Cases) < g.Count {
		if err := ctx.Err(); err != nil {
			return set, err
		}
		moves = randomGame(rng, g.Board, lo+rng.IntN(hi-lo+1), moves[:0])
		if moves == nil {
			continue
		}
		p, _ := game.Parse(g.Board, position.Format(moves))
		if seen[p.CanonicalKey()] {
			continue
		}
		seen[p.CanonicalKey()] = true
		tried++
		prog.Update(len(set.Cases), fmt.Sprintf("%d solved", tried))
		if ok, err := g.mayHaveRating(ctx, p); err != nil {
			return set, err
		} else if !ok {
			continue
		}
		r, err := g.Solver.Solve(ctx, p, search.Strong)
		if err != nil {
			return set, err
		}
		score := r.Score
		if RatingOf(g.Board, MovesLeft(g.Board, p.Moves(), score)) == g.Rating {
			set.Cases = append(set.Cases, Case{Line: len(set.Cases) + 1, Moves: position.Format(moves), Position: p, Score: score})
		}
	}
	return set, nil
}

// mayHaveRating rules out, by two cheap bound searches, a position whose
// game ends too late for an Easy or Medium rating: one where neither side
// wins within the rating's moves left (and a draw is not in range either).
func (g Generator) mayHaveRating(ctx context.Context, p game.Position) (bool, error) {
	if g.Rating == Hard {
		return true, nil
	}
	_, most := g.Rating.MovesLeft(g.Board)
	n := p.Moves()
	if MovesLeft(g.Board, n, 0) <= most {
		return true, nil
	}
	// The least score magnitudes that end the game within most moves, for
	// a win of the side to move and of the opponent.
	win, loss := 1, 1
	for MovesLeft(g.Board, n, win) > most {
		win++
	}
	for MovesLeft(g.Board, n, -loss) > most {
		loss++
	}
	if ok, _, err := g.Solver.AtLeast(ctx, p, win); ok || err != nil {
		return ok, err
	}
	above, _, err := g.Solver.AtLeast(ctx, p, -loss+1)
	return !above, err
}

// randomGame plays n uniformly random legal moves from the empty board into
// moves, and returns nil if the game ends (four in a row or a full board)
// on or before the last of them.
func randomGame(rng *rand.Rand, b game.Board, n int, moves []int) []int {
	p := game.New(b)
	var cols [game.MaxWidth]int
	for len(moves) < n {
		k := 0
		for c := 0; c < b.Width(); c++ {
			if p.CanPlay(c) {
				cols[k] = c
				k++
			}
		}
		c := cols[rng.IntN(k)]
		p.PlayColumn(c)
		moves = append(moves, c)
		if p.IsOver() {
			return nil
		}
	}
	return moves
}

package book

import (
	"context"
	"fmt"
	"math/rand/v2"

	"c4/negamax"
	"c4/position"
)

// Stats describes the book of one board.
type Stats struct {
	Depth     int          // the depth recorded, -1 if none
	Positions int          // mirror pairs counted once
	ByStones  []StoneStats // by number of stones, 0 to the most found
	DiskBytes int64        // the whole database's files, every board's book
	// TableBytes is DiskBytes without the write-ahead log: the tables
	// that hold the entries.
	TableBytes int64
}

// StoneStats counts the positions of one number of stones by result for
// the side to move.
type StoneStats struct {
	Positions, Wins, Draws, Losses int
}

// Stats scans the book of board.
func (b *Book) Stats(board *position.Board) (Stats, error) {
	st := Stats{Depth: b.Depth(board)}
	st.DiskBytes, st.TableBytes = b.diskBytes()
	err := b.scan(board, func(k uint64, score int) bool {
		p, err := board.FromKey(k)
		if err != nil {
			return true
		}
		for len(st.ByStones) <= p.Moves() {
			st.ByStones = append(st.ByStones, StoneStats{})
		}
		s := &st.ByStones[p.Moves()]
		s.Positions++
		st.Positions++
		switch {
		case score > 0:
			s.Wins++
		case score < 0:
			s.Losses++
		default:
			s.Draws++
		}
		return true
	})
	return st, err
}

// Mismatch is a book entry whose score the search disagrees with.
type Mismatch struct {
	Position     position.Position
	Book, Search int
}

func (m Mismatch) String() string {
	return fmt.Sprintf("position %s: book %d, search %d", name(m.Position), m.Book, m.Search)
}

// Verify solves n entries of the book of board, drawn at random with the
// seed (each entry equally likely), with s, which must not use this book,
// and returns those where the scores differ, and how many it checked.
func (b *Book) Verify(ctx context.Context, board *position.Board, n int, seed uint64, s *negamax.Solver) ([]Mismatch, int, error) {
	type entry struct {
		key   uint64
		score int
	}
	rng := rand.New(rand.NewPCG(seed, 0xc4))
	var sample []entry
	seen := 0
	err := b.scan(board, func(k uint64, score int) bool { // reservoir sampling
		seen++
		if len(sample) < n {
			sample = append(sample, entry{k, score})
		} else if i := rng.IntN(seen); i < n {
			sample[i] = entry{k, score}
		}
		return true
	})
	if err != nil {
		return nil, 0, err
	}
	var bad []Mismatch
	for i, e := range sample {
		p, err := board.FromKey(e.key)
		if err != nil {
			return bad, i, err
		}
		r, err := s.Solve(ctx, p, negamax.Strong)
		if err != nil {
			return bad, i, err
		}
		if r.Score != e.score {
			bad = append(bad, Mismatch{p, e.score, r.Score})
		}
	}
	return bad, len(sample), nil
}

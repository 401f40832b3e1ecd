package threat

import (
	"math/rand/v2"
	"testing"

	"c4/position"
	"c4/testsets"
	"c4/testsets/publictest"
)

// TestAgainstSets: what the rules claim agrees with the score of every
// position of the public sets: a strategy of the side not to move holds the
// side to move to at most 0 (at most -1 if it wins), one after a move of the
// side to move gives it at least 0 (or 1).
func TestAgainstSets(t *testing.T) {
	for _, name := range testsets.PublicNames() {
		found := 0
		for _, c := range publictest.Set(t, name).Cases {
			p, err := position.Parse(position.Standard, c.Moves)
			if err != nil {
				t.Fatal(err)
			}
			if s, move, ok := explain(p); ok {
				found++
				if err := agrees(s, move, c.Score); err != "" {
					t.Errorf("%s %q (score %d): %s", name, c.Moves, c.Score, err)
				}
			}
		}
		t.Logf("%s: %d of %d positions explained", testsets.Label(name), found, len(publictest.Set(t, name).Cases))
	}
}

// agrees says what is wrong with the finding of explain given the side to
// move's exact score, or "".
func agrees(s plan, move, score int) string {
	switch {
	case move < 0 && s.won() && score > -1, move < 0 && score > 0:
		return "the side not to move's strategy is beaten"
	case move >= 0 && s.won() && score < 1, move >= 0 && score < 0:
		return "the side to move's strategy is beaten"
	}
	return ""
}

// TestStrategyHolds plays each strategy found against every sequence of
// moves of its opponent, on small boards of both height parities and on
// late positions of 7x6, and checks that it never does worse than it
// promised: the opponent never completes four, and a strategy that wins
// never lets the board fill.
func TestStrategyHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 83))
	found := 0
	for _, c := range []struct {
		w, h, stones, n int
	}{{4, 4, 4, 2000}, {5, 4, 6, 2000}, {6, 4, 10, 2000}, {5, 5, 11, 2000}, {7, 5, 21, 1000}, {7, 6, 28, 2000}, {8, 8, 50, 500}} {
		b, err := position.NewBoard(c.w, c.h)
		if err != nil {
			continue // 8x8 is for c4/internal/wide
		}
		for range c.n {
			p, ok := randomPosition(b, c.stones, rng)
			if !ok {
				continue
			}
			s, move, ok := explain(p)
			if !ok {
				continue
			}
			found++
			if move >= 0 {
				p.PlayColumn(move)
			}
			if bad := beaten(p, s, s.won(), map[position.Bits]bool{}); bad != "" {
				t.Errorf("%s %s: the strategy %+v fails: %s", b, history(p), s, bad)
			}
		}
	}
	for _, c := range publictest.Set(t, "Test_L3_R1").Cases {
		p, _ := position.Parse(position.Standard, c.Moves)
		s, move, ok := explain(p)
		if !ok || p.Moves() < 26 {
			continue
		}
		found++
		if move >= 0 {
			p.PlayColumn(move)
		}
		if bad := beaten(p, s, s.won(), map[position.Bits]bool{}); bad != "" {
			t.Errorf("%q: the strategy %+v fails: %s", c.Moves, s, bad)
		}
	}
	t.Logf("%d strategies played", found)
	if found < 100 {
		t.Errorf("only %d positions with a strategy: the test is too weak", found)
	}
}

// replier is a strategy: a Strategy or a Combination.
type replier interface {
	Reply(p position.Position, col int) (int, bool)
}

// beaten returns a line of moves from p (the side to move being the
// strategy's opponent) on which s does worse than it promised (wins, or at
// least draws), or "". checked holds the positions already known to hold.
func beaten(p position.Position, s replier, wins bool, checked map[position.Bits]bool) string {
	if checked[p.Key()] {
		return ""
	}
	b := p.Board()
	for c := range b.Width() {
		if !p.CanPlay(c) {
			continue
		}
		name := string(position.ColumnName(c))
		if p.IsWinningMove(c) {
			return name + " wins"
		}
		q := p
		q.PlayColumn(c)
		if q.Moves() == b.Cells() {
			if wins {
				return name + " draws"
			}
			continue
		}
		r, ok := s.Reply(q, c)
		if !ok {
			return name + " gets no answer"
		}
		if q.IsWinningMove(r) {
			continue
		}
		q.PlayColumn(r)
		switch {
		case q.Moves() == b.Cells() && wins:
			return name + string(position.ColumnName(r)) + " draws"
		case q.Moves() == b.Cells():
		default:
			if bad := beaten(q, s, wins, checked); bad != "" {
				return name + string(position.ColumnName(r)) + " " + bad
			}
		}
	}
	checked[p.Key()] = true
	return ""
}

// randomPosition plays random moves from the empty board of b up to
// stones, none ending the game; false if it does not get there.
func randomPosition(b *position.Board, stones int, rng *rand.Rand) (position.Position, bool) {
	p := position.New(b)
	for p.Moves() < stones {
		var moves []int
		for c := range b.Width() {
			if p.CanPlay(c) && !p.IsWinningMove(c) {
				moves = append(moves, c)
			}
		}
		if len(moves) == 0 {
			return p, false
		}
		p.PlayColumn(moves[rng.IntN(len(moves))])
	}
	return p, true
}

func history(p position.Position) string {
	h, _ := p.History()
	return h
}

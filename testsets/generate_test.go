package testsets_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/pns"
	"c4/search"
	"c4/testsets"
	"c4/testsets/publictest"
)

// TestPublicProtocol checks the level and rating rules against the public
// sets: every line lies in its set's ranges.
func TestPublicProtocol(t *testing.T) {
	dir := publictest.Dir(t)
	b := game.Standard
	for l := testsets.Begin; l <= testsets.End; l++ {
		for r := testsets.Easy; r <= testsets.Hard; r++ {
			set, _, err := testsets.ReadFile(filepath.Join(dir, testsets.FileName(l, r)), b)
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			slo, shi := l.Stones(b)
			mlo, mhi := r.MovesLeft(b)
			for _, c := range set.Cases {
				n, left := c.Position.Moves(), testsets.MovesLeft(b, c.Position.Moves(), c.Score)
				if n < slo || n > shi || left < mlo || left > mhi || testsets.RatingOf(b, left) != r {
					t.Errorf("%s line %d: %d stones, %d moves left; want %d-%d and %d-%d", set.Name, c.Line, n, left, slo, shi, mlo, mhi)
				}
			}
		}
	}
}

func TestMovesLeft(t *testing.T) {
	b := game.Standard
	for _, tc := range []struct{ n, score, want int }{
		{4, 18, 2},   // 4455: win with the next-but-one own stone (7th stone overall)
		{11, -15, 1}, // the opponent wins with the 13th stone, its 7th
		{41, 0, 0},   // a draw: the last cell
		{0, 1, 40},   // the empty board: the first player wins with its 21st stone
		{40, 1, 0},   // the side to move wins with the 41st stone
		{39, -1, 1},  // the opponent wins with the 41st stone
		{1, 2, 38},   // after "1" the second player wins with the 40th stone, its 20th
	} {
		t.Run(fmt.Sprintf("%d stones score %d", tc.n, tc.score), func(t *testing.T) {
			if got := testsets.MovesLeft(b, tc.n, tc.score); got != tc.want {
				t.Errorf("MovesLeft(%d stones, score %d) = %d, want %d", tc.n, tc.score, got, tc.want)
			}
		})
	}
}

// TestGenerate checks determinism, the level and rating ranges and the
// absence of duplicates and mirror duplicates, on 5x4 for speed, and on 7x6
// for the End level.
func TestGenerate(t *testing.T) {
	b54, _ := game.NewBoard(5, 4)
	for _, tc := range []struct {
		b game.Board
		l testsets.Level
		r testsets.Rating
		n int
	}{
		{b54, testsets.Begin, testsets.Hard, 20},
		{b54, testsets.Middle, testsets.Easy, 20},
		{b54, testsets.End, testsets.Easy, 20},
		{game.Standard, testsets.End, testsets.Easy, 50},
		{game.Standard, testsets.Middle, testsets.Medium, 10},
	} {
		t.Run(fmt.Sprintf("%s %v %v", tc.b, tc.l, tc.r), func(t *testing.T) {
			var files [2]bytes.Buffer
			for i := range files {
				g := testsets.Generator{Board: tc.b, Level: tc.l, Rating: tc.r, Count: tc.n, Seed: 42, Solver: engines.Negamax(negamax.Options{TableMiB: 16}, tc.b)}
				set, err := g.Generate(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if err := testsets.Write(&files[i], set, "a comment"); err != nil {
					t.Fatal(err)
				}
			}
			if files[0].String() != files[1].String() {
				t.Errorf("%s %s %s: two runs with one seed differ", tc.b, tc.l, tc.r)
			}
			set, bad, err := testsets.Read(&files[0], "gen", tc.b)
			if err != nil || len(bad) > 0 || len(set.Cases) != tc.n {
				t.Fatalf("%s %s %s: reading back: %v %v, %d cases", tc.b, tc.l, tc.r, err, bad, len(set.Cases))
			}
			checkSet(t, set, tc.l, tc.r)
		})
	}
}

// checkSet checks that every case of set has the level's stones and the
// rating's moves left, and that no position or mirror image repeats.
func checkSet(t *testing.T, set *testsets.Set, l testsets.Level, r testsets.Rating) {
	t.Helper()
	slo, shi := l.Stones(set.Board)
	seen := map[game.Key]bool{}
	for _, c := range set.Cases {
		n := c.Position.Moves()
		if n < slo || n > shi || testsets.RatingOf(set.Board, testsets.MovesLeft(set.Board, n, c.Score)) != r {
			t.Errorf("%s line %d: %q scores %d: not %s %s", set.Name, c.Line, c.Moves, c.Score, l, r)
		}
		if k := c.Position.CanonicalKey(); seen[k] {
			t.Errorf("%s line %d: %q repeats a position or its mirror", set.Name, c.Line, c.Moves)
		} else {
			seen[k] = true
		}
	}
}

// TestEmbedded checks that the embedded sets of every board follow the
// protocol, and solves every position of the 7x6 ones with both engines
// (the other boards' take seconds a position: c4 bench --board 8x8 solves
// them).
func TestEmbedded(t *testing.T) {
	boards := testsets.EmbeddedBoards()
	if len(boards) < 2 || boards[0] != game.Standard {
		t.Fatalf("embedded boards %v", boards)
	}
	for _, b := range boards {
		sets, err := testsets.Embedded(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range sets {
			l, r := testsets.Level(set.Name[6]-'0'), testsets.Rating(set.Name[9]-'0')
			if set.Name != testsets.FileName(l, r) || set.Board != b {
				t.Fatalf("an embedded set of %s is %s of %s", b, set.Name, set.Board)
			}
			checkSet(t, set, l, r)
		}
	}
	sets, _ := testsets.Embedded(game.Standard)
	if len(sets) != len(testsets.PublicNames()) {
		t.Fatalf("%d embedded sets of 7x6", len(sets))
	}
	s, d := engines.Negamax(negamax.Options{}, game.Standard), engines.DFPN(pns.Options{}, game.Standard)
	for _, set := range sets {
		for _, c := range set.Cases {
			s.Reset()
			res, err := s.Solve(context.Background(), c.Position, search.Strong)
			if err != nil || res.Score != c.Score {
				t.Errorf("%s line %d %q: solver %d, %v; the set says %d", set.Name, c.Line, c.Moves, res.Score, err, c.Score)
			}
			d.Reset()
			if w, err := d.Solve(context.Background(), c.Position, search.Weak); err != nil || w.Score != search.WeakScore(c.Score) {
				t.Errorf("%s line %d %q: dfpn %d, %v; the set says %d", set.Name, c.Line, c.Moves, w.Score, err, c.Score)
			}
		}
	}
}

package cert_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"c4/cert"
	"c4/pns"
	"c4/position"
)

// truth is the weak result of positions for the side to move (1, 0, -1),
// by plain minimax over every move, remembered by key: the brute force
// that the checker's verdicts are held to on boards this small.
type truth map[position.Bits]int8

func (t truth) of(p position.Position) int8 {
	switch {
	case p.CanWinNext():
		return 1
	case p.Moves() == p.Board().Cells():
		return 0
	}
	if v, ok := t[p.Key()]; ok {
		return v
	}
	best := int8(-1)
	for c := range p.Board().Width() {
		if !p.CanPlay(c) {
			continue
		}
		q := p
		q.PlayColumn(c)
		best = max(best, -t.of(q))
		if best == 1 {
			break
		}
	}
	t[p.Key()] = best
	return best
}

// holds says whether c is true.
func (t truth) holds(c cert.Claim) bool {
	p, err := position.Parse(c.Board, c.Root)
	if err != nil || p.IsOver() {
		return false
	}
	v := t.of(p)
	if !c.ToMove {
		v = -v
	}
	return v == 1 || c.Goal == cert.NotLose && v == 0
}

// claims returns the claims that are true at root, by result r for the side
// to move.
func claims(b *position.Board, root string, r int8, leaf int) []cert.Claim {
	c := cert.Claim{Board: b, Root: root, LeafCells: leaf}
	switch r {
	case 1:
		c.ToMove, c.Goal = true, cert.Win
		return []cert.Claim{c}
	case -1:
		c.ToMove, c.Goal = false, cert.Win
		return []cert.Claim{c}
	}
	d := c
	c.ToMove, c.Goal = true, cert.NotLose
	d.ToMove, d.Goal = false, cert.NotLose
	return []cert.Claim{c, d}
}

// dfpn chooses the player's moves with DFPN, as a proof search does.
func dfpn(c cert.Claim) cert.Chooser {
	s := pns.New(pns.Options{TableMiB: 16})
	return func(ctx context.Context, p position.Position) (int, error) {
		col, ok, err := s.Move(ctx, p, c.Goal == cert.Win)
		if err == nil && !ok {
			err = errors.New("DFPN finds no move that reaches the goal")
		}
		return col, err
	}
}

func board(t testing.TB, s string) *position.Board {
	b, err := position.ParseBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBuildThenCheck builds the strategy of every true claim at random
// positions of small boards with DFPN, and checks it.
func TestBuildThenCheck(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []string{"4x4", "5x4", "6x4", "4x5", "5x5", "7x6"} {
		b := board(t, size)
		tr := truth{}
		for i := range 12 {
			root := randomRoot(b, rng, minStones(b)+i%3)
			p, _ := position.Parse(b, root)
			for _, leaf := range []int{0, 6} {
				for _, c := range claims(b, root, resultOf(t, tr, p), leaf) {
					strategy, st, err := cert.Build(ctx, c, dfpn(c), cert.BuildOptions{})
					if err != nil {
						t.Fatalf("%s %q %+v: build: %v", size, root, c, err)
					}
					cst, err := cert.Check(ctx, c, strategy, cert.Options{Threads: 2, TableMiB: 1})
					if err != nil {
						t.Fatalf("%s %q %+v: check: %v", size, root, c, err)
					}
					if cst != st || cst.Moves != len(strategy) {
						t.Errorf("%s %q: the check met %+v, the build %+v (%d moves)", size, root, cst, st, len(strategy))
					}
				}
			}
		}
	}
}

// resultOf is the weak result of p: by brute force where it is cheap,
// else by DFPN.
func resultOf(t testing.TB, tr truth, p position.Position) int8 {
	if p.Board().Cells()-p.Moves() <= bruteCells {
		return tr.of(p)
	}
	r, err := pns.New(pns.Options{TableMiB: 16}).Solve(context.Background(), p, 1)
	if err != nil {
		t.Fatal(err)
	}
	return int8(r.Score)
}

// bruteCells: the brute force takes positions of at most this many empty
// cells, whose trees it searches in well under a second.
const bruteCells = 16

// minStones is where random roots start on b: every position there is
// cheap for the brute force, but on 7x6.
func minStones(b *position.Board) int {
	return max(0, b.Cells()-bruteCells)
}

// randomRoot is the moves of a random position of b with n stones, the game
// not over.
func randomRoot(b *position.Board, rng *rand.Rand, n int) string {
	for {
		p := position.New(b)
		var cols []int
		for len(cols) < n {
			c := rng.IntN(b.Width())
			if !p.CanPlay(c) || p.IsWinningMove(c) {
				break
			}
			p.PlayColumn(c)
			cols = append(cols, c)
		}
		if len(cols) == n && p.Moves() < b.Cells() {
			return position.Format(cols)
		}
	}
}

// TestRefused: false claims, and strategies that do not prove a true one,
// each refused with the position named.
func TestRefused(t *testing.T) {
	ctx := context.Background()
	b4 := board(t, "4x4")
	// 223411432243431: one empty cell, a draw whoever plays it.
	drawn := "223411432243431"
	good := func(c cert.Claim) []byte {
		s, _, err := cert.Build(ctx, c, dfpn(c), cert.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	six := board(t, "6x4")
	sixLoss := cert.Claim{Board: six, Root: "", ToMove: false, Goal: cert.Win, LeafCells: 4}
	sixGood := good(sixLoss)
	for _, tc := range []struct {
		name     string
		c        cert.Claim
		strategy []byte
		want     string
	}{
		{"a win claimed at a full board's draw", cert.Claim{Board: b4, Root: drawn, ToMove: true, Goal: cert.Win}, []byte{0}, "a draw, not a win"},
		{"a loss claimed at a draw", cert.Claim{Board: b4, Root: drawn, ToMove: false, Goal: cert.Win}, nil, "a draw, not a win"},
		{"a move in a full column", cert.Claim{Board: b4, Root: "1111", ToMove: true, Goal: cert.NotLose}, []byte{0}, "not a legal move"},
		{"a column off the board", cert.Claim{Board: b4, Root: "1111", ToMove: true, Goal: cert.NotLose}, []byte{7}, "not a legal move"},
		{"moves left over", cert.Claim{Board: b4, Root: drawn, ToMove: true, Goal: cert.NotLose}, []byte{0}, "after the walk's last"},
		{"a move missing", sixLoss, sixGood[:len(sixGood)-1], "a move is missing"},
		{"a move to spare", sixLoss, append(append([]byte{}, sixGood...), 0), "after the walk's last"},
		{"the empty 4x4 board as a loss (a draw)", cert.Claim{Board: b4, ToMove: false, Goal: cert.Win, LeafCells: 4}, firstMoves(20), "position"},
		{"the empty 4x4 board as a win (a draw)", cert.Claim{Board: b4, ToMove: true, Goal: cert.Win, LeafCells: 4}, firstMoves(20), "position"},
		{"a root past the end of the game", cert.Claim{Board: b4, Root: drawn + "1", ToMove: true, Goal: cert.NotLose}, nil, "already over"},
		{"a root not of the board", cert.Claim{Board: b4, Root: "5", ToMove: true, Goal: cert.NotLose}, nil, "not a column"},
		{"no goal", cert.Claim{Board: b4, Root: "", ToMove: true}, nil, "no goal"},
	} {
		_, err := cert.Check(ctx, tc.c, tc.strategy, cert.Options{TableMiB: 1})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// firstMoves is a strategy of n moves, each the first column.
func firstMoves(n int) []byte { return make([]byte, n) }

// TestFalseClaims: a claim the brute force finds false is refused, with
// the strategy DFPN builds for the true claim nearest it (a draw's
// NotLose strategy given as a Win) and with strategies of random moves.
func TestFalseClaims(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range []string{"4x4", "5x4", "4x5"} {
		b := board(t, size)
		tr := truth{}
		for i := range 40 {
			// Roots from where the brute force is cheap to a few cells
			// from the end, where a side can often no longer complete
			// four; leaves from none to every position small.
			root := randomRoot(b, rng, minStones(b)+rng.IntN(b.Cells()-minStones(b)-1))
			for _, c := range allClaims(b, root, []int{0, 2, 6, b.Cells()}[i%4]) {
				if tr.holds(c) {
					continue
				}
				var strategies [][]byte
				near := c
				near.Goal = cert.NotLose
				if tr.holds(near) {
					s, _, err := cert.Build(ctx, near, dfpn(near), cert.BuildOptions{})
					if err != nil {
						t.Fatal(err)
					}
					strategies = append(strategies, s)
				}
				for range 20 {
					s, _, _ := cert.Build(ctx, c, randomMoves(rng), cert.BuildOptions{})
					strategies = append(strategies, s)
				}
				for _, s := range strategies {
					if _, err := cert.Check(ctx, c, s, cert.Options{TableMiB: 1}); err == nil {
						t.Fatalf("%s %q: the false claim %+v passes with %v", size, root, c, s)
					}
				}
			}
		}
	}
}

// allClaims are the four claims at root, true or not.
func allClaims(b *position.Board, root string, leaf int) []cert.Claim {
	var cs []cert.Claim
	for _, toMove := range []bool{true, false} {
		for _, g := range []cert.Goal{cert.Win, cert.NotLose} {
			cs = append(cs, cert.Claim{Board: b, Root: root, ToMove: toMove, Goal: g, LeafCells: leaf})
		}
	}
	return cs
}

// randomMoves chooses a random legal move.
func randomMoves(rng *rand.Rand) cert.Chooser {
	return func(_ context.Context, p position.Position) (int, error) {
		for {
			if c := rng.IntN(p.Board().Width()); p.CanPlay(c) {
				return c, nil
			}
		}
	}
}

// FuzzCheck: the checker accepts a strategy only for a claim that is true.
// The fuzzer picks a small board, a root, a claim (true or not) and the
// player's moves, as a strategy that Build writes with a chooser that
// plays the fuzzer's bytes; the brute force knows the truth.
func FuzzCheck(f *testing.F) {
	f.Add(byte(0), []byte{1, 2}, byte(0), []byte{0, 1, 2, 3})
	f.Add(byte(1), []byte{}, byte(3), []byte{2, 2, 2, 2, 2})
	f.Add(byte(2), []byte{3, 3, 3}, byte(2), []byte{1})
	f.Add(byte(3), []byte{0, 1, 2, 3, 4, 0, 1, 2}, byte(1), []byte{4, 4, 3, 1, 0})
	sizes := []string{"4x4", "5x4", "4x5", "5x5"}
	truths := make([]truth, len(sizes))
	for i := range truths {
		truths[i] = truth{}
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, size byte, root []byte, claim byte, moves []byte) {
		i := int(size) % len(sizes)
		b := board(t, sizes[i])
		rootMoves, ok := legalRoot(b, root, b.Cells()-bruteCells)
		if !ok {
			return
		}
		c := cert.Claim{Board: b, Root: rootMoves, ToMove: claim&1 == 0, Goal: cert.Goal(claim>>1&1 + 1), LeafCells: int(claim>>2) % 5}
		next := 0
		play := func(_ context.Context, p position.Position) (int, error) {
			if next == len(moves) {
				return 0, errors.New("out of moves")
			}
			next++
			return int(moves[next-1]) % (b.Width() + 1), nil
		}
		strategy, _, err := cert.Build(ctx, c, play, cert.BuildOptions{})
		if err != nil {
			strategy = moves // not a whole strategy: checked as it is
		}
		if _, err := cert.Check(ctx, c, strategy, cert.Options{TableMiB: 1}); err == nil && !truths[i].holds(c) {
			t.Fatalf("%s %q: the checker accepts %+v, which is false", sizes[i], rootMoves, c)
		}
	})
}

// legalRoot plays the columns of root (each byte mod the width) from the
// empty board while the game goes on, and returns the moves if there are
// at least least of them.
func legalRoot(b *position.Board, root []byte, least int) (string, bool) {
	p := position.New(b)
	var cols []int
	for _, r := range root {
		c := int(r) % b.Width()
		if !p.CanPlay(c) || p.IsWinningMove(c) || p.Moves()+1 == b.Cells() {
			break
		}
		p.PlayColumn(c)
		cols = append(cols, c)
	}
	return position.Format(cols), len(cols) >= least
}

func Example() {
	ctx := context.Background()
	b, _ := position.ParseBoard("6x4")
	// The second player wins on the empty 6x4 board: a strategy for it.
	c := cert.Claim{Board: b, Root: "", ToMove: false, Goal: cert.Win, LeafCells: 8}
	s := pns.New(pns.Options{TableMiB: 16})
	strategy, _, err := cert.Build(ctx, c, func(ctx context.Context, p position.Position) (int, error) {
		col, _, err := s.Move(ctx, p, true)
		return col, err
	}, cert.BuildOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := cert.Check(ctx, c, strategy, cert.Options{TableMiB: 1})
	fmt.Println(err, st.Moves == len(strategy))
	// Output: <nil> true
}

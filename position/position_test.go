package position

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func mustParse(t testing.TB, b *Board, s string) Position {
	t.Helper()
	p, err := Parse(b, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNewBoard(t *testing.T) {
	for _, wh := range [][2]int{{7, 6}, {8, 7}, {4, 4}, {1, 63}, {32, 1}, {16, 3}, {9, 7}, {8, 8}, {11, 5}, {9, 12}, {4, 31}, {64, 1}, {1, 127},
		{0, 6}, {7, 0}, {33, 1}, {4, 32}, {65, 1}, {1, 128}, {16, 8}, {35, 2}, {36, 2}} {
		w, h := wh[0], wh[1]
		ok := w >= 1 && h >= 1 && w <= MaxWidth && (h+1)*w <= MaxBits
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			_, err := NewBoard(w, h)
			if (err == nil) != ok {
				t.Errorf("NewBoard(%d, %d): err = %v, want ok = %v", w, h, err, ok)
			}
			if err != nil && !strings.Contains(err.Error(), fmt.Sprint(MaxBits)) && !strings.Contains(err.Error(), fmt.Sprint(MaxWidth)) {
				t.Errorf("NewBoard(%d, %d): %v does not name the limit", w, h, err)
			}
		})
	}
	for s, want := range map[string]string{"7x6": "7x6", " 8X7 ": "8x7", "4x4": "4x4"} {
		b, err := ParseBoard(s)
		if err != nil || b.String() != want {
			t.Errorf("ParseBoard(%q) = %v, %v; want %s", s, b, err, want)
		}
	}
	for _, s := range []string{"", "7", "7x", "x6", "7by6", "17x7", "-1x4"} {
		if _, err := ParseBoard(s); err == nil {
			t.Errorf("ParseBoard(%q) accepted", s)
		}
	}
}

func TestParseErrors(t *testing.T) {
	b10, _ := NewBoard(10, 5)
	for _, tc := range []struct {
		b          *Board
		moves      string
		index      int
		reasonPart string
		char       string // the offending character as the message quotes it, if checked
	}{
		{Standard, "4458", 3, "not a column", ""},
		{Standard, "0", 0, "not a column", ""},
		{Standard, "44 5", 2, "not a column", ""},
		{Standard, "4a", 1, "not a column", "'a'"},
		{Standard, "4€", 1, "not a column", "'€'"},
		{Standard, "4\xe2", 1, "not a column", `'\xe2'`},
		{Standard, "4\x00", 1, "not a column", `'\x00'`},
		{Standard, "1111111", 6, "column 1 is full", ""},
		{Standard, "4455667" + "1", 7, "already over", ""},
		{Standard, "1212121" + "2", 7, "already over", ""},
		{Standard, strings.Repeat("1234567", 6) + "1", -1, "too long", ""},
		{b10, "ab", 1, "not a column", ""},
		{b10, "aaaaaa", 5, "column a is full", ""},
	} {
		t.Run(tc.b.String()+" "+tc.moves, func(t *testing.T) {
			_, err := Parse(tc.b, tc.moves)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%s, %q) = %v, want a *ParseError", tc.b, tc.moves, err)
			}
			if pe.Index != tc.index || !strings.Contains(pe.Reason, tc.reasonPart) || !strings.Contains(err.Error(), strconv.Quote(tc.moves)) || tc.char != "" && !strings.Contains(err.Error(), "("+tc.char+")") {
				t.Errorf("Parse(%s, %q): %v; want index %d, reason with %q, character %s", tc.b, tc.moves, err, tc.index, tc.reasonPart, tc.char)
			}
		})
	}
	// A wide board reads letters in either case.
	if p, err := Parse(b10, "aA9"); err != nil || p.Moves() != 3 {
		t.Errorf("Parse(10x5, aA9) = %v", err)
	}
}

func TestWins(t *testing.T) {
	b87, _ := NewBoard(8, 7)
	b44, _ := NewBoard(4, 4)
	for _, tc := range []struct {
		b     *Board
		moves string
		over  bool
	}{
		{Standard, "4455667", true}, // horizontal, bottom row
		{Standard, "1212121", true}, // vertical
		{Standard, "12237334447", false},
		{Standard, "12237334444", true}, // rising diagonal 1-4 from the bottom
		{Standard, "76651554444", true}, // its mirror: falling diagonal
		{b87, "8877665", true},          // horizontal on the right edge of 8x7
		{b44, "1212121", true},          // vertical on 4x4
		{b44, "1122334", true},          // horizontal on 4x4
	} {
		t.Run(tc.b.String()+" "+tc.moves, func(t *testing.T) {
			p, err := Parse(tc.b, tc.moves)
			if err != nil {
				t.Fatal(err)
			}
			if p.HasFour() != tc.over || p.IsOver() != tc.over {
				t.Errorf("%s %q: HasFour = %v, want %v", tc.b, tc.moves, p.HasFour(), tc.over)
			}
		})
	}
	// Hand-checked threats: x to move completes the diagonal in column 4.
	for _, moves := range []string{"1223733444", "7665155444"} {
		p := mustParse(t, Standard, moves)
		if !p.IsWinningMove(3) || !p.CanWinNext() || p.IsWinningMove(4) {
			t.Errorf("%s: column 4, and only it, should complete x's diagonal", moves)
		}
		if p.WinScore() != 16 { // 22 - 6: the winner's sixth stone
			t.Errorf("%s: WinScore %d, want 16", moves, p.WinScore())
		}
	}
}

func TestFirstMovesAndKeys(t *testing.T) {
	for i := 0; i < 7; i++ {
		a := mustParse(t, Standard, Format([]int{i}))
		m := mustParse(t, Standard, Format([]int{6 - i}))
		if a.MirrorKey() != m.Key() || a.CanonicalKey() != m.CanonicalKey() {
			t.Errorf("column %d and %d are mirrors: keys %x/%x", i+1, 7-i, a.MirrorKey(), m.Key())
		}
	}
	if New(Standard).MirrorKey() != New(Standard).Key() {
		t.Error("the empty board is its own mirror")
	}
}

// TestAgainstNaive plays random games on several board sizes and checks every
// bitboard operation against a plain grid implementation.
func TestAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, wh := range [][2]int{{7, 6}, {4, 4}, {5, 4}, {8, 7}, {6, 9}, {3, 5}, {10, 4}, {4, 12}, {1, 8}, {16, 3},
		{8, 8}, {9, 7}, {10, 6}, {11, 5}, {9, 9}, {4, 31}, {13, 4}, {35, 2}} {
		if (wh[1]+1)*wh[0] > MaxBits {
			continue // a board of the wide package
		}
		b, err := NewBoard(wh[0], wh[1])
		if err != nil {
			t.Fatal(err)
		}
		keys := map[Bits]string{}
		for game := 0; game < 300; game++ {
			p, g := New(b), newGrid(b)
			var moves []int
			for !p.IsOver() {
				mover := len(moves) % 2
				checkAgainstGrid(t, b, p, g, mover, Format(moves))
				if k, ok := keys[p.Key()]; ok && k != g.String() {
					t.Fatalf("%s: key %x shared by %s and %s", b, p.Key(), k, g.String())
				}
				keys[p.Key()] = g.String()
				if q, err := b.FromKey(p.Key()); err != nil || q != p {
					t.Fatalf("%s %s: FromKey(Key) = %v, %v", b, Format(moves), q, err)
				}
				if h, err := p.History(); err != nil || mustParse(t, b, h) != p {
					t.Fatalf("%s %s: History = %q, %v", b, Format(moves), h, err)
				}
				var cols []int
				for c := 0; c < b.Width(); c++ {
					if p.CanPlay(c) {
						cols = append(cols, c)
					}
				}
				c := cols[rng.IntN(len(cols))]
				p.PlayColumn(c)
				g.play(c, mover)
				moves = append(moves, c)
				if p.HasFour() != g.hasFour(mover) {
					t.Fatalf("%s %s: HasFour = %v, naive %v", b, Format(moves), p.HasFour(), g.hasFour(mover))
				}
			}
			// The move string round-trips and the mirror has the mirrored key.
			q := mustParse(t, b, Format(moves[:len(moves)-1]))
			mirrored := make([]int, len(moves)-1)
			for i, c := range moves[:len(moves)-1] {
				mirrored[i] = b.Width() - 1 - c
			}
			m := mustParse(t, b, Format(mirrored))
			if q.MirrorKey() != m.Key() || q.CanonicalKey() != m.CanonicalKey() {
				t.Fatalf("%s %s: mirror key %x, key of the mirror %x", b, Format(moves), q.MirrorKey(), m.Key())
			}
			if early := 2*q.Moves() < b.Cells(); early && q.TableKey() != m.TableKey() || !early && q.TableKey() != q.Key() {
				t.Fatalf("%s %s: table keys %x and %x of the mirror", b, Format(moves), q.TableKey(), m.TableKey())
			}
		}
	}
}

func checkAgainstGrid(t *testing.T, b *Board, p Position, g *grid, mover int, moves string) {
	t.Helper()
	if got, want := p.WinningCells(), g.winningCells(mover); got != want {
		t.Fatalf("%s %q: WinningCells %x, naive %x", b, moves, got, want)
	}
	if got, want := p.OpponentWinningCells(), g.winningCells(1-mover); got != want {
		t.Fatalf("%s %q: OpponentWinningCells %x, naive %x", b, moves, got, want)
	}
	if p.CanWinNext() {
		return
	}
	if got, want := p.NonLosingMoves(), g.nonLosing(mover); got != want {
		t.Fatalf("%s %q: NonLosingMoves %x, naive %x", b, moves, got, want)
	}
	if got, want := p.CanStillWin(), g.canStillWin(mover); got != want {
		t.Fatalf("%s %q: CanStillWin %v, naive %v", b, moves, got, want)
	}
	if got, want := p.OpponentCanStillWin(), g.canStillWin(1-mover); got != want {
		t.Fatalf("%s %q: OpponentCanStillWin %v, naive %v", b, moves, got, want)
	}
	// The naive ceiling says how soon the opponent wins; FollowUpCeiling
	// only that it does, FollowUpLoss whether by a given score.
	c, ok := p.FollowUpCeiling(p.OpponentWinningCells())
	wc, wok := g.followUpCeiling(mover)
	if c != max(wc, -1) || ok != wok {
		t.Fatalf("%s %q: FollowUpCeiling %d %v, naive %d %v", b, moves, c, ok, wc, wok)
	}
	for k := b.LowestFollowUpLoss(); k < 0; k++ {
		if got, want := p.FollowUpLoss(p.OpponentWinningCells(), k), wok && wc <= k; got != want {
			t.Fatalf("%s %q: FollowUpLoss(%d) %v, naive ceiling %d %v", b, moves, k, got, wc, wok)
		}
	}
	for col := 0; col < b.Width(); col++ {
		m := p.NonLosingMoves() & b.ColumnMask(col)
		if m == 0 {
			continue
		}
		threats, wins := p.Attack(m)
		r := g.height(col)
		g.cells[col][r] = mover
		wantThreats := g.winningCells(mover)
		wantWins := g.nonLosing(1-mover) == 0
		g.cells[col][r] = -1
		if threats != wantThreats || wins != wantWins {
			t.Fatalf("%s %q: Attack(column %d) = %x %v, naive %x %v", b, moves, col, threats, wins, wantThreats, wantWins)
		}
	}
	checkAttackThreats(t, p, moves)
}

// checkAttackThreats checks AttackThreats of every column, on every path
// this processor can take (Go code and vector instructions), against
// Attack.
func checkAttackThreats(t *testing.T, p Position, moves string) {
	t.Helper()
	b := p.Board()
	columns := b.CentreFirst()
	forEachAttackPath(func(path string) {
		var threats [MaxWidth]Bits
		var counts [MaxWidth]uint8
		nonLosing, late := p.NonLosingMoves(), p.OpponentWinningCells()<<1
		wins := p.AttackThreats(nonLosing, late, &columns, &threats, &counts)
		for i, c := range columns[:b.Width()] {
			want, wantWins, m := p.WinningCells(), false, nonLosing&c
			if m != 0 {
				want, wantWins = p.Attack(m)
			}
			if threats[i] != want || wantWins != (wins>>i&1 != 0) {
				t.Fatalf("%s %q: AttackThreats of column %d (path %s) = %x %v, Attack %x %v", b, moves, i, path, threats[i], wins>>i&1, want, wantWins)
			}
			// the count, cell by cell
			useful, count := want&^late, 0
			for cell := Bits(1); cell != 0; cell <<= 1 {
				if useful&cell != 0 {
					count++
					if below := cell >> 1; below&(p.Possible()^m|m<<1) != 0 {
						count++
					}
				}
			}
			if int(counts[i]) != count {
				t.Fatalf("%s %q: AttackThreats of column %d (path %s) counts %d threats, want %d", b, moves, i, path, counts[i], count)
			}
		}
		if wins>>b.Width() != 0 {
			t.Fatalf("%s %q: AttackThreats (path %s) wins %b past the columns", b, moves, path, wins)
		}
	})
}

// grid is the naive board the bitboard is checked against.
type grid struct {
	b     *Board
	cells [][]int // [column][row]: -1 empty, else the player
}

func newGrid(b *Board) *grid {
	g := &grid{b: b, cells: make([][]int, b.Width())}
	for c := range g.cells {
		g.cells[c] = make([]int, b.Height())
		for r := range g.cells[c] {
			g.cells[c][r] = -1
		}
	}
	return g
}

func (g *grid) height(c int) int {
	r := 0
	for r < g.b.Height() && g.cells[c][r] >= 0 {
		r++
	}
	return r
}

func (g *grid) play(c, who int) { g.cells[c][g.height(c)] = who }

func (g *grid) at(c, r int) int {
	if c < 0 || r < 0 || c >= g.b.Width() || r >= g.b.Height() {
		return -2
	}
	return g.cells[c][r]
}

// fourThrough says whether who has four in a row through (c, r).
func (g *grid) fourThrough(c, r, who int) bool {
	for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
		n := 1
		for k := 1; g.at(c+k*d[0], r+k*d[1]) == who; k++ {
			n++
		}
		for k := 1; g.at(c-k*d[0], r-k*d[1]) == who; k++ {
			n++
		}
		if n >= 4 {
			return true
		}
	}
	return false
}

func (g *grid) hasFour(who int) bool {
	for c := 0; c < g.b.Width(); c++ {
		for r := 0; r < g.b.Height(); r++ {
			if g.cells[c][r] == who && g.fourThrough(c, r, who) {
				return true
			}
		}
	}
	return false
}

func (g *grid) winningCells(who int) Bits {
	var w Bits
	for c := 0; c < g.b.Width(); c++ {
		for r := 0; r < g.b.Height(); r++ {
			if g.cells[c][r] < 0 {
				g.cells[c][r] = who
				if g.fourThrough(c, r, who) {
					w |= 1 << (c*(g.b.Height()+1) + r)
				}
				g.cells[c][r] = -1
			}
		}
	}
	return w
}

// nonLosing is the set of moves after which the opponent has no immediate win.
func (g *grid) nonLosing(who int) Bits {
	var m Bits
	for c := 0; c < g.b.Width(); c++ {
		r := g.height(c)
		if r == g.b.Height() {
			continue
		}
		g.cells[c][r] = who
		safe := true
		for c2 := 0; c2 < g.b.Width(); c2++ {
			if r2 := g.height(c2); r2 < g.b.Height() {
				g.cells[c2][r2] = 1 - who
				if g.fourThrough(c2, r2, 1-who) {
					safe = false
				}
				g.cells[c2][r2] = -1
			}
		}
		g.cells[c][r] = -1
		if safe {
			m |= 1 << (c*(g.b.Height()+1) + r)
		}
	}
	return m
}

// canStillWin says whether some line of four cells holds no stone of the
// opponent of who.
func (g *grid) canStillWin(who int) bool {
	for c := 0; c < g.b.Width(); c++ {
		for r := 0; r < g.b.Height(); r++ {
			for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				free := 0
				for k := 0; k < 4; k++ {
					if v := g.at(c+k*d[0], r+k*d[1]); v == who || v == -1 {
						free++
					}
				}
				if free == 4 {
					return true
				}
			}
		}
	}
	return false
}

// followUpCeiling fills the grid as the follow-up strategies can leave it:
// in mine, the mover's best case (the lower cell of every pair and the
// playable cell of every column with an odd number of empty cells), in
// theirs, the opponent's worst case (the upper cells but those playable
// ones), and says who can win: -1 if only the opponent has four, 0 if no
// one, no bound (false) if who has four. The opponent's threats on its
// upper cells come first: the mover cannot use a cell above one.
func (g *grid) followUpCeiling(who int) (int, bool) {
	mine, theirs := newGrid(g.b), newGrid(g.b)
	odd := 0
	for c := range g.cells {
		h := g.height(c)
		if (g.b.Height()-h)%2 != 0 {
			odd++
		}
		for r, v := range g.cells[c] {
			mine.cells[c][r], theirs.cells[c][r] = v, v
			if v >= 0 {
				continue
			}
			switch {
			case (g.b.Height()-h)%2 != 0 && r == h: // the playable cell of an odd column
				mine.cells[c][r] = who
			case (g.b.Height()-r)%2 == 0: // a lower cell
				mine.cells[c][r] = who
			default:
				theirs.cells[c][r] = 1 - who
			}
		}
	}
	if odd%2 != 0 {
		return g.oddThreatCeiling(who, mine, theirs)
	}
	// The lowest row by which the opponent's cells hold four, while the
	// mover's do not, or by which a threat of the opponent's keeps the
	// mover from its fours.
	for r := 0; r < g.b.Height(); r++ {
		f := newGrid(g.b)
		for c := range g.cells {
			for rr, v := range theirs.cells[c] {
				if rr <= r || g.cells[c][rr] >= 0 {
					f.cells[c][rr] = v
				}
			}
		}
		w, threat := g.withoutAbove(who, mine, theirs, -1, r)
		if (threat || f.hasFour(1-who)) && !w.hasFour(who) {
			return lossOnRow(g.b, r), true
		}
	}
	return 0, !mine.hasFour(who)
}

// withoutAbove is mine with the cells above the opponent's threats among
// its upper cells up to row r cleared, but in column skip, and whether
// there are any.
func (g *grid) withoutAbove(who int, mine, theirs *grid, skip, r int) (*grid, bool) {
	f, threat := newGrid(g.b), false
	for c := range g.cells {
		copy(f.cells[c], mine.cells[c])
		if c == skip {
			continue
		}
		for rr := 0; rr <= r && rr < g.b.Height(); rr++ {
			if g.cells[c][rr] < 0 && theirs.cells[c][rr] == 1-who && g.fourThrough(c, rr, 1-who) {
				threat = true
				for k := rr + 1; k < g.b.Height(); k++ {
					f.cells[c][k] = -1
				}
				break
			}
		}
	}
	return f, threat
}

// lossOnRow is the score of the side to move that loses to a stone on row
// r with every cell beneath it and every other column full.
func lossOnRow(b *Board, r int) int {
	n := b.Cells() - (b.Height() - r)
	return -(b.Cells() + 1 - n) / 2
}

// oddThreatCeiling tries each column c as the one without a partner (an
// even one paired by its playable cell): if the opponent would complete
// four on a lower cell t of c above the playable one, the mover's best
// case is mine with, in c, only the playable cell and the upper cells below
// t, and in the other columns nothing above the opponent's threats on its
// upper cells. The ceiling is the loss to the lowest such t.
func (g *grid) oddThreatCeiling(who int, mine, theirs *grid) (ceiling int, ok bool) {
	for c := range g.cells {
		h := g.height(c)
		t := h + 1
		if (g.b.Height()-h)%2 == 0 { // an even column: h is a lower cell
			t = h + 2
		}
		for t < g.b.Height() && !g.fourThrough(c, t, 1-who) {
			t += 2
		}
		if t >= g.b.Height() {
			continue
		}
		f, _ := g.withoutAbove(who, mine, theirs, c, g.b.Height())
		for r := h; r < g.b.Height(); r++ {
			f.cells[c][r] = -1
			if r < t && (r == h || (g.b.Height()-r)%2 != 0) {
				f.cells[c][r] = who
			}
		}
		if !f.hasFour(who) && (!ok || lossOnRow(g.b, t) < ceiling) {
			ceiling, ok = lossOnRow(g.b, t), true
		}
	}
	return ceiling, ok
}

func (g *grid) String() string {
	var sb strings.Builder
	for c := range g.cells {
		for _, v := range g.cells[c] {
			sb.WriteByte(byte('1' + v))
		}
		sb.WriteByte('|')
	}
	return sb.String()
}

func TestFromKeyErrors(t *testing.T) {
	p := mustParse(t, Standard, "4455")
	for _, k := range []Bits{p.Key() + 1<<49, 2, 0x7f} {
		if _, err := Standard.FromKey(k); err == nil {
			t.Errorf("FromKey(%#x) accepted", k)
		}
	}
}

// TestFollowUpCeilingSound checks FollowUpCeiling and FollowUpLoss against
// the exact score of random positions on small boards, found by a plain
// search.
func TestFollowUpCeilingSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	// Ceilings 0 and -1 with an even number of empty cells, -1 with an odd,
	// losses proven below -1, ceilings that need the opponent's threats to
	// keep the mover from its fours, and those of an odd number of odd
	// columns that need an even column left without a partner.
	var bounded [6]int
	for _, wh := range [][2]int{{4, 4}, {5, 4}, {4, 5}, {5, 5}, {6, 4}, {6, 5}} {
		b := mustBoard(wh[0], wh[1])
		memo := map[Bits]int{}
		for game := 0; game < 5000; game++ {
			p := New(b)
			for p.Moves() < b.Cells()-14 || rng.IntN(4) != 0 {
				if p.IsOver() || p.CanWinNext() {
					break
				}
				var cols []int
				for c := 0; c < b.Width(); c++ {
					if p.CanPlay(c) {
						cols = append(cols, c)
					}
				}
				p.PlayColumn(cols[rng.IntN(len(cols))])
			}
			if p.IsOver() || p.Moves() < b.Cells()-14 {
				continue
			}
			threats := p.OpponentWinningCells()
			c, ok := p.FollowUpCeiling(threats)
			if !ok {
				continue
			}
			bounded[-c+(b.Cells()-p.Moves())%2]++
			odd, _, mine, _ := p.followUp()
			if odd.OnesCount()%2 == 0 {
				if b.hasFour(mine) {
					bounded[4]++
				}
			} else if !oddColumnThreat(b, odd, threats) {
				bounded[5]++
			}
			h, _ := p.History()
			s := exactScore(p, memo)
			if s > c {
				t.Fatalf("%s %q: FollowUpCeiling %d, but the score is %d", b, h, c, s)
			}
			for k := b.LowestFollowUpLoss(); k < -1; k++ {
				if p.FollowUpLoss(threats, k) {
					bounded[3]++
					if s > k {
						t.Fatalf("%s %q: FollowUpLoss(%d), but the score is %d", b, h, k, s)
					}
				}
			}
		}
	}
	if bounded[0] < 100 || bounded[1] < 100 || bounded[2] < 100 || bounded[3] < 50 || bounded[4] < 50 || bounded[5] < 10 {
		t.Errorf("only %v positions bounded (0 and -1 with an even number of empty cells, -1 with an odd, losses below -1, through the opponent's threats, through an even column)", bounded)
	}
}

// oddColumnThreat says whether the opponent would complete four on a lower
// cell of a column with an odd number of empty cells, given followUp's odd.
func oddColumnThreat(b *Board, odd, threats Bits) bool {
	for c := 0; c < b.Width(); c++ {
		col := b.ColumnMask(c)
		if odd&col != 0 && threats&col&b.claim != 0 {
			return true
		}
	}
	return false
}

// exactScore is the score of the side to move in p, which is not over, by
// plain minimax.
func exactScore(p Position, memo map[Bits]int) int {
	n, cells := p.Moves(), p.b.Cells()
	if p.CanWinNext() {
		return (cells + 1 - n) / 2
	}
	if s, ok := memo[p.Key()]; ok {
		return s
	}
	best := -cells
	for c := 0; c < p.b.Width(); c++ {
		if !p.CanPlay(c) {
			continue
		}
		q := p
		q.PlayColumn(c)
		if q.Moves() == cells {
			best = max(best, 0)
			continue
		}
		best = max(best, -exactScore(q, memo))
	}
	memo[p.Key()] = best
	return best
}

// TestOneBoardASize: a size has one *Board, however it is asked for, so
// that comparing boards compares sizes.
func TestOneBoardASize(t *testing.T) {
	b, err := ParseBoard("7X6")
	c, _ := NewBoard(7, 6)
	d, _ := NewBoard(6, 7)
	if err != nil || b != Standard || c != Standard || d == Standard {
		t.Errorf("ParseBoard(7X6) %p, NewBoard(7, 6) %p, Standard %p, NewBoard(6, 7) %p", b, c, Standard, d)
	}
}

package position

// Position is a board with stones on it. It is a small value: copy it to
// try a move. The zero Position is not usable; start from New or Parse.
type Position struct {
	b    *Board
	cur  Bits // stones of the side to move
	mask Bits // every stone
	n    int  // stones on the board
}

// New returns the empty position of board b.
func New(b *Board) Position { return Position{b: b} }

// Board is the position's board size.
func (p Position) Board() *Board { return p.b }

// Moves is the number of stones on the board.
func (p Position) Moves() int { return p.n }

// Current is the bitboard of the side to move's stones.
func (p Position) Current() Bits { return p.cur }

// Mask is the bitboard of every stone.
func (p Position) Mask() Bits { return p.mask }

// Possible is the bitboard of the cells where a stone can be played now,
// one per column that is not full.
func (p Position) Possible() Bits { return (p.mask + p.b.bottom) & p.b.full }

// CanPlay says whether column c (0-based) has room.
func (p Position) CanPlay(c int) bool { return p.Possible()&p.b.ColumnMask(c) != 0 }

// Play drops the side to move's stone on the cell move, one bit of Possible.
func (p *Position) Play(move Bits) {
	p.cur ^= p.mask
	p.mask |= move
	p.n++
}

// PlayColumn drops a stone in column c (0-based), which must have room.
func (p *Position) PlayColumn(c int) { p.Play(p.Possible() & p.b.ColumnMask(c)) }

// IsWinningMove says whether the side to move completes four by playing
// column c, which must have room.
func (p Position) IsWinningMove(c int) bool {
	return p.WinningCells()&p.Possible()&p.b.ColumnMask(c) != 0
}

// CanWinNext says whether the side to move has a winning move now.
func (p Position) CanWinNext() bool { return p.WinningCells()&p.Possible() != 0 }

// WinningCells is the bitboard of the empty cells where a stone of the side
// to move would complete four, playable now or not.
func (p Position) WinningCells() Bits { return p.b.winningCells(p.cur, p.mask) }

// OpponentWinningCells is WinningCells for the side that just moved.
func (p Position) OpponentWinningCells() Bits { return p.b.winningCells(p.cur^p.mask, p.mask) }

// NonLosingMoves is the bitboard of the moves that do not hand the opponent
// a win on its next move: none when the opponent has two immediate wins, the
// forced block when it has one, and never a cell directly below an opponent's
// winning cell. The side to move must not have a winning move itself (check
// CanWinNext first).
func (p Position) NonLosingMoves() Bits { return p.NonLosingMovesAgainst(p.OpponentWinningCells()) }

// NonLosingMovesAgainst is NonLosingMoves for a caller that has already
// computed threats, the OpponentWinningCells.
func (p Position) NonLosingMovesAgainst(threats Bits) Bits {
	possible := p.Possible()
	forced := possible & threats
	if forced != 0 {
		if forced&(forced-1) != 0 {
			return 0 // two threats to answer with one stone
		}
		possible = forced
	}
	return possible &^ (threats >> 1)
}

// CanStillWin says whether the side to move could still complete four: some
// line of four cells holds none of the opponent's stones. If not, the best
// it can hope for is a draw.
func (p Position) CanStillWin() bool { return p.b.hasFour(p.cur | (p.b.full ^ p.mask)) }

// OpponentCanStillWin is CanStillWin for the side that just moved.
func (p Position) OpponentCanStillWin() bool {
	return p.b.hasFour(p.cur ^ p.mask | (p.b.full ^ p.mask))
}

// WinScore is the side to move's score if it wins with its next stone:
// (W*H + 1 - n) / 2 with n stones on the board, as c4's conventions score.
func (p Position) WinScore() int { return (p.b.Cells() + 1 - p.n) / 2 }

// FollowUpCeiling bounds the side to move's score by the opponent's
// follow-up strategies (Allis' claimeven and baseinverse, with aftereven on
// single cells). Call the empty cells whose row has the parity of the
// board's height "lower", the others "upper", and a column "odd" when it
// has an odd number of empty cells: its playable cell is then an upper one,
// and the cells above it pair up as in an even column.
//
// With an even number of odd columns (none included), the opponent answers
// a move on a lower cell directly above it (claimeven), and a move on the
// playable cell of an odd column on that of another, paired with it once
// and for all (baseinverse), which leaves both even. The mover gets at most
// the lower cells and the odd columns' playable cells, the opponent at
// least the other upper cells. If the mover has no four among the first,
// it cannot win: the ceiling is 0; if the opponent has one among the second
// as well, the mover loses: -1. The opponent's threats among its upper
// cells go further: the cells above one fill only after it, and the
// opponent completes four when it takes it. So if the opponent has such a
// threat, and the mover has no four among its cells but those above one,
// the mover loses as well.
//
// With an odd number, one column is left without a partner: an odd column,
// or an even one whose playable cell is paired with an odd column's. If the
// opponent would complete four on a lower cell t of that column, above the
// playable one, it answers moves in that column directly above them: the
// mover gets the column's playable cell and upper cells, and once every
// other column is full it must play the one beneath t, and the opponent
// wins. So the mover loses if it has no four among the cells it can get
// before that: those of the even case, but in that column only the playable
// cell and the upper cells below t, and in the others none above a threat
// of the opponent's among its upper cells.
//
// threats are the opponent's winning cells (OpponentWinningCells), which
// the caller has already. ok is false when there is no such bound. The
// ceiling of a loss is always -1 here; FollowUpLoss says how soon it comes.
func (p Position) FollowUpCeiling(threats Bits) (ceiling int, ok bool) {
	b := p.b
	odd, empty, mine, theirs := p.followUp()
	if odd.OnesCount()%2 != 0 {
		t := threats & empty & b.claim // those on lower cells
		if t == 0 {
			return 0, false
		}
		return p.oddThreatCeiling(t, threats&theirs, mine, empty)
	}
	t := threats & theirs
	if b.hasFour(mine &^ b.above(t)) {
		return 0, false
	}
	if t != 0 || b.hasFour(p.cur^p.mask|theirs) {
		return -1, true
	}
	return 0, true
}

// FollowUpLoss says whether FollowUpCeiling's strategies hold the side to
// move to at most ceiling, which is below 0: whether the opponent wins by
// them soon enough. When the opponent's follow-up wins, it does so at the
// latest when it plays the highest empty cell of its four, or the threat
// that keeps the mover from its fours (in the odd case, t), and that cell
// and those above it are empty until then: a win on row r (from 0, the
// bottom) leaves at least H - r empty cells, and the side to move scores at
// most -(H - r + 1)/2. So only fours whose empty cells lie low enough, and
// threats low enough, count. With ceiling below the board's
// LowestFollowUpLoss, it is false.
func (p Position) FollowUpLoss(threats Bits, ceiling int) bool {
	b := p.b
	r := b.h + 1 + 2*ceiling // the highest row of a win that soon
	if r < 0 {
		return false
	}
	low := b.bottom * (Bits(2)<<uint(r) - 1) // rows 0 to r
	odd, empty, mine, theirs := p.followUp()
	if odd.OnesCount()%2 != 0 {
		t := threats & empty & b.claim & low
		if t == 0 {
			return false
		}
		_, ok := p.oddThreatCeiling(t, threats&theirs, mine, empty)
		return ok
	}
	t := threats & theirs & low
	if t == 0 && !b.hasFour(p.cur^p.mask|theirs&low) {
		return false
	}
	return !b.hasFour(mine &^ b.above(t))
}

// followUp is the cells of the follow-up strategies: the playable cells of
// the odd columns, the empty cells, those the mover can get at most with
// its stones (the lower cells and odd's), and the upper cells the opponent
// gets.
func (p Position) followUp() (odd, empty, mine, theirs Bits) {
	b := p.b
	odd = (p.mask + b.bottom) &^ b.claim
	empty = b.full ^ p.mask
	return odd, empty, p.cur | empty&b.claim | odd, empty &^ b.claim &^ odd
}

// LowestFollowUpLoss is the lowest ceiling for which FollowUpLoss can be
// true on b: that of a loss to a stone on the bottom row.
func (b *Board) LowestFollowUpLoss() int { return -(b.h + 1) / 2 }

// oddThreatCeiling is FollowUpCeiling's odd case, given the opponent's
// threats on lower cells, low, and on the upper cells it gets, high, with
// followUp's mine and empty: it tries each column of low as the one without
// a partner.
func (p Position) oddThreatCeiling(low, high, mine, empty Bits) (ceiling int, ok bool) {
	b := p.b
	out := b.above(high) // the cells the mover cannot use, but in that column
	possible := p.Possible()
	for rest := low; rest != 0; {
		col := b.ColumnMask(rest.TrailingZeros() / int(b.h1))
		a := possible & col // the playable cell
		t := rest & col &^ a
		rest &^= col
		if t == 0 {
			continue
		}
		t &= -t // the lowest
		// mine, but in col only the playable cell and the upper cells below t
		if !b.hasFour((mine&^(empty&col) | a | empty&^b.claim&col&(t-1)) &^ (out &^ col)) {
			return -1, true
		}
	}
	return 0, false
}

// ZugzwangThreat is the threat behind FollowUpCeiling's odd case, when
// that case makes the side to move lose: the opponent's winning cell on a
// lower cell of the column left without a partner, above its playable
// cell, which the side to move must in the end play beneath. ok is false
// when the case does not apply.
func (p Position) ZugzwangThreat(threats Bits) (t Bits, ok bool) {
	b := p.b
	odd, empty, mine, theirs := p.followUp()
	low := threats & empty & b.claim
	if odd.OnesCount()%2 == 0 {
		return 0, false
	}
	for c := range b.w {
		col := b.ColumnMask(c)
		if _, ok := p.oddThreatCeiling(low&col, threats&theirs, mine, empty); ok {
			t = low & col &^ p.Possible()
			return t & -t, true
		}
	}
	return 0, false
}

// above is the cells above the lowest of cells in each column: those that
// fill only after it.
func (b *Board) above(cells Bits) (a Bits) {
	spare := b.bottom << uint(b.h)
	for ; cells != 0; cells &= cells - 1 {
		x := cells & -cells
		s := spare &^ (x - 1) // the spare cells from x's column on
		a |= s&-s - x<<1
	}
	return a
}

// Attack describes move for the side to move: the cells where it would
// then complete four, and whether the move forces a win with its next stone:
// every reply of the opponent, which cannot win at once, then loses (two
// threats to answer with one stone, or the only block lies beneath another
// threat). The move must not lose at once (see NonLosingMoves).
func (p Position) Attack(move Bits) (threats Bits, winsNext bool) {
	threats = p.b.winningCells(p.cur|move, p.mask|move)
	return threats, p.winsNext(move, threats)
}

// attackThreatsGo is AttackThreats in Go code, one column at a time.
func (p Position) attackThreatsGo(moves, late Bits, columns, threats *[MaxWidth]Bits, counts *[MaxWidth]uint8) (wins uint64) {
	b := p.b
	possible := p.Possible()
	for i, c := range columns[:b.w] {
		m := moves & c
		t := b.winningCells(p.cur|m, p.mask|m)
		threats[i] = t
		if m != 0 && p.winsNext(m, t) {
			wins |= 1 << i
		}
		useful := t &^ late
		above := ((possible^m)<<1 | m<<2) & useful
		counts[i] = uint8(useful.OnesCount() + above.OnesCount())
	}
	return wins
}

// winsNext is Attack's second result for move, given its threats.
func (p Position) winsNext(move, threats Bits) bool {
	possible := ((p.mask | move) + p.b.bottom) & p.b.full
	if forced := possible & threats; forced != 0 {
		return forced&(forced-1) != 0 || forced&(threats>>1) != 0
	}
	return possible&^(threats>>1) == 0
}

// HasFour says whether the side that just moved has four in a row.
func (p Position) HasFour() bool { return p.b.hasFour(p.cur ^ p.mask) }

// IsOver says whether the game has ended: four in a row or a full board.
func (p Position) IsOver() bool { return p.n == p.b.Cells() || p.HasFour() }

// winningCells is the set of empty cells that complete four for the stones s
// given every stone mask: the heart of the threat detection. The three
// non-vertical directions are written out: this runs several times a node.
func (b *Board) winningCells(s, mask Bits) Bits {
	// vertical: three stones below
	r := (s << 1) & (s << 2) & (s << 3)
	r |= lines(s, b.h1&shiftMask) & b.wide     // horizontal
	r |= lines(s, (b.h1-1)&shiftMask) & b.wide // diagonal falling to the right
	r |= lines(s, (b.h1+1)&shiftMask) & b.wide // diagonal rising to the right
	return r & (b.full ^ mask)
}

// lines is the set of cells that complete four with s along the direction
// of shift d: the empty cell at either end of three, or inside.
func lines(s Bits, d uint) Bits {
	x := (s << d) & (s << (2 * d & shiftMask))
	y := (s >> d) & (s >> (2 * d & shiftMask))
	return x&(s<<(3*d&shiftMask)) | x&(s>>d) | y&(s<<d) | y&(s>>(3*d&shiftMask))
}

// hasFour says whether s holds four in a row in any direction.
// HasFour says whether the cells s hold four in a row.
func (b *Board) HasFour(s Bits) bool { return b.hasFour(s) }

func (b *Board) hasFour(s Bits) bool {
	return four(s, 1) != 0 ||
		(four(s, b.h1&shiftMask)|four(s, (b.h1-1)&shiftMask)|four(s, (b.h1+1)&shiftMask))&b.wide != 0
}

// four is the set of cells that start four in a row along shift d.
func four(s Bits, d uint) Bits {
	m := s & (s >> d)
	return m & (m >> (2 * d & shiftMask))
}

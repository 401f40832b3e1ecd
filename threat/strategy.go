// Package threat says what Connect Four's structure proves about a position
// without search, and how: the follow-up strategies of L. V. Allis's thesis
// (1988) by which the side not to move, the follower, answers every move
// of the other, the mover, and so holds it to a draw at best or beats it.
//
// The engines use the same rules in bitboard form
// (position.FollowUpCeiling), as a bound on the score; this package gives
// the strategy itself: which rule on which cells (Find), the answer to each
// move (Strategy.Reply), and a sentence a player can follow (Explain), so
// that a test can play the strategy against every defence and hold it to
// its promise. Rules goes further: it combines rules that each refute some
// of the mover's fours only (lowinverse and highinverse besides claimeven
// and baseinverse), for DFPN's search and for Explain.
package threat

import (
	"slices"

	"c4/position"
)

// Cell is a cell of the board: its column and row, from 0, from the left
// and the bottom.
type Cell struct{ Col, Row int }

// Strategy is a follow-up strategy of the follower, valid from the
// position Find was given. The follower answers a move of the mover
// directly on top of it (claimeven: on a lower cell, a row of the board
// height's parity counting from 0, it then gets the upper cell above), but
// a move on one cell of Pairs with the other while that one is empty
// (baseinverse). The mover then gets at most the lower cells and the
// pairs' cells, and none of those hold a four of its, or the follower's
// threats keep it from the cells it would need.
type Strategy struct {
	// Wins says that the follower wins: among the cells the strategy gives
	// it, it completes four before the mover does. Otherwise it at least
	// draws.
	Wins bool
	// Pairs are the playable cells of columns with an odd number of empty
	// cells, two by two, or (with Zugzwang) one of them and Zugzwang's
	// column's playable cell.
	Pairs [][2]Cell
	// Threat, if its column is not -1, is a cell on an upper row that the
	// follower gets and where it completes four (aftereven); the cells
	// above it are played only after it, so the mover's fours that need
	// them do not count.
	Threat Cell
	// Zugzwang, if its column is not -1, is a cell on a lower row where the
	// follower completes four, in the one column of an odd number of
	// empty cells left without a partner: every other column fills first,
	// and the mover must then play beneath it.
	Zugzwang Cell
}

// Find returns the follower's strategy at p, if the rules of
// position.FollowUpCeiling find one.
func Find(p position.Position) (Strategy, bool) {
	if p.IsOver() {
		return Strategy{}, false
	}
	threats := p.OpponentWinningCells()
	ceiling, ok := p.FollowUpCeiling(threats)
	if !ok {
		return Strategy{}, false
	}
	b := p.Board()
	var odd []int
	for c := range b.Width() {
		if (b.Height()-stones(p, c))%2 == 1 {
			odd = append(odd, c)
		}
	}
	s := Strategy{Wins: ceiling < 0, Threat: Cell{-1, -1}, Zugzwang: Cell{-1, -1}}
	if len(odd)%2 == 1 {
		t, ok := p.ZugzwangThreat(threats)
		if !ok {
			return Strategy{}, false
		}
		s.Zugzwang = cellOf(b, t)
		if i := slices.Index(odd, s.Zugzwang.Col); i >= 0 {
			odd = slices.Delete(odd, i, i+1)
		} else {
			odd = append([]int{s.Zugzwang.Col}, odd...) // its playable cell, a lower one, pairs with an odd column's
		}
	} else if s.Wins {
		s.Threat = lowestThreat(p, threats, odd)
	}
	for i := 0; i < len(odd); i += 2 {
		s.Pairs = append(s.Pairs, [2]Cell{{odd[i], stones(p, odd[i])}, {odd[i+1], stones(p, odd[i+1])}})
	}
	return s, true
}

// lowestThreat returns the lowest of the follower's winning cells among
// the upper cells the strategy gives it, or the cell {-1, -1}.
func lowestThreat(p position.Position, threats position.Bits, odd []int) Cell {
	b := p.Board()
	best := Cell{-1, -1}
	for c := range b.Width() {
		from := stones(p, c)
		if slices.Contains(odd, c) {
			from++ // the playable cell is the pair's
		}
		for r := from; r < b.Height(); r++ {
			upper := r%2 != b.Height()%2
			if upper && threats&cell(b, c, r) != 0 && (best.Col < 0 || r < best.Row) {
				best = Cell{c, r}
			}
		}
	}
	return best
}

// Reply returns the follower's answer, a column, to the mover's move in
// column col, p being the position after that move; false if the strategy
// has none (the move was not one it was made for).
func (s Strategy) Reply(p position.Position, col int) (int, bool) {
	played := Cell{col, stones(p, col) - 1}
	for _, pair := range s.Pairs {
		for i, c := range pair {
			other := pair[1-i]
			if c == played && stones(p, other.Col) == other.Row {
				return other.Col, true
			}
		}
	}
	return col, p.CanPlay(col)
}

// stones is the number of stones in column c of p.
func stones(p position.Position, c int) int {
	return (p.Mask() & p.Board().ColumnMask(c)).OnesCount()
}

// cellOf is the cell of the one bit of x.
func cellOf(b *position.Board, x position.Bits) Cell {
	for c := range b.Width() {
		if m := x & b.ColumnMask(c); m != 0 {
			return Cell{c, (b.ColumnMask(c) & (m - 1)).OnesCount()}
		}
	}
	return Cell{-1, -1}
}

// cell is the bit of column c, row r.
func cell(b *position.Board, c, r int) position.Bits {
	col := b.ColumnMask(c)
	return (col & -col) << uint(r)
}

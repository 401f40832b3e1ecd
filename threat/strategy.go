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
// its promise.
package threat

import (
	"slices"

	"c4/position"
)

// Cell is a cell of the board: its column and row, from 0, from the left
// and the bottom.
type Cell struct{ Col, Row int }

// Strategy is a follow-up strategy of the follower, valid from the
// position Find was given. The follower answers a move of the mover on a
// lower cell (a row of the board height's parity, counting from 0) with
// the cell directly above it (claimeven); a move on the playable cell of a
// column of Pairs, whose playable cell is an upper one, with the playable
// cell of the other column of the pair (baseinverse), after which both
// columns go on by claimeven. The mover then gets at most the lower cells
// and the pairs' playable cells, and none of those hold a four of its.
type Strategy struct {
	// Wins says that the follower wins: among the cells the strategy gives
	// it, it completes four before the mover does (aftereven). Otherwise
	// it at least draws.
	Wins bool
	// Pairs are the columns with an odd number of empty cells, two by two.
	Pairs [][2]int
	// Threat, if Wins and its column is not -1, is a cell the follower
	// gets where it completes four; the cells above it are played only
	// after it, so the mover's fours that need them do not count.
	Threat Cell
	height int
}

// Find returns the follower's strategy at p, if the rules find one: that
// of position.FollowUpCeiling with an even number of columns holding an
// odd number of empty cells (with an odd number, its zugzwang on a single
// threat is not described here).
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
	if len(odd)%2 != 0 {
		return Strategy{}, false
	}
	s := Strategy{Wins: ceiling < 0, Threat: Cell{-1, -1}, height: b.Height()}
	for i := 0; i < len(odd); i += 2 {
		s.Pairs = append(s.Pairs, [2]int{odd[i], odd[i+1]})
	}
	if s.Wins {
		s.Threat = lowestThreat(p, threats, odd)
	}
	return s, true
}

// lowestThreat returns the lowest of the follower's winning cells among
// the upper cells the strategy gives it, or the cell {-1, -1}.
func lowestThreat(p position.Position, threats position.Bits, odd []int) Cell {
	b := p.Board()
	best := Cell{-1, -1}
	for c := range b.Width() {
		for r := stones(p, c); r < b.Height(); r++ {
			upper := r%2 != b.Height()%2
			playableOfPair := r == stones(p, c) && slices.Contains(odd, c)
			if upper && !playableOfPair && threats&cell(b, c, r) != 0 && (best.Col < 0 || r < best.Row) {
				best = Cell{c, r}
			}
		}
	}
	return best
}

// Reply returns the follower's answer, a column, to the mover's move in
// column col, p being the position after that move; false if the move is
// not one the strategy answers (the strategy was not made for the
// position before it).
func (s Strategy) Reply(p position.Position, col int) (int, bool) {
	row := stones(p, col) - 1
	if row%2 == s.height%2 {
		return col, p.CanPlay(col)
	}
	for _, pair := range s.Pairs {
		for i, c := range pair {
			if c == col {
				other := pair[1-i]
				return other, p.CanPlay(other)
			}
		}
	}
	return 0, false
}

// stones is the number of stones in column c of p.
func stones(p position.Position, c int) int {
	return (p.Mask() & p.Board().ColumnMask(c)).OnesCount()
}

// cell is the bit of column c, row r.
func cell(b *position.Board, c, r int) position.Bits {
	col := b.ColumnMask(c)
	return (col & -col) << uint(r)
}

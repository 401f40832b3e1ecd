package threat

import (
	"fmt"
	"strings"

	"c4/position"
)

// Sides are the names of the first player and the second.
type Sides [2]string

var (
	// XO names the sides as the terminal draws them.
	XO = Sides{"X", "O"}
	// Colours names them as the page does.
	Colours = Sides{"Red", "Yellow"}
)

// name is the side that plays the n-th stone (n from 1).
func (s Sides) name(n int) string { return s[1-n%2] }

// Explain says in words what the rules prove at p, if they prove anything:
// a strategy of the side not to move (Find), or else a move of the side to
// move after which it has one, a winning one first. Columns are named as
// in a move string, rows from 1 at the bottom.
func Explain(p position.Position, sides Sides) (string, bool) {
	s, move, ok := explain(p)
	n := p.Moves()
	switch {
	case !ok:
		return "", false
	case move < 0:
		return s.sentence(sides.name(n), sides.name(n+1), ""), true
	}
	first := fmt.Sprintf("play column %c, then ", position.ColumnName(move))
	return s.sentence(sides.name(n+1), sides.name(n), first), true
}

// explain is Explain's finding: the strategy of the side not to move at p
// (move -1), or the strategy of the side to move after move.
func explain(p position.Position) (s Strategy, move int, ok bool) {
	if p.IsOver() {
		return Strategy{}, 0, false
	}
	if s, ok := Find(p); ok {
		return s, -1, true
	}
	move = -1
	for c := range p.Board().Width() {
		if !p.CanPlay(c) || p.IsWinningMove(c) {
			continue
		}
		q := p
		q.PlayColumn(c)
		if t, ok := Find(q); ok && (move < 0 || t.Wins && !s.Wins) {
			s, move = t, c
		}
	}
	return s, move, move >= 0
}

// sentence is s in words for the follower, whose opponent is mover; first
// comes before its instructions.
func (s Strategy) sentence(follower, mover, first string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %s: %sanswer every move of %s's directly on top of it (claimeven)",
		follower, map[bool]string{true: "wins", false: "at least draws"}[s.Wins], first, mover)
	for i, pair := range s.Pairs {
		a, c := position.ColumnName(pair[0].Col), position.ColumnName(pair[1].Col)
		if i == 0 {
			fmt.Fprintf(&sb, ", but a move in column %c with one in column %c and the reverse", a, c)
		} else {
			fmt.Fprintf(&sb, ", likewise %c and %c", a, c)
		}
	}
	if len(s.Pairs) > 0 {
		sb.WriteString(" (baseinverse)")
	}
	switch {
	case s.Zugzwang.Col >= 0:
		fmt.Fprintf(&sb, "; every other column fills first, and then %s must play beneath column %c, row %d, where %s completes four (zugzwang)",
			mover, position.ColumnName(s.Zugzwang.Col), s.Zugzwang.Row+1, follower)
	case s.Threat.Col >= 0:
		fmt.Fprintf(&sb, "; %s completes four when it takes column %c, row %d, before any cell above it is played (aftereven)",
			follower, position.ColumnName(s.Threat.Col), s.Threat.Row+1)
	case s.Wins:
		fmt.Fprintf(&sb, "; the cells %s so gets complete four of its (aftereven)", follower)
	default:
		fmt.Fprintf(&sb, "; %s can then never complete four", mover)
	}
	return sb.String() + "."
}

package threat

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

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

// maxSideName is the most characters of a side's name.
const maxSideName = 20

// ParseSides reads the names of the two sides, "first,second", each 1 to
// 20 printable characters, none a comma, as an API's caller gives them.
func ParseSides(s string) (Sides, error) {
	first, second, ok := strings.Cut(s, ",")
	names := Sides{strings.TrimSpace(first), strings.TrimSpace(second)}
	for _, n := range names {
		if !ok || n == "" || utf8.RuneCountInString(n) > maxSideName || strings.ContainsFunc(n, func(r rune) bool { return !unicode.IsPrint(r) || r == ',' }) {
			return Sides{}, fmt.Errorf("sides %q: want two names, first player's then second's, such as \"X,O\", each 1 to %d printable characters", s, maxSideName)
		}
	}
	return names, nil
}

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

// plan is a strategy of the follower's that explain found: a Strategy
// or a Combination.
type plan interface {
	// Reply is the follower's answer to the mover's move in column col, p
	// being the position after it.
	Reply(p position.Position, col int) (int, bool)
	won() bool
	sentence(follower, mover, first string) string
}

func (s Strategy) won() bool    { return s.Wins }
func (c Combination) won() bool { return c.Wins }

// explainBudget is the steps a combination may take when explaining: a
// sentence is asked for once, not at every node of a search.
const explainBudget = 1 << 12

// explain is Explain's finding: the plan of the side not to move at p
// (move -1), or the plan of the side to move after move. A Strategy comes
// before a Combination, whose rules are more to follow, and a winning
// plan before one that draws.
func explain(p position.Position) (s plan, move int, ok bool) {
	if p.IsOver() {
		return nil, 0, false
	}
	r := NewRules(p.Board())
	r.limit = explainBudget
	if s, ok := find(p, r); ok {
		return s, -1, true
	}
	move = -1
	for c := range p.Board().Width() {
		if !p.CanPlay(c) || p.IsWinningMove(c) {
			continue
		}
		q := p
		q.PlayColumn(c)
		if t, ok := find(q, r); ok && (move < 0 || t.won() && !s.won()) {
			s, move = t, c
		}
	}
	return s, move, move >= 0
}

// find is the follower's plan at p: a Strategy, else a winning
// Combination, else any.
func find(p position.Position, r *Rules) (plan, bool) {
	s, found := Find(p)
	if found && s.Wins {
		return s, true
	}
	if c, ok := r.Find(p, true); ok {
		return c, true
	}
	if found {
		return s, true
	}
	if c, ok := r.Find(p, false); ok {
		return c, true
	}
	return nil, false
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

// sentence is c in words for the follower, whose opponent is mover; first
// comes before its instructions.
func (c Combination) sentence(follower, mover, first string) string {
	var clauses, claimed []string
	systems := slices.SortedFunc(slices.Values(c.Systems), func(a, b System) int { return a.Cols[0] - b.Cols[0] })
	for _, s := range systems {
		if s.Kind == Claimeven {
			claimed = append(claimed, string(position.ColumnName(s.Cols[0])))
		}
	}
	if len(claimed) > 0 {
		clauses = append(clauses, fmt.Sprintf("answer every move of %s's in %s directly on top of it (claimeven)", mover, columns(claimed)))
	}
	for _, k := range []Kind{Baseinverse, Lowinverse, Highinverse} {
		n := 0
		for _, s := range systems {
			if s.Kind != k {
				continue
			}
			pair := columns([]string{string(position.ColumnName(s.Cols[0])), string(position.ColumnName(s.Cols[1]))})
			if n == 0 {
				clauses = append(clauses, fmt.Sprintf(kindWords[k], pair))
			} else {
				clauses[len(clauses)-1] += ", likewise in " + pair
			}
			n++
		}
	}
	end := fmt.Sprintf("%s can then never complete four", mover)
	if c.Wins {
		end = fmt.Sprintf("%s then completes four before %s can", follower, mover)
	}
	return fmt.Sprintf("%s %s: %s%s; %s.", follower, map[bool]string{true: "wins", false: "at least draws"}[c.Wins], first, strings.Join(clauses, "; "), end)
}

// kindWords says how each Kind of two columns is played, given the pair.
var kindWords = [...]string{
	Baseinverse: "in %s, answer a move on the lowest empty cell of one with one on the other's, every other move on top of it (baseinverse)",
	Lowinverse:  "in %s, answer every move on top of it, but the move that fills one of them with one in the other (lowinverse)",
	Highinverse: "in %s, answer the first move in one with one in the other, then every move on top of it, but the move that fills one of them with one in the other (highinverse)",
}

// columns names the columns of names: "column 3", "columns 1, 2 and 7".
func columns(names []string) string {
	if len(names) == 1 {
		return "column " + names[0]
	}
	return "columns " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

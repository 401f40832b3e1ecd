package cert

import (
	"context"
	"errors"
	"fmt"

	"c4/position"
	"c4/threat"
)

// Claim is what a strategy proves: from Root, a position of Board given by
// its moves, the player (the root's side to move if ToMove, else its
// opponent) reaches Goal. Positions with at most LeafCells empty cells are
// small leaves (see the package doc).
type Claim struct {
	Board     *position.Board
	Root      string
	ToMove    bool
	Goal      Goal
	LeafCells int
}

// root parses c's root and checks c's fields.
func (c Claim) root() (position.Position, error) {
	if c.Goal != Win && c.Goal != NotLose {
		return position.Position{}, fmt.Errorf("no goal %d", int(c.Goal))
	}
	if c.LeafCells < 0 || c.LeafCells > position.MaxBits {
		return position.Position{}, fmt.Errorf("leaves of %d empty cells", c.LeafCells)
	}
	p, err := position.Parse(c.Board, c.Root)
	if err != nil {
		return position.Position{}, err
	}
	if p.IsOver() {
		return position.Position{}, fmt.Errorf("the root %q: %w", c.Root, position.ErrGameOver)
	}
	return p, nil
}

// leaf is a small leaf: its position, whether the player is to move, its
// moves from the empty board and its index in the walk's order.
type leaf struct {
	pos      position.Position
	playerUp bool
	moves    string
	index    int
}

// walker walks a claim's positions (see the package doc).
type walker struct {
	ctx   context.Context
	claim Claim
	rules *threat.Rules
	seen  map[position.Bits]struct{}
	// move returns the player's move at p, a position that is not a leaf.
	move func(p position.Position) (int, error)
	// small is given each small leaf.
	small func(l leaf) error
	// known, if not nil, says that a position of the player's is proved
	// elsewhere, and not to be walked: for Build only.
	known func(p position.Position) bool
	path  []byte // the moves from the root to the position walked
	st    Stats
}

func newWalker(ctx context.Context, c Claim) *walker {
	return &walker{ctx: ctx, claim: c, rules: threat.NewRules(c.Board), seen: map[position.Bits]struct{}{}}
}

// walk walks from the root, whose side to move is the player if c.ToMove.
func (w *walker) walk(root position.Position) error {
	if w.claim.ToMove {
		return w.player(root)
	}
	return w.opponent(root)
}

// errAt is an error naming the position walked.
func (w *walker) errAt(format string, a ...any) error {
	return fmt.Errorf("position %q: %s", w.claim.Root+string(w.path), fmt.Sprintf(format, a...))
}

// visit says whether p is seen for the first time, and marks it seen.
func (w *walker) visit(p position.Position) bool {
	k := p.CanonicalKey()
	if _, ok := w.seen[k]; ok {
		return false
	}
	w.seen[k] = struct{}{}
	return true
}

// combination says whether the player, following at q, has a
// combination of Allis's rules (a winning one under Win), looked for in
// q's canonical orientation: the search for one has a budget, and may
// find in one orientation what it misses in the mirror image, but a
// position is walked once for both.
func (w *walker) combination(q position.Position) bool {
	if q.Key() != q.CanonicalKey() {
		q = q.Mirror()
	}
	return w.rules.Holds(q, q.OpponentWinningCells(), w.claim.Goal == Win)
}

// full settles a full board: a draw.
func (w *walker) full() error {
	w.st.Ends++
	if w.claim.Goal == Win {
		return w.errAt("the board is full: a draw, not a win")
	}
	return nil
}

// player walks p, where the player is to move and the game is not over.
func (w *walker) player(p position.Position) error {
	b := p.Board()
	switch {
	case p.Moves() == b.Cells():
		return w.full()
	case !w.visit(p):
		return nil
	case p.CanWinNext(), w.claim.Goal == NotLose && !p.OpponentCanStillWin():
		w.st.Ends++
		return nil
	case b.Cells()-p.Moves() <= w.claim.LeafCells:
		w.st.Small++
		return w.small(leaf{pos: p, playerUp: true, moves: w.claim.Root + string(w.path)})
	}
	if w.known != nil && w.known(p) {
		return nil
	}
	if w.st.Moves%(1<<12) == 0 && w.ctx.Err() != nil {
		return context.Cause(w.ctx)
	}
	col, err := w.move(p)
	if err != nil {
		return err
	}
	w.st.Moves++
	if col < 0 || col >= b.Width() || !p.CanPlay(col) {
		return w.errAt("the strategy plays column %d, which is not a legal move", col+1)
	}
	if p.IsWinningMove(col) {
		return nil
	}
	q := p
	q.PlayColumn(col)
	w.path = append(w.path, position.ColumnName(col))
	err = w.opponent(q)
	w.path = w.path[:len(w.path)-1]
	return err
}

// opponent walks q, where the opponent is to move and the game is not
// over.
func (w *walker) opponent(q position.Position) error {
	b := q.Board()
	switch {
	case q.Moves() == b.Cells():
		return w.full()
	case !w.visit(q):
		return nil
	case w.claim.Goal == NotLose && !q.CanStillWin():
		w.st.Ends++
		return nil
	case w.combination(q):
		w.st.Rules++
		return nil
	case b.Cells()-q.Moves() <= w.claim.LeafCells:
		w.st.Small++
		return w.small(leaf{pos: q, moves: w.claim.Root + string(w.path)})
	}
	w.st.Positions++
	for c := range b.Width() {
		if !q.CanPlay(c) {
			continue
		}
		if q.IsWinningMove(c) {
			return w.errAt("the opponent wins at once in column %d", c+1)
		}
		r := q
		r.PlayColumn(c)
		w.path = append(w.path, position.ColumnName(c))
		err := w.player(r)
		w.path = w.path[:len(w.path)-1]
		if err != nil {
			return err
		}
	}
	return nil
}

// errShort is the error of a strategy that ends before the walk.
var errShort = errors.New("the strategy ends before the walk does: a move is missing")

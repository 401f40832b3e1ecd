package game

import (
	"fmt"

	wposition "c4/internal/wide/position"
	"c4/position"
)

// Position is a position of any board: one of c4/position's if its board
// fits 64 bits, else one of c4/internal/wide/position's. The zero Position is not
// usable; start from New or Parse.
type Position struct {
	b Board
	n position.Position  // when !b.Wide()
	w wposition.Position // when b.Wide()
}

// New returns the empty position of board b.
func New(b Board) Position {
	if b.Wide() {
		return Position{b: b, w: wposition.New(b.WideBoard())}
	}
	return Position{b: b, n: position.New(b.Narrow())}
}

// Parse plays the move string s from the empty board b, as position.Parse
// does; the error is a *position.ParseError.
func Parse(b Board, s string) (Position, error) {
	var err error
	p := Position{b: b}
	if b.Wide() {
		p.w, err = wposition.Parse(b.WideBoard(), s)
	} else {
		p.n, err = position.Parse(b.Narrow(), s)
	}
	return p, err
}

// ParseLive is Parse for a position to score or play on: a finished game,
// which has no score, is an error too, wrapping position.ErrGameOver and
// naming the position.
func ParseLive(b Board, s string) (Position, error) {
	p, err := Parse(b, s)
	if err == nil && p.IsOver() {
		err = fmt.Errorf("position %q: %w", s, position.ErrGameOver)
	}
	return p, err
}

// FromNarrow is the Position of p.
func FromNarrow(p position.Position) Position { return Position{b: Of(p.Board()), n: p} }

// Narrow is p as c4/position has it, and false if its board is wide.
func (p Position) Narrow() (position.Position, bool) { return p.n, !p.b.Wide() }

// WidePosition is p as c4/internal/wide/position has it, and false if its board is
// not wide.
func (p Position) WidePosition() (wposition.Position, bool) { return p.w, p.b.Wide() }

// Board is p's board.
func (p Position) Board() Board { return p.b }

// Moves is the number of stones on the board.
func (p Position) Moves() int {
	if p.b.Wide() {
		return p.w.Moves()
	}
	return p.n.Moves()
}

// CanPlay says whether column c (0-based) has room.
func (p Position) CanPlay(c int) bool {
	if p.b.Wide() {
		return p.w.CanPlay(c)
	}
	return p.n.CanPlay(c)
}

// PlayColumn drops a stone in column c (0-based), which must have room.
func (p *Position) PlayColumn(c int) {
	if p.b.Wide() {
		p.w.PlayColumn(c)
	} else {
		p.n.PlayColumn(c)
	}
}

// IsWinningMove says whether the side to move completes four by playing
// column c, which must have room.
func (p Position) IsWinningMove(c int) bool {
	if p.b.Wide() {
		return p.w.IsWinningMove(c)
	}
	return p.n.IsWinningMove(c)
}

// CanWinNext says whether the side to move has a winning move now.
func (p Position) CanWinNext() bool {
	if p.b.Wide() {
		return p.w.CanWinNext()
	}
	return p.n.CanWinNext()
}

// HasFour says whether the side that just moved has four in a row.
func (p Position) HasFour() bool {
	if p.b.Wide() {
		return p.w.HasFour()
	}
	return p.n.HasFour()
}

// IsOver says whether the game has ended: four in a row or a full board.
func (p Position) IsOver() bool {
	if p.b.Wide() {
		return p.w.IsOver()
	}
	return p.n.IsOver()
}

// WinScore is the side to move's score if it wins with its next stone.
func (p Position) WinScore() int { return (p.b.Cells() + 1 - p.Moves()) / 2 }

// Draw renders the board as text (see position.Position.Draw).
func (p Position) Draw() string {
	if p.b.Wide() {
		return p.w.Draw()
	}
	return p.n.Draw()
}

// Key identifies a position of its board, up to mirror image: the
// position's CanonicalKey as 128 bits, whichever its width.
type Key = wposition.Bits

// Key identifies p among the positions of its board (see
// position.Position.Key), as 128 bits whichever its width.
func (p Position) Key() Key {
	if p.b.Wide() {
		return p.w.Key()
	}
	return Key{Lo: uint64(p.n.Key())}
}

// CanonicalKey is the same for p and its mirror image and for no other
// position of its board (see position.Position.CanonicalKey).
func (p Position) CanonicalKey() Key {
	if p.b.Wide() {
		return p.w.CanonicalKey()
	}
	return Key{Lo: uint64(p.n.CanonicalKey())}
}

// FromKey returns the position of board b whose key (Key or CanonicalKey)
// is k, as position.Board.FromKey does; an error if k is none of b's.
func FromKey(b Board, k Key) (Position, error) {
	var err error
	p := Position{b: b}
	if b.Wide() {
		p.w, err = b.WideBoard().FromKey(k)
	} else if k.Hi != 0 {
		err = fmt.Errorf("key %v: more bits than the %s board has", k, b)
	} else {
		p.n, err = b.Narrow().FromKey(position.Bits(k.Lo))
	}
	return p, err
}

// History returns moves that reach p from the empty board, as
// position.Position.History does.
func (p Position) History() (string, error) {
	if p.b.Wide() {
		return p.w.History()
	}
	return p.n.History()
}

// FromWide is the Position of p.
func FromWide(p wposition.Position) Position { return Position{b: OfWide(p.Board()), w: p} }

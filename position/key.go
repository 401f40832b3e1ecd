package position

import (
	"fmt"
)

// Key identifies a position uniquely among the positions of its board: it is
// cur+mask, which sets, in every column, the cell above the top stone and
// keeps the side to move's stones below it. A column's part never carries
// into the next one, so the key is a column-by-column code and its mirror is
// the key of the mirrored position.
func (p Position) Key() Bits { return p.cur + p.mask }

// MirrorKey is the key of the position mirrored left to right (column c
// played as column W+1-c).
func (p Position) MirrorKey() Bits { return p.b.mirror(p.Key()) }

// Mirror is the position mirrored left to right (column c played as
// column W+1-c), whose Key is p's MirrorKey.
func (p Position) Mirror() Position {
	p.cur, p.mask = p.b.mirror(p.cur), p.b.mirror(p.mask)
	return p
}

// CanonicalKey is the smaller of Key and MirrorKey: the same for a position
// and its mirror image, which have the same score.
func (p Position) CanonicalKey() Bits {
	k := p.Key()
	if m := p.b.mirror(k); m < k {
		return m
	}
	return k
}

// TableKey is the key a search stores p under: CanonicalKey while fewer
// than half the cells are filled, Key after. Late in a search a position
// and its mirror image seldom both occur, and computing the mirror key of
// every node there costs more time than the merged entries save. Keys of
// both kinds identify one position (up to mirror image) on the board.
func (p Position) TableKey() Bits {
	if 2*p.n < p.b.Cells() {
		return p.CanonicalKey()
	}
	return p.Key()
}

// mirror reverses the order of the column groups of a column-wise code.
func (b *Board) mirror(k Bits) Bits {
	colBits := b.col<<1 | 1 // a column with its spare row
	var m Bits
	lo, hi := uint(0), uint(b.w-1)*b.h1
	for lo < hi {
		m |= (k>>lo&colBits)<<hi | (k>>hi&colBits)<<lo
		lo += b.h1
		hi -= b.h1
	}
	if lo == hi {
		m |= k & (colBits << lo)
	}
	return m
}

// FromKey returns the position whose Key is k: the inverse of Key, for
// positions stored by key (an opening book). It fails if k is not the key of
// a position of b with as many stones for each side as alternate play gives.
func (b *Board) FromKey(k Bits) (Position, error) {
	p := Position{b: b}
	colBits := b.col<<1 | 1 // a column with its spare row
	for c := range b.w {
		shift := uint(c) * b.h1
		col := k >> shift & colBits
		if col == colBits {
			return Position{}, fmt.Errorf("key %#x: column %d is not a column's code", k, c+1)
		}
		v := col + 1 // a marker above the top stone, the side to move's stones below
		top := Bits(1) << (v.Len() - 1)
		p.mask |= (top - 1) << shift
		p.cur |= (v ^ top) << shift
	}
	if k>>(uint(b.w)*b.h1) != 0 {
		return Position{}, fmt.Errorf("key %#x: bits beyond the %s board", k, b)
	}
	p.n = p.mask.OnesCount()
	if m := p.cur.OnesCount(); m != p.n/2 {
		return Position{}, fmt.Errorf("key %#x: the side to move has %d of the %d stones, want %d", k, m, p.n, p.n/2)
	}
	return p, nil
}

// History returns a move string that reaches p from the empty board, for a
// position known only by its key: each step takes back the top stone of a
// column of the side that moved last, never passing through a position
// with four in a row. It fails if no game reaches p.
func (p Position) History() (string, error) {
	cols := make([]int, p.n)
	failed := map[Bits]bool{}
	var back func(q Position) bool
	back = func(q Position) bool {
		if q.n == 0 {
			return true
		}
		if failed[q.Key()] {
			return false
		}
		last := q.cur ^ q.mask
		top := (q.mask + q.b.bottom) >> 1 & q.mask // each column's top stone
		for c := range q.b.w {
			s := top & last & q.b.ColumnMask(c)
			if s == 0 {
				continue
			}
			prev := Position{b: q.b, cur: last ^ s, mask: q.mask ^ s, n: q.n - 1}
			if prev.b.hasFour(prev.cur) || prev.b.hasFour(prev.cur^prev.mask) {
				continue
			}
			cols[prev.n] = c
			if back(prev) {
				return true
			}
		}
		failed[q.Key()] = true
		return false
	}
	if !back(p) {
		return "", fmt.Errorf("key %#x: no game reaches this position", p.Key())
	}
	return Format(cols), nil
}

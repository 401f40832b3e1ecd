package position

// Key identifies a position uniquely among the positions of its board: it is
// cur+mask, which sets, in every column, the cell above the top stone and
// keeps the side to move's stones below it. A column's part never carries
// into the next one, so the key is a column-by-column code and its mirror is
// the key of the mirrored position.
func (p Position) Key() uint64 { return p.cur + p.mask }

// MirrorKey is the key of the position mirrored left to right (column c
// played as column W+1-c).
func (p Position) MirrorKey() uint64 { return p.b.mirror(p.Key()) }

// CanonicalKey is the smaller of Key and MirrorKey: the same for a position
// and its mirror image, which have the same score.
func (p Position) CanonicalKey() uint64 {
	k := p.Key()
	return min(k, p.b.mirror(k))
}

// mirror reverses the order of the column groups of a column-wise code.
func (b *Board) mirror(k uint64) uint64 {
	colBits := b.col<<1 | 1 // a column with its spare row
	var m uint64
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

package threat

import (
	"math/bits"
	"slices"

	"c4/position"
)

// Kind is a way the follower plays one column, or two together, answering
// each of the mover's moves there in the same columns. Call the rows of
// the parity of the board's height, counting from 0, "lower", the others
// "upper"; a column is odd when it has an odd number of empty cells.
type Kind int

const (
	// Claimeven plays an even column: a move is answered directly on top,
	// so the follower gets every upper cell.
	Claimeven Kind = iota
	// Baseinverse plays two odd columns: a move on one's playable cell is
	// answered on the other's, then every move on top. The mover gets one
	// of the two playable cells, and no upper cell above them.
	Baseinverse
	// Lowinverse plays two odd columns: every move is answered directly on
	// top, but the mover's move on the top cell of one, which has no cell
	// above it, is answered in the other, whose moves are then answered on
	// top. The mover gets no two cells one above the other, not a lower
	// cell in both columns, and not both top cells.
	Lowinverse
	// Highinverse plays two even columns: a move on one's playable cell is
	// answered on the other's, and the two, odd now, are then played as by
	// Lowinverse. The mover gets not a lower cell in both columns (the
	// playable cells included), not both top cells, and no two cells one
	// above the other but the playable cell and the one above it.
	Highinverse
)

// System is one rule applied: a kind on one column or two.
type System struct {
	Kind Kind
	Cols [2]int // the second is -1 for Claimeven
}

// Combination is a follower's strategy over the whole board: a system for
// every column that is not full, together refuting every four the mover
// could still complete.
type Combination struct {
	Systems []System
	// Wins says that the follower completes four, on a cell it gets, before
	// the mover could complete any.
	Wins bool
	from position.Position // where the combination was found
}

// Reply returns the follower's answer, a column, to the mover's move in
// column col, p being the position after that move, on the way from the
// position the combination was found at; false if the combination has
// none.
func (c Combination) Reply(p position.Position, col int) (int, bool) {
	for _, s := range c.Systems {
		i := slices.Index(s.Cols[:], col)
		if i < 0 {
			continue
		}
		if s.Kind == Claimeven {
			return col, p.CanPlay(col)
		}
		other := s.Cols[1-i]
		var fresh [2]bool // neither column played since c.from
		var full bool     // a column filled before this move
		for k, d := range s.Cols {
			n := stones(p, d)
			if d == col {
				n--
			}
			fresh[k] = n == stones(c.from, d)
			full = full || n == p.Board().Height()
		}
		topped := !p.CanPlay(col) && !full
		switch {
		case s.Kind == Baseinverse && fresh[0] && fresh[1],
			s.Kind == Highinverse && fresh[0] && fresh[1],
			(s.Kind == Lowinverse || s.Kind == Highinverse) && topped:
			return other, p.CanPlay(other)
		}
		return col, p.CanPlay(col)
	}
	return 0, false
}

// Rules finds combinations on one board. Its scratch space makes it for
// one goroutine at a time.
type Rules struct {
	b     *position.Board
	fours []four
	cols  []position.Bits // each column's cells
	upper position.Bits   // the cells of upper rows
	full  position.Bits   // every cell
	tops  position.Bits   // the top cell of every column
	h1    int             // bits a column
	limit int             // the steps a search may take

	// the position being searched
	fol, play       position.Bits // the follower's stones; the playable cells
	upperE, lowerE  position.Bits // the empty upper cells; the empty lower ones, playable cells apart
	odd             []bool
	live            []int       // indexes into fours of the mover's fours still open
	all             uint64      // a bit for each of them
	ce, bi, inv     []uint64    // each column's refutations by itself
	pairBI, pairInv [][4]uint64 // [c][d-c]: no four spans more than 4 columns
	sureCE, sureBI  []bool      // a threat of the follower's it gets for sure
	cellCE, cellBI  []position.Bits
	opts            []option
	budget          int
	wantWin, record bool
	forcedFirst     bool // see NewSearchRules
	roles           []System
}

// four is a line of four cells and its first column.
type four struct {
	cells    position.Bits
	col      int
	vertical bool
}

// combineBudget is the most steps Holds takes before giving up: the
// search over ways of pairing columns grows fast with the width, and a
// bound that costs more than the nodes it saves does not pay.
const combineBudget = 64

// NewRules prepares the rules for board b.
func NewRules(b *position.Board) *Rules {
	r := &Rules{b: b, limit: combineBudget, h1: b.Height() + 1}
	w, h := b.Width(), b.Height()
	for c := range w {
		r.cols = append(r.cols, b.ColumnMask(c))
		r.full |= b.ColumnMask(c)
		r.tops |= cell(b, c, h-1)
		for row := range h {
			if row%2 != h%2 {
				r.upper |= cell(b, c, row)
			}
		}
	}
	for c := range w {
		for row := range h {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				if ec, er := c+3*d[0], row+3*d[1]; ec >= w || er < 0 || er >= h {
					continue
				}
				f := four{col: c, vertical: d[0] == 0}
				for k := range 4 {
					f.cells |= cell(b, c+k*d[0], row+k*d[1])
				}
				r.fours = append(r.fours, f)
			}
		}
	}
	r.ce, r.bi, r.inv = make([]uint64, w), make([]uint64, w), make([]uint64, w)
	r.sureCE, r.sureBI = make([]bool, w), make([]bool, w)
	r.cellCE, r.cellBI = make([]position.Bits, w), make([]position.Bits, w)
	r.odd = make([]bool, w)
	r.pairBI, r.pairInv = make([][4]uint64, w), make([][4]uint64, w)
	return r
}

// NewSearchRules is NewRules for a search: where one system alone is left
// to refute a four, it takes that system first. On 9x4 that costs DFPN 16%
// fewer nodes and 18% less time; but within the budget it finds another
// combination than NewRules's, or none where NewRules's finds one, at some
// positions. A proof's checker (package cert) and the explanations keep
// NewRules's order: the proofs' walk and the texts depend on it.
func NewSearchRules(b *position.Board) *Rules {
	r := NewRules(b)
	r.forcedFirst = true
	return r
}

// Holds says whether the follower (the side not to move at p) has a
// combination at p, a winning one if wantWin; threats are the follower's
// winning cells (p.OpponentWinningCells), which a search has already. It
// gives up (false) past a small budget of steps.
func (r *Rules) Holds(p position.Position, threats position.Bits, wantWin bool) bool {
	_, ok := r.find(p, threats, wantWin, false)
	return ok
}

// Find is Holds returning the combination.
func (r *Rules) Find(p position.Position, wantWin bool) (Combination, bool) {
	return r.find(p, p.OpponentWinningCells(), wantWin, true)
}

func (r *Rules) find(p position.Position, threats position.Bits, wantWin, record bool) (Combination, bool) {
	b := r.b
	mask := p.Mask()
	if (b.Cells()-p.Moves())%2 != 0 || p.IsOver() || !r.promising(p, threats, wantWin) {
		return Combination{}, false
	}
	if !r.prepare(p, threats) || !r.refutable() {
		return Combination{}, false
	}
	r.budget, r.wantWin, r.record, r.roles = r.limit, wantWin, record, r.roles[:0]
	var free uint64
	for c := range b.Width() {
		if mask&r.cols[c] != r.cols[c] {
			free |= 1 << c
		}
	}
	r.options(free)
	won, ok := r.search(free, 0, false, 0)
	if !ok {
		return Combination{}, false
	}
	out := Combination{Wins: won, from: p}
	if record {
		out.Systems = append([]System(nil), r.roles...)
	}
	return out, true
}

// promising is a quick look for what rules out every combination at p: a
// winning cell of the mover's on a lower cell or the playable cell of an
// odd column, which no system refutes (unless the follower has a threat
// that may come first); and with wantWin, no four of the
// follower's among its stones and the upper cells, which are all it can
// get for sure.
func (r *Rules) promising(p position.Position, threats position.Bits, wantWin bool) bool {
	empty := r.full ^ p.Mask()
	late := threats&empty&r.upper != 0 // the mover's threat may come too late
	if !late && p.WinningCells()&(empty&^r.upper|p.Possible()&r.upper) != 0 {
		return false
	}
	return !wantWin || r.b.HasFour(p.Current()^p.Mask()|empty&r.upper)
}

// prepare computes what each system would refute at p; false if there
// are too many fours left to track.
func (r *Rules) prepare(p position.Position, threats position.Bits) bool {
	b := r.b
	w := b.Width()
	mask := p.Mask()
	empty := r.full ^ mask
	r.fol = p.Current() ^ mask
	threats &= empty & r.upper
	r.play = p.Possible()
	r.upperE, r.lowerE = empty&r.upper, empty&^r.upper&^r.play
	r.live = r.live[:0]
	for i, f := range r.fours {
		if f.cells&r.fol == 0 && f.cells&empty != 0 {
			if len(r.live) == 64 {
				return false
			}
			r.live = append(r.live, i)
		}
	}
	for c := range w {
		r.ce[c], r.bi[c], r.inv[c] = 0, 0, 0
		r.pairBI[c], r.pairInv[c] = [4]uint64{}, [4]uint64{}
		col := r.cols[c] & empty
		r.odd[c] = col.OnesCount()%2 == 1
		r.cellCE[c] = col & r.upper
		r.cellBI[c] = col & r.upper &^ r.play
		r.sureCE[c], r.sureBI[c] = false, false
		if t := threats & r.cellCE[c]; t != 0 {
			r.sureCE[c] = true
			r.ce[c] |= r.refuting(col &^ (t&-t | (t&-t - 1))) // what comes after the follower's four
		}
		if t := threats & r.cellBI[c]; t != 0 {
			r.sureBI[c] = true
			r.bi[c] |= r.refuting(col &^ (t&-t | (t&-t - 1)))
		}
	}
	r.all = 0
	for j, i := range r.live {
		bit := uint64(1) << j
		r.all |= bit
		f := &r.fours[i]
		if f.vertical {
			r.classifyVertical(f, empty, bit)
		} else {
			r.classify(f.cells&empty, bit)
		}
	}
	return true
}

// refuting is the set of live fours with a cell in x.
func (r *Rules) refuting(x position.Bits) (s uint64) {
	for j, i := range r.live {
		if r.fours[i].cells&x != 0 {
			s |= 1 << j
		}
	}
	return s
}

// classifyVertical records which systems of its column refute the
// vertical four f, whose bit is bit.
func (r *Rules) classifyVertical(f *four, empty position.Bits, bit uint64) {
	c := f.col
	e := f.cells & empty
	if e&r.cellCE[c] != 0 {
		r.ce[c] |= bit
	}
	if e&r.cellBI[c] != 0 {
		r.bi[c] |= bit
	}
	if e.OnesCount() >= 2 {
		playable := r.play & r.cols[c]
		if r.odd[c] || e != playable|playable<<1 {
			r.inv[c] |= bit
		}
	}
}

// classify records which systems refute a four of one cell a column,
// whose bit is bit and whose empty cells are e.
func (r *Rules) classify(e position.Bits, bit uint64) {
	for x := e & r.upperE; x != 0; x &= x - 1 {
		r.ce[r.colOf(x)] |= bit
	}
	for x := e & r.upperE &^ r.play; x != 0; x &= x - 1 {
		r.bi[r.colOf(x)] |= bit
	}
	r.pairs(r.pairBI, e&r.play, bit)
	r.pairs(r.pairInv, e&r.lowerE, bit)
	r.pairs(r.pairInv, e&r.tops, bit)
	r.pairs(r.pairInv, e&r.play&^r.upper, bit) // even columns' playable cells
}

// pairs records bit in t for each pair of the cells x.
func (r *Rules) pairs(t [][4]uint64, x position.Bits, bit uint64) {
	for ; x&(x-1) != 0; x &= x - 1 {
		a := r.colOf(x)
		for y := x & (x - 1); y != 0; y &= y - 1 {
			t[a][r.colOf(y)-a] |= bit
		}
	}
}

// colOf is the column of the lowest cell of x.
func (r *Rules) colOf(x position.Bits) int { return x.TrailingZeros() / r.h1 }

// option is a system that could be chosen, with the columns it takes,
// the fours it refutes, and the cells it gives the follower for sure
// (won: one of them completes a four of the follower's).
type option struct {
	sys  System
	cols uint64
	set  uint64
	sure position.Bits
	won  bool
}

// options lists every system that could be chosen at the position
// prepared, free being the columns that are not full.
func (r *Rules) options(free uint64) {
	r.opts = r.opts[:0]
	w := r.b.Width()
	for c := range w {
		if free>>c&1 == 0 {
			continue
		}
		if !r.odd[c] {
			r.opts = append(r.opts, option{System{Claimeven, [2]int{c, -1}}, 1 << c, r.ce[c], r.cellCE[c], r.sureCE[c]})
		}
		for d := c + 1; d < w; d++ {
			if free>>d&1 == 0 || r.odd[d] != r.odd[c] {
				continue
			}
			both := uint64(1)<<c | 1<<d
			inv := r.inv[c] | r.inv[d] | r.pair(r.pairInv, c, d)
			if r.odd[c] {
				r.opts = append(r.opts, option{System{Baseinverse, [2]int{c, d}}, both, r.bi[c] | r.bi[d] | r.pair(r.pairBI, c, d), r.cellBI[c] | r.cellBI[d], r.sureBI[c] || r.sureBI[d]},
					option{System{Lowinverse, [2]int{c, d}}, both, inv, 0, false})
			} else {
				r.opts = append(r.opts, option{System{Highinverse, [2]int{c, d}}, both, inv, 0, false})
			}
		}
	}
}

// search chooses systems for the columns of free until every four is
// refuted, given the fours refuted so far, whether the follower wins by
// them and the cells it gets for sure: each step takes the first four
// standing and tries each system that refutes it. It returns whether the
// follower wins, and false if no choice refutes every four (with wantWin,
// none that wins). With forcedFirst, a four that only one system left
// refutes goes first, its system being forced.
func (r *Rules) search(free uint64, refuted uint64, won bool, sure position.Bits) (bool, bool) {
	standing := r.all &^ refuted
	if standing == 0 {
		return r.complete(free, won, sure)
	}
	if r.budget--; r.budget < 0 {
		return false, false
	}
	var cover, twice uint64 // the fours some system left refutes; two or more
	for i := range r.opts {
		if o := &r.opts[i]; o.cols&^free == 0 {
			twice |= cover & o.set
			cover |= o.set
		}
	}
	if standing&^cover != 0 {
		return false, false // a four no system left refutes
	}
	g := standing & -standing
	if once := standing &^ twice; once != 0 && r.forcedFirst {
		g = once & -once // a four one system alone refutes: that system is forced
	}
	for i := range r.opts {
		o := r.opts[i]
		if o.cols&^free != 0 || o.set&g == 0 {
			continue
		}
		r.roles = append(r.roles, o.sys)
		if w, ok := r.search(free&^o.cols, refuted|o.set, won || o.won, sure|o.sure); ok {
			return w, true
		}
		r.roles = r.roles[:len(r.roles)-1]
	}
	return false, false
}

// complete gives the columns of free, every four being refuted, the
// systems that give the follower the most for sure: Claimeven to each
// even column, Baseinverse to the odd ones two by two. Its results are
// search's.
func (r *Rules) complete(free uint64, won bool, sure position.Bits) (bool, bool) {
	odd, n := -1, len(r.roles)
	for f := free; f != 0; f &= f - 1 {
		c := bits.TrailingZeros64(f)
		switch {
		case !r.odd[c]:
			r.roles = append(r.roles, System{Claimeven, [2]int{c, -1}})
			won, sure = won || r.sureCE[c], sure|r.cellCE[c]
		case odd < 0:
			odd = c
		default:
			r.roles = append(r.roles, System{Baseinverse, [2]int{odd, c}})
			won, sure = won || r.sureBI[odd] || r.sureBI[c], sure|r.cellBI[odd]|r.cellBI[c]
			odd = -1
		}
	}
	if r.wantWin && !won && !r.b.HasFour(r.fol|sure) {
		r.roles = r.roles[:n]
		return false, false
	}
	return won || r.record && r.b.HasFour(r.fol|sure), true
}

// pair is the entry of a pair table for columns c < d.
func (r *Rules) pair(t [][4]uint64, c, d int) uint64 {
	if d-c > 3 {
		return 0
	}
	return t[c][d-c]
}

// refutable says whether every live four is refuted by some system that
// could be chosen, which a combination needs.
func (r *Rules) refutable() bool {
	w := r.b.Width()
	var s uint64
	for c := range w {
		s |= r.inv[c]
		if r.odd[c] {
			s |= r.bi[c]
		} else {
			s |= r.ce[c]
		}
		for k := 1; k < 4 && c+k < w; k++ {
			if r.odd[c] == r.odd[c+k] {
				s |= r.pairInv[c][k]
				if r.odd[c] {
					s |= r.pairBI[c][k]
				}
			}
		}
	}
	return s == r.all
}

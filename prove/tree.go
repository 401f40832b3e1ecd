package prove

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/cockroachdb/pebble/v2"

	"c4/game"
	"c4/pns"
	"c4/position"
)

// inf is an infinite proof number: the node is settled. It is DFPN's, so
// that the numbers of a job and of the tree compare.
const inf = pns.Infinite

// How a node was settled, or not.
const (
	open     = 0   // not settled, or settled through its children
	byGlance = 'r' // settled without search (see glance)
	byDFPN   = 'd' // settled by a DFPN job
	mirrored = 'm' // the mirror image of a sibling: out of the tree (see twins)
)

// node is a node of a question's tree. Its proof numbers are from the side
// to move's view, as package pns keeps them: phi is the cost of proving
// that the side to move reaches its goal (the attacker's win, or the
// defender's escape), delta the cost of disproving it; phi 0 means it
// reaches it, delta 0 that it cannot. A node's children are consecutive
// ids, one for each move that does not let the opponent win at once.
type node struct {
	id, parent, first uint64
	nkids             uint8
	col               uint8 // the move from the parent, 0-based
	att               bool  // the side to move is the attacker
	how               byte  // open, byGlance, byDFPN or mirrored
	phi, delta        uint32
	work              uint64 // DFPN nodes spent on it while a leaf
}

const nodeBytes = 8 + 8 + 1 + 1 + 1 + 1 + 4 + 4 + 8

func (n *node) settled() bool { return n.phi == 0 || n.delta == 0 }

func (n *node) encode() []byte {
	b := make([]byte, 0, nodeBytes)
	b = binary.BigEndian.AppendUint64(b, n.parent)
	b = binary.BigEndian.AppendUint64(b, n.first)
	att := byte(0)
	if n.att {
		att = 1
	}
	b = append(b, n.nkids, n.col, att, n.how)
	b = binary.BigEndian.AppendUint32(b, n.phi)
	b = binary.BigEndian.AppendUint32(b, n.delta)
	return binary.BigEndian.AppendUint64(b, n.work)
}

func decodeNode(id uint64, b []byte) (node, error) {
	if len(b) != nodeBytes {
		return node{}, fmt.Errorf("node %d: %d bytes, want %d", id, len(b), nodeBytes)
	}
	return node{
		id:     id,
		parent: binary.BigEndian.Uint64(b),
		first:  binary.BigEndian.Uint64(b[8:]),
		nkids:  b[16], col: b[17], att: b[18] == 1, how: b[19],
		phi:   binary.BigEndian.Uint32(b[20:]),
		delta: binary.BigEndian.Uint32(b[24:]),
		work:  binary.BigEndian.Uint64(b[28:]),
	}, nil
}

// nodeKey is a node's key in the database: 'n', the question, the id.
func nodeKey(q int, id uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{'n', byte(q)}, id)
}

// tree is a question's tree in the database, with a bounded cache of its
// nodes in memory.
type tree struct {
	db    *pebble.DB
	q     int
	cache map[uint64]node
}

func (t *tree) get(id uint64) (node, error) {
	if n, ok := t.cache[id]; ok {
		return n, nil
	}
	v, closer, err := t.db.Get(nodeKey(t.q, id))
	if err != nil {
		if errors.Is(err, pebble.ErrNotFound) {
			err = fmt.Errorf("the tree has no node %d", id)
		}
		return node{}, err
	}
	defer closer.Close()
	n, err := decodeNode(id, v)
	if err == nil {
		t.remember(n)
	}
	return n, err
}

// put writes n to the batch b and to the cache: the batch must be
// committed before any other read of the database (the manager holds its
// lock from one to the other).
func (t *tree) put(b *pebble.Batch, n node) error {
	t.remember(n)
	return b.Set(nodeKey(t.q, n.id), n.encode(), nil)
}

func (t *tree) remember(n node) {
	if len(t.cache) >= cacheNodes {
		clear(t.cache)
	}
	t.cache[n.id] = n
}

// kidsKey is the key of the numbers a job found for the children of leaf
// id: 'k', the question, the id.
func kidsKey(q int, id uint64) []byte {
	return binary.BigEndian.AppendUint64([]byte{'k', byte(q)}, id)
}

// putKids writes to b the numbers of leaf n's children that a job found,
// from their side to move's view, 9 bytes a child: column, phi, delta.
func (t *tree) putKids(b *pebble.Batch, n node, kids []pns.Child) error {
	if len(kids) == 0 {
		return nil
	}
	v := make([]byte, 0, 9*len(kids))
	for _, k := range kids {
		// The child's side to move is the attacker if n's is not.
		phi, delta := k.Proof, k.Disproof
		if n.att {
			phi, delta = delta, phi
		}
		v = append(v, byte(k.Col))
		v = binary.BigEndian.AppendUint32(v, min(phi, inf))
		v = binary.BigEndian.AppendUint32(v, min(delta, inf))
	}
	return b.Set(kidsKey(t.q, n.id), v, nil)
}

// kidNumbers returns the numbers putKids stored for leaf id's children,
// by column: none if no job stored any.
func (t *tree) kidNumbers(id uint64) (map[int][2]uint32, error) {
	v, closer, err := t.db.Get(kidsKey(t.q, id))
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	known := map[int][2]uint32{}
	for ; len(v) >= 9; v = v[9:] {
		known[int(v[0])] = [2]uint32{binary.BigEndian.Uint32(v[1:]), binary.BigEndian.Uint32(v[5:])}
	}
	return known, nil
}

// kids returns the children of n, but those that are the mirror image of
// another: a sibling's numbers count for both, and a proof's check goes
// into a position and its mirror image once.
func (t *tree) kids(n node) ([]node, error) {
	kids := make([]node, 0, n.nkids)
	for i := range uint64(n.nkids) {
		k, err := t.get(n.first + i)
		if err != nil {
			return nil, err
		}
		if k.how != mirrored {
			kids = append(kids, k)
		}
	}
	return kids, nil
}

// openLeaves counts the leaves not settled in the subtree of n, mirror
// images left out.
func (t *tree) openLeaves(n node) (uint64, error) {
	if n.nkids == 0 {
		if n.settled() {
			return 0, nil
		}
		return 1, nil
	}
	kids, err := t.kids(n)
	var open uint64
	for _, k := range kids {
		if err != nil {
			break
		}
		var o uint64
		o, err = t.openLeaves(k)
		open += o
	}
	return open, err
}

// twins returns, for each move of cols at p that is the mirror image of
// another (p is then symmetric), the index in cols of the two moves, the
// left one first.
func twins(p game.Position, cols []int) [][2]int {
	w := p.Board().Width()
	at := map[int]int{}
	for i, c := range cols {
		at[c] = i
	}
	var out [][2]int
	for i, c := range cols {
		j, ok := at[w-1-c]
		if !ok || c >= w-1-c {
			continue
		}
		q, r := p, p
		q.PlayColumn(c)
		r.PlayColumn(w - 1 - c)
		if q.CanonicalKey() == r.CanonicalKey() {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// value computes n's numbers from its children's: the least delta and the
// sum of phis, the sum stopping at inf.
func value(kids []node) (phi, delta uint32) {
	phi, delta = inf, 0
	for _, k := range kids {
		phi = min(phi, k.delta)
		delta = pns.AddPN(delta, k.phi)
	}
	return phi, delta
}

// moves is the move string of node id from the question's root, whose
// string is root.
func (t *tree) moves(root string, id uint64) (string, error) {
	var cols []byte
	for id != rootID {
		n, err := t.get(id)
		if err != nil {
			return "", err
		}
		cols = append(cols, position.ColumnName(int(n.col)))
		id = n.parent
	}
	for i, j := 0, len(cols)-1; i < j; i, j = i+1, j-1 {
		cols[i], cols[j] = cols[j], cols[i]
	}
	return root + string(cols), nil
}

// rootID is the id of a question's root.
const rootID = 1

// nonLosing returns the columns (0-based) of p's side to move after which
// the opponent cannot win at once, the moves a node has as children,
// centre first: the order in which a walk takes children of equal numbers,
// as DFPN and negamax order moves (position.CentreOrder).
func nonLosing(p game.Position) []int {
	var cols []int
	for _, c := range position.CentreOrder(p.Board().Width()) {
		if !p.CanPlay(c) {
			continue
		}
		q := p
		q.PlayColumn(c)
		if !q.CanWinNext() {
			cols = append(cols, c)
		}
	}
	return cols
}

// glance gives a new node at p, where att says whether the side to move is
// the attacker, its numbers from what the position shows without search:
// the side to move wins at once (its goal reached); the board is full
// (drawn: the defender's goal reached, the attacker's missed); it has no
// move that does not let the opponent win at once (its goal missed).
// Otherwise the node is open, with phi 1 and delta its number of moves.
func glance(p game.Position, att bool) (phi, delta uint32, how byte) {
	switch {
	case p.CanWinNext():
		return 0, inf, byGlance
	case p.Moves() == p.Board().Cells():
		if att {
			return inf, 0, byGlance
		}
		return 0, inf, byGlance
	}
	n := len(nonLosing(p))
	if n == 0 {
		return inf, 0, byGlance
	}
	return 1, uint32(n), open
}

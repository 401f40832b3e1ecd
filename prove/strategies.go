package prove

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/cockroachdb/pebble/v2"

	"c4/cert"
	"c4/game"
)

// The moves of the strategies that jobs build below the leaves they
// settle, kept in the database until a proof is written (see
// Manager.Proof). An entry is a player's move at a position where it is
// to move, towards a goal:
//
//	entry = goal key col       goal: one byte, a cert.Goal
//	                           key: the position's CanonicalKey, 16 bytes, Hi then Lo, big-endian
//	                           col: one byte, the move's column in the position so keyed
//
// stored under 'm' goal key, with col as its value. A worker sends the
// entries of a job in Done.Strategy, one after another.
const entryBytes = 1 + 16 + 1

// appendEntry appends to b the entry of the move col at p towards goal.
func appendEntry(b []byte, goal cert.Goal, p game.Position, col int) []byte {
	k := p.CanonicalKey()
	if k != p.Key() {
		col = p.Board().Width() - 1 - col
	}
	b = append(b, byte(goal))
	b = binary.BigEndian.AppendUint64(b, k.Hi)
	b = binary.BigEndian.AppendUint64(b, k.Lo)
	return append(b, byte(col))
}

// entryKey is the database key of entry e.
func entryKey(e []byte) []byte { return append([]byte{'m'}, e[:entryBytes-1]...) }

// moveKey is the database key of the move of p's side to move towards
// goal.
func moveKey(goal cert.Goal, p game.Position) []byte {
	return entryKey(appendEntry(nil, goal, p, 0))
}

// checkEntries says whether b is a list of entries of board's positions.
func checkEntries(b []byte, board game.Board) error {
	if len(b)%entryBytes != 0 {
		return fmt.Errorf("strategy entries of %d bytes, not a multiple of %d", len(b), entryBytes)
	}
	for ; len(b) > 0; b = b[entryBytes:] {
		g, col := cert.Goal(b[0]), int(b[entryBytes-1])
		hi := binary.BigEndian.Uint64(b[1:])
		switch {
		case g != cert.Win && g != cert.NotLose:
			return fmt.Errorf("a strategy entry of goal %d", g)
		case col >= board.Width():
			return fmt.Errorf("a strategy entry of column %d", col+1)
		case !board.Wide() && hi != 0:
			return errors.New("a strategy entry of a key past the board")
		}
	}
	return nil
}

// putEntries writes the entries of b to the batch.
func putEntries(batch *pebble.Batch, b []byte) error {
	for ; len(b) > 0; b = b[entryBytes:] {
		if err := batch.Set(entryKey(b), b[entryBytes-1:entryBytes], nil); err != nil {
			return err
		}
	}
	return nil
}

// storedMove returns the move of p's side to move towards goal that the
// database holds, and false if it holds none.
func storedMove(db *pebble.DB, goal cert.Goal, p game.Position) (int, bool, error) {
	v, closer, err := db.Get(moveKey(goal, p))
	if errors.Is(err, pebble.ErrNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	defer closer.Close()
	col := int(v[0])
	if p.CanonicalKey() != p.Key() {
		col = p.Board().Width() - 1 - col
	}
	return col, true, nil
}

// seen remembers, each by a hash in a fixed table, the positions whose
// moves this process's workers have brought to the manager, so that the
// walks of later jobs stop there. It forgets (a slot taken by another
// position: a walk made again) and may mistake (two positions of one
// hash: a move missing from the database, which Manager.Proof then finds
// by DFPN), never at the cost of a proof's soundness.
type seen struct{ slots []atomic.Uint64 }

// newSeen returns a seen of at most bytes bytes.
func newSeen(bytes int64) *seen {
	n := max(bytes/8, 1<<10)
	return &seen{slots: make([]atomic.Uint64, 1<<(bits.Len64(uint64(n))-1))}
}

// hash is the hash of an entry (its goal and key), never 0.
func (s *seen) hash(e []byte) uint64 {
	h := binary.BigEndian.Uint64(e[1:])*0x9E3779B97F4A7C15 ^ binary.BigEndian.Uint64(e[9:]) ^ uint64(e[0])<<56
	h ^= h >> 31
	h *= 0xBF58476D1CE4E5B9
	return h ^ h>>29 | 1
}

func (s *seen) slot(h uint64) *atomic.Uint64 { return &s.slots[h&uint64(len(s.slots)-1)] }

// has says whether the move of p's side to move towards goal is stored.
func (s *seen) has(goal cert.Goal, p game.Position) bool {
	var e [entryBytes]byte
	h := s.hash(appendEntry(e[:0], goal, p, 0))
	return s.slot(h).Load() == h
}

// add remembers the entries of b as stored.
func (s *seen) add(b []byte) {
	for ; len(b) >= entryBytes; b = b[entryBytes:] {
		h := s.hash(b)
		s.slot(h).Store(h)
	}
}

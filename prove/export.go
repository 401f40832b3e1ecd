package prove

import (
	"context"
	"errors"
	"fmt"

	"c4/cert"
	"c4/engines"
	"c4/game"
	"c4/internal/pebblelog"
	"c4/pns"
)

// ProofOptions configure Manager.Proof.
type ProofOptions struct {
	// DFPN is the solver's options for the moves the database lacks: those
	// below the leaves settled before a search was restored from a
	// checkpoint, which holds no moves, are found again by DFPN.
	DFPN pns.Options
	// Progress, if not nil, is called now and then with the moves written
	// so far and how many of them DFPN had to find.
	Progress func(moves, searched int)
}

// ProofStats count where a proof's moves came from.
type ProofStats struct {
	Tree, Stored, Searched int // from the tree, the jobs' strategies, DFPN
}

// Proof writes the settled search's proof: the strategies its result
// needs, each the moves of the tree's nodes where the player is to move
// and, below the leaves the jobs settled, those of the strategies the
// workers built, in the walk's order (see package cert). It is a walk of
// the strategies, which reads a move of each position from the database.
func (m *Manager) Proof(ctx context.Context, opts ProofOptions) (_ Proof, _ ProofStats, err error) {
	defer pebblelog.Recover(&err)
	m.mu.Lock()
	st := m.st
	m.mu.Unlock()
	var ps ProofStats
	if st.Result == Unknown {
		return Proof{}, ps, errors.New("the search has not settled its root yet: nothing is proved")
	}
	p := Proof{Board: m.board, Root: m.set.Root, Result: st.Result, LeafCells: m.set.LeafCells}
	d := engines.NewProver(opts.DFPN)
	for _, s := range needs(st.Result) {
		q := 1
		if st.Result == Loss || st.Result == Draw && s.ToMove {
			q = 0
		}
		c := p.claim(s)
		tree, err := m.treeMoves(q, c)
		if err != nil {
			return Proof{}, ps, err
		}
		moves := 0
		s.Moves, _, err = c.build(ctx, chooser{choose: func(ctx context.Context, pos game.Position) (int, error) {
			moves++
			if opts.Progress != nil && moves%(1<<14) == 0 {
				opts.Progress(moves, ps.Searched)
			}
			if col, ok := tree[pos.CanonicalKey()]; ok {
				ps.Tree++
				return unmirror(pos, int(col)), nil
			}
			if col, ok, err := storedMove(m.db, c.goal, pos); ok || err != nil {
				ps.Stored++
				return col, err
			}
			ps.Searched++
			return d.Move(ctx, pos, c.goal == cert.Win)
		}})
		if err != nil {
			return Proof{}, ps, fmt.Errorf("%s: %w", s, err)
		}
		p.Strategies = append(p.Strategies, s)
	}
	return p, ps, nil
}

// unmirror is the column of p of col, a column of p's canonical
// orientation.
func unmirror(p game.Position, col int) int {
	if p.CanonicalKey() != p.Key() {
		return p.Board().Width() - 1 - col
	}
	return col
}

// treeMoves returns the moves of c's player in question q's tree, where it
// is to move on the way to the tree's settled leaves, by the position's
// canonical key (see appendEntry for the column).
func (m *Manager) treeMoves(q int, c claim) (map[game.Key]byte, error) {
	t := &tree{db: m.db, q: q, cache: map[uint64]node{}}
	moves := map[game.Key]byte{}
	var walk func(n node, p game.Position) error
	walk = func(n node, p game.Position) error {
		if n.nkids == 0 {
			return nil
		}
		kids, err := t.kids(n)
		if err != nil {
			return err
		}
		player := n.att == (c.goal == cert.Win)
		for _, k := range kids {
			if player && k.delta != 0 {
				continue
			}
			q := p
			q.PlayColumn(int(k.col))
			if player {
				moves[p.CanonicalKey()] = byte(unmirror(p, int(k.col)))
				return walk(k, q)
			}
			if err := walk(k, q); err != nil {
				return err
			}
		}
		if player {
			return fmt.Errorf("node %d of question %d: the player's, settled for it, with no child settled for it", n.id, q)
		}
		return nil
	}
	root, err := t.get(rootID)
	if err != nil {
		return nil, err
	}
	return moves, walk(root, m.root)
}

//widen:shared

// Package search is what the two engines, negamax and pns, share beyond the
// board: the question a search answers (Mode), the shape of its answer
// (Result, with its Stats) and the interface a caller runs either engine
// through (Engine). With one shape, bench, the book's checks and the
// command treat both engines alike, with no adapter between them.
package search

import (
	"time"
)

// Mode says how much of a score a search finds.
type Mode int

const (
	// Strong finds the exact score.
	Strong Mode = iota
	// Weak finds only its sign (see WeakScore).
	Weak
)

func (m Mode) String() string {
	if m == Weak {
		return "weak"
	}
	return "strong"
}

// Of is what m finds of a score: the score itself, or its sign.
func (m Mode) Of(score int) int {
	if m == Weak {
		return WeakScore(score)
	}
	return score
}

// WeakScore is the weak result of a score: 1 win, 0 draw, -1 loss.
func WeakScore(score int) int {
	switch {
	case score > 0:
		return 1
	case score < 0:
		return -1
	}
	return 0
}

// Stats describes the work of a search.
type Stats struct {
	Nodes     uint64        // the engine's unit of work: negamax calls, or DFPN's MID calls and endgame nodes
	TableHits uint64        // table probes that found the position (negamax only)
	Elapsed   time.Duration // wall time
}

// Result is a score, as Mode finds it, with the work it took.
type Result struct {
	Score int
	Stats Stats
}

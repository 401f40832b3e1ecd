package machine

import (
	"slices"
	"time"
)

// Quickest times runs taking turns, rounds times over, and returns the
// index of the quickest and each one's best round: a program chooses
// among alternative code paths so, because a processor's feature bits do
// not say which is quickest on it, and keeping each one's best round keeps
// a round slowed by another process from deciding.
func Quickest(rounds int, runs ...func()) (int, []time.Duration) {
	best := make([]time.Duration, len(runs))
	for r := range rounds {
		for i, run := range runs {
			start := time.Now()
			run()
			if d := time.Since(start); r == 0 || d < best[i] {
				best[i] = d
			}
		}
	}
	return slices.Index(best, slices.Min(best)), best
}

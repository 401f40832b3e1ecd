package machine

import (
	"fmt"
	"os"
	"slices"
	"strings"
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

// A Path is one way of computing the same thing, which ChoosePath times
// with Run: calls calls of it.
type Path struct {
	Name  string
	Run   func()
	Calls int
}

// ChoosePath returns the index of the path to take among paths (those
// this processor has) and how it was chosen, for the reports that say
// what a speed rests on: the path the environment variable env names, if
// it names one of them (case does not matter); else the quickest of seven
// rounds (Quickest), with the time of a call on each. A value of env that
// names none of them is said in how and otherwise ignored (a program
// refuses it before it searches: see position.CheckAttackPathEnv).
func ChoosePath(env string, paths []Path) (int, string) {
	v := os.Getenv(env)
	for i, p := range paths {
		if v != "" && strings.EqualFold(v, p.Name) {
			return i, "forced by " + env
		}
	}
	if len(paths) == 1 {
		return 0, "the only path on this processor"
	}
	runs := make([]func(), len(paths))
	for i, p := range paths {
		runs[i] = p.Run
	}
	quickest, best := Quickest(7, runs...)
	parts := make([]string, len(paths))
	for i, p := range paths {
		parts[i] = fmt.Sprintf("%s %.1f ns", p.Name, float64(best[i])/float64(p.Calls))
	}
	how := "measured, a call: " + strings.Join(parts, ", ")
	if v != "" {
		how += fmt.Sprintf("; %s=%s is no path here, ignored", env, v)
	}
	return quickest, how
}

//widen:skip

package position

import (
	"slices"
	"strings"
	"testing"
)

func TestAttackPathChosen(t *testing.T) {
	name, how := AttackPath()
	if !slices.Contains(AttackPaths(), name) {
		t.Fatalf("AttackPath() = %q, not one of %v", name, AttackPaths())
	}
	if how == "" {
		t.Error("AttackPath() says nothing of how it chose")
	}
	if AttackPaths()[0] != "go" {
		t.Errorf("AttackPaths() = %v: Go code is not first", AttackPaths())
	}
}

func TestAttackPathEnv(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		want        attackPath
		err         string
	}{
		{"unset", "", attackUnchosen, ""},
		{"go", "go", attackGo, ""},
		{"any case", "GO", attackGo, ""},
		{"unknown", "avx1024", attackUnchosen, `C4_ATTACK_PATH="avx1024": not a path of this processor (it has go`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(AttackPathEnv, tc.value)
			got, err := forcedAttack()
			if got != tc.want {
				t.Errorf("forcedAttack() = %v, want %v", got, tc.want)
			}
			if err == nil && tc.err != "" || err != nil && !strings.HasPrefix(err.Error(), tc.err) || err != nil && tc.err == "" {
				t.Errorf("forcedAttack() error = %v, want one starting %q", err, tc.err)
			}
			if (CheckAttackPathEnv() == nil) != (tc.err == "") {
				t.Errorf("CheckAttackPathEnv() = %v", CheckAttackPathEnv())
			}
		})
	}
}

// TestAttackPath: the path chosen is one of this processor's, and the
// report of a measured choice times every one.
func TestAttackPath(t *testing.T) {
	name, how := AttackPath()
	if !slices.Contains(AttackPaths(), name) {
		t.Fatalf("AttackPath() = %s, not a path of this processor (%v)", name, AttackPaths())
	}
	for _, a := range AttackPaths() {
		if strings.HasPrefix(how, "measured") && !strings.Contains(how, a+" ") {
			t.Errorf("the report %q leaves out %s", how, a)
		}
	}
}

// BenchmarkAttackThreats compares the paths of AttackThreats on this
// processor, on the workload chooseAttack measures: a call's time.
func BenchmarkAttackThreats(b *testing.B) {
	defer func(path uint32) { attack.Store(path) }(attack.Load())
	w := newAttackWorkload()
	for _, a := range attackPaths {
		b.Run(a.String(), func(b *testing.B) {
			for b.Loop() {
				w.run(a, 1)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(w.positions)), "ns/call")
		})
	}
}

// forEachAttackPath calls f with AttackThreats taking each path this
// processor can take, in turn.
func forEachAttackPath(f func(path string)) {
	defer func(path uint32) { attack.Store(path) }(attack.Load())
	for _, path := range attackPaths {
		attack.Store(uint32(path))
		f(path.String())
	}
}

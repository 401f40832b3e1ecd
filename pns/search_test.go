package pns

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"c4/negamax"
	"c4/position"
	"c4/testsets"
)

func publicSet(t testing.TB, name string) *testsets.Set {
	t.Helper()
	dir, err := testsets.PublicDir()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the public sets are required under CI: %v", err)
		}
		t.Skip(err)
	}
	set, _, err := testsets.ReadFile(filepath.Join(dir, name), position.Standard)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestPublicSets checks that DFPN's weak result is the sign of every
// expected score.
func TestPublicSets(t *testing.T) {
	s := New(Options{TableMiB: 64})
	for _, name := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"} {
		var nodes uint64
		for _, c := range publicSet(t, name).Cases {
			s.Reset()
			got, st, err := s.Weak(context.Background(), c.Position)
			nodes += st.Nodes
			if err != nil || got != negamax.WeakScore(c.Score) {
				t.Errorf("%s line %d %q: dfpn %d, %v; score %d", name, c.Line, c.Moves, got, err, c.Score)
			}
		}
		t.Logf("%s: %d MID calls a position", name, nodes/1000)
	}
}

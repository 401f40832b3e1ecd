package bench

import (
	"context"
	"errors"
	"strings"
	"testing"

	"c4/game"
	"c4/search"
	"c4/testsets"
)

// fake answers from a map and counts its resets.
type fake struct {
	scores map[string]int
	resets int
}

func (f *fake) Solve(_ context.Context, p game.Position, _ search.Mode) (search.Result, error) {
	for moves, s := range f.scores {
		if q, _ := game.Parse(game.Standard, moves); q == p {
			return search.Result{Score: s, Stats: search.Stats{Nodes: 10}}, nil
		}
	}
	return search.Result{}, errors.New("unknown position")
}

func (f *fake) Reset() { f.resets++ }

func TestRun(t *testing.T) {
	set, _, _ := testsets.Read(strings.NewReader("4455 18\n44 -2\n444 3\n"), "Test_L3_R1", game.Standard)
	e := &fake{scores: map[string]int{"4455": 18, "44": 5, "444": 3}}
	row, err := Run(context.Background(), set, e, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if row.Positions != 3 || row.MeanNodes != 10 || e.resets != 3 || len(row.Mismatches) != 1 || row.Mismatches[0].Case.Moves != "44" {
		t.Errorf("row %+v, resets %d", row, e.resets)
	}
	// Weak compares signs; Limit cuts; KeepTable does not reset.
	e = &fake{scores: map[string]int{"4455": 1, "44": 1, "444": 1}}
	row, _ = Run(context.Background(), set, e, Options{Mode: search.Weak, Limit: 2, KeepTable: true})
	if row.Positions != 2 || e.resets != 0 || len(row.Mismatches) != 1 {
		t.Errorf("weak, limit 2: row %+v, resets %d", row, e.resets)
	}
	var sb strings.Builder
	WriteReport(&sb, Report{Rows: []Row{row}}, "table", nil)
	if !strings.Contains(sb.String(), "End-Easy (Test_L3_R1)") {
		t.Errorf("table:\n%s", sb.String())
	}
}

package testsets_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/pns"
	"c4/search"
	"c4/testsets"
)

// TestKnownScores checks the known-score files of boards other than 7x6
// (testdata/known, made by c4 testsets generate, each naming its board in
// its header) with both engines: negamax's exact score and DFPN's sign
// must be the file's, so a file cannot hold a wrong score unless both
// engines are wrong alike.
func TestKnownScores(t *testing.T) {
	files, err := filepath.Glob("testdata/known/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatal("no known-score files", err)
	}
	exact := engines.Negamax(negamax.Options{TableMiB: 32}, game.Standard)
	weak := engines.DFPN(pns.Options{TableMiB: 32}, game.Standard)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			set, bad, err := testsets.ReadFile(file, game.Board{})
			if err != nil || len(bad) > 0 || len(set.Cases) == 0 {
				t.Fatalf("%v %v", err, bad)
			}
			if set.Board.String() == "7x6" {
				t.Fatalf("%s names no other board than 7x6", file)
			}
			for _, c := range set.Cases {
				for _, check := range []struct {
					e    *engines.Engine
					mode search.Mode
				}{{exact, search.Strong}, {weak, search.Weak}} {
					r, err := check.e.Solve(context.Background(), c.Position, check.mode)
					if err != nil || r.Score != check.mode.Of(c.Score) {
						t.Fatalf("line %d (%s): %s score %d (%v), the file says %d", c.Line, c.Moves, check.mode, r.Score, err, c.Score)
					}
				}
			}
		})
	}
}

// TestLoadFolder: a folder without the public sets gives its every .txt
// set when none is named.
func TestLoadFolder(t *testing.T) {
	files, _ := filepath.Glob("testdata/known/*.txt")
	sets, bad, err := testsets.Load("testdata/known", nil, game.Board{})
	if err != nil || len(bad) > 0 || len(sets) != len(files) || sets[0].Board.String() != "10x6" {
		t.Fatalf("%d sets, %v, %v", len(sets), bad, err)
	}
	if _, _, err := testsets.Load(t.TempDir(), nil, game.Board{}); err == nil {
		t.Error("an empty folder loaded")
	}
}

// TestLoadEmbedded: without a folder, the embedded sets of the board asked
// for, all or those named; a board or a set without embedded ones is an
// error that says which there are.
func TestLoadEmbedded(t *testing.T) {
	b, _ := game.NewBoard(8, 8)
	sets, _, err := testsets.Load("", nil, b)
	if err != nil || len(sets) != 1 || sets[0].Board != b || testsets.Label(sets[0].Name) != "Middle-Medium" {
		t.Fatalf("%v, %v", sets, err)
	}
	if sets, _, err := testsets.Load("", []string{"end-easy", "Test_L2_R1"}, game.Board{}); err != nil || len(sets) != 2 || sets[1].Name != "Test_L2_R1" {
		t.Fatalf("7x6 by name: %v, %v", sets, err)
	}
	b12x4, _ := game.NewBoard(12, 4)
	for _, tc := range []struct {
		b    game.Board
		name string
		want string
	}{
		{b, "End-Easy", "there are Middle-Medium"},
		{b12x4, "", "only of 7x6, 11x5, 10x6, 9x7, 8x8"},
	} {
		var names []string
		if tc.name != "" {
			names = []string{tc.name}
		}
		if _, _, err := testsets.Load("", names, tc.b); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: %v, want %q", tc.b, tc.name, err, tc.want)
		}
	}
}

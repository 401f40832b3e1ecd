package testsets_test

import (
	"context"
	"path/filepath"
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

// TestBigSetsRead reads the sets of boards past 64 bits in testdata/big
// without solving them (a position takes seconds; c4 bench --dir
// testsets/testdata/big solves them): each names a board past 64 bits and
// every line reads.
func TestBigSetsRead(t *testing.T) {
	files, err := filepath.Glob("testdata/big/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatal("no sets of big boards", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			set, bad, err := testsets.ReadFile(file, game.Board{})
			if err != nil || len(bad) > 0 || len(set.Cases) == 0 {
				t.Fatalf("%v %v", err, bad)
			}
			if !set.Board.Wide() {
				t.Fatalf("%s is of %s, which fits 64 bits", file, set.Board)
			}
		})
	}
}

// TestLoadFolder: a folder without the public sets gives its every .txt
// set when none is named.
func TestLoadFolder(t *testing.T) {
	sets, bad, err := testsets.Load("testdata/big", nil, game.Board{})
	if err != nil || len(bad) > 0 || len(sets) != 4 || sets[0].Board.String() != "10x6" {
		t.Fatalf("%d sets, %v, %v", len(sets), bad, err)
	}
	if _, _, err := testsets.Load(t.TempDir(), nil, game.Board{}); err == nil {
		t.Error("an empty folder loaded")
	}
}

// Package publictest gives tests and benchmarks the public sets, from the
// workspace's shared/testsets folder beside the checkout: a test without
// them is skipped, except under CI (CI set), where it fails, so that CI
// never passes by skipping.
package publictest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"c4/game"
	"c4/testsets"
)

// errNoPublic is returned when the folder of the public sets is not found.
var errNoPublic = errors.New("the public sets are not found")

// Dir finds the folder of the public sets: $C4_TESTSETS if set, else the
// first shared/testsets beside the working directory or one of its parents
// (the project's checkout sits beside shared/). It skips t where Set would.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := dir()
	skipOrFail(t, err)
	return dir
}

func dir() (string, error) {
	if d := os.Getenv("C4_TESTSETS"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		cand := filepath.Join(d, "shared", "testsets")
		if _, err := os.Stat(filepath.Join(cand, testsets.PublicNames()[0])); err == nil {
			return cand, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%w: no shared/testsets beside %s or its parents; set C4_TESTSETS to their folder", errNoPublic, wd)
		}
	}
}

// Set reads the public 7x6 set of that name, skipping t if the sets are
// not there and CI is not set. A line that does not parse fails t: the
// public sets have none.
func Set(t testing.TB, name string) *testsets.Set {
	t.Helper()
	d, err := dir()
	skipOrFail(t, err)
	set, bad, err := testsets.ReadFile(filepath.Join(d, name), game.Standard)
	if err == nil && len(bad) > 0 {
		err = bad[0]
	}
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func skipOrFail(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, errNoPublic) && os.Getenv("CI") == "" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
}

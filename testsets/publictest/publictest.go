// Package publictest gives tests and benchmarks the public sets: a test
// without them is skipped, except under CI (CI set), where it fails, so
// that CI never passes by skipping.
package publictest

import (
	"errors"
	"os"
	"testing"

	"c4/testsets"
)

// Set reads the public set name (testsets.ReadPublic), skipping t if the
// sets are not there and CI is not set.
func Set(t testing.TB, name string) *testsets.Set {
	t.Helper()
	set, err := testsets.ReadPublic(name)
	if errors.Is(err, testsets.ErrNoPublic) && os.Getenv("CI") == "" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return set
}

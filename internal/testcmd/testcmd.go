// Package testcmd finds the programs a test runs beside Go (node, npm,
// python3, a C compiler) by the project's one rule: without one the test
// is skipped, except under CI=true, where it fails, since .ci/run installs
// what the tests need.
package testcmd

import (
	"os"
	"os/exec"
	"testing"
)

// Need returns the path of the command name, which the test needs for
// what: without it the test is skipped, or fails under CI=true.
func Need(t testing.TB, name, what string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is needed for %s: %v", name, what, err)
		}
		t.Skipf("no %s, needed for %s: %v", name, what, err)
	}
	return path
}

package web

import (
	"os/exec"
	"testing"

	"c4/internal/testcmd"
)

// TestRulesJS runs the page's rules' unit tests (jstest/*.test.mjs) under
// node's own test runner; without node they are skipped, except under
// CI=true.
func TestRulesJS(t *testing.T) {
	node := testcmd.Need(t, "node", "the page's rules' tests")
	out, err := exec.Command(node, "--test", "jstest/").CombinedOutput()
	if err != nil {
		t.Fatalf("node --test jstest/: %v\n%s", err, out)
	}
}

package web

import (
	"os"
	"os/exec"
	"testing"
)

// TestRulesJS runs the page's rules' unit tests (jstest/*.test.mjs) under
// node's own test runner; without node they are skipped, except under
// CI=true.
func TestRulesJS(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is needed for the page's rules' tests:", err)
		}
		t.Skip("no node:", err)
	}
	out, err := exec.Command(node, "--test", "jstest/").CombinedOutput()
	if err != nil {
		t.Fatalf("node --test jstest/: %v\n%s", err, out)
	}
}

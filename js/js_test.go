package js

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"c4/book/builtin"
	"c4/internal/testcmd"
	"c4/testsets/publictest"
)

// built builds the package once for the tests, as go run ./js/build does.
var built = sync.OnceValues(func() (string, error) {
	root, err := filepath.Abs("..")
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "c4-solver")
	if err != nil {
		return "", err
	}
	return dir, Build(root, dir, builtin.Stones, false)
})

// TestPackage builds the package as a user does (Build, as go run ./js/build
// does), packs it with npm pack, installs the tarball offline into a fresh
// folder, and runs the package's tests (test/*.test.mjs) there under
// node's test runner. Without node and npm it is skipped, except under
// CI=true.
func TestPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4.wasm: not with -short")
	}
	node, npm := testcmd.Need(t, "node", "the npm package's tests"), testcmd.Need(t, "npm", "the npm package's tests")
	sets := publictest.Dir(t)
	pkg, err := built()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	app := filepath.Join(dir, "app")
	run := func(dir, name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "C4_TESTSETS="+sets, "npm_config_cache="+filepath.Join(dir, "..", "npm-cache"),
			"npm_config_offline=true", "npm_config_audit=false", "npm_config_fund=false", "npm_config_update_notifier=false")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		t.Logf("%s %v:\n%s", name, args, out)
	}
	os.MkdirAll(app, 0o755)
	run(dir, npm, "pack", pkg)
	tarballs, _ := filepath.Glob(filepath.Join(dir, "c4-solver-*.tgz"))
	if len(tarballs) != 1 {
		t.Fatalf("npm pack made %d tarballs", len(tarballs))
	}
	os.WriteFile(filepath.Join(app, "package.json"), []byte(`{"name": "app", "private": true, "type": "module"}`), 0o644)
	run(app, npm, "install", tarballs[0])
	tests, _ := filepath.Glob("test/*.test.mjs")
	for _, f := range tests {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(app, filepath.Base(f)), data, 0o644)
	}
	run(app, node, "--test", "--test-reporter=spec", "solver.test.mjs")
}

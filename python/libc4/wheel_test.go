package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// need finds a command the test needs, skipping the test without it
// (failing it under CI=true).
func need(t *testing.T, name string) string {
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is needed for the Python package's tests: %v", name, err)
		}
		t.Skip("no "+name+":", err)
	}
	return path
}

// TestWheel builds the wheel as a user does (python3 python/build.py),
// installs it with pip --no-index into a fresh virtual environment, and
// runs the package's tests (python/tests) with that environment's Python,
// from outside the source tree, so that they test what was installed.
// Without python3 or a C compiler it is skipped, except under CI=true.
func TestWheel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the shared library: not with -short")
	}
	python := need(t, "python3")
	cc, err := exec.Command("go", "env", "CC").Output()
	if err != nil {
		t.Fatal(err)
	}
	need(t, strings.TrimSpace(string(cc))) // cgo's C compiler, which builds the library
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	run := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PYTHONPATH=", "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	run(python, filepath.Join(root, "python", "build.py"), "wheels")
	wheels, _ := filepath.Glob(filepath.Join(dir, "wheels", "c4-*.whl"))
	if len(wheels) != 1 {
		t.Fatalf("build.py made %d wheels", len(wheels))
	}
	run(python, "-m", "venv", "venv")
	venv := filepath.Join(dir, "venv", "bin")
	run(filepath.Join(venv, "pip"), "install", "--no-index", wheels[0])
	run(filepath.Join(venv, "python"), "-m", "unittest", "discover", "-s", filepath.Join(root, "python", "tests"))
}

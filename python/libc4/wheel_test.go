package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"c4/internal/testcmd"
)

// TestWheel builds the wheel as a user does (python3 python/build.py),
// installs it with pip --no-index into a fresh virtual environment, and
// runs the package's tests (python/tests) with that environment's Python,
// from outside the source tree, so that they test what was installed.
// Without python3 or a C compiler it is skipped, except under CI=true.
func TestWheel(t *testing.T) {
	python, root, dir, run := pythonEnv(t)
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

// TestPipInstall installs the package as a Python user would from a
// checkout, pip install ./python (its pyproject.toml's backend is
// build.py, with nothing to download), into a fresh virtual environment,
// and solves a position with it.
func TestPipInstall(t *testing.T) {
	python, root, dir, run := pythonEnv(t)
	run(python, "-m", "venv", "venv")
	venv := filepath.Join(dir, "venv", "bin")
	run(filepath.Join(venv, "pip"), "install", filepath.Join(root, "python"))
	if out := run(filepath.Join(venv, "python"), "-c", `import c4; print(c4.Solver(table_mib=16).solve("4455"))`); strings.TrimSpace(out) != "18" {
		t.Errorf("the installed package solved 4455 as %q, want 18", out)
	}
}

// pythonEnv is what both tests need: python3, the checkout's root, a new
// folder, and run, which runs a command there with nothing from outside
// (no PYTHONPATH, no package index) and returns its output, failing t if
// it fails. It skips t with -short, or without python3 or cgo's C
// compiler (but under CI=true).
func pythonEnv(t *testing.T) (python, root, dir string, run func(name string, args ...string) string) {
	if testing.Short() {
		t.Skip("builds the shared library: not with -short")
	}
	python = testcmd.Need(t, "python3", "the Python package's tests")
	needCC(t)
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	run = func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PYTHONPATH=", "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return string(out)
	}
	return python, root, dir, run
}

// needCC skips t without the C compiler cgo uses (but under CI=true).
func needCC(t *testing.T) {
	cc, err := exec.Command("go", "env", "CC").Output()
	if err != nil {
		t.Fatal(err)
	}
	testcmd.Need(t, strings.TrimSpace(string(cc)), "cgo, which builds the Python package's library")
}

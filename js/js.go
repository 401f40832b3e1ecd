// Package js is c4's npm package, c4-solver: its JavaScript source (src/:
// the API, index.mjs with its TypeScript declarations, and the solver's
// worker, worker.mjs, which the static site of package web runs as well),
// and Build, which writes the package with the solver in WebAssembly and
// the built-in book (docs/js.md).
package js

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"c4/book"
	"c4/book/builtin"
	"c4/internal/atomicfile"
)

//go:embed src
var src embed.FS

// Files returns the package's source files.
func Files() fs.FS {
	sub, err := fs.Sub(src, "src")
	if err != nil {
		panic(err) // the embedded folder is always there
	}
	return sub
}

// WasmName is the solver's WebAssembly file in the package.
const WasmName = "c4.wasm"

// BookName is the package's book file; LayerName names the files of the
// deeper layers, where the book is split.
const BookName = "book.c4b"

// LayerName is the file of the book's layer of stones stones.
func LayerName(stones int) string { return fmt.Sprintf("book-%d.c4b", stones) }

// Build writes the package into dir, which it creates if needed: the
// source files, c4.wasm (the solver, built from the module's source at root
// with the go command of this Go), wasm_exec.js of the same Go, and the
// built-in book: book.c4b with its positions of up to first stones and,
// with layers, each deeper layer in a file of its own (LayerName), which
// a Solver's addBook reads. A file already there of the same name is
// replaced; nothing else in dir is touched. It needs the Go toolchain.
func Build(root, dir string, first int, layers bool) error {
	if err := WriteFiles(Files(), dir); err != nil {
		return fmt.Errorf("writing the package's source: %w", err)
	}
	if err := buildWasm(root, dir); err != nil {
		return err
	}
	if err := writeBook(filepath.Join(dir, BookName), 0, first); err != nil {
		return err
	}
	for stones := first + 1; layers && stones <= builtin.Stones; stones++ {
		if err := writeBook(filepath.Join(dir, LayerName(stones)), stones, stones); err != nil {
			return err
		}
	}
	return nil
}

// WriteFiles writes the files of fsys, a flat folder, into dir, which it
// creates if needed, replacing those of the same name (os.CopyFS refuses
// to) and touching nothing else: the package's source here, the page's in
// web.Build.
func WriteFiles(fsys fs.FS, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, path)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, path), data, 0o644)
		}
		return err
	})
}

// buildWasm writes c4.wasm and wasm_exec.js into dir.
func buildWasm(root, dir string) error {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("building %s needs the go command: %w", WasmName, err)
	}
	out, err := filepath.Abs(filepath.Join(dir, WasmName))
	if err != nil {
		return err
	}
	build := exec.Command(goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./js/wasm")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", WasmName, err, msg)
	}
	goroot, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("finding wasm_exec.js: %w", err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("finding wasm_exec.js of this Go: %w", err)
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644)
}

// writeBook writes the built-in book's positions of from to depth stones
// to path.
func writeBook(path string, from, depth int) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := book.Reduce(builtin.File(), w, from, depth)
		return err
	})
}

// ModuleRoot is the working folder or the first parent with c4's source,
// for the commands that build from it (js/build, web/build).
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "web", "wasm")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("not inside c4's module: run it from the checkout")
		}
		dir = parent
	}
}

// Package web is c4's page: one copy of its source (static/), which c4
// serve serves beside its JSON API, and which Build writes, with the solver
// and the built-in book compiled to WebAssembly, as a static site that any
// file host serves and that needs no server: the page then asks a Web
// Worker of its own (static/worker.js, wasm/) instead of the API.
package web

import (
	"c4/book"
	"c4/book/builtin"
	"c4/internal/atomicfile"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed static
var static embed.FS

// Files returns the page's files: index.html, app.js (with its modules:
// rules.mjs, the game's rules, and solvers.mjs), style.css, and for
// the static site worker.js and sw.js (its offline copy).
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded folder is always there
	}
	return sub
}

// WasmName is the solver's WebAssembly file in a site; the page looks for
// it to choose its solver (in the browser if it is there, else c4 serve's
// API).
const WasmName = "c4.wasm"

// DefaultBookStones is the depth of the site's book: the built-in book's
// positions of up to 11 stones (1.9 MB), where a site's size matters more
// than a binary's (docs/web.md).
const DefaultBookStones = 11

// Build writes the static site into dir, which it creates if needed: the
// page's files, c4.wasm (the solver, built from the module's source at
// root with the go command of this Go), wasm_exec.js of the same Go, and
// book.c4b (the built-in book's positions of up to bookStones stones). A
// file already there of the same name is replaced; nothing else in dir is
// touched. It needs the Go toolchain: it is a command for whoever
// publishes the site, not for the page's users.
func Build(root, dir string, bookStones int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := fs.WalkDir(Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Files(), path)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, path), data, 0o644)
		}
		return err
	}); err != nil {
		return fmt.Errorf("writing the page: %w", err)
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("building %s needs the go command: %w", WasmName, err)
	}
	out, err := filepath.Abs(filepath.Join(dir, WasmName))
	if err != nil {
		return err
	}
	build := exec.Command(goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./web/wasm")
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
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, BookName), func(w io.Writer) error {
		_, err := book.Reduce(builtin.File(), w, bookStones)
		return err
	})
}

// BookName is the site's book file, which the worker reads.
const BookName = "book.c4b"

// Package web is c4's page: one copy of its source (static/), which c4
// serve serves beside its JSON API, and which Build writes, with the solver
// and the built-in book compiled to WebAssembly, as a static site that any
// file host serves and that needs no server: the page then asks a Web
// Worker of its own (the npm package of package js, with wasm/) instead of
// the API.
package web

import (
	"embed"
	"fmt"
	"io/fs"
	"path/filepath"

	"c4/js"
)

//go:embed static
var static embed.FS

// Files returns the page's files: index.html, app.js (with its modules:
// rules.mjs, the game's rules, and solvers.mjs), style.css, and for
// the static site sw.js (its offline copy).
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded folder is always there
	}
	return sub
}

// PackageDir is the folder of the site that holds the solver: the npm
// package of package js, whose worker the page runs.
const PackageDir = "c4"

// DefaultBookStones is the depth of the book the site reads first: the
// built-in book's positions of up to 9 stones (0.26 MB). A first book of
// 7 stones (29 KB) gave the first answer 0.07 s sooner idle and 0.3 s with
// a core busy, but a link to a position of 8 or 9 stones was then searched
// (24421444: 28 M nodes, half a minute in WebAssembly) instead of read
// from the book (docs/measurements/2026-12-06-web-first-answer.md).
const DefaultBookStones = 9

// Build writes the static site into dir, which it creates if needed: the
// page's files, and in PackageDir the solver's package (js.Build) with
// the built-in book's positions of up to bookStones stones and its deeper
// layers, a file each. A file already there of the same name is replaced;
// nothing else in dir is touched. It needs the Go toolchain: it is a
// command for whoever publishes the site, not for the page's users.
func Build(root, dir string, bookStones int) error {
	if err := js.WriteFiles(Files(), dir); err != nil {
		return fmt.Errorf("writing the page: %w", err)
	}
	return js.Build(root, filepath.Join(dir, PackageDir), bookStones, true)
}

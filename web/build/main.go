// Command build writes c4's page as a static site, with the solver in
// WebAssembly and the built-in book (to -book-stones stones), into a folder
// that any static file host serves (see docs/web.md):
//
//	go run ./web/build [-book-stones N] site
//
// It runs from the module's root, which it finds from the working folder.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"c4/book/builtin"
	"c4/web"
)

func main() {
	stones := flag.Int("book-stones", web.DefaultBookStones, fmt.Sprintf("the site's book holds the built-in book's positions of up to `N` stones (0 to %d)", builtin.Stones))
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./web/build [-book-stones N] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *stones < 0 || *stones > builtin.Stones {
		flag.Usage()
		os.Exit(2)
	}
	root, err := moduleRoot()
	if err == nil {
		err = web.Build(root, flag.Arg(0), *stones)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "web/build: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("the site is in %s: serve it with any static file host\n", flag.Arg(0))
}

// moduleRoot is the working folder or the first parent with c4's go.mod.
func moduleRoot() (string, error) {
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

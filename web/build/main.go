// Command build writes c4's page as a static site, with the solver and the
// built-in book in WebAssembly, into a folder that any static file host
// serves (see docs/web.md):
//
//	go run ./web/build site
//
// It runs from the module's root, which it finds from the working folder.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"c4/web"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] == "" || os.Args[1][0] == '-' {
		fmt.Fprintln(os.Stderr, "usage: go run ./web/build DIR")
		os.Exit(2)
	}
	root, err := moduleRoot()
	if err == nil {
		err = web.Build(root, os.Args[1])
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "web/build: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("the site is in %s: serve it with any static file host\n", os.Args[1])
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

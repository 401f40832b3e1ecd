// Command build writes c4's npm package, c4-solver, into a folder (see
// docs/js.md):
//
//	go run ./js/build DIR
//
// DIR then holds package.json at its root; `npm pack DIR` makes its
// tarball. It runs from the module's root, which it finds from the working
// folder.
package main

import (
	"fmt"
	"os"

	"c4/book/builtin"
	"c4/js"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] == "" || os.Args[1][0] == '-' {
		fmt.Fprintln(os.Stderr, "usage: go run ./js/build DIR")
		os.Exit(2)
	}
	root, err := js.ModuleRoot()
	if err == nil {
		err = js.Build(root, os.Args[1], builtin.Stones, false)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "js/build: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("the package is in %s: npm pack %s makes its tarball\n", os.Args[1], os.Args[1])
}

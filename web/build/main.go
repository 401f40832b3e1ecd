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

	"c4/book/builtin"
	"c4/js"
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
	root, err := js.ModuleRoot()
	if err == nil {
		err = web.Build(root, flag.Arg(0), *stones)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "web/build: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("the site is in %s: serve it with any static file host\n", flag.Arg(0))
}

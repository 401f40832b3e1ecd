// Command widen generates c4's 128-bit packages from its 64-bit ones: each
// operation on a position.Bits, the 64-bit bitboard, becomes a call of the
// same-named method of the two-word Bits of c4/internal/wide/position. So there is
// one source of each algorithm, written with Go's operators, and each
// width compiles to code specialised for its word, with no interface or
// type parameter on the search's path.
//
// A source file that starts with the line //widen:skip is not copied: it
// holds what differs with the word's width (the Bits type itself, vector
// code, anything that converts a word to another integer), and the wide
// package has a hand-written file in its place. One that starts with
// //widen:shared is not copied either: it does not depend on the width,
// and the generated code uses its declarations from the 64-bit package, so
// that an error or an option is one type for both widths.
//
// Run it from anywhere in the module (go generate ./internal/wide/...); with -check
// it writes nothing and fails if a generated file is not current.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	check := flag.Bool("check", false, "write nothing; fail if a generated file differs from what would be generated")
	flag.Parse()
	root, err := moduleRoot()
	if err == nil {
		err = run(root, *check)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "widen:", err)
		os.Exit(1)
	}
}

// run generates every job's package under root, or checks that they are
// current.
func run(root string, check bool) error {
	sh := shared{}
	for _, j := range jobs {
		files, err := generate(root, j, sh)
		if err != nil {
			return err
		}
		if check {
			if err := compare(root, j, files); err != nil {
				return err
			}
			continue
		}
		if err := write(root, j, files); err != nil {
			return err
		}
	}
	return nil
}

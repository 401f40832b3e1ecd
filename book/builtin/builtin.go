// Package builtin is the opening book shipped inside c4: the exact score of
// every 7x6 position of up to 13 stones (23,294,023 positions, mirror images
// once), 11.6 MB in the portable format, read into memory (a book.Frozen)
// the first time it is asked for. With it, the empty board and every
// opening of up to 13 stones are answered at once, and so is the score of
// every move of those of up to 12.
//
// The file was made by c4 itself, from 64 shards of the deepest layer:
//
//	deploy/shards.sh c4 7x6 13 64 book/shards/7x6-d13 --threads 2 --tt-mib 512
//	deploy/builtin.sh c4 book/shards/7x6-d13 book/builtin/7x6.c4b --threads 2 --tt-mib 1024
//
// A deeper book replaces the file, made the same way (see docs/book.md,
// "The built-in book"), and Stones then gives its depth.
package builtin

import (
	"bytes"
	_ "embed"
	"io"
	"sync"

	"c4/book"
)

// Stones is the built-in book's depth: it holds every 7x6 position of up
// to Stones stones. The commands' help quotes it, and TestBook checks it
// against the file, so a new file cannot leave the help wrong.
const Stones = 13

//go:embed 7x6.c4b
var file []byte

// File returns the built-in book's portable file, for a program that
// writes a smaller book of it (the static site's, see book.Reduce).
func File() io.Reader { return bytes.NewReader(file) }

// Book returns the built-in book, reading it on the first call.
func Book() (*book.Frozen, error) { return load() }

var load = sync.OnceValues(func() (*book.Frozen, error) {
	return book.Load(bytes.NewReader(file))
})

// Package book holds opening books without a database: the portable file
// format (Encode, Decode, ReadFile: versioned, checksummed, refused when
// damaged), Frozen, a book read whole into memory that answers a lookup
// in a few microseconds (the built-in book, package builtin, is one), the
// enumeration of the positions of a layer (Enumerate), and the split of a
// layer into shards (Shard). It imports nothing of pebble, so the solver
// and the built-in book build for WebAssembly; package store keeps books
// in pebble and package gen makes them.
package book

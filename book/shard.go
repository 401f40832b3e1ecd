package book

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"c4/game"
)

// Shard is one of Count parts of the deepest layer of a complete book: a
// run of consecutive positions of Depth stones in the order in which
// Enumerate meets them (a breadth-first walk from the empty board, trying
// columns left to right, each position once up to mirror image). The split
// depends on nothing but the board, the depth and Count, so machines that
// each solve one shard, with any number of threads, together solve the
// layer once; and that order keeps siblings, which share much of their
// search, together (runs of sorted keys, whose positions share their
// right-hand columns, cost about as much: see
// docs/measurements/2026-11-27-book-book-generation.md).
type Shard struct {
	Board        game.Board
	Depth        int
	Index, Count int // 0 <= Index < Count
}

// ParseShard reads "I/N", shard I (from 0) of N.
func ParseShard(s string) (index, count int, err error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("%q: want I/N with 0 <= I < N", s)
	}
	return i, n, nil
}

func (s Shard) String() string {
	return fmt.Sprintf("shard %d/%d of the %d-stone layer of %s", s.Index, s.Count, s.Depth, s.Board)
}

// Same says whether s and o are the same shard of the same book.
func (s Shard) Same(o Shard) bool {
	return s == o
}

// Check says whether s is a shard of a layer its board has.
func (s Shard) Check() error {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("shard %d/%d: want 0 <= I < N", s.Index, s.Count)
	}
	if s.Depth < 0 || s.Depth > s.Board.Cells() {
		return fmt.Errorf("depth %d: want 0 to %d", s.Depth, s.Board.Cells())
	}
	return nil
}

// Keys returns the canonical keys of the shard's positions, in the order
// of Enumerate. It enumerates the whole layer: on 7x6, 18 s and 0.5 GB
// for the 5.8 million positions of 12 stones.
func (s Shard) Keys() []game.Key {
	layers := Enumerate(game.New(s.Board), s.Depth)
	return s.Slice(layers[len(layers)-1])
}

// Slice is the shard's part of layer, the keys of its layer in the order
// of Enumerate.
func (s Shard) Slice(layer []game.Key) []game.Key {
	lo := len(layer) * s.Index / s.Count
	hi := len(layer) * (s.Index + 1) / s.Count
	return layer[lo:hi]
}

// ShardExt ends the name of every shard's file, so that a folder of them
// can be named instead of each (ShardFiles).
const ShardExt = ".c4s"

// FileName is the name of the shard's file that deploy/shards.sh and the
// Kubernetes Job write: "7x6-d12-037-of-064.c4s".
func (s Shard) FileName() string {
	return fmt.Sprintf("%s-d%d-%03d-of-%03d%s", s.Board, s.Depth, s.Index, s.Count, ShardExt)
}

// Path is where the shard's file goes for an --out of out: out itself,
// unless it names a folder (it ends with a slash, or is one), where the
// file takes its FileName.
func (s Shard) Path(out string) string {
	if info, err := os.Stat(out); strings.HasSuffix(out, "/") || err == nil && info.IsDir() {
		return filepath.Join(out, s.FileName())
	}
	return out
}

// ShardFiles returns args with each folder replaced by the shard files
// (*.c4s) in it, so that a merge can be given the folder of a layer.
func ShardFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		if info, err := os.Stat(a); err != nil || !info.IsDir() {
			files = append(files, a)
			continue
		}
		in, err := filepath.Glob(filepath.Join(a, "*"+ShardExt))
		if err != nil || len(in) == 0 {
			return nil, fmt.Errorf("%s: no shard files (*%s) in it", a, ShardExt)
		}
		files = append(files, in...)
	}
	return files, nil
}

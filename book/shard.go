package book

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"c4/internal/progress"
	"c4/negamax"
	"c4/position"
)

// Shard is one of Count parts of the deepest layer of a complete book: a
// run of consecutive positions of Depth stones in the order in which
// Enumerate meets them (a breadth-first walk from the empty board, trying
// columns left to right, each position once up to mirror image). The split
// depends on nothing but the board, the depth and Count, so machines that
// each solve one shard, with any number of threads, together solve the
// layer once; and that order keeps siblings, which share much of their
// search, together (runs of sorted keys, whose positions share their
// right-hand columns, cost about as much: see docs/measurements.md, "Book
// generation").
type Shard struct {
	Board        *position.Board
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

// same says whether s and o are the same shard of the same book.
func (s Shard) same(o Shard) bool {
	return s.Board.String() == o.Board.String() && s.Depth == o.Depth && s.Index == o.Index && s.Count == o.Count
}

func (s Shard) check() error {
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
func (s Shard) Keys() []uint64 {
	layers := Enumerate(position.New(s.Board), s.Depth)
	return s.slice(layers[len(layers)-1])
}

// slice is the shard's part of the sorted layer.
func (s Shard) slice(layer []uint64) []uint64 {
	lo := len(layer) * s.Index / s.Count
	hi := len(layer) * (s.Index + 1) / s.Count
	return layer[lo:hi]
}

// ShardJob solves one shard into a portable file.
type ShardJob struct {
	Shard
	Out      string    // the file to write; its journal is Out+".part"
	Threads  int       // workers; 0 means 1
	TableMiB int       // each worker's table; 0 means negamax.DefaultTableMiB
	Progress io.Writer // where to show progress, or nil

	// Commit is the most time between two writes of the journal; 0 means
	// 2 s. A killed job loses at most what it found since the last one.
	Commit time.Duration

	onCommit func()       // called after each journal write, for tests
	book     negamax.Book // if not nil, the search's book, for tests
}

// ShardResult is what Run did.
type ShardResult struct {
	Positions int  // in the shard
	Solved    int  // by this run; the rest came from the journal
	Done      bool // Out was already complete: nothing was done
}

// Run solves the shard's positions and writes them to Out, in the portable
// format (version 2, marked with the shard), replacing it only once
// complete. Scores are appended to a journal, Out+".part", as they are
// found, in the shard's order (Keys), synced at least every Commit: a run that is stopped,
// however abruptly, keeps them, and a new run goes on from there. If Out
// already holds this shard, Run checks it and does nothing else.
func (j *ShardJob) Run(ctx context.Context) (ShardResult, error) {
	if err := j.check(); err != nil {
		return ShardResult{}, err
	}
	if h, err := readFile(j.Out, func(*position.Board, uint64, int) error { return nil }); err == nil {
		if h.count == 0 {
			return ShardResult{}, fmt.Errorf("%s is a whole book, not %s", j.Out, j.Shard)
		}
		if !h.shard().same(j.Shard) {
			return ShardResult{}, fmt.Errorf("%s holds %s, not %s", j.Out, h.shard(), j.Shard)
		}
		return ShardResult{Positions: h.entries, Done: true}, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return ShardResult{}, fmt.Errorf("%s: %w (remove it to solve the shard again)", j.Out, err)
	}
	if err := os.MkdirAll(filepath.Dir(j.Out), 0o755); err != nil {
		return ShardResult{}, err
	}
	keys := j.Keys()
	jr, scores, err := openJournal(j.Out+".part", j.Shard, len(keys))
	if err != nil {
		return ShardResult{}, err
	}
	defer jr.close()
	res := ShardResult{Positions: len(keys), Solved: len(keys) - len(scores)}
	if err := j.solve(ctx, keys, jr, &scores); err != nil {
		return res, err
	}
	if err := j.write(keys, scores); err != nil {
		return res, err
	}
	jr.close()
	return res, os.Remove(j.Out + ".part")
}

// solve solves the keys the journal lacks, appending their scores to it and
// to scores in the order of keys.
func (j *ShardJob) solve(ctx context.Context, keys []uint64, jr *journal, scores *[]int8) error {
	done := len(*scores)
	todo := keys[done:]
	found := make([]int8, len(todo))
	have := make([]bool, len(todo))
	next := 0 // todo[:next] are in the journal
	meter := progress.New(j.Progress, j.Shard.String(), "positions", len(keys))
	defer meter.Done()
	last, solved := time.Now(), 0
	flush := func() error {
		start := next
		for next < len(todo) && have[next] {
			next++
		}
		if err := jr.append(found[start:next]); err != nil {
			return err
		}
		*scores = append(*scores, found[start:next]...)
		last = time.Now()
		if j.onCommit != nil {
			j.onCommit()
		}
		return nil
	}
	opts := solverOptions(j.TableMiB)
	opts.Book = j.book
	err := solveKeys(ctx, j.Board, todo, j.Threads, opts, func(i, score int) error {
		found[i], have[i] = int8(score), true
		solved++
		meter.Update(done+solved, "")
		if time.Since(last) >= j.commitEvery() {
			return flush()
		}
		return nil
	})
	if ferr := flush(); err == nil {
		err = ferr
	}
	return err
}

func (j *ShardJob) commitEvery() time.Duration {
	if j.Commit > 0 {
		return j.Commit
	}
	return 2 * time.Second
}

// write writes the finished shard to Out, in key order, through a file
// renamed once complete and synced.
func (j *ShardJob) write(keys []uint64, scores []int8) error {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	h := fileHeader{board: j.Board, depth: j.Depth, index: j.Index, count: j.Count}
	_, err := writeFileAtomic(j.Out, func(w io.Writer) (int, error) {
		return encode(w, h, func(put func(k uint64, score int) bool) error {
			for _, i := range order {
				if !put(keys[i], int(scores[i])) {
					break
				}
			}
			return nil
		})
	})
	return err
}

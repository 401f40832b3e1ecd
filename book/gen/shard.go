package gen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"c4/book"
	"c4/game"
	"c4/internal/atomicfile"
	"c4/internal/progress"
	"c4/negamax"
	"c4/search"
)

// ShardJob solves one shard into a portable file.
type ShardJob struct {
	book.Shard
	Out      string    // the file to write; its journal is Out+".part"
	Threads  int       // workers: 0 means 1, at most search.MaxThreads
	TableMiB int       // each worker's table: 0 means search.DefaultTableMiB, at most search.MaxTableMiB
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

// Check returns an error for a job that cannot run: a shard out of range,
// threads or tables out of range, no file to write or one that is not a
// regular file (a device, a pipe), which it neither reads nor replaces.
func (j *ShardJob) Check() error {
	if j.Out == "" {
		return errors.New("no file to write the shard to")
	}
	if err := atomicfile.Check(j.Out); err != nil {
		return err
	}
	if err := j.Shard.Check(); err != nil {
		return err
	}
	return search.CheckTable(j.TableMiB, j.Threads)
}

// Bytes is the memory of the workers' tables: one each.
func (j *ShardJob) Bytes() int64 { return workerBytes(j.Threads, j.TableMiB) }

// Run solves the shard's positions and writes them to Out, in the portable
// format (version 2, marked with the shard), replacing it only once
// complete. Scores are appended to a journal, Out+".part", as they are
// found, in the shard's order (Keys), synced at least every Commit: a run that is stopped,
// however abruptly, keeps them, and a new run goes on from there. If Out
// already holds this shard, Run checks it and does nothing else.
func (j *ShardJob) Run(ctx context.Context) (ShardResult, error) {
	if err := j.Check(); err != nil {
		return ShardResult{}, err
	}
	if h, err := book.ReadFile(j.Out, func(game.Board, game.Key, int) error { return nil }); err == nil {
		if h.Count == 0 {
			return ShardResult{}, fmt.Errorf("%s is a whole book, not %s", j.Out, j.Shard)
		}
		if !h.Shard().Same(j.Shard) {
			return ShardResult{}, fmt.Errorf("%s holds %s, not %s", j.Out, h.Shard(), j.Shard)
		}
		return ShardResult{Positions: h.Entries, Done: true}, nil
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
func (j *ShardJob) solve(ctx context.Context, keys []game.Key, jr *journal, scores *[]int8) error {
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
	err := solveKeys(ctx, j.Board, todo, j.Threads, solverOptions(j.TableMiB), j.book, func(i, score int) error {
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
func (j *ShardJob) write(keys []game.Key, scores []int8) error {
	order := make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return keys[a].Compare(keys[b]) })
	h := book.Header{Board: j.Board, Depth: j.Depth, Index: j.Index, Count: j.Count}
	return atomicfile.Write(j.Out, func(w io.Writer) error {
		_, err := book.Encode(w, h, func(put func(k game.Key, score int) bool) error {
			for _, i := range order {
				if !put(keys[i], int(scores[i])) {
					break
				}
			}
			return nil
		})
		return err
	})
}

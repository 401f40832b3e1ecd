// Package gen makes opening books: a whole book in a database on one
// machine (Generator), one shard of a book's deepest layer into a portable
// file on any machine (ShardJob), and a whole book from its shards (Merge).
// Each solves the deepest layer with the exact solver and fills the
// shallower layers from their children's scores.
package gen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"c4/book"
	"c4/book/store"
	"c4/engines"
	"c4/game"
	"c4/internal/progress"
	"c4/negamax"
	"c4/position"
	"c4/search"
)

// Generator makes a complete book: every position that is not over, with
// at most Depth stones, at or below Root.
//
// It works bottom-up. The positions of Depth stones are solved with the
// exact solver, by Threads workers each with its own table, kept from one
// position to the next; then each shallower position gets its score from
// its children's, already in the book, without search. Scores are written
// in synced batches as they are found, so a run that is stopped, however
// abruptly, loses at most the batch under way; a new run skips what the book
// already holds and ends with the same book as an uninterrupted one.
type Generator struct {
	Book     *store.Book
	Root     game.Position // the empty board of the book's size for a whole book
	Depth    int           // the most stones of a position in the book
	Threads  int           // workers solving the deepest positions: 0 means 1, at most search.MaxThreads
	TableMiB int           // each worker's table: 0 means search.DefaultTableMiB, at most search.MaxTableMiB
	Progress io.Writer     // where to show progress, or nil

	// BatchSize is the most scores written in one commit; 0 means 4096.
	BatchSize int

	onCommit func() // called after each commit, for tests (see store.Batch)
	fillOnly bool   // the deepest layer must be in the book already (Merge)
}

// Layer is what a generation did with the positions of one number of stones.
type Layer struct {
	Stones    int
	Positions int           // in the book at the end, mirror pairs counted once
	Added     int           // of which this run found and wrote
	Elapsed   time.Duration // this run's time on them
}

// Check returns an error for a generation that cannot run: a root that is
// over, a depth outside the root's stones to the board's cells, threads or
// tables out of range. It needs no book, so that a command can check its
// arguments before it makes a database.
func (g *Generator) Check() error {
	root, board := g.Root, g.Root.Board()
	if board == (game.Board{}) {
		return errors.New("no root position")
	}
	if root.IsOver() {
		return fmt.Errorf("root %s: %w", store.Name(root), position.ErrGameOver)
	}
	if g.Depth < root.Moves() || g.Depth > board.Cells() {
		return fmt.Errorf("depth %d: want from the root's %d stones to %d", g.Depth, root.Moves(), board.Cells())
	}
	return search.CheckTable(g.TableMiB, g.Threads)
}

// Bytes is the memory of the workers' tables: one each.
func (g *Generator) Bytes() int64 { return workerBytes(g.Threads, g.TableMiB) }

// workerBytes is the memory of threads workers' tables of tableMiB.
func workerBytes(threads, tableMiB int) int64 {
	return int64(max(threads, 1)) * search.TableBytes(tableMiB)
}

// WriteLayers writes a generation's layers as a table: stones, positions,
// positions added by the run, its time on them, and the time a position.
func WriteLayers(w io.Writer, layers []Layer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "stones\tpositions\tadded\ttime\tper position\t")
	for _, l := range layers {
		per := "-"
		if l.Added > 0 {
			per = (l.Elapsed / time.Duration(l.Added)).String()
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t\n", l.Stones, l.Positions, l.Added, l.Elapsed.Round(time.Millisecond), per)
	}
	return tw.Flush()
}

// Run generates the book and returns what it did per number of stones,
// deepest first. When ctx ends it stops, keeps what is written, and
// returns ctx's error.
func (g *Generator) Run(ctx context.Context) ([]Layer, error) {
	if err := g.Check(); err != nil {
		return nil, err
	}
	root, board := g.Root, g.Root.Board()
	layers := book.Enumerate(root, g.Depth)
	var done []Layer
	for d := g.Depth; d >= root.Moves(); d-- {
		keys := layers[d-root.Moves()]
		todo, err := g.missing(keys)
		if err != nil {
			return done, err
		}
		start := time.Now()
		var added int
		if d == g.Depth && g.fillOnly && len(todo) > 0 {
			return done, fmt.Errorf("the shards lack %d of the %d positions of %d stones", len(todo), len(keys), d)
		}
		if d == g.Depth {
			added, err = g.solve(ctx, board, todo, d)
		} else {
			added, err = g.fromChildren(ctx, board, todo, d)
		}
		done = append(done, Layer{Stones: d, Positions: len(keys), Added: added, Elapsed: time.Since(start)})
		if err != nil {
			return done, err
		}
	}
	if err := g.Book.SetDepth(board, g.Depth); err != nil {
		return done, err
	}
	return done, g.Book.Compact(ctx, board)
}

// missing returns the keys the book does not hold yet.
func (g *Generator) missing(keys []game.Key) ([]game.Key, error) {
	board := g.Root.Board()
	var todo []game.Key
	for _, k := range keys {
		p, _ := game.FromKey(board, k)
		_, ok, err := g.Book.Lookup(p)
		if err != nil {
			return nil, err
		}
		if !ok {
			todo = append(todo, k)
		}
	}
	return todo, nil
}

// chunk is how many consecutive positions a worker takes at once.
const chunk = 16

// solveKeys solves the positions of keys with threads workers, each with a
// solver of opts (from solverOptions) kept from one position to the next,
// and calls emit, on the calling goroutine and in no set order, with each
// one's index in keys and score. It stops at the first error of emit or of
// a search.
func solveKeys(ctx context.Context, board game.Board, keys []game.Key, threads int, opts negamax.Options, bk negamax.Book, emit func(i, score int) error) error {
	type result struct{ i, score int }
	ctx, cancel := context.WithCancel(ctx) // also stops the workers if emit fails
	defer cancel()
	results := make(chan result, 1024)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, max(threads, 1))
	for range max(threads, 1) {
		wg.Go(func() {
			s := engines.NegamaxBook(opts, bk, board)
			for {
				i := int(next.Add(chunk)) - chunk
				if i >= len(keys) {
					return
				}
				for j := i; j < min(i+chunk, len(keys)); j++ {
					p, _ := game.FromKey(board, keys[j])
					r, err := s.Solve(ctx, p, search.Strong)
					if err == nil {
						err = ctx.Err() // a search too small to look at ctx
					}
					if err != nil {
						errs <- err
						return
					}
					results <- result{j, r.Score}
				}
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	var err error
	for r := range results {
		if err == nil {
			if err = emit(r.i, r.score); err != nil {
				cancel()
			}
		} // else drain, so the workers end
	}
	if err != nil {
		return err
	}
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// solverOptions are a generation's solver's: a table of tableMiB, and the
// search tuned for many neighbouring positions rather than one.
func solverOptions(tableMiB int) negamax.Options {
	return negamax.Options{TableMiB: tableMiB, NearMiB: negamax.ManyPositionsNearMiB, SignFirst: true}
}

// solve solves the positions of keys and writes them; it returns how many
// it wrote.
func (g *Generator) solve(ctx context.Context, board game.Board, keys []game.Key, stones int) (int, error) {
	w := g.newBatch(board)
	defer w.Close()
	meter := progress.New(g.Progress, fmt.Sprintf("%d stones", stones), "positions", len(keys))
	defer meter.Done()
	n, last := 0, time.Now()
	err := solveKeys(ctx, board, keys, g.Threads, solverOptions(g.TableMiB), nil, func(i, score int) error {
		if err := w.Put(keys[i], score); err != nil {
			return err
		}
		n++
		meter.Update(n, "")
		if n%g.batchSize() == 0 || time.Since(last) > 2*time.Second {
			last = time.Now()
			return w.Commit()
		}
		return nil
	})
	if err == nil || errors.Is(err, ctx.Err()) {
		if cerr := w.Commit(); cerr != nil {
			return 0, cerr
		}
	}
	return n, err
}

// fromChildren gives each position of keys the best of its moves' scores,
// the children's being in the book already, and writes them; it returns how
// many it wrote.
func (g *Generator) fromChildren(ctx context.Context, board game.Board, keys []game.Key, stones int) (int, error) {
	w := g.newBatch(board)
	defer w.Close()
	meter := progress.New(g.Progress, fmt.Sprintf("%d stones", stones), "positions", len(keys))
	defer meter.Done()
	for i, k := range keys {
		if i%g.batchSize() == 0 {
			if err := w.Commit(); err != nil {
				return 0, err
			}
			if err := ctx.Err(); err != nil {
				return i, err
			}
		}
		p, _ := game.FromKey(board, k)
		score, err := g.Book.FromChildren(p)
		if err == nil {
			err = w.Put(k, score)
		}
		if err != nil {
			return 0, err
		}
		meter.Update(i+1, "")
	}
	if err := w.Commit(); err != nil {
		return 0, err
	}
	return len(keys), nil
}

func (g *Generator) batchSize() int {
	if g.BatchSize > 0 {
		return g.BatchSize
	}
	return 4096
}

// newBatch starts a batch that calls the test hook after each commit.
func (g *Generator) newBatch(board game.Board) *store.Batch {
	w := g.Book.NewBatch(board)
	w.OnCommit = g.onCommit
	return w
}

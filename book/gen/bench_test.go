package gen

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"c4/book"
	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/search"
)

// BenchmarkLookup looks up random positions of the complete 5x4 book (1.55
// million positions, generated first, about 20 s) from a warm database and
// reports the 50th and 99th percentiles of the time of one lookup:
//
//	go test ./book -run XXX -bench Lookup -benchtime 100000x
func BenchmarkLookup(b *testing.B) {
	board := mustBoard(b, 5, 4)
	bk := openBook(b, b.TempDir())
	generate(b, bk, game.New(board), board.Cells())
	keys := allKeys(game.New(board), board.Cells())
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 { // warm the cache
		p, _ := game.FromKey(board, keys[rng.IntN(len(keys))])
		bk.Lookup(p)
	}
	times := make([]time.Duration, 0, b.N)
	for b.Loop() {
		p, _ := game.FromKey(board, keys[rng.IntN(len(keys))])
		start := time.Now()
		if _, ok, err := bk.Lookup(p); !ok || err != nil {
			b.Fatal(ok, err)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds())/1e3, "p99-µs")
}

// allKeys returns the canonical keys of every position of up to depth
// stones below root, layer after layer.
func allKeys(root game.Position, depth int) []game.Key {
	var keys []game.Key
	for _, layer := range book.Enumerate(root, depth) {
		keys = append(keys, layer...)
	}
	return keys
}

// BenchmarkLayerCost estimates the cost of solving the whole 7x6 layer of
// $C4_BENCH_DEPTH stones (default 10) as a generation does: it solves 8
// runs of $C4_BENCH_RUN consecutive positions (default 500), spread evenly
// over the layer, each on 2 workers with fresh 512 MiB tables, and reports
// the processor time a position (user and system, both workers) and the
// layer's estimated processor-hours. C4_BENCH_SORTED=1 takes runs of sorted
// keys instead of the generation's order, C4_BENCH_PLAIN=1 the solver's
// options for one position instead of solverOptions', C4_BENCH_SHARED=1
// one solver of 2 threads on one table (see solveRun):
//
//	C4_BENCH_DEPTH=12 go test ./book -run XXX -bench LayerCost -benchtime 1x -timeout 0
func BenchmarkLayerCost(b *testing.B) {
	depth, run := 10, 500
	if d, err := strconv.Atoi(os.Getenv("C4_BENCH_DEPTH")); err == nil {
		depth = d
	}
	if r, err := strconv.Atoi(os.Getenv("C4_BENCH_RUN")); err == nil {
		run = r
	}
	layers := book.Enumerate(game.New(game.Standard), depth)
	layer := layers[len(layers)-1]
	if os.Getenv("C4_BENCH_SORTED") != "" { // runs of sorted keys instead
		slices.SortFunc(layer, game.Key.Compare)
	}
	opts := solverOptions(512)
	if os.Getenv("C4_BENCH_PLAIN") != "" { // the solver as it is for one position
		opts = negamax.Options{TableMiB: 512}
	}
	const runs = 8
	for b.Loop() {
		var cpu time.Duration
		solved := 0
		for i := range runs {
			from := len(layer) * (2*i + 1) / (2 * runs)
			keys := layer[from:min(from+run, len(layer))]
			before := cpuTime()
			if err := solveRun(keys, opts); err != nil {
				b.Fatal(err)
			}
			cpu += cpuTime() - before
			solved += len(keys)
		}
		per := cpu.Seconds() / float64(solved)
		b.ReportMetric(per*1e3, "cpu-ms/pos")
		b.ReportMetric(per*float64(len(layer))/3600, "layer-cpu-h")
	}
}

// solveRun solves keys as a generation does, on 2 workers with tables of
// their own, or with C4_BENCH_SHARED=1 on one solver whose 2 threads share
// one table, one position after another.
func solveRun(keys []game.Key, opts negamax.Options) error {
	if os.Getenv("C4_BENCH_SHARED") == "" {
		return solveKeys(context.Background(), game.Standard, keys, 2, opts, nil, func(int, int) error { return nil })
	}
	opts.Threads, opts.TableMiB = 2, 2*opts.TableMiB
	s := engines.Negamax(opts, game.Standard)
	for _, k := range keys {
		p, _ := game.FromKey(game.Standard, k)
		if _, err := s.Solve(context.Background(), p, search.Strong); err != nil {
			return err
		}
	}
	return nil
}

// cpuTime is the processor time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

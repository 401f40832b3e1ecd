package book

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"c4/negamax"
	"c4/position"
	"c4/solve"
)

// BenchmarkLookup looks up random positions of the complete 5x4 book (1.55
// million positions, generated first, about 20 s) from a warm database and
// reports the 50th and 99th percentiles of the time of one lookup:
//
//	go test ./book -run XXX -bench Lookup -benchtime 100000x
func BenchmarkLookup(b *testing.B) {
	board := mustBoard(b, 5, 4)
	bk := openBook(b, b.TempDir())
	generate(b, bk, position.New(board), board.Cells())
	keys := allKeys(position.New(board), board.Cells())
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 { // warm the cache
		p, _ := board.FromKey(keys[rng.IntN(len(keys))])
		bk.Lookup(p)
	}
	times := make([]time.Duration, 0, b.N)
	for b.Loop() {
		p, _ := board.FromKey(keys[rng.IntN(len(keys))])
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

// BenchmarkLoad reads a portable file of a complete 7x6 book into memory
// as the built-in book is read, and reports the time and heap of a read,
// the time of a lookup and the file's bytes a position. The file is
// $C4_BENCH_FILE (relative to this folder: builtin/7x6.c4b is the
// built-in book), or else one made first of every position of up to
// $C4_BENCH_DEPTH stones (default 10; 12, the size of a complete book of
// 12 stones, 9.2 million positions, takes a minute to make) with made-up
// scores:
//
//	C4_BENCH_DEPTH=12 go test ./book -run XXX -bench Load -benchtime 3x
//	C4_BENCH_FILE=builtin/7x6.c4b go test ./book -run XXX -bench Load -benchtime 3x
func BenchmarkLoad(b *testing.B) {
	file, keys := loadBenchFile(b)
	var m *Frozen
	for b.Loop() {
		var err error
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if m, err = Load(bytes.NewReader(file)); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "heap-MiB")
	}
	if m.Len() != len(keys) {
		b.Fatalf("%d positions in the file, want the %d of up to its depth", m.Len(), len(keys))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	start := time.Now()
	const lookups = 1 << 20
	for range lookups {
		p, _ := position.Standard.FromKey(keys[rng.IntN(len(keys))])
		if _, ok := m.Score(p); !ok {
			b.Fatal("a key not found")
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/lookups, "lookup-ns")
	b.ReportMetric(float64(len(file))/float64(len(keys)), "file-B/pos")
}

// loadBenchFile returns BenchmarkLoad's file and the canonical keys of
// every 7x6 position of up to its depth.
func loadBenchFile(b *testing.B) ([]byte, []uint64) {
	if name := os.Getenv("C4_BENCH_FILE"); name != "" {
		file, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		m, err := Load(bytes.NewReader(file))
		if err != nil {
			b.Fatal(err)
		}
		return file, allKeys(position.New(position.Standard), m.Depth(position.Standard))
	}
	depth := 10
	if d, err := strconv.Atoi(os.Getenv("C4_BENCH_DEPTH")); err == nil {
		depth = d
	}
	keys := allKeys(position.New(position.Standard), depth)
	slices.Sort(keys)
	var file bytes.Buffer
	h := fileHeader{board: position.Standard, depth: depth}
	if _, err := encode(&file, h, func(put func(uint64, int) bool) error {
		for i, k := range keys {
			put(k, i%43-21)
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	return file.Bytes(), keys
}

// allKeys returns the canonical keys of every position of up to depth
// stones below root, layer after layer.
func allKeys(root position.Position, depth int) []uint64 {
	var keys []uint64
	for _, layer := range Enumerate(root, depth) {
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
	layers := Enumerate(position.New(position.Standard), depth)
	layer := layers[len(layers)-1]
	if os.Getenv("C4_BENCH_SORTED") != "" { // runs of sorted keys instead
		slices.Sort(layer)
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
func solveRun(keys []uint64, opts negamax.Options) error {
	if os.Getenv("C4_BENCH_SHARED") == "" {
		return solveKeys(context.Background(), position.Standard, keys, 2, opts, func(int, int) error { return nil })
	}
	opts.Threads, opts.TableMiB = 2, 2*opts.TableMiB
	s := negamax.New(opts)
	for _, k := range keys {
		p, _ := position.Standard.FromKey(k)
		if _, err := s.Solve(context.Background(), p, solve.Strong); err != nil {
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

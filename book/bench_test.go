package book

import (
	"bytes"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"c4/game"
	"c4/position"
)

// BenchmarkLoad reads a portable file of a complete 7x6 book into memory
// as the built-in book is read, and reports the time of a read, the heap
// it leaves and all it allocated on the way, the time of a lookup and the
// file's bytes a position. The file is $C4_BENCH_FILE (relative to this
// folder: builtin/7x6.c4b is the built-in book), or else one made first of
// every position of up to $C4_BENCH_DEPTH stones (default 10; 13, the
// size of the built-in book, 23.3 million positions, takes minutes to
// make) with made-up scores:
//
//	C4_BENCH_DEPTH=13 go test ./book -run XXX -bench Load -benchtime 3x
//	C4_BENCH_FILE=builtin/7x6.c4b go test ./book -run XXX -bench Load -benchtime 3x
func BenchmarkLoad(b *testing.B) {
	file, keys := loadBenchFile(b)
	var m *Frozen
	for b.Loop() {
		b.StopTimer() // the collections that measure the heap are not the read's
		m = nil
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		var err error
		if m, err = Load(bytes.NewReader(file)); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "heap-MiB")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/(1<<20), "alloc-MiB")
		b.StartTimer()
	}
	if m.Len() != len(keys) {
		b.Fatalf("%d positions in the file, want the %d of up to its depth", m.Len(), len(keys))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	start := time.Now()
	const lookups = 1 << 20
	for range lookups {
		p, _ := position.Standard.FromKey(position.Bits(keys[rng.IntN(len(keys))].Lo))
		if _, ok := m.Score(p); !ok {
			b.Fatal("a key not found")
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/lookups, "lookup-ns")
	b.ReportMetric(float64(len(file))/float64(len(keys)), "file-B/pos")
	b.ReportMetric(float64(m.Bytes())/float64(len(keys)), "mem-B/pos")
}

// loadBenchFile returns BenchmarkLoad's file and the canonical keys of
// every 7x6 position of up to its depth.
func loadBenchFile(b *testing.B) ([]byte, []game.Key) {
	if name := os.Getenv("C4_BENCH_FILE"); name != "" {
		file, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		m, err := Load(bytes.NewReader(file))
		if err != nil {
			b.Fatal(err)
		}
		return file, allKeys(game.New(game.Standard), m.Depth(position.Standard))
	}
	depth := 10
	if d, err := strconv.Atoi(os.Getenv("C4_BENCH_DEPTH")); err == nil {
		depth = d
	}
	keys := allKeys(game.New(game.Standard), depth)
	slices.SortFunc(keys, game.Key.Compare)
	var file bytes.Buffer
	h := Header{Board: game.Standard, Depth: depth}
	if _, err := Encode(&file, h, func(put func(game.Key, int) bool) error {
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
func allKeys(root game.Position, depth int) []game.Key {
	var keys []game.Key
	for _, layer := range Enumerate(root, depth) {
		keys = append(keys, layer...)
	}
	return keys
}

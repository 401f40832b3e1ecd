package book

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"c4/position"
)

// BenchmarkLookup looks up random positions of the complete 5x4 book (1.55
// million positions, generated first, about 20 s) from a warm database and
// reports the 50th and 99th percentiles of the time of one lookup:
//
//	go test -tags pebblegozstd ./book -run XXX -bench Lookup -benchtime 100000x
func BenchmarkLookup(b *testing.B) {
	board := mustBoard(b, 5, 4)
	bk := openBook(b, b.TempDir())
	generate(b, bk, position.New(board), board.Cells())
	var keys []uint64
	for _, layer := range Enumerate(position.New(board), board.Cells()) {
		keys = append(keys, layer...)
	}
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

package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"c4/book/builtin"
	"c4/internal/browsertest"
	"c4/negamax"
	"c4/position"
	"c4/search"

	"github.com/chromedp/chromedp"
)

// TestMeasureSite measures the site for docs/web.md, when C4_WEB_MEASURE
// is set (it takes minutes): the files' size, gzipped; the time from
// opening the page to its first analysis (the median of five browsers,
// each started afresh and closed before the next); the time of each analysis over
// 20 whole games against c4 (10 as each side, each move of the person's
// the best with odds of 7 in 10, else a random one), beside the same
// positions analysed natively; the slowest answers; and the memory. With
// C4_WEB_BUSY set, another process keeps one core busy meanwhile.
//
//	C4_WEB_MEASURE=1 [C4_WEB_BUSY=1] go test ./web -run MeasureSite -v -timeout 0
func TestMeasureSite(t *testing.T) {
	if os.Getenv("C4_WEB_MEASURE") == "" {
		t.Skip("set C4_WEB_MEASURE to measure")
	}
	url, err := site()
	if err != nil {
		t.Fatal(err)
	}
	measureFiles(t)
	if os.Getenv("C4_WEB_BUSY") != "" {
		busy := exec.Command("sh", "-c", "while :; do :; done")
		if err := busy.Start(); err != nil {
			t.Fatal(err)
		}
		defer busy.Process.Kill()
	}
	measureFirst(t, url)
	ctx := browsertest.Start(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)

	rng := rand.New(rand.NewPCG(2026, 11))
	type entry struct {
		Moves string
		Ms    float64
		Nodes float64
	}
	var all []entry
	for g := range 20 {
		mode := []string{"red", "yellow"}[g%2]
		setMode(t, ctx, mode)
		browsertest.Load(t, ctx, url+"/#", browsertest.Ready)
		eval[bool](t, ctx, `(window.c4log = [], true)`)
		if mode == "yellow" { // c4's first move was asked before the log was cleared
			browsertest.Load(t, ctx, url+"/#4", browsertest.Ready)
		}
		for range 42 {
			if !strings.HasPrefix(eval[string](t, ctx, `document.getElementById("status").textContent`), "Your move") {
				break
			}
			c := pick(eval[[]string](t, ctx, scoresShown), rng.Float64() < 0.7, rng)
			stones := eval[int](t, ctx, browsertest.Stones)
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#grid .col[data-col="%d"]`, c)))); err != nil {
				t.Fatal(err)
			}
			browsertest.Wait(t, ctx, fmt.Sprintf(`(%s) >= %d && document.getElementById("status").dataset.state === "ready" && !document.getElementById("status").textContent.startsWith("c4's move")`, browsertest.Stones, stones+1))
			time.Sleep(time.Duration(rng.IntN(1000)) * time.Millisecond) // the person thinks
		}
		all = append(all, eval[[]entry](t, ctx, `window.c4log.map(e => ({Moves: e.moves, Ms: e.ms, Nodes: e.nodes}))`)...)
	}
	eval[bool](t, ctx, `(window.c4memory().then(b => window.c4mem = b), true)`)
	browsertest.Wait(t, ctx, `window.c4mem !== undefined`)
	mem := eval[float64](t, ctx, `window.c4mem`)
	heap := eval[float64](t, ctx, `performance.memory ? performance.memory.usedJSHeapSize : 0`)
	t.Logf("memory: WebAssembly %.0f MiB, the page's JavaScript heap %.1f MiB, every chromium process %.0f MiB resident", mem/(1<<20), heap/(1<<20), chromiumRSS()/(1<<20))

	var web []float64
	for _, e := range all {
		web = append(web, e.Ms)
	}
	t.Logf("%d analyses in 20 games; in the browser, ms: %s", len(web), summary(web))
	slow := slices.SortedFunc(slices.Values(all), func(a, b entry) int { return int(b.Ms - a.Ms) })
	for _, e := range slow[:min(10, len(slow))] {
		t.Logf("slow: %q (%d stones) %.0f ms, %.0f nodes", e.Moves, len(e.Moves), e.Ms, e.Nodes)
	}
	// Natively, one thread and two: what two workers sharing a position's
	// moves could gain at most (negamax's threads divide the moves and share
	// a table; the browser's workers would not share one).
	bk, _ := builtin.Book()
	for _, threads := range []int{1, 2} {
		s := negamax.New(negamax.Options{TableMiB: 128, Threads: threads})
		s.UseBook(bk)
		var native []float64
		for _, e := range all {
			p, err := position.Parse(position.Standard, e.Moves)
			if err != nil {
				t.Fatal(err)
			}
			t0 := time.Now()
			if _, _, err := s.Analyze(context.Background(), p, search.Strong); err != nil {
				t.Fatal(err)
			}
			native = append(native, float64(time.Since(t0).Microseconds())/1000)
		}
		t.Logf("native, %d thread(s), 128 MiB, the built-in book, no solving ahead, ms: %s", threads, summary(native))
	}
}

// summary is the p50, p90, p99 and max of xs.
func summary(xs []float64) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	at := func(q float64) float64 { return s[min(len(s)-1, int(q*float64(len(s))))] }
	return fmt.Sprintf("p50 %.2f, p90 %.2f, p99 %.2f, max %.2f", at(0.5), at(0.9), at(0.99), s[len(s)-1])
}

// measureFirst opens the page in five fresh browsers, one after another
// (each closed before the next starts, so that none's searches slow the
// next), and logs the time from the navigation to the first analysis
// shown in each, with their median and spread.
func measureFirst(t *testing.T, url string) {
	var firsts []float64
	for range 5 {
		t.Run("first", func(t *testing.T) {
			ctx := browsertest.Start(t, 640)
			browsertest.Load(t, ctx, url+"/", browsertest.Ready)
			firsts = append(firsts, eval[float64](t, ctx, `window.c4log[0].at`))
		})
	}
	t.Logf("first analysis shown after the navigation started, ms: %.0f (%s)", firsts, summary(firsts))
}

// measureFiles logs each file of the site with its size, raw and gzipped
// (level 6, as web servers do), and the sums: of the first load (all but
// the book's deeper layers, which follow the first answer) and of all.
func measureFiles(t *testing.T) {
	dir, err := siteDir()
	if err != nil {
		t.Fatal(err)
	}
	var raw, zipped, firstRaw, firstZipped int
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := os.ReadFile(path)
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, 6)
		w.Write(data)
		w.Close()
		raw += len(data)
		zipped += b.Len()
		if !strings.HasPrefix(d.Name(), "book-") {
			firstRaw += len(data)
			firstZipped += b.Len()
		}
		rel, _ := filepath.Rel(dir, path)
		t.Logf("%-18s %9d bytes, gzip %9d", rel, len(data), b.Len())
		return nil
	})
	t.Logf("%-18s %9d bytes, gzip %9d", "the first load", firstRaw, firstZipped)
	t.Logf("%-18s %9d bytes, gzip %9d", "the site", raw, zipped)
}

// chromiumRSS is the resident memory of every chromium process, in bytes.
func chromiumRSS() float64 {
	out, _ := exec.Command("ps", "-C", "chromium", "-o", "rss=").Output()
	var kib float64
	for _, f := range strings.Fields(string(out)) {
		var v float64
		fmt.Sscan(f, &v)
		kib += v
	}
	return kib * 1024
}

package js

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"c4/internal/browsertest"

	"github.com/chromedp/chromedp"
)

// page is a page that uses the package as a browser program would, and
// leaves what it saw in window.result.
const page = `<!doctype html><script type="module">
import { createSolver } from "./index.mjs";
const out = [];
try {
  const s = await createSolver({ tableMiB: 32 });
  out.push("book " + s.info.book);
  out.push("solve " + (await s.solve("4455")).score);
  out.push("analyze " + (await s.analyze("")).scores.join(" "));
  out.push("weak " + (await s.solve("44455554221", { weak: true })).score);
  try { await s.solve("4489"); } catch (e) { out.push("error " + e.message); }
  const stopped = s.solve("", { board: "6x5" });
  setTimeout(() => s.stop(), 300);
  try { await stopped; } catch (e) { out.push("stopped: " + e.name); }
  s.close();
} catch (e) {
  out.push("failed " + e);
}
window.result = out.join("\n");
</script>`

// TestPackageInBrowser runs the package in Chromium, from a page that
// imports it as an ES module: the solver in a Web Worker.
func TestPackageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4.wasm: not with -short")
	}
	pkg, err := built()
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(pkg)))
	mux.HandleFunc("/test.html", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(page)) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := browsertest.Start(t, 640)
	browsertest.Load(t, ctx, srv.URL+"/test.html", `window.result !== undefined`)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.result`))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"book 13",
		"solve 18",
		"analyze -2 -1 0 1 0 -1 -2",
		"weak -1",
		`error position "4489": move 3 ('8'): not a column of the 7x6 board (columns are 1-7)`,
		"stopped: StoppedError",
	}, "\n")
	if got != want {
		t.Errorf("the page saw:\n%s\nwant:\n%s", got, want)
	}
}

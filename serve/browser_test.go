package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"c4/book/builtin"
	"c4/position"

	"github.com/chromedp/chromedp"
)

// chromium is where Debian's chromium package (installed by .ci/run) puts
// the browser.
const chromium = "/usr/bin/chromium"

// TestBrowser drives the page in headless Chromium: it loads a middle-game
// position, clicks a column, asks c4 to move, and checks the board, the
// scores shown and the address; then it plays by keys to a win, and loads
// a position that is no game. The screenshot goes to the test's temporary
// folder, and also to $C4_SCREENSHOT if set (docs/page.png is made so).
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	book, err := builtin.Book()
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Book: book, Ahead: true}) // as c4 serve runs

	const start = "4444343331155552" // 16 stones, red to move
	load(t, ctx, ts.URL+"/?pos="+start)
	scores, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#scores span")].map(s => s.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"-13", "-2", "-13", "-13", "-13", "+13", "-13"}; !equal(scores, want) {
		t.Errorf("scores shown %q, want %q", scores, want)
	}
	// What they mean: on hover, and below the board for the column pointed
	// at; the position's verdict; the columns' numbers under the board.
	said, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[
		document.querySelector('#scores span[data-col="5"]').title,
		document.querySelector('#scores span[data-col="1"]').title,
		document.getElementById("status").textContent,
		[...document.querySelectorAll("#labels span")].map(s => s.textContent).join(""),
		(document.querySelector('#scores span[data-col="0"]').dispatchEvent(new MouseEvent("mouseenter")),
		 document.getElementById("explain").textContent)]`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"wins with your 9th stone", "loses: c4 wins with its 20th stone",
		"Red to move: Red wins with its 9th stone with perfect play.", "1234567",
		"Column 1: loses: c4 wins with its 9th stone."}; !equal(said, want) {
		t.Errorf("the page says %q, want %q", said, want)
	}

	// The human plays column 2 (column 6 would win at once), then asks c4
	// to move.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#board .col[data-col="1"]`))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("c4move"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready+` && `+stones+` === 18`)); err != nil {
		t.Fatal(err)
	}
	status, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(status, "Red to move: ") || !strings.HasSuffix(status, " with perfect play.") {
		t.Errorf("status %q", status)
	}
	// The address holds the game: the 17th stone in column 2, c4's reply.
	search, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "?pos=" + start + "2"; len(search) != len(want)+1 || search[:len(want)] != want {
		t.Errorf("address ?%s, want %s and c4's move", search, want)
	}
	// The screenshot shows what pointing at column 3 says.
	explain, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#scores span[data-col="2"]').dispatchEvent(new MouseEvent("mouseenter")),
		document.getElementById("explain").textContent`))
	if err != nil || !strings.HasPrefix(explain, "Column 3: ") {
		t.Errorf("pointing at column 3 says %q (%v)", explain, err)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(t.TempDir(), "page.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	if path := os.Getenv("C4_SCREENSHOT"); path != "" {
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The keys: u twice undoes both moves, 6 wins at once; the four is
	// marked, and c4 has no move to make.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("u"), chromedp.KeyEvent("u"), chromedp.KeyEvent("6")); err != nil {
		t.Fatal(err)
	}
	won := `document.getElementById("status").textContent.startsWith("Red wins") &&
		document.querySelectorAll("#board .cell.four").length === 4 &&
		document.getElementById("c4move").disabled &&
		location.search === "?pos=` + start + `6"`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](won)); err != nil {
		t.Fatalf("no win shown after u, u, 6: %v", err)
	}

	// A position that is no game is named and replaced by a new game.
	load(t, ctx, ts.URL+"/?pos=4444444")
	status, err = chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Not a game, ?pos=4444444: move 7: column 4 is full; a new game instead. Red to move: Red wins with its 21st stone with perfect play."; status != want {
		t.Errorf("status %q, want %q", status, want)
	}
}

// The page's state, for chromedp.Poll: answered (the first column's score
// shown), and the stones on the board.
const (
	ready  = `document.getElementById("status").dataset.state === "ready" && document.querySelector('#scores span[data-col="0"]').textContent !== ""`
	stones = `document.querySelectorAll("#board .cell.p1, #board .cell.p2").length`
)

// browser starts headless Chromium for the test, or skips it outside CI
// when there is none.
func browser(t *testing.T) context.Context {
	if _, err := os.Stat(chromium); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("no browser at %s (apt-get install chromium); skipped outside CI", chromium)
		}
		t.Fatalf("no browser at %s: %v", chromium, err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(640, 720),
	)
	timeout, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	// Debian's chromium sometimes dies of a segmentation fault as it starts
	// (one start in 30 to 60 on the machine of the session that saw it),
	// before it listens: such a start is tried again, with a fresh profile,
	// up to three times. Only the start: what fails after it fails the
	// test.
	var err error
	for try := 1; try <= 3; try++ {
		profile := chromedp.UserDataDir(t.TempDir()) // fresh each try
		alloc, cancelAlloc := chromedp.NewExecAllocator(timeout, append(opts[:len(opts):len(opts)], profile)...)
		ctx, cancelBrowser := chromedp.NewContext(alloc)
		if err = chromedp.Do(ctx); err == nil { // starts the browser
			t.Cleanup(cancelAlloc)
			t.Cleanup(cancelBrowser)
			return ctx
		}
		cancelBrowser()
		cancelAlloc()
		t.Logf("chromium did not start (try %d): %v", try, err)
	}
	t.Fatalf("chromium did not start in three tries: %v", err)
	return nil
}

// load opens url and waits until the page is ready. Waiting can meet the
// page's previous script context, which chromedp has not yet seen replaced
// (a known race of its Poll, met on a machine whose cores were busy):
// chromium then answers "Cannot find context", and the wait is tried
// again.
func load(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	var err error
	for try := 1; try <= 3; try++ {
		if _, err = chromedp.Run(ctx, chromedp.Poll[bool](ready)); err == nil || !strings.Contains(err.Error(), "Cannot find context") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
}

// TestBrowserBoard: on another board than 7x6, the page draws the server's
// board and plays on it.
func TestBrowserBoard(t *testing.T) {
	ctx := browser(t)
	b, err := position.ParseBoard("5x4")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Board: b})
	load(t, ctx, ts.URL+"/?pos=33")
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#board .cell").length`))
	if err != nil || cells != 20 {
		t.Errorf("%d cells (%v), want 5x4", cells, err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("6"), chromedp.KeyEvent("2")); err != nil { // 6 is no column here
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready+` && `+stones+` === 3 && location.search === "?pos=332"`)); err != nil {
		t.Fatalf("no move 2 after keys 6, 2: %v", err)
	}
}

// TestBrowserWide: past 9 columns, the columns are lettered under the
// board and their letters play them.
func TestBrowserWide(t *testing.T) {
	ctx := browser(t)
	b, err := position.ParseBoard("10x2")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Board: b})
	load(t, ctx, ts.URL+"/")
	if err := chromedp.Do(ctx, chromedp.KeyEvent("a"), chromedp.KeyEvent("1")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](ready+` && location.search === "?pos=a1"`)); err != nil {
		t.Fatalf("no moves a, 1 after their keys: %v", err)
	}
	labels, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#labels span")].map(s => s.textContent).join("")`))
	if err != nil || labels != "123456789a" {
		t.Errorf("labels %q (%v), want 123456789a", labels, err)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

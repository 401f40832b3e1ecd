package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"c4/book/builtin"
	"c4/game"
	"c4/internal/browsertest"

	"github.com/chromedp/chromedp"
)

// scoresShown are the scores above the columns, "" for a full one.
const scoresShown = `[...document.querySelectorAll("#scores span")].map(s => s.firstChild ? s.firstChild.textContent : "")`

// TestBrowser drives the page as c4 serve serves it (its solver the API,
// since no c4.wasm is there) in headless Chromium: it loads a middle-game
// position, checks the scores and what they mean, plays a column, which c4
// answers on its own, undoes, wins by a key, and loads a position that is
// no game. The screenshot goes to the test's temporary folder, and also to
// $C4_SCREENSHOT if set.
func TestBrowser(t *testing.T) {
	ctx := browsertest.Start(t, 640)
	book, err := builtin.Book()
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Book: book, Ahead: true}) // as c4 serve runs

	const start = "4444343331155552" // 16 stones, Red to move: the person's
	browsertest.Load(t, ctx, ts.URL+"/?pos="+start, browsertest.Ready)
	scores, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](scoresShown))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"-13", "-2", "-13", "-13", "-13", "+13", "-13"}; !equal(scores, want) {
		t.Errorf("scores shown %q, want %q", scores, want)
	}
	said, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[
		document.querySelector('#scores span[data-col="5"]').title,
		document.querySelector('#scores span[data-col="1"]').title,
		document.getElementById("status").textContent,
		[...document.querySelectorAll("#labels span")].map(s => s.textContent).join(""),
		(document.querySelector('#scores span[data-col="0"]').dispatchEvent(new MouseEvent("mouseenter")),
		 document.getElementById("explain").textContent),
		document.getElementById("solver").textContent]`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"wins: you win with your 9th stone", "loses: c4 wins with its 20th stone",
		"Your move (Red): you win with your 9th stone with perfect play.", "1234567",
		"Column 1 (-13): loses: c4 wins with its 9th stone.", "Scores are found by c4 serve"}; len(said) != len(want) || !equal(said[:5], want[:5]) || !strings.HasPrefix(said[5], want[5]) {
		t.Errorf("the page says %q, want %q", said, want)
	}

	// The person plays column 2 (column 6 would win at once); c4 answers.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#grid .col[data-col="1"]`))); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, browsertest.Ready+` && `+browsertest.Stones+` === 18`)
	status, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(status, "Your move (Red): ") || !strings.HasSuffix(status, " with perfect play.") {
		t.Errorf("status %q", status)
	}
	hash, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`))
	if err != nil || len(hash) != len(start)+3 || hash[:len(start)+2] != "#"+start+"2" {
		t.Errorf("address %s (%v), want #%s2 and c4's reply", hash, err, start)
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

	// u takes back the person's move and c4's reply; 6 then wins at once:
	// the four is marked, and c4 has no move to make.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("u")); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, browsertest.Ready+` && location.hash === "#`+start+`"`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("6")); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, `document.getElementById("status").textContent === "Red wins: you win." &&
		document.querySelectorAll("#grid .cell.four").length === 4 &&
		document.getElementById("c4move").disabled && location.hash === "#`+start+`6"`)

	// A position that is no game is named, and a new game starts.
	browsertest.Load(t, ctx, ts.URL+"/?pos=4444444", browsertest.Ready)
	note, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("note")))
	if err != nil || note != "?pos= 4444444: move 7: column 4 is full; a new game instead." {
		t.Errorf("note %q (%v)", note, err)
	}
}

// TestBrowserBoard: on another board than 7x6, the page draws the server's
// board and plays on it, as the person's links and keys say.
func TestBrowserBoard(t *testing.T) {
	ctx := browsertest.Start(t, 640)
	b, err := game.ParseBoard("5x4")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Board: b})
	browsertest.Load(t, ctx, ts.URL+"/?pos=33", browsertest.Ready)
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#grid .cell").length`))
	if err != nil || cells != 20 {
		t.Errorf("%d cells (%v), want 5x4", cells, err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("6"), chromedp.KeyEvent("2")); err != nil { // 6 is no column here
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, browsertest.Ready+` && `+browsertest.Stones+` === 4 && location.hash.startsWith("#5x4:332")`)
}

// TestBrowserWide: past 9 columns, the columns are lettered under the
// board and their letters play them.
func TestBrowserWide(t *testing.T) {
	ctx := browsertest.Start(t, 640)
	b, err := game.ParseBoard("10x2")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Board: b})
	browsertest.Load(t, ctx, ts.URL+"/", browsertest.Ready)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("A")); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, browsertest.Ready+` && location.hash.startsWith("#10x2:a")`)
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

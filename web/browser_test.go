package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"c4/engines"
	"c4/game"
	"c4/internal/browsertest"
	"c4/negamax"
	"c4/position"
	"c4/search"
	"c4/testsets/publictest"
	"c4/threat"

	"github.com/chromedp/chromedp"
)

// siteDir builds the static site once for the tests (about 10 s: the go
// command compiles c4.wasm).
var siteDir = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "c4site")
	if err != nil {
		return "", err
	}
	root, err := filepath.Abs("..")
	if err != nil {
		return "", err
	}
	return dir, Build(root, dir, DefaultBookStones)
})

// site serves the site with a plain file server, as any static host
// would; no c4 serve runs.
var site = sync.OnceValues(func() (string, error) {
	dir, err := siteDir()
	if err != nil {
		return "", err
	}
	return httptest.NewServer(http.FileServer(http.Dir(dir))).URL, nil
})

// open starts a browser on the site, which it builds the first time.
func open(t *testing.T, width int) (context.Context, string) {
	ctx := browsertest.Start(t, width)
	url, err := site()
	if err != nil {
		t.Fatal(err)
	}
	return ctx, url
}

// eval evaluates expr in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// scoresShown are the scores above the columns, "" for a full one.
const scoresShown = `[...document.querySelectorAll("#scores span")].map(s => s.firstChild ? s.firstChild.textContent : "")`

// setMode chooses the game's mode in its menu.
func setMode(t *testing.T, ctx context.Context, mode string) {
	t.Helper()
	eval[bool](t, ctx, `(document.getElementById("mode").value = "`+mode+`", document.getElementById("mode").dispatchEvent(new Event("change")), true)`)
}

// TestSiteLoads: the page starts its solver in the browser and shows the
// empty board's scores from the built-in book.
func TestSiteLoads(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	if got := eval[[]string](t, ctx, scoresShown); strings.Join(got, " ") != "-2 -1 0 +1 0 -1 -2" {
		t.Errorf("the empty board's scores: %q", got)
	}
	if solver := eval[string](t, ctx, `document.getElementById("solver").textContent`); !strings.Contains(solver, "in your browser") {
		t.Errorf("solver %q: not the browser's", solver)
	}
	// The book's deeper layers follow the first answer, and the page says
	// how deep the book is.
	browsertest.Wait(t, ctx, `document.getElementById("solver").textContent.includes("up to 13 stones")`)
	eval[bool](t, ctx, `(c4state.solver.analyze("7x6", "444555542213").then(a => window.deep = a), true)`)
	browsertest.Wait(t, ctx, `window.deep !== undefined`)
	if nodes := eval[int](t, ctx, `window.deep.nodes`); nodes != 0 {
		t.Errorf("a position of 12 stones took %d nodes: its moves are not answered by the deeper book", nodes)
	}
	// The worker's single scores, exact and weak, on 7x6 and another board.
	eval[bool](t, ctx, `((async () => { // one after another: a new question stops the one under way
		const r = [];
		for (const [b, p, weak] of [["7x6", "4455", false], ["7x6", "44455554221", true], ["5x4", "", false]]) r.push((await c4state.solver.solve(b, p, weak)).score);
		window.singles = r;
	})(), true)`)
	browsertest.Wait(t, ctx, `window.singles !== undefined`)
	if got := eval[[]int](t, ctx, `window.singles`); fmt.Sprint(got) != "[18 -1 0]" {
		t.Errorf("single scores %v, want [18 -1 0]", got)
	}
}

// TestSiteGames plays whole games against c4 as each side, the person
// choosing good moves (the best score) or random ones: c4 answers on its
// own, never loses, and the game ends with a result.
func TestSiteGames(t *testing.T) {
	ctx, url := open(t, 640)
	rng := rand.New(rand.NewPCG(7, 7))
	for _, mode := range []string{"red", "yellow"} {
		t.Run(mode, func(t *testing.T) {
			browsertest.Load(t, ctx, url+"/", browsertest.Ready)
			setMode(t, ctx, mode)
			browsertest.Load(t, ctx, url+"/#", browsertest.Ready)
			for moves := 0; moves < 42; moves++ {
				state := eval[string](t, ctx, `document.getElementById("status").textContent`)
				if !strings.HasPrefix(state, "Your move") {
					break
				}
				scores := eval[[]string](t, ctx, scoresShown)
				c := pick(scores, rng.IntN(2) == 0, rng)
				stones := eval[int](t, ctx, browsertest.Stones)
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#grid .col[data-col="%d"]`, c)))); err != nil {
					t.Fatal(err)
				}
				browsertest.Wait(t, ctx, fmt.Sprintf(`(%s) >= %d && document.getElementById("status").dataset.state === "ready" && !document.getElementById("status").textContent.startsWith("c4's move")`, browsertest.Stones, stones+1))
			}
			end := eval[string](t, ctx, `document.getElementById("status").textContent`)
			if !strings.Contains(end, "c4 wins") && !strings.Contains(end, "draw") {
				t.Errorf("the game ended %q: c4 lost or it did not end", end)
			}
		})
	}
}

// pick chooses a column to play from the scores shown: the best, or any.
func pick(scores []string, good bool, rng *rand.Rand) int {
	var open []int
	best := -1
	for c, s := range scores {
		if s == "" {
			continue
		}
		open = append(open, c)
		var v, b int
		fmt.Sscan(s, &v)
		if best >= 0 {
			fmt.Sscan(scores[best], &b)
		}
		if best < 0 || v > b {
			best = c
		}
	}
	if good || len(open) == 0 {
		return best
	}
	return open[rng.IntN(len(open))]
}

// TestSiteScores: the page's scores are native c4 solve --analyze's, on 20
// Middle-Medium positions and 5 past the book.
func TestSiteScores(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	setMode(t, ctx, "analysis")
	var positions []string
	for _, c := range publictest.Set(t, "Test_L2_R2").Cases[:20] {
		positions = append(positions, c.Moves)
	}
	for _, c := range publictest.Set(t, "Test_L1_R2").Cases {
		if len(c.Moves) > DefaultBookStones && len(positions) < 25 {
			positions = append(positions, c.Moves)
		}
	}
	s := negamax.New(negamax.Options{TableMiB: 64})
	for _, moves := range positions {
		p, _ := position.Parse(position.Standard, moves)
		want, _, err := s.Analyze(context.Background(), p, search.Strong)
		if err != nil {
			t.Fatal(err)
		}
		browsertest.Load(t, ctx, url+"/#"+moves, browsertest.Ready+` && location.hash === "#`+moves+`"`)
		got := eval[[]string](t, ctx, scoresShown)
		for c, v := range want {
			shown := fmt.Sprint(v)
			if v > 0 {
				shown = "+" + shown
			} else if v == search.InvalidMove {
				shown = ""
			}
			if got[c] != shown {
				t.Errorf("%s: column %d shows %q, native %d", moves, c+1, got[c], v)
			}
		}
	}
}

// TestSiteWideBoard: a board past 64 bits (8x8) is solved in the browser
// with the scores of c4 solve --board 8x8 --analyze, and offered in the
// board menu.
func TestSiteWideBoard(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	setMode(t, ctx, "analysis")
	const moves = "325288874681771854261111766716468744"
	browsertest.Load(t, ctx, url+"/#8x8:"+moves, browsertest.Ready+` && location.hash === "#8x8:`+moves+`"`)
	got := eval[[]string](t, ctx, scoresShown)
	if want := []string{"+6", "+6", "+5", "+6", "-13", "+6", "+6", "+6"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("8x8 %s: scores %q, want %q", moves, got, want)
	}
	if !eval[bool](t, ctx, `[...document.getElementById("board").options].some(o => o.value === "9x9")`) {
		t.Error("9x9 is not in the board menu")
	}
}

// TestSiteAnalysis: in analysis mode both sides play by clicks, c4 does not
// move on its own, the words name the sides by colour for whoever is to
// move, and undo and redo go one move at a time.
func TestSiteAnalysis(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	setMode(t, ctx, "analysis")
	browsertest.Load(t, ctx, url+"/#4", browsertest.Ready)
	said := eval[[]string](t, ctx, `[document.getElementById("status").textContent,
		document.querySelector('#scores span[data-col="0"]').title]`)
	if said[0] != "Yellow to move: Red wins with its 21st stone with perfect play." || !strings.HasPrefix(said[1], "loses: Red wins with its") {
		t.Errorf("after 4, the page says %q", said)
	}
	for _, key := range []string{"4", "5"} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
			t.Fatal(err)
		}
		browsertest.Wait(t, ctx, browsertest.Ready)
	}
	if h := eval[string](t, ctx, `location.hash`); h != "#445" {
		t.Errorf("after keys 4, 5: %s, want #445 (c4 moves on its own in analysis?)", h)
	}
	keysTo(t, ctx, "u", "#44", "u", "#4", "r", "#44", "r", "#445")
}

// keysTo presses each key of keyHash (key, hash, key, hash...) and waits
// until the page has answered the position of its hash.
func keysTo(t *testing.T, ctx context.Context, keyHash ...string) {
	t.Helper()
	for i := 0; i+1 < len(keyHash); i += 2 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(keyHash[i])); err != nil {
			t.Fatal(err)
		}
		browsertest.Wait(t, ctx, browsertest.Ready+` && location.hash === "`+keyHash[i+1]+`"`)
	}
}

// TestSiteUndoAgainstC4: against c4, undo takes back the person's move and
// c4's reply, and redo plays them again.
func TestSiteUndoAgainstC4(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	setMode(t, ctx, "red")
	browsertest.Load(t, ctx, url+"/#44", browsertest.Ready)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("3")); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, browsertest.Ready+` && location.hash.length === 5`) // 443 and c4's reply
	keysTo(t, ctx, "u", "#44", "r", eval[string](t, ctx, `location.hash`))
}

// TestSiteLinks: a link reopens its position (#4453, ?pos=4453, another
// board's #5x4:33, upper-case columns); one that is no game is named, and
// the note stays while an error comes and goes.
func TestSiteLinks(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	setMode(t, ctx, "analysis")
	for _, tc := range []struct{ link, hash string }{
		{"/#4453", "#4453"}, {"/?pos=4453", "#4453"}, {"/#5x4:33", "#5x4:33"}, {"/#10x2:aA1", "#10x2:aa1"},
	} {
		browsertest.Load(t, ctx, url+tc.link, browsertest.Ready+` && location.hash === "`+tc.hash+`"`)
	}
	if keys := eval[string](t, ctx, `document.getElementById("keys").textContent`); !strings.Contains(keys, "(1-9, a, either case)") {
		t.Errorf("the keys on 10 columns: %q", keys)
	}
	browsertest.Load(t, ctx, url+"/#4444444", browsertest.Ready)
	note := `document.getElementById("note").textContent`
	if got := eval[string](t, ctx, note); got != "The link's position 4444444: move 7: column 4 is full; a new game instead." {
		t.Errorf("note %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("4"), chromedp.KeyEvent("4"), chromedp.KeyEvent("4"), chromedp.KeyEvent("4"), chromedp.KeyEvent("4"), chromedp.KeyEvent("4"), chromedp.KeyEvent("4")); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, `document.getElementById("status").textContent.includes("Column 4 is full")`)
	// The note went with the person's first move, not with the error.
	if got := eval[string](t, ctx, note); got != "" {
		t.Errorf("note %q after moves", got)
	}
}

// TestSiteStop: a stop during a long search (the empty 8x7 board, which no
// book holds) leaves the page usable.
func TestSiteStop(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	setMode(t, ctx, "analysis")
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/#8x7:")); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, `!document.getElementById("thinking").hidden && document.getElementById("thinkingText").textContent.includes("positions")`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("stop"))); err != nil {
		t.Fatal(err)
	}
	browsertest.Wait(t, ctx, `document.getElementById("status").textContent.endsWith("the search was stopped.") && !document.getElementById("again").hidden`)
	browsertest.Load(t, ctx, url+"/#5x4:33", browsertest.Ready)
}

// TestSiteHintsRemembered: scores off stays off on the next visit.
func TestSiteHintsRemembered(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	eval[bool](t, ctx, `(document.getElementById("hints").click(), true)`)
	browsertest.Load(t, ctx, url+"/", `document.getElementById("status").dataset.state === "ready"`)
	shown := eval[[]string](t, ctx, scoresShown)
	checked := eval[bool](t, ctx, `document.getElementById("hints").checked`)
	if checked || strings.Join(shown, "") != "" {
		t.Errorf("after a reload with scores off: checked %v, scores %q", checked, shown)
	}
	eval[bool](t, ctx, `(document.getElementById("hints").click(), true)`)
}

// TestSiteRules: under the board the page says what the rules prove, as
// the solver's engines.Explain words it, and nothing where they prove
// nothing or the scores are hidden; a screenshot of it is kept
// (C4_RULES_SCREENSHOT names where).
func TestSiteRules(t *testing.T) {
	ctx, url := open(t, 640)
	browsertest.Load(t, ctx, url+"/", browsertest.Ready)
	setMode(t, ctx, "analysis")
	for _, moves := range []string{"24421444", "176123533", "267621632652131", "4"} {
		p, _ := game.Parse(game.Standard, moves)
		want := ""
		if e, ok := engines.Explain(p, threat.Colours); ok {
			want = "By the rules, without search: " + e
		}
		browsertest.Load(t, ctx, url+"/#"+moves, browsertest.Ready+` && location.hash === "#`+moves+`"`)
		if got := eval[string](t, ctx, `document.getElementById("rules").textContent`); got != want {
			t.Errorf("%s: %q, want %q", moves, got, want)
		}
		if moves != "24421444" {
			continue
		}
		if path := os.Getenv("C4_RULES_SCREENSHOT"); path != "" {
			shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		eval[bool](t, ctx, `(document.getElementById("hints").click(), true)`)
		if got := eval[string](t, ctx, `document.getElementById("rules").textContent`); got != "" {
			t.Errorf("%s with the scores hidden: %q", moves, got)
		}
		eval[bool](t, ctx, `(document.getElementById("hints").click(), true)`)
	}
}

// TestSiteNarrow: at 380 px the page fits the width, and a screenshot of
// it is kept (docs/web.png is made so with C4_SCREENSHOT set).
func TestSiteNarrow(t *testing.T) {
	ctx, url := open(t, 380)
	browsertest.Load(t, ctx, url+"/#4444343331155552", browsertest.Ready)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 380 {
		t.Errorf("the page is %d px wide in a 380 px window", w)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if path := os.Getenv("C4_SCREENSHOT"); path != "" {
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSiteOffline: once loaded, the site opens and solves with its server
// gone (the copy its service worker keeps).
func TestSiteOffline(t *testing.T) {
	ctx := browsertest.Start(t, 640)
	dir, err := siteDir()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	browsertest.Load(t, ctx, srv.URL+"/", browsertest.Ready)
	// The service worker controls the pages loaded after it is ready: wait
	// for it, then load the page again (by chromedp, not by the page, whose
	// own reload would cut short the evaluation under way).
	eval[bool](t, ctx, `(navigator.serviceWorker.ready.then(() => { window.swReady = true }), true)`)
	browsertest.Wait(t, ctx, `window.swReady === true`)
	browsertest.Load(t, ctx, srv.URL+"/", browsertest.Ready+` && navigator.serviceWorker.controller !== null`)
	srv.Close()
	browsertest.Load(t, ctx, srv.URL+"/index.html#44", browsertest.Ready+` && location.hash === "#44"`) // another document than the one open
}

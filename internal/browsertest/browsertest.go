// Package browsertest starts headless Chromium for the tests of the page
// (packages serve and web), through chromedp.
package browsertest

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium is where Debian's chromium package (installed by .ci/run) puts
// the browser.
const Chromium = "/usr/bin/chromium"

// Start starts headless Chromium for the test, with a window of width by
// 900 pixels, or skips the test outside CI when there is none.
func Start(t *testing.T, width int) context.Context {
	if _, err := os.Stat(Chromium); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("no browser at %s (apt-get install chromium); skipped outside CI", Chromium)
		}
		t.Fatalf("no browser at %s: %v", Chromium, err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Chromium),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(width, 900),
	)
	timeout, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
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
			// Headless Chromium's window is at least 500 pixels wide:
			// narrower pages need the viewport emulated.
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), 900)); err != nil {
				t.Fatal(err)
			}
			return ctx
		}
		cancelBrowser()
		cancelAlloc()
		t.Logf("chromium did not start (try %d): %v", try, err)
	}
	t.Fatalf("chromium did not start in three tries: %v", err)
	return nil
}

// Ready is true, for chromedp.Poll, when the page has answered: not
// thinking, and the position's scores known (or the game over).
const Ready = `document.getElementById("status").dataset.state === "ready" && document.getElementById("status").dataset.answered === document.getElementById("status").dataset.moves`

// Stones counts the stones on the board, for chromedp.Poll.
const Stones = `document.querySelectorAll("#grid .cell.p1, #grid .cell.p2").length`

// Load opens url and waits until until is true. Waiting can meet the
// page's previous script context, which chromedp has not yet seen replaced
// (a known race of its Poll, met on a machine whose cores were busy):
// chromium then answers "Cannot find context", and the wait is tried
// again.
func Load(t *testing.T, ctx context.Context, url, until string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	Wait(t, ctx, until)
}

// Wait waits until the expression until is true.
func Wait(t *testing.T, ctx context.Context, until string) {
	t.Helper()
	var err error
	for try := 1; try <= 3; try++ {
		if _, err = chromedp.Run(ctx, chromedp.Poll[bool](until)); err == nil || !strings.Contains(err.Error(), "Cannot find context") {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("waiting for %s: %v", until, err)
	}
}

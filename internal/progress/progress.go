// Package progress writes the status line of long work, for a terminal:
// done/total, rate, elapsed time and ETA, rewritten in place a few times a
// second, so that c4's long commands all show progress the same way.
package progress

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// every is the least time between two writes of the line.
const every = 250 * time.Millisecond

// Meter is the status line of one piece of work.
type Meter struct {
	w           io.Writer
	label, unit string
	total       int
	start, last time.Time
}

// New starts a meter of total units writing to w; a nil w writes nothing.
func New(w io.Writer, label, unit string, total int) *Meter {
	now := time.Now()
	return &Meter{w: w, label: label, unit: unit, total: total, start: now, last: now}
}

// Update reports done units, with an optional detail, unless the line was
// written less than a quarter of a second ago (the last unit always is).
func (m *Meter) Update(done int, detail string) {
	now := time.Now()
	if m.w == nil || now.Sub(m.last) < every && done < m.total {
		return
	}
	m.last = now
	elapsed := now.Sub(m.start)
	rate := float64(done) / elapsed.Seconds()
	eta := "?"
	if done > 0 {
		eta = (elapsed / time.Duration(done) * time.Duration(m.total-done)).Round(time.Second).String()
	}
	if detail != "" {
		detail = ", " + detail
	}
	fmt.Fprintf(m.w, "\r%s: %d/%d %s%s, %.1f/s, elapsed %s, ETA %s   ",
		m.label, done, m.total, m.unit, detail, rate, elapsed.Round(time.Second), eta)
}

// Done clears the line.
func (m *Meter) Done() {
	if m.w != nil {
		fmt.Fprint(m.w, "\r\033[K")
	}
}

// Watch writes, every second once work has taken a second, label and what
// status returns, with the time taken, on one line of w (nil: nothing), for
// work whose total is unknown (one search); stop ends it and clears the
// line.
func Watch(w io.Writer, label string, status func() string) (stop func()) {
	if w == nil {
		return func() {}
	}
	done, finished := make(chan struct{}), make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-done:
				if shown {
					fmt.Fprint(w, "\r\033[K")
				}
				return
			case <-tick.C:
				fmt.Fprintf(w, "\r%s: %s, elapsed %s   ", label, status(), time.Since(start).Round(time.Second))
				shown = true
			}
		}
	}()
	return func() { close(done); <-finished }
}

// Search shows on w, while a search of the position of moves takes more
// than a second, its nodes, rate and (unless analysing, whose moves are
// searched at once) the interval known to hold the score, as read reports
// them; it returns what stops it. With w nil, or a read that says false
// (an engine without such progress: DFPN), it shows nothing.
func Search(w io.Writer, moves string, analyze bool, read func() (nodes uint64, lo, hi int, ok bool)) (stop func()) {
	if _, _, _, ok := read(); !ok || w == nil {
		return func() {}
	}
	label, start := strconv.Quote(moves), time.Now()
	if moves == "" {
		label = "the empty board"
	}
	return Watch(w, label, func() string {
		nodes, lo, hi, _ := read()
		status := fmt.Sprintf("%d nodes, %.1f M/s", nodes, float64(nodes)/time.Since(start).Seconds()/1e6)
		if !analyze {
			status += fmt.Sprintf(", score in [%d, %d]", lo, hi)
		}
		return status
	})
}

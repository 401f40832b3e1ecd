package bench

import (
	"fmt"
	"io"
	"time"
)

// progress writes a one-line, rewritten status: done/total, rate and ETA, at
// most a few times a second.
type progress struct {
	w           io.Writer
	label       string
	total       int
	start, last time.Time
}

const progressEvery = 250 * time.Millisecond

func newProgress(w io.Writer, label string, total int) *progress {
	now := time.Now()
	return &progress{w: w, label: label, total: total, start: now, last: now}
}

func (p *progress) step(done int) {
	if p.w == nil {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < progressEvery && done < p.total {
		return
	}
	p.last = now
	elapsed := now.Sub(p.start)
	rate := float64(done) / elapsed.Seconds()
	eta := time.Duration(float64(p.total-done) / rate * float64(time.Second))
	fmt.Fprintf(p.w, "\r%s: %d/%d positions, %.1f/s, elapsed %s, ETA %s   ",
		p.label, done, p.total, rate, elapsed.Round(time.Second), eta.Round(time.Second))
}

func (p *progress) done() {
	if p.w != nil {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

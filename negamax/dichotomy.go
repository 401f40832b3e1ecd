package negamax

import (
	"sync"
	"sync/atomic"
)

// dichotomy narrows the interval [lo, hi] known to hold a score by
// null-window probes: a probe at v says whether the score is above v. One
// worker runs Pascal Pons' series: the middle of the interval, or half way
// from zero to the interval's end on the middle's side when that is
// farther out, so that short wins and losses, which take little search,
// are tried first. On positions of at most signFirstStones stones, whose
// scores are small, the sign's probes (0, then -1) come first instead, and
// then probes away from zero at doubling steps (is the score above 1? 3?
// 7? ...) until one fails, and the interval is halved from there (see
// signFirstStones). Analyze's moves probe the sign first too, after aiming
// at the score of the move searched before (see aim).
// Several workers each take a probe of their own, in a part of the
// interval that no other probe splits, and a probe made useless by
// another's answer is stopped. A worker that finds
// every part taken joins the probe nearest zero once joinWork nodes have
// been spent on it, and the workers on it divide its moves (see abdada.go).
//
// Running different probes at once, rather than one probe on every thread
// with jittered move orders (Lazy SMP), is what paid here: with jitter, two
// threads were slower than one. (The runs:
// docs/measurements/2026-11-27-tunables-figures-from-the-codes-comments.md,
// dichotomy.)
type dichotomy struct {
	mu        sync.Mutex
	changed   sync.Cond // lo, hi or a probe changed, or a probe grew (wake)
	lo, hi    int
	probes    map[*worker]probe // the probe of each busy worker
	waiting   atomic.Int32      // workers waiting in next
	stopped   bool              // by the context
	signFirst bool              // the sign first, then doubling steps
	aimed     bool              // guess's two probes before the others
	guess     int
}

// probe is a worker's probe: its value, and the worker's nodes when it
// began.
type probe struct {
	v    int
	from uint64
}

// reset starts a new search of a score in [lo, hi], probing the sign
// first if signFirst.
func (d *dichotomy) reset(lo, hi int, signFirst bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.probes == nil {
		d.probes = map[*worker]probe{}
		d.changed.L = &d.mu
	}
	d.lo, d.hi, d.stopped, d.signFirst, d.aimed = lo, hi, false, signFirst, false
	clear(d.probes)
}

// aim makes the next probes those that settle a score of g, if they are
// still open: above g-1?, then above g?. Analyze aims each move at the
// score of the move searched before it, as the moves of a position often
// score alike (six draws and a win, say), and the probes close to the
// score are the costly ones.
func (d *dichotomy) aim(g int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.aimed, d.guess = true, g
}

// next returns the value w is to probe, waiting while every part of the
// interval is being probed; false when the score is known or the search
// was stopped.
func (d *dichotomy) next(w *worker) (int, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		if d.lo >= d.hi || d.stopped {
			return 0, false
		}
		v, ok := d.pick()
		if !ok {
			v, ok = d.join()
		}
		if ok {
			d.probes[w] = probe{v, w.nodes}
			w.stop.Store(false)
			w.stopped = false
			return v, true
		}
		d.waiting.Add(1)
		d.changed.Wait()
		d.waiting.Add(-1)
	}
}

// wake lets the workers waiting in next look again whether a probe has
// become long enough to join; w calls it every checkEvery nodes.
func (d *dichotomy) wake() {
	if d.waiting.Load() > 0 {
		d.changed.Broadcast()
	}
}

// open says whether the score is still being searched.
func (d *dichotomy) open() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lo < d.hi && !d.stopped
}

// score returns the score once it is known.
func (d *dichotomy) score() (int, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lo, d.lo >= d.hi && !d.stopped
}

// join returns, for a worker with no part of the interval left to probe,
// the probe nearest zero of those on which a worker has searched at least
// joinWork nodes: below that, searching it twice costs more than it saves.
func (d *dichotomy) join() (int, bool) {
	best, found := 0, false
	for o, p := range d.probes {
		if o.published.Load() >= p.from+joinWork &&
			(!found || abs(p.v) < abs(best) || abs(p.v) == abs(best) && p.v < best) {
			best, found = p.v, true
		}
	}
	return best, found
}

func abs(v int) int { return max(v, -v) }

// pick chooses a probe in the part of [lo, hi] left open by the probes
// under way that holds zero, or else the widest.
func (d *dichotomy) pick() (int, bool) {
	lo, hi := d.lo, d.hi // the chosen part
	found := false
	for a := d.lo; a < d.hi; {
		b := d.hi // the part from a ends at the next probe
		for _, p := range d.probes {
			if p.v >= a && p.v < b {
				b = p.v
			}
		}
		if a < b && (!found || a <= 0 && 0 <= b || (lo > 0 || hi < 0) && b-a > hi-lo) {
			lo, hi, found = a, b, true
		}
		a = b + 1
	}
	if !found {
		return 0, false
	}
	if d.aimed {
		switch g := d.guess; {
		case lo <= g-1 && g-1 < hi:
			return g - 1, true
		case lo <= g && g < hi:
			return g, true
		}
	}
	if d.signFirst {
		switch {
		case lo <= 0 && 0 < hi:
			return 0, true
		case lo < 0 && hi >= 0:
			return -1, true
		case lo > 0 && 2*lo-1 < hi: // above 2*lo-1: twice the least score
			return 2*lo - 1, true
		case hi < 0 && 2*hi >= lo:
			return 2 * hi, true
		}
	}
	med := lo + (hi-lo)/2
	if med <= 0 && lo/2 < med {
		med = lo / 2
	} else if med >= 0 && hi/2 > med {
		med = hi / 2
	}
	return med, true
}

// report records r, the result of w's probe at v: the score is at most r if
// r <= v, at least r otherwise. Probes now outside the interval are
// stopped. A stopped probe's result is ignored; if the context stopped it,
// every worker stops.
func (d *dichotomy) report(w *worker, v, r int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.probes, w)
	defer d.changed.Broadcast()
	if w.stopped {
		if w.ctx.Err() != nil {
			d.stopped = true
			for o := range d.probes {
				o.stop.Store(true)
			}
		}
		return
	}
	if r <= v {
		d.hi = min(d.hi, r)
	} else {
		d.lo = max(d.lo, r)
	}
	for o, p := range d.probes {
		if p.v < d.lo || p.v >= d.hi {
			o.stop.Store(true)
		}
	}
}

package negamax

import (
	"fmt"
	"slices"
	"testing"
)

// TestDichotomyOrder checks the first probes of each order on the empty
// 7x6 board's interval, with a second worker taking the next part.
func TestDichotomyOrder(t *testing.T) {
	for _, tc := range []struct {
		signFirst     bool
		first, second int
	}{{false, -10, 10}, {true, 0, -1}} {
		t.Run(fmt.Sprintf("signFirst %v", tc.signFirst), func(t *testing.T) {
			var d dichotomy
			d.reset(-21, 21, tc.signFirst)
			first, ok := d.next(&worker{})
			if !ok {
				t.Fatal("no first probe")
			}
			second, ok := d.next(&worker{})
			if !ok {
				t.Fatal("no second probe")
			}
			if first != tc.first || second != tc.second {
				t.Errorf("signFirst %v: probes %d, %d; want %d, %d", tc.signFirst, first, second, tc.first, tc.second)
			}
		})
	}
}

// TestDichotomyGallop follows one worker's probes with the sign first, for
// scores of either sign: doubling steps away from zero, then halving; and
// aimed at a guess (aim), the guess's two probes first.
func TestDichotomyGallop(t *testing.T) {
	const none = 100 // no aim
	for _, tc := range []struct {
		score, guess int
		probes       []int
	}{
		{1, none, []int{0, 1}},
		{2, none, []int{0, 1, 3, 2}},
		{6, none, []int{0, 1, 3, 7, 5, 6}},
		{0, none, []int{0, -1}},
		{-1, none, []int{0, -1, -2}},
		{-3, none, []int{0, -1, -2, -4, -3}},
		{-3, -3, []int{-4, -3}},
		{6, 6, []int{5, 6}},
		{6, 2, []int{1, 2, 5, 11, 8, 7, 6}},                       // above the guess: doubling from there
		{-1, 2, []int{1, 0, -1, -2}},                              // below it: the sign next
		{-21, 5, []int{4, 0, -1, -2, -4, -8, -16, -19, -20, -21}}, // below it, far
	} {
		t.Run(fmt.Sprintf("score %d guess %d", tc.score, tc.guess), func(t *testing.T) {
			var d dichotomy
			d.reset(-21, 21, true)
			if tc.guess != none {
				d.aim(tc.guess)
			}
			w := &worker{}
			var probes []int
			for v, ok := d.next(w); ok; v, ok = d.next(w) {
				probes = append(probes, v)
				r := v // the answer of a null-window search at v
				if tc.score > v {
					r = v + 1
				}
				d.report(w, v, r)
			}
			if !slices.Equal(probes, tc.probes) || d.lo != tc.score || d.hi != tc.score {
				t.Errorf("score %d, guess %d: probes %v, interval [%d, %d]; want %v", tc.score, tc.guess, probes, d.lo, d.hi, tc.probes)
			}
		})
	}
}

// TestDichotomyJoin: a worker that finds every part of the interval taken
// joins the probe nearest zero once joinWork nodes have been spent on it,
// and the other's answer stops it.
func TestDichotomyJoin(t *testing.T) {
	var d dichotomy
	d.reset(0, 2, true) // two parts: above 0? and above 1?
	a, b, c := &worker{}, &worker{}, &worker{}
	va, _ := d.next(a)
	vb, _ := d.next(b)
	if va != 0 || vb != 1 {
		t.Fatalf("probes %d, %d; want 0, 1", va, vb)
	}
	if _, ok := d.join(); ok {
		t.Fatal("joined a probe that has not searched joinWork nodes")
	}
	b.published.Store(joinWork)
	if v, ok := d.join(); !ok || v != 1 {
		t.Fatalf("join: %d, %v; want 1, true", v, ok)
	}
	a.published.Store(joinWork)
	v, ok := d.next(c)
	if !ok || v != 0 {
		t.Fatalf("the third worker probes %d, %v; want 0 (nearest zero)", v, ok)
	}
	d.report(a, 0, 1) // above 0: the probe c joined is answered
	if !c.stop.Load() || b.stop.Load() {
		t.Errorf("after a's answer: c stopped %v, b stopped %v; want true, false", c.stop.Load(), b.stop.Load())
	}
}

package negamax

import (
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
	}
}

// TestDichotomyGallop follows one worker's probes with the sign first, for
// scores of either sign: doubling steps away from zero, then halving.
func TestDichotomyGallop(t *testing.T) {
	for _, tc := range []struct {
		score  int
		probes []int
	}{
		{1, []int{0, 1}},
		{2, []int{0, 1, 3, 2}},
		{6, []int{0, 1, 3, 7, 5, 6}},
		{0, []int{0, -1}},
		{-1, []int{0, -1, -2}},
		{-3, []int{0, -1, -2, -4, -3}},
	} {
		var d dichotomy
		d.reset(-21, 21, true)
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
			t.Errorf("score %d: probes %v, interval [%d, %d]; want %v", tc.score, probes, d.lo, d.hi, tc.probes)
		}
	}
}

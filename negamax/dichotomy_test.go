package negamax

import "testing"

// TestDichotomyOrder checks the first probes of each order on the empty
// 7x6 board's interval, with a second worker taking the next part.
func TestDichotomyOrder(t *testing.T) {
	for _, tc := range []struct {
		weakFirst     bool
		first, second int
	}{{false, -10, 10}, {true, 0, -1}} {
		var d dichotomy
		d.reset(-21, 21, tc.weakFirst)
		first, ok := d.next(&worker{})
		if !ok {
			t.Fatal("no first probe")
		}
		second, ok := d.next(&worker{})
		if !ok {
			t.Fatal("no second probe")
		}
		if first != tc.first || second != tc.second {
			t.Errorf("weakFirst %v: probes %d, %d; want %d, %d", tc.weakFirst, first, second, tc.first, tc.second)
		}
	}
}

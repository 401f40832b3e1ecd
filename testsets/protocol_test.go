package testsets

import "testing"

func TestParseLevelRating(t *testing.T) {
	for _, s := range []string{"end", "End", "3"} {
		if l, err := ParseLevel(s); l != End || err != nil {
			t.Errorf("ParseLevel(%q) = %v, %v; want end", s, l, err)
		}
	}
	for _, s := range []string{"medium", "MEDIUM", "2"} {
		if r, err := ParseRating(s); r != Medium || err != nil {
			t.Errorf("ParseRating(%q) = %v, %v; want medium", s, r, err)
		}
	}
	for _, s := range []string{"", "0", "4", "L3", "ends"} {
		if _, err := ParseLevel(s); err == nil {
			t.Errorf("ParseLevel(%q): no error", s)
		}
		if _, err := ParseRating(s); err == nil {
			t.Errorf("ParseRating(%q): no error", s)
		}
	}
}

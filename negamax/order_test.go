package negamax

import (
	"fmt"
	"slices"
	"testing"
)

func TestSorter(t *testing.T) {
	for _, tc := range []struct {
		width  int
		scores []int // by index in the centre-first order
		want   []int // indices, best first
	}{
		{7, []int{0, 0, 0}, []int{0, 1, 2}},                         // ties: centre first
		{7, []int{1, 3, 0, 3, 2, 0, 0}, []int{1, 3, 4, 0, 2, 5, 6}}, // by score
		{7, []int{7, 9, 8}, []int{0, 1, 2}},                         // 7 and above tie
		{1, []int{40}, []int{0}},
		{16, []int{3, 5, 1}, []int{0, 1, 2}},             // 3 and above tie
		{32, []int{0, 0, 1, 0, 4}, []int{2, 4, 0, 1, 3}}, // 1 and above tie
		{32, append(make([]int, 31), 1), append([]int{31}, seq(31)...)},
	} {
		t.Run(fmt.Sprintf("width %d scores %v", tc.width, tc.scores), func(t *testing.T) {
			var s sorter
			s.reset(sortShift(tc.width))
			for i, score := range tc.scores {
				s.add(i, score)
			}
			var got []int
			for i, ok := s.next(); ok; i, ok = s.next() {
				got = append(got, i)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("width %d, scores %v: order %v, want %v", tc.width, tc.scores, got, tc.want)
			}
		})
	}
}

// seq returns 0, 1, ..., n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

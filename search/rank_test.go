//widen:shared

package search

import (
	"fmt"
	"slices"
	"testing"
)

func TestBestMove(t *testing.T) {
	for _, tc := range []struct {
		scores []int
		want   int
	}{
		{[]int{-2, -1, 0, 1, 0, -1, -2}, 3},
		{[]int{1, 0, 0, 0, 0, 0, 1}, 0},
		{[]int{-3, -3, InvalidMove, -3, -3}, 1},
		{[]int{InvalidMove, InvalidMove}, -1},
		{[]int{-5, 2, 2, -5}, 1},
	} {
		t.Run(fmt.Sprint(tc.scores), func(t *testing.T) {
			if got := BestMove(tc.scores); got != tc.want {
				t.Errorf("BestMove(%v) = %d, want %d", tc.scores, got, tc.want)
			}
		})
	}
}

func TestRanked(t *testing.T) {
	scores := []int{0, 2, InvalidMove, 2, 0, 0, -1}
	if got, want := Ranked(scores), []int{3, 1, 4, 5, 0, 6}; !slices.Equal(got, want) {
		t.Errorf("Ranked(%v) = %v, want %v", scores, got, want)
	}
}

func ExampleBestMove() {
	// The scores of the first moves on 7x6: the centre column wins.
	fmt.Println(BestMove([]int{-2, -1, 0, 1, 0, -1, -2}) + 1)
	// Output: 4
}

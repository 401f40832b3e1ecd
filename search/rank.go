//widen:shared

package search

import (
	"cmp"
	"slices"
)

// InvalidMove is the score given to a full column in a move analysis, as
// the reference solver prints it.
const InvalidMove = -1000

// BestMove returns the column to play given the scores of ScoreMoves: the
// highest score, the column nearest the centre among equals, the left one
// between a column and its mirror image; -1 if every column is full.
func BestMove(scores []int) int {
	if r := Ranked(scores); len(r) > 0 {
		return r[0]
	}
	return -1
}

// Ranked returns the columns that are not full, in BestMove's order: the
// highest score first, the one nearest the centre first among equals, the
// left one first between a column and its mirror image.
func Ranked(scores []int) []int {
	w := len(scores)
	var cols []int
	for c, s := range scores {
		if s != InvalidMove {
			cols = append(cols, c)
		}
	}
	slices.SortStableFunc(cols, func(a, b int) int {
		return cmp.Or(cmp.Compare(scores[b], scores[a]), cmp.Compare(centreDist(a, w), centreDist(b, w)))
	})
	return cols
}

// centreDist is twice the distance of column c from the centre of w columns.
func centreDist(c, w int) int {
	d := 2*c - (w - 1)
	if d < 0 {
		return -d
	}
	return d
}

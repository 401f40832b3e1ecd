package testsets

import (
	"fmt"
	"strconv"
	"strings"

	"c4/game"
)

// Level is a set's stage of the game, by stones already played.
type Level int

// Rating is a set's difficulty, by moves left until the end of the game
// under perfect play.
type Rating int

const (
	Begin  Level = 1 // at most a third of the cells played (14 on 7x6)
	Middle Level = 2 // up to two thirds (15 to 28 on 7x6)
	End    Level = 3 // more than two thirds (29 and more on 7x6)

	Easy   Rating = 1 // fewer than a third of the cells left to play (< 14 on 7x6)
	Medium Rating = 2 // fewer than two thirds (14 to 27 on 7x6)
	Hard   Rating = 3 // two thirds or more (28 and more on 7x6)
)

// thirds are the protocol's two thresholds for board b, scaled from 14 and
// 28 on 7x6: W*H/3 and 2*W*H/3, rounded to the nearest.
func thirds(b game.Board) (t1, t2 int) {
	return (b.Cells() + 1) / 3, (2*b.Cells() + 1) / 3
}

// Stones is the range of stones played of a level's positions on board b.
func (l Level) Stones(b game.Board) (lo, hi int) {
	t1, t2 := thirds(b)
	switch l {
	case Begin:
		return 0, t1
	case Middle:
		return t1 + 1, t2
	}
	return t2 + 1, b.Cells() - 1
}

// MovesLeft is the range of moves left of a rating's positions on board b.
func (r Rating) MovesLeft(b game.Board) (lo, hi int) {
	t1, t2 := thirds(b)
	switch r {
	case Easy:
		return 0, t1 - 1
	case Medium:
		return t1, t2 - 1
	}
	return t2, b.Cells() - 1
}

// RatingOf is the rating of a position with the given moves left.
func RatingOf(b game.Board, movesLeft int) Rating {
	t1, t2 := thirds(b)
	switch {
	case movesLeft < t1:
		return Easy
	case movesLeft < t2:
		return Medium
	}
	return Hard
}

// MovesLeft is the protocol's measure of how far a position is from the end
// of the game under perfect play: the number of moves played before the
// game's last stone (the winning one, or the one that fills the board),
// from a position of n stones on board b with the given exact score. A
// position won by the next stone has 0 moves left. This is the count the
// public sets follow (their Easy lines have up to 13, Hard from 28).
func MovesLeft(b game.Board, n, score int) int {
	if score == 0 {
		return b.Cells() - n - 1
	}
	// The winning stone is played with w stones on the board, where
	// score = ±floor((cells+1-w)/2), so w is cells+1-2|score| or one less:
	// the one of the right parity, the side to move's (w-n even) when the
	// score is positive, the opponent's (w-n odd) when negative.
	s, parity := score, 0
	if s < 0 {
		s, parity = -s, 1
	}
	w := b.Cells() + 1 - 2*s
	if (w-n)%2 != parity {
		w--
	}
	return w - n
}

// FileName is the public sets' file name of a level and rating:
// Test_L<l>_R<r>, with level 3 End and 1 Begin.
func FileName(l Level, r Rating) string { return fmt.Sprintf("Test_L%d_R%d", int(l), int(r)) }

var (
	levelNames  = []string{"begin", "middle", "end"}
	ratingNames = []string{"easy", "medium", "hard"}
)

func (l Level) String() string  { return levelNames[l-1] }
func (r Rating) String() string { return ratingNames[r-1] }

// ParseLevel reads "begin", "middle" or "end", or the level's number in
// the public sets' names (1, 2 or 3, as in Test_L3_R1).
func ParseLevel(s string) (Level, error) {
	if i, ok := parseName(s, levelNames); ok {
		return Level(i), nil
	}
	return 0, fmt.Errorf("level %q: want begin, middle or end (or 1, 2 or 3, as in Test_L3_R1)", s)
}

// ParseRating reads "easy", "medium" or "hard", or the rating's number in
// the public sets' names (1, 2 or 3, as in Test_L1_R3).
func ParseRating(s string) (Rating, error) {
	if i, ok := parseName(s, ratingNames); ok {
		return Rating(i), nil
	}
	return 0, fmt.Errorf("rating %q: want easy, medium or hard (or 1, 2 or 3, as in Test_L1_R3)", s)
}

// parseName finds s among names, in any case, or as its 1-based number.
func parseName(s string, names []string) (int, bool) {
	for i, n := range names {
		if strings.EqualFold(s, n) || s == strconv.Itoa(i+1) {
			return i + 1, true
		}
	}
	return 0, false
}

package testsets

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// emptyBoardLine is a test set's line for the empty board: one blank, then
// the score.
var emptyBoardLine = regexp.MustCompile(`^ ([-+]?[0-9]+)[ \t]*$`)

// ParseLine splits a line of a set, or of c4 solve's input, into the moves
// of its position (its first word) and the words after. A line starting
// with '#' is a comment (comment true). An empty line names the empty
// board, and so does a set's line for it, " <score>" (one blank, then a
// score a board of cells cells allows); any other line that starts with white space
// (a blank, a tab, a carriage return), white space alone included, is an
// error, so that an indented position is never taken for the empty board.
func ParseLine(text string, cells int) (moves string, rest []string, comment bool, err error) {
	switch first, _ := utf8.DecodeRuneInString(text); {
	case text == "":
		return "", nil, false, nil
	case first == '#':
		return "", nil, true, nil
	case !unicode.IsSpace(first):
		fields := strings.Fields(text)
		return fields[0], fields[1:], false, nil
	}
	if m := emptyBoardLine.FindStringSubmatch(text); m != nil {
		if s, err := strconv.Atoi(m[1]); err == nil && 2*max(s, -s) <= cells+1 {
			return "", m[1:], false, nil
		}
	}
	return "", nil, false, fmt.Errorf("starts with a blank: the position must come first (an empty line, or %q with the score, is the empty board)", " 1")
}

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"c4/position"
)

// maxLine is the longest input line read: a position has at most 64
// moves, so a longer line is no position, and is skipped without being
// held in memory.
const maxLine = 1 << 20

// errLongLine is the error of a line longer than maxLine.
var errLongLine = fmt.Errorf("longer than %d bytes: skipped", maxLine)

// eachLine calls f with the number and text of each line of r (without
// its end of line, nor a byte-order mark on the first line), or with
// errLongLine for a line longer than maxLine, until f returns an error. It
// returns f's error or a read error.
func eachLine(r io.Reader, f func(n int, text string, err error) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	for n := 1; ; n++ {
		line = line[:0]
		tooLong := false
		var err error
		for {
			var part []byte
			part, err = br.ReadSlice('\n')
			if !tooLong && len(line)+len(part) <= maxLine+1 {
				line = append(line, part...)
			} else {
				tooLong, line = true, line[:0]
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if len(line) == 0 && !tooLong && err != nil {
			return nil // the end
		}
		text := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
		if n == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		var ferr error
		if tooLong || len(text) > maxLine {
			ferr = f(n, "", errLongLine)
		} else {
			ferr = f(n, text, nil)
		}
		if ferr != nil || err != nil {
			return ferr
		}
	}
}

// emptyBoardLine is a test set's line for the empty board: a blank, then
// the score.
var emptyBoardLine = regexp.MustCompile(`^ ([-+]?[0-9]+)[ \t]*$`)

// lineMoves returns the position a line of c4 solve's input names: its
// first word. An empty (or blank) line, and a test set's line for the
// empty board (" <score>", one blank then a score the board allows), name
// the empty board; any other line that starts with a blank is an error,
// so that an indented position is never taken for the empty board.
func lineMoves(text string, b *position.Board) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", nil
	}
	if text[0] != ' ' && text[0] != '\t' {
		if i := strings.IndexAny(text, " \t"); i >= 0 {
			return text[:i], nil
		}
		return text, nil
	}
	if m := emptyBoardLine.FindStringSubmatch(text); m != nil {
		if s, err := strconv.Atoi(m[1]); err == nil && 2*max(s, -s) <= b.Cells()+1 {
			return "", nil
		}
	}
	return "", fmt.Errorf("starts with a blank: the position must come first (%q alone is the empty board with its score)", " 1")
}

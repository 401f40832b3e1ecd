package main

import (
	"bytes"
	"strings"
	"testing"

	"c4/position"
)

// FuzzLines feeds arbitrary input to c4 solve's line reader: it never
// panics, numbers the lines as bytes.Count does, and names the empty board
// only for an empty line or a test set's " <score>".
func FuzzLines(f *testing.F) {
	for _, s := range []string{"", "\n", " 1\n4453 -2\r\n", "\ufeff 4453\n\t8", "# x\n\n  \n 99 \n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := 0
		err := eachLine(bytes.NewReader(data), func(n int, text string, err error) error {
			if lines++; n != lines {
				t.Fatalf("line %d numbered %d", lines, n)
			}
			moves, merr := lineMoves(text, position.Standard)
			if err == nil && merr == nil && moves == "" && strings.TrimSpace(text) != "" && !emptyBoardLine.MatchString(text) {
				t.Fatalf("%q taken for the empty board", text)
			}
			return nil
		})
		want := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			want++
		}
		if err != nil || lines != want {
			t.Fatalf("%d lines read (%v), want %d", lines, err, want)
		}
	})
}

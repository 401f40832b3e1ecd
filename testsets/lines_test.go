package testsets

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"c4/internal/lines"
	"c4/position"
)

// FuzzLines feeds arbitrary input to the line reader: it never panics,
// numbers the lines as bytes.Count does, and ParseLine names the empty
// board only for an empty line or a test set's " <score>".
func FuzzLines(f *testing.F) {
	for _, s := range []string{"", "\n", " 1\n4453 -2\r\n", "\ufeff 4453\n\t8", "# x\n\n  \n 99 \n", "\r \n\v\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		count := 0
		err := lines.Read(context.Background(), bytes.NewReader(data), func(n int, text string, err error) error {
			if count++; n != count {
				t.Fatalf("line %d numbered %d", count, n)
			}
			moves, _, comment, perr := ParseLine(text, position.Standard.Cells())
			if err == nil && perr == nil && !comment && moves == "" && text != "" && !emptyBoardLine.MatchString(text) {
				t.Fatalf("%q taken for the empty board", text)
			}
			return nil
		})
		want := bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			want++
		}
		if err != nil || count != want {
			t.Fatalf("%d lines read (%v), want %d", count, err, want)
		}
	})
}

func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		name, text, moves string
		rest              []string
		comment           bool
		err               string
	}{
		{"empty", "", "", nil, false, ""},
		{"comment", "# x", "", nil, true, ""},
		{"position", "4453", "4453", []string{}, false, ""},
		{"position and score", "4453 -2\t7", "4453", []string{"-2", "7"}, false, ""},
		{"empty board with score", " 1", "", []string{"1"}, false, ""},
		{"indented position", " 4453", "", nil, false, "starts with a blank"},
		{"blanks alone", "   ", "", nil, false, "starts with a blank"},
		{"a tab", "\t", "", nil, false, "starts with a blank"},
		{"carriage return", "\r ", "", nil, false, "starts with a blank"},
		{"score past the board's", " 99", "", nil, false, "starts with a blank"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			moves, rest, comment, err := ParseLine(tc.text, position.Standard.Cells())
			if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("ParseLine(%q) error %v, want %q", tc.text, err, tc.err)
			}
			if moves != tc.moves || comment != tc.comment || len(rest) != len(tc.rest) {
				t.Fatalf("ParseLine(%q) = %q, %q, %v", tc.text, moves, rest, comment)
			}
		})
	}
}

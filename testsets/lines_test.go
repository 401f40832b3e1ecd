package testsets

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

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
		lines := 0
		err := Lines(context.Background(), bytes.NewReader(data), func(n int, text string, err error) error {
			if lines++; n != lines {
				t.Fatalf("line %d numbered %d", lines, n)
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
		if err != nil || lines != want {
			t.Fatalf("%d lines read (%v), want %d", lines, err, want)
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

// TestLinesLong: a line over MaxLine is reported, and the next read.
func TestLinesLong(t *testing.T) {
	in := strings.Repeat("4", MaxLine+1) + "\n4453\n"
	var got []string
	Lines(context.Background(), strings.NewReader(in), func(n int, text string, err error) error {
		if err != nil {
			text = err.Error()
		}
		got = append(got, text)
		return nil
	})
	if len(got) != 2 || got[0] != ErrLongLine.Error() || got[1] != "4453" {
		t.Fatalf("got %.60q", got)
	}
}

// TestLinesInterrupted: an ended context ends Lines at once, even while a
// read waits for input that never comes.
func TestLinesInterrupted(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- Lines(ctx, r, func(int, string, error) error { return nil })
	}()
	w.Write([]byte("4453\n"))
	time.Sleep(10 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Lines = %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Lines still waits for input after its context ended")
	}
}

package testsets

import (
	"c4/game"
	"errors"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	in := "\ufeff# comment\n4455 18\n\n 1\n448 2\n4455\n44 x\n44455554221 -15\r\n" // a byte-order mark, CRLF
	set, bad, err := Read(strings.NewReader(in), "t", game.Standard)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range set.Cases {
		got = append(got, c.Moves)
		if c.Position.Moves() != len(c.Moves) {
			t.Errorf("line %d: position not parsed", c.Line)
		}
	}
	if strings.Join(got, ",") != "4455,,44455554221" || set.Cases[1].Score != 1 || set.Cases[2].Line != 8 {
		t.Errorf("cases %q, %+v", got, set.Cases)
	}
	wantBad := []int{5, 6, 7}
	if len(bad) != len(wantBad) {
		t.Fatalf("bad lines %v, want lines %v", bad, wantBad)
	}
	for i, e := range bad {
		var le *LineError
		if !errors.As(e, &le) || le.Line != wantBad[i] || !strings.HasPrefix(e.Error(), "t line ") {
			t.Errorf("bad[%d] = %v, want line %d", i, e, wantBad[i])
		}
	}
}

func TestLabel(t *testing.T) {
	for name, want := range map[string]string{
		"Test_L3_R1": "End-Easy", "Test_L2_R2": "Middle-Medium", "Test_L1_R3": "Begin-Hard",
		"Test_L4_R1": "Test_L4_R1", "mine": "mine",
	} {
		if got := Label(name); got != want {
			t.Errorf("Label(%q) = %q, want %q", name, got, want)
		}
	}
}

// FuzzRead checks that reading any text never panics, and that every line is
// either a case, a reported bad line, or blank or a comment.
func FuzzRead(f *testing.F) {
	f.Add("4455 18\n 1\n# c\n448 2\n44 x\n\n")
	f.Add("1 2 3\n\r\n4444444 0\n")
	f.Add("# board 6x4\n1 2\n \t\n")
	f.Fuzz(func(t *testing.T, in string) {
		set, bad, err := Read(strings.NewReader(in), "f", game.Standard)
		if err != nil {
			return // a header naming another board
		}
		lines := 0
		for i, l := range strings.Split(in, "\n") {
			if i == 0 {
				l = strings.TrimPrefix(l, "\ufeff")
			}
			if l = strings.TrimSuffix(l, "\r"); l != "" && !strings.HasPrefix(l, "#") {
				lines++
			}
		}
		if len(set.Cases)+len(bad) != lines {
			t.Fatalf("%d cases and %d bad lines for %d lines of %q", len(set.Cases), len(bad), lines, in)
		}
		for _, c := range set.Cases {
			if c.Position.Moves() != len(c.Moves) {
				t.Fatalf("case %q has %d moves", c.Moves, c.Position.Moves())
			}
		}
	})
}

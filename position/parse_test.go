package position

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse checks that Parse never panics, that every accepted string
// round-trips through Format, and that every refusal is a *ParseError that
// names the string.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "4453", "4455667", "1111111", "44 5", "abc", "0", "12237334444", "\xff"} {
		f.Add(s, uint8(7), uint8(6))
	}
	f.Add("aA9", uint8(10), uint8(5))
	f.Fuzz(func(t *testing.T, s string, w, h uint8) {
		b, err := NewBoard(int(w), int(h))
		if err != nil {
			return
		}
		p, err := Parse(b, s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Moves != s || pe.Index >= len(s) {
				t.Fatalf("Parse(%s, %q): bad error %v", b, s, err)
			}
			_ = err.Error()
			return
		}
		if p.Moves() != len(s) {
			t.Fatalf("Parse(%s, %q): %d moves", b, s, p.Moves())
		}
		cols := make([]int, len(s))
		for i := range s {
			cols[i] = columnOf(s[i])
		}
		q, err := Parse(b, Format(cols))
		if err != nil || q != p {
			t.Fatalf("Parse(%s, %q) does not round-trip: %v", b, s, err)
		}
	})
}

func ExampleParse() {
	p, err := Parse(Standard, "4453")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(p.Draw())
	fmt.Println("stones:", p.Moves(), "x can win now:", p.CanWinNext())

	_, err = Parse(Standard, "44444444")
	fmt.Println(err)
	// Output:
	// . . . . . . .
	// . . . . . . .
	// . . . . . . .
	// . . . . . . .
	// . . . o . . .
	// . . o x x . .
	// 1 2 3 4 5 6 7
	// stones: 4 x can win now: false
	// position "44444444": move 7 ('4'): column 4 is full
}

func BenchmarkNonLosingMoves(b *testing.B) {
	p, _ := Parse(Standard, "4453562343")
	var sink Bits
	for b.Loop() {
		sink += p.NonLosingMoves()
	}
	_ = sink
}

func BenchmarkAttack(b *testing.B) {
	p, _ := Parse(Standard, "4453562343")
	var sink Bits
	for b.Loop() {
		t, _ := p.Attack(1 << 14)
		sink += t
	}
	_ = sink
}

func BenchmarkCanonicalKey(b *testing.B) {
	p, _ := Parse(Standard, "4453562343")
	var sink Bits
	for b.Loop() {
		sink += p.CanonicalKey()
	}
	_ = sink
}

// TestLongErrorCountsCharacters: a long move string's error quotes its
// first characters whole and counts characters, not bytes.
func TestLongErrorCountsCharacters(t *testing.T) {
	moves := strings.Repeat("é", 2000)
	_, err := Parse(Standard, moves)
	if err == nil || !strings.Contains(err.Error(), strings.Repeat("é", 80)+"...(2000 characters)") || !utf8.ValidString(err.Error()) {
		t.Errorf("%v", err)
	}
}

func ExampleCentreOrder() {
	fmt.Println(CentreOrder(7), CentreOrder(4))
	// Output: [3 2 4 1 5 0 6] [2 1 3 0]
}

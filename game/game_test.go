package game

import (
	"errors"
	"fmt"
	"testing"

	"c4/position"
)

// TestOneBoardASize: a size is one Board, however it is made, and its
// width's board is the one c4/position interns.
func TestOneBoardASize(t *testing.T) {
	a, err1 := ParseBoard(" 7X6")
	b, err2 := NewBoard(7, 6)
	if err1 != nil || err2 != nil || a != Standard || b != Standard || Standard.Narrow() != position.Standard {
		t.Fatalf("7X6 %v %v, 7, 6 %v %v", a, err1, b, err2)
	}
	for _, tc := range []struct {
		s    string
		wide bool
		err  bool
	}{{"8x7", false, false}, {"8x8", true, false}, {"11x5", true, false}, {"35x2", true, false}, {"17x8", false, true}, {"36x2", false, true}, {"0x4", false, true}} {
		b, err := ParseBoard(tc.s)
		if (err != nil) != tc.err || err == nil && (b.Wide() != tc.wide || (b.Narrow() == nil) != tc.wide || b.String() != tc.s) {
			t.Errorf("ParseBoard(%q) = %v (wide %v), %v", tc.s, b, b.Wide(), err)
		}
	}
}

// A board past 64 bits, 8x8, through the same calls as 7x6.
func ExampleParse() {
	b, _ := ParseBoard("8x8")
	p, _ := Parse(b, "4455")
	q, _ := Parse(Standard, "4455")
	fmt.Println(b.Wide(), p.Moves(), Standard.Wide(), q.Moves())
	// Output: true 4 false 4
}

// A finished game has no score: ParseLive refuses it.
func ExampleParseLive() {
	_, err := ParseLive(Standard, "1212121")
	fmt.Println(err, errors.Is(err, position.ErrGameOver))
	p, err := ParseLive(Standard, "121212")
	fmt.Println(p.Moves(), err)
	// Output:
	// position "1212121": the game is already over true
	// 6 <nil>
}

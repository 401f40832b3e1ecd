package threat_test

import (
	"fmt"

	"c4/position"
	"c4/threat"
)

func ExampleExplain() {
	for _, moves := range []string{"24421444", "13134411534775", "176123533", "27651113357415512", "267621632652131", "4"} {
		p, _ := position.Parse(position.Standard, moves)
		if e, ok := threat.Explain(p, threat.XO); ok {
			fmt.Printf("%s: %s\n", moves, e)
		} else {
			fmt.Printf("%s: no rule proves anything\n", moves)
		}
	}
	// Output:
	// 24421444: O at least draws: answer every move of X's directly on top of it (claimeven), but a move in column 1 with one in column 4 and the reverse (baseinverse); X can then never complete four.
	// 13134411534775: O wins: answer every move of X's directly on top of it (claimeven), but a move in column 3 with one in column 4 and the reverse (baseinverse); O completes four when it takes column 2, row 2, before any cell above it is played (aftereven).
	// 176123533: O wins: play column 2, then answer every move of X's directly on top of it (claimeven), but a move in column 3 with one in column 5 and the reverse, likewise 6 and 7 (baseinverse); O completes four when it takes column 4, row 2, before any cell above it is played (aftereven).
	// 27651113357415512: X wins: answer every move of O's directly on top of it (claimeven), but a move in column 1 with one in column 6 and the reverse (baseinverse); every other column fills first, and then O must play beneath column 4, row 3, where X completes four (zugzwang).
	// 267621632652131: O wins: play column 5, then answer every move of X's in columns 3, 4 and 6 directly on top of it (claimeven); in columns 1 and 7, answer every move on top of it, but the move that fills one of them with one in the other (lowinverse); in columns 2 and 5, answer the first move in one with one in the other, then every move on top of it, but the move that fills one of them with one in the other (highinverse); O then completes four before X can.
	// 4: no rule proves anything
}

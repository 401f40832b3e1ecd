package bench_test

import (
	"context"
	"fmt"
	"strings"

	"c4/bench"
	"c4/engines"
	"c4/game"
	"c4/negamax"
	"c4/pns"
	"c4/search"
	"c4/testsets"
)

// Both engines on a small set, every score checked: the last line's
// expected score is wrong on purpose (it is -1), and shows as a mismatch;
// DFPN answers the weak question, so only the signs are compared.
func ExampleRun() {
	set, _, err := testsets.Read(strings.NewReader("7422341735647741166133573473242566 1\n5554224333234511764415115 4\n2252576253462244111563365343671351441 3\n"), "mine", game.Standard)
	if err != nil {
		panic(err)
	}
	for _, e := range []struct {
		name   string
		engine *engines.Engine
		mode   search.Mode
	}{
		{"negamax", engines.Negamax(negamax.Options{TableMiB: 16}, game.Standard), search.Strong},
		{"dfpn", engines.DFPN(pns.Options{TableMiB: 16}, game.Standard), search.Weak},
	} {
		row, err := bench.Run(context.Background(), set, e.engine, bench.Options{Mode: e.mode})
		if err != nil {
			panic(err)
		}
		fmt.Println(e.name, row.Positions, "positions")
		for _, m := range row.Mismatches {
			fmt.Printf("  line %d: got %d, the set says %d\n", m.Case.Line, m.Got, m.Case.Score)
		}
	}
	// Output:
	// negamax 3 positions
	//   line 3: got -1, the set says 3
	// dfpn 3 positions
	//   line 3: got -1, the set says 3
}

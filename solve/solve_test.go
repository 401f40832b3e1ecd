//widen:shared

package solve_test

import (
	"fmt"

	"c4/solve"
)

func ExampleMode_Of() {
	for _, score := range []int{-18, 0, 3} {
		fmt.Println(score, solve.Strong.Of(score), solve.Weak.Of(score))
	}
	// Output:
	// -18 -18 -1
	// 0 0 0
	// 3 3 1
}

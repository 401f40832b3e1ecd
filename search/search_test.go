//widen:shared

package search_test

import (
	"fmt"

	"c4/search"
)

func ExampleMode_Of() {
	for _, score := range []int{-18, 0, 3} {
		fmt.Println(score, search.Strong.Of(score), search.Weak.Of(score))
	}
	// Output:
	// -18 -18 -1
	// 0 0 0
	// 3 3 1
}

// Package refused holds what the rewrite refuses, one case a function, each
// marked with the message expected on its line.
package refused

import "c4/position"

const full position.Bits = 1<<64 - 1 // want "constant full of the word type"

func narrow(b position.Bits) uint32 { return uint32(b) } // want "conversion of a word to uint32"

func smaller(a, b position.Bits) position.Bits { return min(a, b) } // want "builtin min on words"

func quotient(a, b position.Bits) position.Bits { return a / b } // want "operator / on words"

func twice(a []position.Bits, i func() int) { a[i()] |= 1 } // want "|= on a[i()]"

func choose(b position.Bits) int {
	switch b { // want "switch on a word"
	case 1:
		return 1
	}
	return 0
}

//go:build !amd64

package position

// hasAttack4 is false: attack4 is AVX-512 code.
const hasAttack4 = false

func attack4(s, mask, moves *Bits, columns, threats *[4]Bits, h1 uint64, geometry *[4]Bits, counts *[4]uint8) (wins uint64) {
	panic("position: attack4 without AVX-512")
}

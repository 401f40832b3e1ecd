//go:build !amd64

//widen:skip

package position

var attackPaths = []attackPath{attackGo}

func attack8(s, mask, moves Bits, columns, threats *[8]Bits, h1 uint64, wide, full, bottom, late Bits, counts *[8]uint8) uint64 {
	panic("position: attack8 without AVX-512")
}

func attack8AVX2(s, mask, moves Bits, columns, threats *[8]Bits, h1 uint64, wide, full, bottom, late Bits, counts *[8]uint8) uint64 {
	panic("position: attack8AVX2 without AVX2")
}

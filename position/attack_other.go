//go:build !amd64

package position

var attackPaths = []attackPath{attackGo}

func attack8(s, mask, moves uint64, columns, threats *[8]uint64, h1, wide, full, bottom, late uint64, counts *[8]uint8) uint64 {
	panic("position: attack8 without AVX-512")
}

func attack8AVX2(s, mask, moves uint64, columns, threats *[8]uint64, h1, wide, full, bottom, late uint64, counts *[8]uint8) uint64 {
	panic("position: attack8AVX2 without AVX2")
}

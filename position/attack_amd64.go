//widen:skip

package position

import "golang.org/x/sys/cpu"

// attackPaths are the ways AttackThreats can compute on this processor: Go
// code, one move at a time, then AVX2 and AVX-512 instructions, eight moves
// a call, where the processor has them. Which is quickest depends on the
// processor, not on this order (chooseAttack measures).
var attackPaths = func() []attackPath {
	paths := []attackPath{attackGo}
	if cpu.X86.HasAVX2 {
		paths = append(paths, attackAVX2)
	}
	if cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ {
		paths = append(paths, attackAVX512)
	}
	return paths
}()

// attack8 sets threats[i] to b.winningCells(s|m, mask|m) for m =
// moves&columns[i], on the board b of geometry h1, wide, full and bottom,
// bit i of wins to m != 0 && winsNext(m, threats[i]), and counts[i] to the
// count AttackThreats describes, with AVX-512 instructions
// (attack_amd64.s).
//
//go:noescape
func attack8(s, mask, moves Bits, columns, threats *[8]Bits, h1 uint64, wide, full, bottom, late Bits, counts *[8]uint8) (wins uint64)

// attack8AVX2 is attack8 with AVX2 instructions (attack_amd64.s).
//
//go:noescape
func attack8AVX2(s, mask, moves Bits, columns, threats *[8]Bits, h1 uint64, wide, full, bottom, late Bits, counts *[8]uint8) (wins uint64)

package position

import "golang.org/x/sys/cpu"

// vectorAttacks says whether AttackThreats may take eight moves at once.
var vectorAttacks = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ

// attack8 sets threats[i] to b.winningCells(s|m, mask|m) for m =
// moves&columns[i], on the board b of geometry h1, wide, full and bottom,
// bit i of wins to m != 0 && winsNext(m, threats[i]), and counts[i] to the
// count AttackThreats describes, with AVX-512 instructions
// (attack_amd64.s).
//
//go:noescape
func attack8(s, mask, moves uint64, columns, threats *[8]uint64, h1, wide, full, bottom, late uint64, counts *[8]uint8) (wins uint64)

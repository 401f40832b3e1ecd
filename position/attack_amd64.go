package position

import "golang.org/x/sys/cpu"

// vectorAttacks says whether AttackThreats may take eight moves at once.
var vectorAttacks = cpu.X86.HasAVX512F

// attack8 sets threats[i] to b.winningCells(s|m, mask|m) for m =
// moves&columns[i], on the board b of geometry h1, wide, full and bottom,
// and bit i of wins to m != 0 && winsNext(m, threats[i]), with AVX-512
// instructions (attack_amd64.s).
//
//go:noescape
func attack8(s, mask, moves uint64, columns, threats *[8]uint64, h1, wide, full, bottom uint64) (wins uint64)

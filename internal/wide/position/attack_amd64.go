package position

import "golang.org/x/sys/cpu"

// hasAttack4 says whether the processor has what attack4 needs: AVX-512
// with VBMI2's double shifts (a shift across a lane's two words) and
// VPOPCNTQ.
var hasAttack4 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512DQ &&
	cpu.X86.HasAVX512VBMI2 && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI2

// attack4 is c4/position's attack8 on four 128-bit lanes (attack_amd64.s):
// for m = *moves&columns[i], threats[i] = winningCells(*s|m, *mask|m) on
// the board of geometry h1 and wide, full, bottom (geometry[0:3]), bit i of
// wins is m != 0 && winsNext(m, threats[i]), and counts[i] the count of
// AttackThreats outside late (geometry[3]). Every shift must be under 64
// bits: 3*(h1+1) < 64.
//
//go:noescape
func attack4(s, mask, moves *Bits, columns, threats *[4]Bits, h1 uint64, geometry *[4]Bits, counts *[4]uint8) (wins uint64)

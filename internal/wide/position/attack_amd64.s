#include "textflag.h"

// Four lanes of 128 bits in a Z register: lane i is qwords 2i (its low
// word) and 2i+1 (its high word). Bitwise operations work on them as they
// are; a shift moves bits between a lane's two words with VBMI2's
// double shifts, given the lane's words moved over by one (VPSLLDQ and
// VPSRLDQ shift bytes within each 128-bit lane):
//
//	x << n: low word lo<<n; high word hi<<n | lo>>(64-n)
//	        = VPSHLDVQ of (x, x with lo in the high word)
//	x >> n: low word lo>>n | hi<<(64-n); high word hi>>n
//	        = VPSHRDVQ of (x, x with hi in the low word)
//
// for 0 < n < 64, which AttackThreats checks before it takes this path.
// Every instruction is VEX or EVEX encoded (see c4/position).

// SHL128(n, x, up, dst): dst = x << n, with up = x with its low words moved
// up (VPSLLDQ $8) and n the shift in every qword.
#define SHL128(n, x, up, dst) \
	VMOVDQA64 x, dst \
	VPSHLDVQ n, up, dst

// SHR128(n, x, down, dst): dst = x >> n, with down = x with its high words
// moved down (VPSRLDQ $8).
#define SHR128(n, x, down, dst) \
	VMOVDQA64 x, dst \
	VPSHRDVQ n, down, dst

// LINES4W adds to Z4 the cells that complete four with the stones of Z0
// along the shift in AX, masked by Z14: lines in position.go, on four
// 128-bit lanes, with Z26 (Z0 moved up) and Z27 (Z0 moved down). Clobbers
// BX, Z5-Z13.
#define LINES4W \
	VPBROADCASTQ AX, Z8 \
	LEAQ (AX)(AX*1), BX \
	VPBROADCASTQ BX, Z9 \
	LEAQ (AX)(AX*2), BX \
	VPBROADCASTQ BX, Z10 \
	SHL128(Z8, Z0, Z26, Z5) \
	SHL128(Z9, Z0, Z26, Z6) \
	VPANDQ Z6, Z5, Z6 \
	SHR128(Z8, Z0, Z27, Z7) \
	SHR128(Z9, Z0, Z27, Z11) \
	VPANDQ Z11, Z7, Z11 \
	SHL128(Z10, Z0, Z26, Z12) \
	VPORQ Z7, Z12, Z12 \
	VPANDQ Z12, Z6, Z6 \
	SHR128(Z10, Z0, Z27, Z13) \
	VPORQ Z5, Z13, Z13 \
	VPANDQ Z13, Z11, Z11 \
	VPORQ Z11, Z6, Z6 \
	VPANDQ Z14, Z6, Z6 \
	VPORQ Z6, Z4, Z4

// ADD128(a, b, dst): dst = a + b on each lane, with Z28 holding 1 in every
// qword and K7 the lanes' low words (0x55). Clobbers K6.
#define ADD128(a, b, dst) \
	VPADDQ b, a, dst \
	VPCMPUQ $1, a, dst, K7, K6 \
	KSHIFTLB $1, K6, K6 \
	VPADDQ Z28, dst, K6, dst

// LANES(k, r): r = the lanes of qword mask k with a word set, as bits 0-3.
#define LANES(k, r) \
	KMOVB k, r \
	MOVQ r, R8 \
	SHRQ $1, R8 \
	ORQ R8, r \
	PEXTQ R11, r, r

// func attack4(s, mask, moves *Bits, columns, threats *[4]Bits, h1 uint64, geometry *[4]Bits, counts *[4]uint8) (wins uint64)
//
// geometry holds wide, full, bottom and late. For lane i and m =
// moves&columns[i]: threats[i] = winningCells(s|m, mask|m), bit i of wins
// is winsNext(m, threats[i]) when m is not 0, and counts[i] is the count
// of AttackThreats.
TEXT ·attack4(SB), NOSPLIT, $0-72
	MOVQ s+0(FP), AX
	MOVQ mask+8(FP), BX
	MOVQ moves+16(FP), CX
	MOVQ columns+24(FP), SI
	MOVQ threats+32(FP), DI
	MOVQ geometry+48(FP), DX
	MOVQ $0x55, R11
	KMOVB R11, K7
	MOVQ $1, R8
	VPBROADCASTQ R8, Z28

	VBROADCASTI64X2 (CX), Z1
	VPANDQ (SI), Z1, Z1 // the moves
	VBROADCASTI64X2 (AX), Z0
	VPORQ Z1, Z0, Z0 // the stones
	VBROADCASTI64X2 (BX), Z2
	VBROADCASTI64X2 16(DX), Z3 // full
	VBROADCASTI64X2 32(DX), Z15 // bottom
	ADD128(Z2, Z15, Z22)
	VPANDQ Z3, Z22, Z22 // the possible moves now
	VPORQ Z1, Z2, Z2 // the mask
	ADD128(Z2, Z15, Z16)
	VPANDQ Z3, Z16, Z16 // the opponent's possible moves
	VPANDNQ Z3, Z2, Z2  // the empty cells
	VBROADCASTI64X2 (DX), Z14 // wide
	VPSLLDQ $8, Z0, Z26
	VPSRLDQ $8, Z0, Z27

	// vertical: three stones below
	VPSHLDQ $1, Z26, Z0, Z4
	VPSHLDQ $2, Z26, Z0, Z5
	VPANDQ Z5, Z4, Z4
	VPSHLDQ $3, Z26, Z0, Z5
	VPANDQ Z5, Z4, Z4

	MOVQ h1+40(FP), AX
	LINES4W // horizontal
	DECQ AX
	LINES4W // diagonal falling to the right
	ADDQ $2, AX
	LINES4W // diagonal rising to the right

	VPANDQ Z2, Z4, Z4 // the threats
	VMOVDQU64 Z4, (DI)

	// winsNext: with forced = possible & threats, if forced is not 0,
	// forced holds two cells or one below a threat; else every possible
	// move lies below a threat.
	VPSRLDQ $8, Z4, Z5
	VPSHRDQ $1, Z5, Z4, Z17 // the cells below a threat
	VPANDQ Z4, Z16, Z18     // forced
	VPTESTMQ Z18, Z18, K1
	LANES(K1, R9) // forced is not 0
	VPOPCNTQ Z18, Z19
	VPSRLDQ $8, Z19, Z20
	VPADDQ Z20, Z19, Z19 // forced's cells, in the lanes' low words
	VPADDQ Z28, Z28, Z20
	VPCMPUQ $5, Z20, Z19, K7, K2 // two cells or more
	LANES(K2, R10)
	VPTESTMQ Z17, Z18, K3 // one below a threat
	LANES(K3, R12)
	ORQ R12, R10
	ANDQ R9, R10 // wins with forced not 0
	VPANDNQ Z16, Z17, Z21 // possible moves not below a threat
	VPTESTMQ Z21, Z21, K4
	LANES(K4, R12)
	ORQ R9, R12
	NOTQ R12
	ANDQ $15, R12 // wins with forced 0
	ORQ R12, R10
	VPTESTMQ Z1, Z1, K5
	LANES(K5, R12) // the lanes with a move
	ANDQ R12, R10
	MOVQ R10, wins+64(FP)

	// the count: the threats outside late, those straight above a cell
	// playable after the move twice
	VBROADCASTI64X2 48(DX), Z23
	VPANDNQ Z4, Z23, Z23 // useful
	VPXORQ Z1, Z22, Z24
	VPSLLDQ $8, Z24, Z5
	VPSHLDQ $1, Z5, Z24, Z24
	VPSLLDQ $8, Z1, Z5
	VPSHLDQ $2, Z5, Z1, Z25
	VPORQ Z25, Z24, Z24
	VPANDQ Z23, Z24, Z24 // above
	VPOPCNTQ Z23, Z23
	VPOPCNTQ Z24, Z24
	VPADDQ Z24, Z23, Z23
	VPSRLDQ $8, Z23, Z24
	VPADDQ Z24, Z23, Z23 // each lane's count in its low word
	VPCOMPRESSQ Z23, K7, Z23
	MOVQ $0x0f, R8
	KMOVB R8, K6
	MOVQ counts+56(FP), SI
	VPMOVQB Z23, K6, (SI)
	VZEROUPPER
	RET

#include "textflag.h"

// LINES8 adds to Z4 the cells that complete four with the stones of Z0
// along the shift in AX, masked by Z14: lines in position.go, on eight
// lanes. Clobbers BX, CX, X8-X10 and Z5-Z13. Every instruction here and
// in attack8 is VEX or EVEX encoded: on Intel cores, a legacy SSE
// instruction (MOVQ AX, X8) while the upper halves of the vector registers
// are in use costs a state transition of about a hundred cycles, which
// made this path 20 times slower than it is.
#define LINES8 \
	VMOVQ AX, X8 \
	LEAQ (AX)(AX*1), BX \
	VMOVQ BX, X9 \
	LEAQ (AX)(AX*2), CX \
	VMOVQ CX, X10 \
	VPSLLQ X8, Z0, Z5 \
	VPSLLQ X9, Z0, Z6 \
	VPANDQ Z6, Z5, Z6 \
	VPSRLQ X8, Z0, Z7 \
	VPSRLQ X9, Z0, Z11 \
	VPANDQ Z11, Z7, Z11 \
	VPSLLQ X10, Z0, Z12 \
	VPORQ Z7, Z12, Z12 \
	VPANDQ Z12, Z6, Z6 \
	VPSRLQ X10, Z0, Z13 \
	VPORQ Z5, Z13, Z13 \
	VPANDQ Z13, Z11, Z11 \
	VPORQ Z11, Z6, Z6 \
	VPANDQ Z14, Z6, Z6 \
	VPORQ Z6, Z4, Z4

// func attack8(s, mask, moves uint64, columns, threats *[8]uint64, h1, wide, full, bottom, late uint64, counts *[8]uint8) (wins uint64)
//
// For lane i and m = moves&columns[i]: threats[i] = winningCells(s|m,
// mask|m), as Board.winningCells computes it, bit i of wins is
// Position.winsNext(m, threats[i]) when m is not 0, and counts[i] is the
// count of AttackThreats.
TEXT ·attack8(SB), NOSPLIT, $0-96
	MOVQ columns+24(FP), SI
	MOVQ threats+32(FP), DI
	VPBROADCASTQ moves+16(FP), Z1
	VPANDQ (SI), Z1, Z1 // the moves
	VPTESTMQ Z1, Z1, K5 // the lanes with a move
	VPBROADCASTQ s+0(FP), Z0
	VPORQ Z1, Z0, Z0 // the stones
	VPBROADCASTQ mask+8(FP), Z2
	VPBROADCASTQ full+56(FP), Z3
	VPBROADCASTQ bottom+64(FP), Z15
	VPADDQ Z15, Z2, Z22
	VPANDQ Z3, Z22, Z22 // the possible moves now
	VPORQ Z1, Z2, Z2 // the mask
	VPADDQ Z15, Z2, Z16
	VPANDQ Z3, Z16, Z16 // the opponent's possible moves
	VPANDNQ Z3, Z2, Z2  // the empty cells
	VPBROADCASTQ wide+48(FP), Z14

	// vertical: three stones below
	VPSLLQ $1, Z0, Z4
	VPSLLQ $2, Z0, Z5
	VPANDQ Z5, Z4, Z4
	VPSLLQ $3, Z0, Z5
	VPANDQ Z5, Z4, Z4

	MOVQ h1+40(FP), AX
	LINES8 // horizontal
	DECQ AX
	LINES8 // diagonal falling to the right
	ADDQ $2, AX
	LINES8 // diagonal rising to the right

	VPANDQ Z2, Z4, Z4 // the threats
	VMOVDQU64 Z4, (DI)

	// winsNext: with forced = possible & threats, if forced is not 0,
	// forced holds two cells or one below a threat; else every possible
	// move lies below a threat.
	VPSRLQ $1, Z4, Z17   // the cells below a threat
	VPANDQ Z4, Z16, Z18  // forced
	VPTESTMQ Z18, Z18, K1
	VPTERNLOGQ $0xff, Z19, Z19, Z19 // -1
	VPADDQ Z19, Z18, Z20
	VPTESTMQ Z20, Z18, K2 // two cells
	VPTESTMQ Z17, Z18, K3 // one below a threat
	KORW K3, K2, K2
	KANDW K1, K2, K2
	VPANDNQ Z16, Z17, Z21 // possible moves not below a threat
	VPTESTNMQ Z21, Z21, K4
	KANDNW K4, K1, K4 // with forced 0
	KORW K4, K2, K2
	KANDW K5, K2, K2
	KMOVW K2, AX
	MOVBQZX AL, AX
	MOVQ AX, wins+88(FP)

	// the count: the threats outside late, those straight above a cell
	// playable after the move twice
	VPBROADCASTQ late+72(FP), Z23
	VPANDNQ Z4, Z23, Z23 // useful
	VPXORQ Z1, Z22, Z24
	VPSLLQ $1, Z24, Z24
	VPSLLQ $2, Z1, Z25
	VPORQ Z25, Z24, Z24
	VPANDQ Z23, Z24, Z24 // above
	VPOPCNTQ Z23, Z23
	VPOPCNTQ Z24, Z24
	VPADDQ Z24, Z23, Z23
	MOVQ counts+80(FP), SI
	VPMOVQB Z23, (SI)
	VZEROUPPER
	RET

// LINES4 is LINES8 on the four lanes of a Y register: adds to Y4 the cells
// that complete four with the stones of Y0 along the shift in AX, masked by
// Y14. Clobbers BX, X8-X10, Y5-Y7 and Y11-Y13.
#define LINES4 \
	VMOVQ AX, X8 \
	LEAQ (AX)(AX*1), BX \
	VMOVQ BX, X9 \
	LEAQ (AX)(AX*2), BX \
	VMOVQ BX, X10 \
	VPSLLQ X8, Y0, Y5 \
	VPSLLQ X9, Y0, Y6 \
	VPAND Y6, Y5, Y6 \
	VPSRLQ X8, Y0, Y7 \
	VPSRLQ X9, Y0, Y11 \
	VPAND Y11, Y7, Y11 \
	VPSLLQ X10, Y0, Y12 \
	VPOR Y7, Y12, Y12 \
	VPAND Y12, Y6, Y6 \
	VPSRLQ X10, Y0, Y13 \
	VPOR Y5, Y13, Y13 \
	VPAND Y13, Y11, Y11 \
	VPOR Y11, Y6, Y6 \
	VPAND Y14, Y6, Y6 \
	VPOR Y6, Y4, Y4

// POPCNT4 adds to the bytes of Y2 the count of set bits in each byte of
// the register given, with the nibble counts in Y13 and 0x0f bytes in Y12.
// Clobbers Y5, Y6 and the register given.
#define POPCNT4(r) \
	VPAND Y12, r, Y5 \
	VPSRLQ $4, r, r \
	VPAND Y12, r, r \
	VPSHUFB Y5, Y13, Y5 \
	VPSHUFB r, Y13, r \
	VPADDB Y5, Y2, Y2 \
	VPADDB r, Y2, Y2

// nibbles: the number of set bits of 0 to 15.
DATA nibbles<>+0(SB)/8, $0x0302020102010100
DATA nibbles<>+8(SB)/8, $0x0403030203020201
GLOBL nibbles<>(SB), RODATA|NOPTR, $16

// func attack8AVX2(s, mask, moves uint64, columns, threats *[8]uint64, h1, wide, full, bottom, late uint64, counts *[8]uint8) (wins uint64)
//
// attack8 with AVX2 instructions: the eight lanes in two passes of four.
// Without mask registers, a lane's test is a compare with zero, and its
// bit comes from VMOVMSKPD; without VPOPCNTQ, bits are counted a nibble at
// a time with VPSHUFB and summed a lane at a time with VPSADBW.
TEXT ·attack8AVX2(SB), NOSPLIT, $0-96
	MOVQ columns+24(FP), SI
	MOVQ threats+32(FP), DI
	MOVQ counts+80(FP), R9
	XORQ R10, R10 // wins
	XORQ CX, CX   // the first lane of the pass
	VPBROADCASTQ full+56(FP), Y3
	VPBROADCASTQ bottom+64(FP), Y15
	VPBROADCASTQ wide+48(FP), Y14

pass:
	VPBROADCASTQ moves+16(FP), Y1
	VPAND (SI), Y1, Y1 // the moves
	VPBROADCASTQ s+0(FP), Y0
	VPOR Y1, Y0, Y0 // the stones
	VPBROADCASTQ mask+8(FP), Y2
	VPOR Y1, Y2, Y2 // the mask

	// vertical: three stones below
	VPSLLQ $1, Y0, Y4
	VPSLLQ $2, Y0, Y5
	VPAND Y5, Y4, Y4
	VPSLLQ $3, Y0, Y5
	VPAND Y5, Y4, Y4

	MOVQ h1+40(FP), AX
	LINES4 // horizontal
	DECQ AX
	LINES4 // diagonal falling to the right
	ADDQ $2, AX
	LINES4 // diagonal rising to the right

	VPANDN Y3, Y2, Y5 // the empty cells
	VPAND Y5, Y4, Y4  // the threats
	VMOVDQU Y4, (DI)

	// winsNext: with forced = possible & threats, if forced is not 0,
	// forced holds two cells or one below a threat; else every possible
	// move lies below a threat.
	VPADDQ Y15, Y2, Y6
	VPAND Y3, Y6, Y6    // the opponent's possible moves
	VPSRLQ $1, Y4, Y7   // the cells below a threat
	VPAND Y4, Y6, Y8    // forced
	VPCMPEQQ Y9, Y9, Y9 // -1
	VPADDQ Y9, Y8, Y9
	VPAND Y8, Y9, Y9    // forced&(forced-1): two cells
	VPAND Y7, Y8, Y10   // one below a threat
	VPOR Y10, Y9, Y9
	VPANDN Y6, Y7, Y10  // possible moves not below a threat
	VPXOR Y11, Y11, Y11
	VPCMPEQQ Y11, Y8, Y8   // forced is 0
	VPCMPEQQ Y11, Y9, Y9   // neither two cells nor one below a threat
	VPCMPEQQ Y11, Y10, Y10 // every possible move below a threat
	VPCMPEQQ Y11, Y1, Y12  // no move
	VPAND Y10, Y8, Y10
	VPANDN Y10, Y12, Y10 // wins with forced 0
	VPOR Y9, Y8, Y8
	VPOR Y12, Y8, Y8     // does not win with forced not 0
	VMOVMSKPD Y10, AX
	VMOVMSKPD Y8, BX
	NOTQ BX
	ANDQ $15, BX
	ORQ BX, AX
	SHLQ CX, AX
	ORQ AX, R10

	// the count: the threats outside late, those straight above a cell
	// playable after the move twice
	VPBROADCASTQ late+72(FP), Y7
	VPANDN Y4, Y7, Y7 // useful
	VPBROADCASTQ mask+8(FP), Y8
	VPADDQ Y15, Y8, Y8
	VPAND Y3, Y8, Y8  // the possible moves now
	VPXOR Y1, Y8, Y8
	VPSLLQ $1, Y8, Y8
	VPSLLQ $2, Y1, Y9
	VPOR Y9, Y8, Y8
	VPAND Y7, Y8, Y8  // above
	VBROADCASTI128 nibbles<>(SB), Y13
	MOVQ $0x0f0f0f0f0f0f0f0f, AX
	VMOVQ AX, X12
	VPBROADCASTQ X12, Y12
	VPXOR Y2, Y2, Y2
	POPCNT4(Y7)
	POPCNT4(Y8)
	VPSADBW Y11, Y2, Y2 // a count in the low byte of each lane
	VEXTRACTI128 $1, Y2, X5
	VPACKUSDW X5, X2, X2
	VPACKUSDW X2, X2, X2
	VPACKUSWB X2, X2, X2
	VMOVD X2, AX
	MOVL AX, (R9)

	ADDQ $32, SI
	ADDQ $32, DI
	ADDQ $4, R9
	ADDQ $4, CX
	CMPQ CX, $8
	JLT pass

	MOVQ R10, wins+88(FP)
	VZEROUPPER
	RET

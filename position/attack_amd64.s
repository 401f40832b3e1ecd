#include "textflag.h"

// LINES8 adds to Z4 the cells that complete four with the stones of Z0
// along the shift in AX, masked by Z14: lines in position.go, on eight
// lanes. Clobbers BX, CX, X8-X10 and Z5-Z13.
#define LINES8 \
	MOVQ AX, X8 \
	LEAQ (AX)(AX*1), BX \
	MOVQ BX, X9 \
	LEAQ (AX)(AX*2), CX \
	MOVQ CX, X10 \
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

// Package position is c4/position on 128-bit words: the same bitboard, API
// and algorithms for the boards with (H+1)*W <= 128, such as 8x8, 9x9 and
// 11x5, which do not fit one 64-bit word.
//
// Every file but this one, bits128.go and attack.go is generated from
// c4/position by c4/internal/widen, which turns each operator on a Bits
// into a call of the two-word Bits' method of the same meaning: edit the
// 64-bit source and run go generate ./internal/wide/... Boards that fit 64 bits
// work here too (the tests compare the two packages on them), but are
// quicker in c4/position.
package position

//go:generate go run c4/internal/widen

// Package search is the part of c4/search that depends on the board's word:
// the Engine interface and ScoreMoves, on the 128-bit positions of
// c4/internal/wide/position. The rest (Mode, Stats, Result, the options' ranges,
// BestMove) is c4/search's own, which both widths share.
//
// Every file but this one is generated from c4/search by c4/internal/widen
// (go generate ./internal/wide/...).
package search

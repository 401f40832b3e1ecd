// Package solve is the part of c4/solve that depends on the board's word:
// the Engine interface and ScoreMoves, on the 128-bit positions of
// c4/wide/position. The rest (Mode, Stats, Result, the options' ranges,
// BestMove) is c4/solve's own, which both widths share.
//
// Every file but this one is generated from c4/solve by c4/internal/widen
// (go generate ./wide/...).
package solve

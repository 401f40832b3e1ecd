// Package negamax is c4/negamax on the 128-bit positions of
// c4/internal/wide/position: the exact solver for the boards with (H+1)*W <= 128.
//
// Every file but this one is generated from c4/negamax by c4/internal/widen
// (go generate ./internal/wide/...); the search, its tunables and its tests are
// c4/negamax's. One thing differs: past 64 bits a table stores a 56-bit
// hash of a position's key rather than the key (see keyBits), so a hit is
// another position's with a chance of one in 2^56 instead of never.
package negamax

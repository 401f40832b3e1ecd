// Package pns is c4/pns on the 128-bit positions of c4/internal/wide/position: the
// DFPN engine for the boards with (H+1)*W <= 128.
//
// Every file but this one is generated from c4/pns by c4/internal/widen (go
// generate ./wide/...); the search, its tunables and its tests are
// c4/pns's. One thing differs: past 64 bits the tables store a 64-bit hash
// of a position's key rather than the key (see tableKey), so a hit is
// another position's with a chance of one in 2^64 instead of never.
package pns

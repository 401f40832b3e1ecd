//widen:skip

package position

import "math/bits"

// Bits is a bitboard: one bit a cell, in the layout of the package comment.
// It is a type of its own, not a plain uint64, so that the generator of
// c4/internal/wide/position can tell bitboards from other integers.
type Bits uint64

// wordBits is the width of a Bits.
const wordBits = 64

// MaxBits is the most bits a board may take, (H+1)*W.
const MaxBits = wordBits

// BitsOf returns the bitboard with the bits of v: for code shared with
// c4/internal/wide/position, where a bitboard is not an integer.
func BitsOf(v uint64) Bits { return Bits(v) }

// OnesCount is the number of cells in b.
func (b Bits) OnesCount() int { return bits.OnesCount64(uint64(b)) }

// TrailingZeros is the index of b's lowest cell, wordBits if b is empty.
func (b Bits) TrailingZeros() int { return bits.TrailingZeros64(uint64(b)) }

// Len is one more than the index of b's highest cell, 0 if b is empty.
func (b Bits) Len() int { return bits.Len64(uint64(b)) }

// KeyHash is key k of a position of b as a 64-bit number for a table: k
// itself, since every key of a board of up to 64 bits is one. (In
// c4/internal/wide/position it is k folded to 64 bits on boards past them.)
func (b *Board) KeyHash(k Bits) uint64 { return uint64(k) }

package position

import (
	"cmp"
	"fmt"
	"math/big"
	"math/bits"
)

// Bits is a bitboard of two 64-bit words: one bit a cell, in the layout of
// c4/position, bit i of the board in Lo for i < 64 and in Hi as bit i-64
// after. Its methods are Go's operators on a 128-bit unsigned integer (the
// code generated from c4/position calls them where the source has the
// operator); == and != compare Bits as they are.
type Bits struct{ Lo, Hi uint64 }

// wordBits is the width of a Bits.
const wordBits = 128

// MaxBits is the most bits a board may take, (H+1)*W.
const MaxBits = wordBits

// BitsOf returns the bitboard with the bits of v.
func BitsOf(v uint64) Bits { return Bits{Lo: v} }

// And is a & b.
func (a Bits) And(b Bits) Bits { return Bits{a.Lo & b.Lo, a.Hi & b.Hi} }

// Or is a | b.
func (a Bits) Or(b Bits) Bits { return Bits{a.Lo | b.Lo, a.Hi | b.Hi} }

// Xor is a ^ b.
func (a Bits) Xor(b Bits) Bits { return Bits{a.Lo ^ b.Lo, a.Hi ^ b.Hi} }

// AndNot is a &^ b.
func (a Bits) AndNot(b Bits) Bits { return Bits{a.Lo &^ b.Lo, a.Hi &^ b.Hi} }

// Not is ^a.
func (a Bits) Not() Bits { return Bits{^a.Lo, ^a.Hi} }

// Add is a + b, modulo 2^128.
func (a Bits) Add(b Bits) Bits {
	lo, carry := bits.Add64(a.Lo, b.Lo, 0)
	hi, _ := bits.Add64(a.Hi, b.Hi, carry)
	return Bits{lo, hi}
}

// Sub is a - b, modulo 2^128.
func (a Bits) Sub(b Bits) Bits {
	lo, borrow := bits.Sub64(a.Lo, b.Lo, 0)
	hi, _ := bits.Sub64(a.Hi, b.Hi, borrow)
	return Bits{lo, hi}
}

// Neg is -a, modulo 2^128.
func (a Bits) Neg() Bits { return Bits{}.Sub(a) }

// Mul is a * b, modulo 2^128.
func (a Bits) Mul(b Bits) Bits {
	hi, lo := bits.Mul64(a.Lo, b.Lo)
	return Bits{lo, hi + a.Lo*b.Hi + a.Hi*b.Lo}
}

// Lsh is a << n: 0 from n = 128 on. The searches shift by less than 64
// (a column's height and one, or three times that), the branch the processor
// predicts.
func (a Bits) Lsh(n uint) Bits {
	if n < 64 {
		return Bits{a.Lo << n, a.Hi<<n | a.Lo>>1>>(63-n)}
	}
	return Bits{0, a.Lo << (n - 64)}
}

// Rsh is a >> n: 0 from n = 128 on.
func (a Bits) Rsh(n uint) Bits {
	if n < 64 {
		return Bits{a.Lo>>n | a.Hi<<1<<(63-n), a.Hi >> n}
	}
	return Bits{a.Hi >> (n - 64), 0}
}

// Less is a < b.
func (a Bits) Less(b Bits) bool { return a.Hi < b.Hi || a.Hi == b.Hi && a.Lo < b.Lo }

// Compare is -1, 0 or +1 as a is less than, equal to or more than b, for
// sorting.
func (a Bits) Compare(b Bits) int { return cmp.Or(cmp.Compare(a.Hi, b.Hi), cmp.Compare(a.Lo, b.Lo)) }

// OnesCount is the number of cells in b.
func (a Bits) OnesCount() int { return bits.OnesCount64(a.Lo) + bits.OnesCount64(a.Hi) }

// TrailingZeros is the index of b's lowest cell, 128 if b is empty.
func (a Bits) TrailingZeros() int {
	if a.Lo != 0 {
		return bits.TrailingZeros64(a.Lo)
	}
	return 64 + bits.TrailingZeros64(a.Hi)
}

// Len is one more than the index of b's highest cell, 0 if b is empty.
func (a Bits) Len() int {
	if a.Hi != 0 {
		return 64 + bits.Len64(a.Hi)
	}
	return bits.Len64(a.Lo)
}

// Format prints a as the 128-bit number it is, in any of fmt's integer
// verbs (%x, %#x, %d, %b, ...) and %v, as c4/position's messages print a
// key.
func (a Bits) Format(f fmt.State, verb rune) {
	n := new(big.Int).Lsh(new(big.Int).SetUint64(a.Hi), 64)
	n.Or(n, new(big.Int).SetUint64(a.Lo))
	if verb == 'v' {
		verb = 'd'
	}
	n.Format(f, verb)
}

// foldMul is an odd 128-bit multiplier: the high word of a key times it
// depends on every bit of the key.
var foldMul = Bits{Lo: 0x9E3779B97F4A7C15, Hi: 0xD6E8FEB86659FD93}

// KeyHash is key k of a position of b as a 64-bit number for a table: k
// itself on a board of up to 64 bits, where it identifies the position
// exactly; past them k folded to 64 bits, which the tables treat as a key
// of its own and of which negamax's keep the low 56.
//
// The fold is the high word h of k * foldMul, with its high half xored
// into its low half. Bit i of h depends on the key's bits 0 to 64+i only,
// so h's low 56 bits alone never see key bits 120 to 127; the xor brings
// every key bit into the low 32, and two keys that differ in any one bit
// fold to values that differ in their low 56 bits. h ^ h>>32 is a
// bijection of h, so the 64 bits keep h's one chance in 2^64 that two
// positions share it.
func (b *Board) KeyHash(k Bits) uint64 {
	if b.w*int(b.h1) <= 64 {
		return k.Lo
	}
	h := k.Mul(foldMul).Hi
	return h ^ h>>32
}

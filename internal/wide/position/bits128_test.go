package position

import (
	"math/rand/v2"
	"testing"
)

// TestKeyHashSeesEveryBit: on every board past 64 bits, two keys that
// differ in any one of the board's key bits hash to values that differ in
// the low 56 bits, which negamax's tables keep (and so in all 64, which
// DFPN's keep).
func TestKeyHashSeesEveryBit(t *testing.T) {
	const kept = 1<<56 - 1
	rng := rand.New(rand.NewPCG(1, 2))
	for w := 1; w <= MaxWidth; w++ {
		for h := 1; (h+1)*w <= MaxBits; h++ {
			bits := (h + 1) * w
			if bits <= 64 {
				continue
			}
			b, err := NewBoard(w, h)
			if err != nil {
				t.Fatal(err)
			}
			all := Bits{^uint64(0), ^uint64(0)}.Rsh(uint(MaxBits - bits))
			for range 8 {
				k := Bits{rng.Uint64(), rng.Uint64()}.And(all)
				for i := range bits {
					flip := BitsOf(1).Lsh(uint(i))
					if b.KeyHash(k)&kept == b.KeyHash(k.Xor(flip))&kept {
						t.Fatalf("%dx%d: keys %#x and %#x (bit %d) share the table's 56 bits", w, h, k, k.Xor(flip), i)
					}
				}
			}
		}
	}
}

package book

import "c4/position"

// Enumerate returns the canonical keys of the positions that are not over,
// at or below root, by number of stones: element i holds those with
// root.Moves()+i stones, up to depth. Mirror images are counted once, by
// their canonical key; keys are in the order the positions are first met
// from their parents, so that siblings, which share much of their search,
// are close.
func Enumerate(root position.Position, depth int) [][]uint64 {
	b := root.Board()
	layer := []uint64{uint64(root.CanonicalKey())}
	layers := [][]uint64{layer}
	for d := root.Moves(); d < depth; d++ {
		seen := make(map[uint64]struct{}, len(layer)*3)
		var next []uint64
		for _, k := range layer {
			p, _ := b.FromKey(position.Bits(k))
			for c := range b.Width() {
				if !p.CanPlay(c) || p.IsWinningMove(c) {
					continue
				}
				q := p
				q.PlayColumn(c)
				if q.Moves() == b.Cells() {
					continue
				}
				ck := uint64(q.CanonicalKey())
				if _, ok := seen[ck]; !ok {
					seen[ck] = struct{}{}
					next = append(next, ck)
				}
			}
		}
		layer = next
		layers = append(layers, layer)
	}
	return layers
}

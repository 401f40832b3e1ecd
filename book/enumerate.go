package book

import (
	"c4/game"
	"c4/position"
)

// Enumerate returns the canonical keys of the positions that are not over,
// at or below root, by number of stones: element i holds those with
// root.Moves()+i stones, up to depth. Mirror images are counted once, by
// their canonical key; keys are in the order the positions are first met
// from their parents, so that siblings, which share much of their search,
// are close.
func Enumerate(root game.Position, depth int) [][]game.Key {
	b := root.Board()
	if n, ok := root.Narrow(); ok {
		layers := enumerate(n, b.Narrow().FromKey, b.Width(), b.Cells(), depth)
		return convert(layers, func(k position.Bits) game.Key { return game.Key{Lo: uint64(k)} })
	}
	w, _ := root.WidePosition()
	return enumerate(w, b.WideBoard().FromKey, b.Width(), b.Cells(), depth)
}

// positionOf is what enumerate needs of a position type P (of either
// width) with keys K: a pointer to it that plays.
type positionOf[P any, K comparable] interface {
	*P
	CanPlay(c int) bool
	IsWinningMove(c int) bool
	PlayColumn(c int)
	Moves() int
	CanonicalKey() K
}

// enumerate is Enumerate on the positions of one width, of a board of width
// columns and cells cells, whose keys fromKey reads: so that the keys of a
// 64-bit board, and the set of those met, take 8 bytes a key, not 16.
func enumerate[P any, K comparable, PP positionOf[P, K]](root P, fromKey func(K) (P, error), width, cells, depth int) [][]K {
	layer := []K{PP(&root).CanonicalKey()}
	layers := [][]K{layer}
	for d := PP(&root).Moves(); d < depth; d++ {
		seen := make(map[K]struct{}, len(layer)*3)
		var next []K
		for _, k := range layer {
			p, _ := fromKey(k)
			for c := range width {
				if !PP(&p).CanPlay(c) || PP(&p).IsWinningMove(c) {
					continue
				}
				q := p
				PP(&q).PlayColumn(c)
				if PP(&q).Moves() == cells {
					continue
				}
				ck := PP(&q).CanonicalKey()
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

// convert is layers with each key made a game.Key.
func convert[K any](layers [][]K, key func(K) game.Key) [][]game.Key {
	out := make([][]game.Key, len(layers))
	for i, layer := range layers {
		out[i] = make([]game.Key, len(layer))
		for j, k := range layer {
			out[i][j] = key(k)
		}
	}
	return out
}

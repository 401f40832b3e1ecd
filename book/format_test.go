package book

import (
	"bytes"
	"slices"
	"testing"

	"c4/position"
)

func mustBoard(t testing.TB, w, h int) *position.Board {
	t.Helper()
	b, err := position.NewBoard(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// encodeLayers is a portable file of every position of up to depth stones
// of b, or of shard s of the depth-stone layer if s.Count > 0, with made-up
// scores.
func encodeLayers(t testing.TB, b *position.Board, depth int, s Shard) []byte {
	t.Helper()
	var keys []uint64
	for _, layer := range Enumerate(position.New(b), depth) {
		keys = append(keys, layer...)
	}
	if s.Count > 0 {
		keys = s.Slice(Enumerate(position.New(b), depth)[depth])
	}
	keys = slices.Clone(keys)
	slices.Sort(keys)
	var buf bytes.Buffer
	h := Header{Board: b, Depth: depth, Index: s.Index, Count: s.Count}
	if _, err := Encode(&buf, h, func(put func(uint64, int) bool) error {
		for i, k := range keys {
			put(k, i%9-4)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzDecode feeds arbitrary bytes to the portable file's reader: it must
// fail cleanly, never panic, and accept only entries of real positions.
func FuzzDecode(f *testing.F) {
	b := mustBoard(f, 4, 4)
	f.Add(encodeLayers(f, b, 5, Shard{}))
	f.Add(encodeLayers(f, b, 5, Shard{Board: b, Depth: 5, Index: 1, Count: 2}))
	f.Add([]byte("C4BOOK\x01"))
	f.Add([]byte("C4BOOK\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		Decode(bytes.NewReader(data), func(board *position.Board, k uint64, score int) error {
			if p, err := board.FromKey(position.Bits(k)); err != nil || p.IsOver() {
				t.Fatalf("entry %#x accepted: %v", k, err)
			}
			return nil
		})
	})
}

// TestShardSplit: the shards of a layer, for any count, are its positions
// in its order, each in one shard.
func TestShardSplit(t *testing.T) {
	b := mustBoard(t, 5, 4)
	layer := Enumerate(position.New(b), 9)[9]
	if keys := (Shard{Board: b, Depth: 9, Index: 0, Count: 1}).Keys(); !slices.Equal(keys, layer) {
		t.Fatalf("the one shard: %d keys, want the layer's %d in its order", len(keys), len(layer))
	}
	for _, n := range []int{2, 3, 7, len(layer) - 1, len(layer) + 5} {
		var all []uint64
		for i := range n {
			all = append(all, Shard{Board: b, Depth: 9, Index: i, Count: n}.Slice(layer)...)
		}
		if !slices.Equal(all, layer) {
			t.Fatalf("%d shards: %d keys, want the layer's %d in its order", n, len(all), len(layer))
		}
	}
}

// TestLoad reads a whole book's file into memory and finds every entry;
// a shard's file is refused, and so is a damaged one.
func TestLoad(t *testing.T) {
	b := mustBoard(t, 4, 4)
	file := encodeLayers(t, b, 6, Shard{})
	f, err := Load(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, layer := range Enumerate(position.New(b), 6) {
		for _, k := range layer {
			p, _ := b.FromKey(position.Bits(k))
			if _, ok := f.Score(p); !ok {
				t.Fatalf("key %#x not found", k)
			}
			n++
		}
	}
	if f.Len() != n || f.Depth(b) != 6 || f.Depth(position.Standard) != -1 {
		t.Fatalf("Len %d, Depth %d and %d: want %d, 6, -1", f.Len(), f.Depth(b), f.Depth(position.Standard), n)
	}
	deeper, _ := position.Parse(b, "1234123")
	if _, ok := f.Score(deeper); ok {
		t.Error("a position deeper than the book found")
	}
	if _, err := Load(bytes.NewReader(encodeLayers(t, b, 5, Shard{Board: b, Depth: 5, Count: 2}))); err == nil {
		t.Error("a shard's file loaded as a book")
	}
	bad := slices.Clone(file)
	bad[len(bad)/2] ^= 0x40
	if _, err := Load(bytes.NewReader(bad)); err == nil {
		t.Error("a damaged file loaded")
	}
}

// TestReduce: a book reduced to fewer stones holds exactly its positions of
// up to that many, and says so.
func TestReduce(t *testing.T) {
	b := mustBoard(t, 4, 4)
	var out bytes.Buffer
	n, err := Reduce(bytes.NewReader(encodeLayers(t, b, 6, Shard{})), &out, 4)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(&out)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, layer := range Enumerate(position.New(b), 4) {
		want += len(layer)
	}
	if n != want || f.Len() != want || f.Depth(b) != 4 {
		t.Errorf("reduced to %d positions (%d read), depth %d; want %d, 4", n, f.Len(), f.Depth(b), want)
	}
	if _, err := Reduce(bytes.NewReader(encodeLayers(t, b, 5, Shard{Board: b, Depth: 5, Count: 2})), &out, 3); err == nil {
		t.Error("a shard reduced")
	}
}

package book

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"c4/game"
	"c4/position"
)

func mustBoard(t testing.TB, w, h int) game.Board {
	t.Helper()
	b, err := game.NewBoard(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// encodeLayers is a portable file of every position of up to depth stones
// of b, or of shard s of the depth-stone layer if s.Count > 0, with made-up
// scores.
func encodeLayers(t testing.TB, b game.Board, depth int, s Shard) []byte {
	t.Helper()
	var keys []game.Key
	for _, layer := range Enumerate(game.New(b), depth) {
		keys = append(keys, layer...)
	}
	if s.Count > 0 {
		keys = s.Slice(Enumerate(game.New(b), depth)[depth])
	}
	keys = slices.Clone(keys)
	slices.SortFunc(keys, game.Key.Compare)
	var buf bytes.Buffer
	h := Header{Board: b, Depth: depth, Index: s.Index, Count: s.Count}
	if _, err := Encode(&buf, h, func(put func(game.Key, int) bool) error {
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
// fail cleanly, never panic, and accept only entries of real positions;
// and to Load, which must find each of them with its score.
func FuzzDecode(f *testing.F) {
	b := mustBoard(f, 4, 4)
	f.Add(encodeLayers(f, b, 5, Shard{}))
	f.Add(encodeLayers(f, b, 5, Shard{Board: b, Depth: 5, Index: 1, Count: 2}))
	wide := mustBoard(f, 9, 9)
	f.Add(encodeLayers(f, wide, 3, Shard{}))
	f.Add(encodeLayers(f, wide, 3, Shard{Board: wide, Depth: 3, Index: 1, Count: 2}))
	f.Add([]byte("C4BOOK\x01"))
	f.Add([]byte("C4BOOK\x02"))
	f.Add([]byte("C4BOOK\x03"))
	f.Fuzz(func(t *testing.T, data []byte) {
		loaded, lerr := Load(bytes.NewReader(data))
		n := 0
		_, err := Decode(bytes.NewReader(data), func(board game.Board, k game.Key, score int) error {
			p, err := game.FromKey(board, k)
			if err != nil || p.IsOver() {
				t.Fatalf("entry %#x accepted: %v", k, err)
			}
			n++
			if np, narrow := p.Narrow(); lerr == nil && narrow && np.Moves() <= loaded.Depth(np.Board()) {
				if got, ok := loaded.Score(np); !ok || got != score {
					t.Fatalf("entry %#x: Load has %d, %v, want %d", k, got, ok, score)
				}
			}
			return nil
		})
		if err == nil && lerr == nil && loaded.Len() != n {
			t.Fatalf("Load holds %d entries, the file %d", loaded.Len(), n)
		}
	})
}

// TestShardSplit: the shards of a layer, for any count, are its positions
// in its order, each in one shard.
func TestShardSplit(t *testing.T) {
	b := mustBoard(t, 5, 4)
	layer := Enumerate(game.New(b), 9)[9]
	if keys := (Shard{Board: b, Depth: 9, Index: 0, Count: 1}).Keys(); !slices.Equal(keys, layer) {
		t.Fatalf("the one shard: %d keys, want the layer's %d in its order", len(keys), len(layer))
	}
	for _, n := range []int{2, 3, 7, len(layer) - 1, len(layer) + 5} {
		var all []game.Key
		for i := range n {
			all = append(all, Shard{Board: b, Depth: 9, Index: i, Count: n}.Slice(layer)...)
		}
		if !slices.Equal(all, layer) {
			t.Fatalf("%d shards: %d keys, want the layer's %d in its order", n, len(all), len(layer))
		}
	}
}

// TestLoad reads a whole book's file into memory and finds every entry
// with its score, on a book that fits one page of Frozen's and on one of
// several; a shard's file is refused, and so is a damaged one.
func TestLoad(t *testing.T) {
	for _, tc := range []struct{ w, h, depth int }{{4, 4, 6}, {7, 6, 8}} {
		b := mustBoard(t, tc.w, tc.h)
		file := encodeLayers(t, b, tc.depth, Shard{})
		f, err := Load(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		if _, err := Decode(bytes.NewReader(file), func(_ game.Board, k game.Key, score int) error {
			p, _ := b.Narrow().FromKey(position.Bits(k.Lo))
			if got, ok := f.Score(p); !ok || got != score {
				t.Fatalf("%s: key %#x: %d, %v, want %d", b, k, got, ok, score)
			}
			n++
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if f.Len() != n || f.Depth(b.Narrow()) != tc.depth {
			t.Fatalf("%s: Len %d, Depth %d: want %d, %d", b, f.Len(), f.Depth(b.Narrow()), n, tc.depth)
		}
		t.Logf("%s up to %d stones: %d positions, %d pages of differences, %d of scores", b, tc.depth, n, len(f.packed), len(f.scores))
	}
	b := mustBoard(t, 4, 4)
	file := encodeLayers(t, b, 6, Shard{})
	f, _ := Load(bytes.NewReader(file))
	if f.Depth(position.Standard) != -1 {
		t.Errorf("Depth on 7x6 %d, want -1", f.Depth(position.Standard))
	}
	deeper, _ := position.Parse(b.Narrow(), "1234123")
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
	n, err := Reduce(bytes.NewReader(encodeLayers(t, b, 6, Shard{})), &out, 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Load(&out)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, layer := range Enumerate(game.New(b), 4) {
		want += len(layer)
	}
	if n != want || f.Len() != want || f.Depth(b.Narrow()) != 4 {
		t.Errorf("reduced to %d positions (%d read), depth %d; want %d, 4", n, f.Len(), f.Depth(b.Narrow()), want)
	}
	if _, err := Reduce(bytes.NewReader(encodeLayers(t, b, 5, Shard{Board: b, Depth: 5, Count: 2})), &out, 0, 3); err == nil {
		t.Error("a shard reduced")
	}
}

// TestWideFile: a book of a board past 64 bits round-trips through its file,
// whose version (3, 4 for a shard) a reader of 64-bit keys refuses; a
// book in memory refuses it too.
func TestWideFile(t *testing.T) {
	for _, size := range [][2]int{{8, 8}, {9, 9}, {16, 6}} {
		b := mustBoard(t, size[0], size[1])
		t.Run(b.String(), func(t *testing.T) {
			for _, s := range []Shard{{}, {Board: b, Depth: 3, Index: 1, Count: 3}} {
				data := encodeLayers(t, b, 3, s)
				if want := byte(wideVersion + min(s.Count, 1)); data[len(magic)] != want {
					t.Errorf("version %d, want %d", data[len(magic)], want)
				}
				var keys []game.Key
				h, err := Decode(bytes.NewReader(data), func(board game.Board, k game.Key, score int) error {
					keys = append(keys, k)
					return nil
				})
				if err != nil || h.Board != b || h.Depth != 3 || h.Count != s.Count || h.Entries != len(keys) {
					t.Fatalf("%+v, %v", h, err)
				}
				if !slices.IsSortedFunc(keys, game.Key.Compare) || keys[len(keys)-1].Hi == 0 && b.Width()*(b.Height()+1) > 100 {
					t.Errorf("keys out of order or all below 2^64: last %v", keys[len(keys)-1])
				}
			}
			if _, err := Load(bytes.NewReader(encodeLayers(t, b, 2, Shard{}))); err == nil {
				t.Error("a wide book loaded into memory")
			}
		})
	}
}

// TestUvarint128: keys of any size are written and read back, and a key
// below 2^64 is written as binary.AppendUvarint writes it.
func TestUvarint128(t *testing.T) {
	for _, k := range []game.Key{{}, {Lo: 1}, {Lo: 127}, {Lo: 128}, {Lo: ^uint64(0)}, {Hi: 1}, {Hi: 1 << 63}, {Hi: ^uint64(0), Lo: ^uint64(0)}} {
		buf := appendUvarint128(nil, k)
		if k.Hi == 0 && !bytes.Equal(buf, binary.AppendUvarint(nil, k.Lo)) {
			t.Errorf("%v: %x, not the 64-bit uvarint", k, buf)
		}
		got, err := readUvarint128(bytes.NewReader(buf))
		if err != nil || got != k {
			t.Errorf("%v: read back %v, %v", k, got, err)
		}
	}
	tooBig := append(bytes.Repeat([]byte{0xff}, 18), 0x04)
	if _, err := readUvarint128(bytes.NewReader(tooBig)); err == nil {
		t.Error("a key of 129 bits read")
	}
}

// TestLayered: a book of 3 stones and its layers of 4 to 5 answer as the
// book of 5 does.
func TestLayered(t *testing.T) {
	b := mustBoard(t, 4, 4)
	file := encodeLayers(t, b, 5, Shard{})
	load := func(from, depth int) *Frozen {
		var out bytes.Buffer
		if _, err := Reduce(bytes.NewReader(file), &out, from, depth); err != nil {
			t.Fatal(err)
		}
		f, err := Load(&out)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	whole := load(0, 5)
	l, err := NewLayered(load(0, 3))
	if err != nil {
		t.Fatal(err)
	}
	if l.Depth(b.Narrow()) != 3 {
		t.Errorf("depth %d before the layers, want 3", l.Depth(b.Narrow()))
	}
	if err := l.Add(load(4, 5)); err != nil {
		t.Fatal(err)
	}
	if l.Depth(b.Narrow()) != 5 || l.Len() != whole.Len() {
		t.Errorf("depth %d, %d positions; want 5, %d", l.Depth(b.Narrow()), l.Len(), whole.Len())
	}
	for _, layer := range Enumerate(game.New(b), 5) {
		for _, k := range layer {
			p, _ := game.FromKey(b, k)
			n, _ := p.Narrow()
			got, ok := l.Score(n)
			if want, _ := whole.Score(n); !ok || got != want {
				t.Fatalf("%x: %d, %v; want %d", k, got, ok, want)
			}
		}
	}
	if err := l.Add(load(0, 5)); err != nil {
		t.Fatal(err)
	}
	empty, _ := NewLayered()
	if empty.Depth(b.Narrow()) != -1 || empty.Len() != 0 {
		t.Errorf("an empty book: depth %d, %d positions", empty.Depth(b.Narrow()), empty.Len())
	}
	other := encodeLayers(t, mustBoard(t, 5, 4), 2, Shard{})
	f, err := Load(bytes.NewReader(other))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add(f); err == nil {
		t.Error("a book of 5x4 added to one of 4x4")
	}
}

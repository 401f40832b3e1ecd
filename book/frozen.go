package book

import (
	"fmt"
	"io"
	"math/bits"
	"slices"

	"c4/game"
	"c4/position"
)

// Frozen is a read-only book held in memory, read from a portable file
// (Encode), without a database: for a book shipped inside the program
// (package builtin). It is safe for concurrent use.
//
// The sorted canonical keys are kept in blocks of frozenBlock: of each
// block, its first key, and the differences between its consecutive keys
// packed in as many bits as the block's largest needs; the scores are one
// byte each. Keys of one book lie close together (neighbouring positions
// differ in a few cells), so a difference takes about 17 bits where a key
// takes 64: some 3 bytes a position, so that the 23 million positions of
// up to 13 stones on 7x6 take some 70 MB, where sorted keys took 9 bytes
// a position. A lookup is a binary search of the blocks' first keys, then a
// walk of at most one block's differences.
type Frozen struct {
	width, height int
	depth         int
	n             int
	first         []uint64   // each block's first key
	offset        []uint32   // where each block's differences start in packed, in bits
	size          []uint8    // the bits of each block's differences
	packed        [][]uint64 // the differences, little-endian bit order, in pages of pageWords
	scores        [][]int8   // the score of the i-th key is scores[i/pageScores][i%pageScores]
	used          int        // bits of packed used, while Load packs
}

// The differences and the scores are kept in pages of fixed size, so that
// Load, which learns the count only at the file's end, allocates each byte
// once: slices grown by append would allocate 5 times the book's memory in
// all (390 MB for 13 stones on 7x6), which costs time and raises a
// process's peak. A block's differences never span two pages, and each
// page keeps a spare word that a read of its last bits may touch.
const (
	pageWords  = 1 << 13 // 64 KiB, at most 33 words of it unused
	pageBits   = pageWords * 64
	pageScores = 1 << 15 // 32 KiB: a whole number of blocks
)

// frozenBlock is how many keys a block of Frozen holds. Of 16 to 256, 32
// took the fewest bits a key on the book of 11 stones (16.6, blocks'
// first keys and offsets included; 64: 16.9, 256: 19.4), and a lookup
// walks at most 31 differences.
const frozenBlock = 32

// Load reads a whole book's portable file into memory, checking its
// checksum, its keys' order and its scores; not that each key is a
// position, which store.ImportFile checks: a key that is no position is
// never looked up here, and the check would take a third of the time.
// One goroutine decodes while another packs, as each takes about half of
// the time.
func Load(r io.Reader) (*Frozen, error) { return LoadPaced(r, nil) }

// LoadPaced is Load calling pace, if not nil, after every loadBatchKeys
// positions read: the browser's worker yields to its event loop there, so
// that reading a layer of millions of positions never holds up a question
// (Go's WebAssembly runs one goroutine at a time, and returns to the event
// loop only when all wait).
func LoadPaced(r io.Reader, pace func()) (*Frozen, error) {
	f := &Frozen{}
	full, free := make(chan *loadBatch, 2), make(chan *loadBatch, 3)
	for range cap(free) {
		free <- &loadBatch{}
	}
	packed := make(chan error, 1)
	go func() { packed <- f.pack(full, free) }()
	b := <-free
	h, err := decode(r, false, func(_ game.Board, k game.Key, score int) error {
		b.keys, b.scores = append(b.keys, k.Lo), append(b.scores, int8(score))
		if len(b.keys) == loadBatchKeys {
			full <- b
			if pace != nil {
				pace()
			}
			b = <-free
			b.keys, b.scores = b.keys[:0], b.scores[:0]
		}
		return nil
	})
	full <- b
	close(full)
	if perr := <-packed; err == nil {
		err = perr
	}
	if err == nil && h.Count > 0 {
		err = fmt.Errorf("it holds %s, not a whole book", h.Shard())
	}
	if err == nil && h.Board.Wide() {
		err = fmt.Errorf("a book of %s: a book in memory holds boards of up to %d bits", h.Board, position.MaxBits)
	}
	if err != nil {
		return nil, fmt.Errorf("reading a book: %w", err)
	}
	f.width, f.height, f.depth = h.Board.Width(), h.Board.Height(), h.Depth
	f.first, f.offset, f.size = slices.Clip(f.first), slices.Clip(f.offset), slices.Clip(f.size)
	return f, nil
}

// loadBatch is a run of a file's keys and their scores, on their way from
// Load's decoder to its packer.
type loadBatch struct {
	keys   []uint64
	scores []int8
}

// loadBatchKeys is a loadBatch's length: whole blocks, and few enough that
// the batches in flight take little memory.
const loadBatchKeys = 128 * frozenBlock

// pack adds the batches of full, in order, and hands each back to free.
// After an error it goes on taking them, so that the decoder never waits
// for ever, and returns the error at the end.
func (f *Frozen) pack(full <-chan *loadBatch, free chan<- *loadBatch) error {
	var err error
	for b := range full {
		for i := 0; i < len(b.keys) && err == nil; i += frozenBlock {
			err = f.addBlock(b.keys[i:min(i+frozenBlock, len(b.keys))])
		}
		for s := b.scores; len(s) > 0 && err == nil; {
			if f.n%pageScores == 0 {
				f.scores = append(f.scores, make([]int8, pageScores))
			}
			n := copy(f.scores[f.n/pageScores][f.n%pageScores:], s)
			f.n, s = f.n+n, s[n:]
		}
		free <- b
	}
	return err
}

// addBlock packs a block of increasing keys, starting a page if the
// block's differences do not fit in what is left of the last one with its
// spare word. It fails past the bits an offset can address.
func (f *Frozen) addBlock(keys []uint64) error {
	size := 0
	for i := 1; i < len(keys); i++ {
		size = max(size, bits.Len64(keys[i]-keys[i-1]))
	}
	need := (len(keys) - 1) * size
	if len(f.packed) == 0 || f.used%pageBits+need > pageBits-64 {
		f.used = len(f.packed) * pageBits
		f.packed = append(f.packed, make([]uint64, pageWords))
	}
	if f.used+need >= 1<<32 {
		return fmt.Errorf("%d positions are more than a book in memory holds", f.n)
	}
	at := f.used
	f.first = append(f.first, keys[0])
	f.offset = append(f.offset, uint32(at))
	f.size = append(f.size, uint8(size))
	for i := 1; i < len(keys); i++ {
		f.put(at, keys[i]-keys[i-1])
		at += size
	}
	f.used = at
	return nil
}

// Depth is the book's depth on board b, -1 if it is a book of another board.
func (f *Frozen) Depth(b *position.Board) int {
	if b.Width() != f.width || b.Height() != f.height {
		return -1
	}
	return f.depth
}

// Score returns the score of p, and whether the book has it.
func (f *Frozen) Score(p position.Position) (int, bool) {
	if f.Depth(p.Board()) < p.Moves() {
		return 0, false
	}
	i, ok := f.find(uint64(p.CanonicalKey()))
	if !ok {
		return 0, false
	}
	return int(f.scores[i/pageScores][i%pageScores]), true
}

// find returns the index of key k, and whether the book has it.
func (f *Frozen) find(k uint64) (int, bool) {
	lo, hi := 0, len(f.first) // the block of k is the last whose first key is at most k
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if f.first[mid] <= k {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	b := lo - 1
	if b < 0 {
		return 0, false
	}
	key, at, size := f.first[b], uint(f.offset[b]), uint(f.size[b])
	end := min((b+1)*frozenBlock, f.n)
	for i := b * frozenBlock; ; {
		if key == k {
			return i, true
		}
		if i++; key > k || i == end {
			return 0, false
		}
		key += f.get(at, size)
		at += size
	}
}

// Len is the number of positions held, mirror images once.
func (f *Frozen) Len() int { return f.n }

// Bytes is the memory the book takes.
func (f *Frozen) Bytes() int {
	return 8*len(f.first) + 4*len(f.offset) + len(f.size) + 8*pageWords*len(f.packed) + pageScores*len(f.scores)
}

// put writes the low bits of v, which has no higher ones, at bit at of
// packed, within one page.
func (f *Frozen) put(at int, v uint64) {
	page, w, o := f.packed[at/pageBits], at%pageBits/64, uint(at%64)
	page[w] |= v << o
	if o > 0 {
		page[w+1] |= v >> (64 - o)
	}
}

// get reads size bits at bit at of packed, within one page.
func (f *Frozen) get(at, size uint) uint64 {
	page, w, o := f.packed[at/pageBits], at%pageBits/64, at%64
	v := page[w] >> o
	if o > 0 {
		v |= page[w+1] << (64 - o)
	}
	return v & (1<<size - 1)
}

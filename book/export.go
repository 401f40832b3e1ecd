package book

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"

	"github.com/klauspost/compress/zstd"

	"c4/position"
)

// The portable file of one board's book, written by Export and read by
// Import:
//
//	file  = "C4BOOK" version zstd(body)      version: one byte, 1 or 2
//	body  = width height depth shard block* end
//	shard = index count                      version 2 only; uvarints
//	block = count delta*count score*count    count: uvarint, 1..blockSize
//	end   = 0 total crc                      total: uvarint; crc: 4 bytes
//
// width, height and depth are one byte each. A version 1 file is a whole
// book, every position of up to depth stones; a version 2 file is shard
// index (from 0) of count of the depth-stone layer (see Shard), which only
// Merge reads, so that a part is never taken for a whole book.
// Keys are the positions' canonical keys in increasing order, each written
// as its difference from the one before (the first from 0) in uvarint; a
// score is one byte, the score plus 64. crc is the CRC-32C, little-endian,
// of the body up to it. A file that is cut short, altered or followed by
// anything fails to read.
const (
	magic        = "C4BOOK"
	version      = 1
	shardVersion = 2
	blockSize    = 1 << 12
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// fileHeader is what a portable file says of its entries.
type fileHeader struct {
	board        *position.Board
	depth        int
	index, count int // count 0: a whole book; else shard index of count
	entries      int // read from the file's end, by decode
}

// shard is the shard a version 2 file holds.
func (h fileHeader) shard() Shard {
	return Shard{Board: h.board, Depth: h.depth, Index: h.index, Count: h.count}
}

// Export writes the book of board to w in the portable format and returns
// the number of positions written.
func (b *Book) Export(board *position.Board, w io.Writer) (int, error) {
	h := fileHeader{board: board, depth: max(b.Depth(board), 0)}
	return encode(w, h, func(put func(k uint64, score int) bool) error {
		return b.scan(board, put)
	})
}

// encode writes a portable file of header h and of the entries that each
// gives in increasing key order, and returns their number.
func encode(w io.Writer, h fileHeader, each func(put func(k uint64, score int) bool) error) (int, error) {
	v := version
	if h.count > 0 {
		v = shardVersion
	}
	if _, err := io.WriteString(w, magic+string(rune(v))); err != nil {
		return 0, err
	}
	zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		return 0, err
	}
	crc := crc32.New(castagnoli)
	body := bufio.NewWriter(io.MultiWriter(zw, crc))
	head := []byte{byte(h.board.Width()), byte(h.board.Height()), byte(h.depth)}
	if h.count > 0 {
		head = binary.AppendUvarint(head, uint64(h.index))
		head = binary.AppendUvarint(head, uint64(h.count))
	}
	body.Write(head)

	var keys []uint64
	var scores []byte
	var prev uint64
	total := 0
	flush := func() {
		if len(keys) == 0 {
			return
		}
		body.Write(binary.AppendUvarint(nil, uint64(len(keys))))
		for _, k := range keys {
			body.Write(binary.AppendUvarint(nil, k-prev))
			prev = k
		}
		body.Write(scores)
		total += len(keys)
		keys, scores = keys[:0], scores[:0]
	}
	err = each(func(k uint64, score int) bool {
		keys = append(keys, k)
		scores = append(scores, byte(score+scoreOffset))
		if len(keys) == blockSize {
			flush()
		}
		return true
	})
	if err != nil {
		return 0, err
	}
	flush()
	body.Write(binary.AppendUvarint([]byte{0}, uint64(total)))
	if err := body.Flush(); err != nil {
		return 0, err
	}
	if err := binary.Write(zw, binary.LittleEndian, crc.Sum32()); err != nil {
		return 0, err
	}
	return total, zw.Close()
}

// ExportFile writes the book of board to the file path, replacing it only
// once it is complete. A book of no positions of board is an error, not a
// file: such a file would be an empty backup.
func (b *Book) ExportFile(board *position.Board, path string) (int, error) {
	n, err := writeFileAtomic(path, func(w io.Writer) (int, error) {
		n, err := b.Export(board, w)
		if err == nil && n == 0 {
			err = fmt.Errorf("the database holds no position of %s", board)
		}
		return n, err
	})
	if err != nil {
		return 0, fmt.Errorf("exporting to %s: %w", path, err)
	}
	return n, nil
}

// writeFileAtomic writes path with write, through a temporary file synced
// and renamed once write has succeeded, so that path is never partly
// written.
func writeFileAtomic(path string, write func(io.Writer) (int, error)) (int, error) {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	n, err := write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, err
	}
	return n, nil
}

// ImportFile adds the positions of the portable file at path to the book.
// It reads the whole file once to check it before writing anything, so a
// corrupt or truncated file leaves the book as it was. It returns the board
// and the number of positions. A shard's file is refused: see Merge.
func (b *Book) ImportFile(path string) (*position.Board, int, error) {
	check := func(*position.Board, uint64, int) error { return nil }
	h, err := readFile(path, check)
	if err == nil && h.count > 0 {
		err = fmt.Errorf("it holds %s, not a whole book: use merge", h.shard())
	}
	if err != nil {
		return nil, 0, fmt.Errorf("importing %s: %w", path, err)
	}
	put, finish := b.putter()
	if _, err = readFile(path, put); err == nil {
		err = finish()
	}
	if err == nil {
		err = b.setDepth(h.board, h.depth)
	}
	if err == nil {
		err = b.compact(context.Background(), h.board)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("importing %s: %w", path, err)
	}
	return h.board, h.entries, nil
}

// putter returns put, which adds entries to the book in batches, and
// finish, which writes the last batch; finish must be called once.
func (b *Book) putter() (put func(board *position.Board, k uint64, score int) error, finish func() error) {
	var w *batch
	put = func(bd *position.Board, k uint64, score int) error {
		if w == nil || w.board != bd {
			if w != nil {
				if err := w.commit(); err != nil {
					return err
				}
				w.close()
			}
			w = b.newBatch(bd)
		}
		if err := w.put(k, score); err != nil {
			return err
		}
		if w.b.Count() >= 1<<16 {
			return w.commit()
		}
		return nil
	}
	finish = func() error {
		if w == nil {
			return nil
		}
		defer w.close()
		return w.commit()
	}
	return put, finish
}

// readFile reads the portable file at path, calling f on every entry, and
// returns its header.
func readFile(path string, f func(board *position.Board, key uint64, score int) error) (fileHeader, error) {
	file, err := os.Open(path)
	if err != nil {
		return fileHeader{}, err
	}
	defer file.Close()
	return decode(file, f)
}

// decode is readFile on a reader.
func decode(in io.Reader, f func(board *position.Board, key uint64, score int) error) (fileHeader, error) {
	r, v, closeBody, err := openBody(in)
	if err != nil {
		return fileHeader{}, err
	}
	defer closeBody()
	h, err := readHeader(r, v)
	if err == nil {
		h.entries, err = readBlocks(r, h.board, f)
	}
	if err == nil {
		err = readEnd(r, h.entries)
	}
	if err != nil {
		return fileHeader{}, err
	}
	return h, nil
}

// corrupt is the error of a file that fails to read at what.
func corrupt(what string, err error) error {
	if err == nil || errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("corrupt or truncated book file (%s): %w", what, err)
}

// openBody checks the magic and the version v of the file in, and returns
// a reader of its decompressed body that sums what it reads.
func openBody(in io.Reader) (r *crcReader, v byte, close func(), err error) {
	br := bufio.NewReader(in)
	head := make([]byte, len(magic)+1)
	if _, err := io.ReadFull(br, head); err != nil || string(head[:len(magic)]) != magic {
		return nil, 0, nil, errors.New("not a c4 book file")
	}
	v = head[len(magic)]
	if v != version && v != shardVersion {
		return nil, 0, nil, fmt.Errorf("book file version %d, want %d or %d", v, version, shardVersion)
	}
	// One goroutine and a window of at most 64 MiB (the encoder's best
	// compression uses 8), so that a crafted file cannot take much memory.
	zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(64<<20))
	if err != nil {
		return nil, 0, nil, err
	}
	return &crcReader{r: bufio.NewReader(zr), crc: crc32.New(castagnoli)}, v, zr.Close, nil
}

// readHeader reads the board, the depth and, in a file of version
// shardVersion, the shard.
func readHeader(r *crcReader, v byte) (fileHeader, error) {
	var h fileHeader
	var wh [3]byte
	if _, err := io.ReadFull(r, wh[:]); err != nil {
		return h, corrupt("header", err)
	}
	board, err := boardOf(int(wh[0]), int(wh[1]))
	if err != nil {
		return h, corrupt("board size", err)
	}
	h.board, h.depth = board, int(wh[2])
	if v == shardVersion {
		index, err1 := binary.ReadUvarint(r)
		count, err2 := binary.ReadUvarint(r)
		if err1 != nil || err2 != nil || count == 0 || count > 1<<20 || index >= count {
			return h, corrupt("shard", errors.Join(err1, err2))
		}
		h.index, h.count = int(index), int(count)
	}
	return h, nil
}

// readBlocks reads the blocks up to the end mark, checks each entry and
// hands it to f, and returns the number of entries.
func readBlocks(r *crcReader, board *position.Board, f func(board *position.Board, key uint64, score int) error) (int, error) {
	total := 0
	var key uint64
	deltas := make([]uint64, blockSize)
	scores := make([]byte, blockSize)
	for {
		count, err := binary.ReadUvarint(r)
		if err != nil || count > blockSize {
			return 0, corrupt("block length", err)
		}
		if count == 0 {
			return total, nil
		}
		for i := range count {
			if deltas[i], err = binary.ReadUvarint(r); err != nil {
				return 0, corrupt("keys", err)
			}
		}
		if _, err := io.ReadFull(r, scores[:count]); err != nil {
			return 0, corrupt("scores", err)
		}
		for i := range count {
			if deltas[i] == 0 && total+int(i) > 0 {
				return 0, corrupt("keys out of order", nil)
			}
			key += deltas[i]
			if err := checkEntry(board, key, int(scores[i])-scoreOffset); err != nil {
				return 0, err
			}
			if err := f(board, key, int(scores[i])-scoreOffset); err != nil {
				return 0, err
			}
		}
		total += int(count)
	}
}

// checkEntry says whether key is a position of board that is not over
// and score a score on board.
func checkEntry(board *position.Board, key uint64, score int) error {
	p, err := board.FromKey(key)
	if err != nil || p.IsOver() {
		return corrupt("a key that is no position", err)
	}
	if score < -(board.Cells()+1)/2 || score > (board.Cells()+1)/2 {
		return corrupt(fmt.Sprintf("score %d", score), nil)
	}
	return nil
}

// readEnd reads the count of entries, which must be total, and the
// checksum, which must end the file.
func readEnd(r *crcReader, total int) error {
	n, err := binary.ReadUvarint(r)
	if err != nil || n != uint64(total) {
		return corrupt("position count", err)
	}
	want := r.crc.Sum32()
	var got uint32
	if err := binary.Read(r.r, binary.LittleEndian, &got); err != nil || got != want {
		return corrupt("checksum", err)
	}
	if _, err := r.r.ReadByte(); err != io.EOF {
		return corrupt("data after the end", err)
	}
	return nil
}

// crcReader reads from r, adding what it reads to crc.
type crcReader struct {
	r   *bufio.Reader
	crc hash.Hash32
}

func (c *crcReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.crc.Write(p[:n])
	return n, err
}

func (c *crcReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.crc.Write([]byte{b})
	}
	return b, err
}

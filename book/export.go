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
//	file  = "C4BOOK" version zstd(body)      version: one byte, 1
//	body  = width height depth block* end    one byte each
//	block = count delta*count score*count    count: uvarint, 1..blockSize
//	end   = 0 total crc                      total: uvarint; crc: 4 bytes
//
// Keys are the positions' canonical keys in increasing order, each written
// as its difference from the one before (the first from 0) in uvarint; a
// score is one byte, the score plus 64. crc is the CRC-32C, little-endian,
// of the body up to it. A file that is cut short, altered or followed by
// anything fails to read.
const (
	magic     = "C4BOOK"
	version   = 1
	blockSize = 1 << 12
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Export writes the book of board to w in the portable format and returns
// the number of positions written.
func (b *Book) Export(board *position.Board, w io.Writer) (int, error) {
	if _, err := io.WriteString(w, magic+string(rune(version))); err != nil {
		return 0, err
	}
	zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		return 0, err
	}
	crc := crc32.New(castagnoli)
	body := bufio.NewWriter(io.MultiWriter(zw, crc))
	body.Write([]byte{byte(board.Width()), byte(board.Height()), byte(max(b.Depth(board), 0))})

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
	err = b.scan(board, func(k uint64, score int) bool {
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
// once it is complete.
func (b *Book) ExportFile(board *position.Board, path string) (int, error) {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return 0, err
	}
	n, err := b.Export(board, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("exporting to %s: %w", path, err)
	}
	return n, nil
}

// ImportFile adds the positions of the portable file at path to the book.
// It reads the whole file once to check it before writing anything, so a
// corrupt or truncated file leaves the book as it was. It returns the board
// and the number of positions.
func (b *Book) ImportFile(path string) (*position.Board, int, error) {
	check := func(*position.Board, uint64, int) error { return nil }
	if _, _, _, err := readFile(path, check); err != nil {
		return nil, 0, fmt.Errorf("importing %s: %w", path, err)
	}
	var w *batch
	put := func(bd *position.Board, k uint64, score int) error {
		if w == nil {
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
	board, depth, n, err := readFile(path, put)
	if w != nil {
		if err == nil {
			err = w.commit()
		}
		w.close()
	}
	if err == nil {
		err = b.setDepth(board, depth)
	}
	if err == nil {
		err = b.compact(context.Background(), board)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("importing %s: %w", path, err)
	}
	return board, n, nil
}

// readFile reads the portable file at path, calling f on every entry, and
// returns the board, the book's depth and the number of entries.
func readFile(path string, f func(board *position.Board, key uint64, score int) error) (*position.Board, int, int, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, 0, 0, err
	}
	defer file.Close()
	return decode(file, f)
}

// decode is readFile on a reader.
func decode(in io.Reader, f func(board *position.Board, key uint64, score int) error) (*position.Board, int, int, error) {
	br := bufio.NewReader(in)
	head := make([]byte, len(magic)+1)
	if _, err := io.ReadFull(br, head); err != nil || string(head[:len(magic)]) != magic {
		return nil, 0, 0, errors.New("not a c4 book file")
	}
	if head[len(magic)] != version {
		return nil, 0, 0, fmt.Errorf("book file version %d, want %d", head[len(magic)], version)
	}
	// One goroutine and a window of at most 64 MiB (the encoder's best
	// compression uses 8), so that a crafted file cannot take much memory.
	zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(64<<20))
	if err != nil {
		return nil, 0, 0, err
	}
	defer zr.Close()
	r := &crcReader{r: bufio.NewReader(zr), crc: crc32.New(castagnoli)}
	fail := func(what string, err error) error {
		if err == nil || errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("corrupt or truncated book file (%s): %w", what, err)
	}

	var wh [3]byte
	if _, err := io.ReadFull(r, wh[:]); err != nil {
		return nil, 0, 0, fail("header", err)
	}
	board, err := position.NewBoard(int(wh[0]), int(wh[1]))
	if err != nil {
		return nil, 0, 0, fail("board size", err)
	}
	total := 0
	var key uint64
	deltas := make([]uint64, blockSize)
	scores := make([]byte, blockSize)
	for {
		count, err := binary.ReadUvarint(r)
		if err != nil || count > blockSize {
			return nil, 0, 0, fail("block length", err)
		}
		if count == 0 {
			break
		}
		for i := range count {
			if deltas[i], err = binary.ReadUvarint(r); err != nil {
				return nil, 0, 0, fail("keys", err)
			}
		}
		if _, err := io.ReadFull(r, scores[:count]); err != nil {
			return nil, 0, 0, fail("scores", err)
		}
		for i := range count {
			if deltas[i] == 0 && total+int(i) > 0 {
				return nil, 0, 0, fail("keys out of order", nil)
			}
			key += deltas[i]
			p, err := board.FromKey(key)
			if err != nil || p.IsOver() {
				return nil, 0, 0, fail("a key that is no position", err)
			}
			score := int(scores[i]) - scoreOffset
			if score < -(board.Cells()+1)/2 || score > (board.Cells()+1)/2 {
				return nil, 0, 0, fail(fmt.Sprintf("score %d", score), nil)
			}
			if err := f(board, key, score); err != nil {
				return nil, 0, 0, err
			}
		}
		total += int(count)
	}
	n, err := binary.ReadUvarint(r)
	if err != nil || n != uint64(total) {
		return nil, 0, 0, fail("position count", err)
	}
	want := r.crc.Sum32()
	var got uint32
	if err := binary.Read(r.r, binary.LittleEndian, &got); err != nil || got != want {
		return nil, 0, 0, fail("checksum", err)
	}
	if _, err := r.r.ReadByte(); err != io.EOF {
		return nil, 0, 0, fail("data after the end", err)
	}
	return board, int(wh[2]), total, nil
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

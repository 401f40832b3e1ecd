package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"

	"c4/game"
	"c4/internal/regular"
	"c4/internal/sealed"
)

// The portable file of one board's book, written by Encode and read by
// Decode: a sealed file (package internal/sealed) of magic "C4BOOK" and
// version 1 to 4, whose body is
//
//	body  = width height depth shard block* end
//	shard = index count                      versions 2 and 4 only; uvarints
//	block = count delta*count score*count    count: uvarint, 1..blockSize
//	end   = 0 total                          total: uvarint
//
// width, height and depth are one byte each. A version 1 file is a whole
// book, every position of up to depth stones; a version 2 file is shard
// index (from 0) of count of the depth-stone layer (see Shard), which only
// Merge reads, so that a part is never taken for a whole book. Versions 3
// and 4 are 1 and 2 for a board past 64 bits ((H+1)*W > 64), whose keys
// take up to 128 bits: a reader that knows only 64-bit keys refuses such a
// file by its version, and a board's file has one version whoever writes
// it. Keys are the positions' canonical keys in increasing order, each
// written as its difference from the one before (the first from 0) in
// uvarint (LEB128, up to 128 bits in versions 3 and 4); a score is one
// byte, the score plus 64.
const (
	magic            = "C4BOOK"
	version          = 1
	shardVersion     = 2
	wideVersion      = 3
	wideShardVersion = 4
	blockSize        = 1 << 12

	// scoreOffset makes a score a positive byte.
	scoreOffset = 64
)

// ScoreByte is a score as c4's files and databases store it: one byte,
// the score plus 64 (a book file's entries, a database's values, a shard
// journal's records).
func ScoreByte(score int) byte { return byte(score + scoreOffset) }

// ByteScore is the score a byte of ScoreByte's stores.
func ByteScore(b byte) int { return int(b) - scoreOffset }

// Header is what a portable file says of its entries.
type Header struct {
	Board        game.Board
	Depth        int // the most stones of a position; a shard's layer
	Index, Count int // Count 0: a whole book; else shard Index of Count
	Entries      int // read from the file's end by Decode; ignored by Encode
}

// Shard is the shard a shard's file holds (Count > 0).
func (h Header) Shard() Shard {
	return Shard{Board: h.Board, Depth: h.Depth, Index: h.Index, Count: h.Count}
}

// Encode writes a portable file of header h and of the entries that each
// gives in increasing key order, and returns their number: each calls put
// with every entry until put returns false.
func Encode(w io.Writer, h Header, each func(put func(k game.Key, score int) bool) error) (int, error) {
	total := 0
	err := sealed.Write(w, magic, fileVersion(h), zstd.SpeedBestCompression, func(body io.Writer) error {
		head := []byte{byte(h.Board.Width()), byte(h.Board.Height()), byte(h.Depth)}
		if h.Count > 0 {
			head = binary.AppendUvarint(head, uint64(h.Index))
			head = binary.AppendUvarint(head, uint64(h.Count))
		}
		body.Write(head)
		var keys []game.Key
		var scores []byte
		var prev game.Key
		flush := func() {
			if len(keys) == 0 {
				return
			}
			body.Write(binary.AppendUvarint(nil, uint64(len(keys))))
			for _, k := range keys {
				body.Write(appendUvarint128(nil, k.Sub(prev)))
				prev = k
			}
			body.Write(scores)
			total += len(keys)
			keys, scores = keys[:0], scores[:0]
		}
		err := each(func(k game.Key, score int) bool {
			keys = append(keys, k)
			scores = append(scores, ScoreByte(score))
			if len(keys) == blockSize {
				flush()
			}
			return true
		})
		if err != nil {
			return err
		}
		flush()
		_, err = body.Write(binary.AppendUvarint([]byte{0}, uint64(total)))
		return err
	})
	if err != nil {
		return 0, err
	}
	return total, nil
}

// ReadFile reads the portable file at path, calling f on every entry, and
// returns its header.
func ReadFile(path string, f func(board game.Board, key game.Key, score int) error) (Header, error) {
	file, err := regular.Open(path)
	if err != nil {
		return Header{}, err
	}
	defer file.Close()
	return Decode(file, f)
}

// Decode reads a portable file from in, checking every entry (a position
// of the board that is not over, a score the board allows) and the file's
// checksum, calls f on every entry in key order, and returns the header. A
// file cut short, altered or followed by anything is an error; f may
// already have been called on entries before the damage, so a caller that
// must not act on a damaged file reads it twice (see store.ImportFile).
func Decode(in io.Reader, f func(board game.Board, key game.Key, score int) error) (Header, error) {
	return decode(in, true, f)
}

// decode is Decode, checking that every key is a position only if
// positions.
func decode(in io.Reader, positions bool, f func(board game.Board, key game.Key, score int) error) (Header, error) {
	r, v, err := openBody(in)
	if err != nil {
		return Header{}, err
	}
	defer r.Close()
	h, err := readHeader(r, v)
	if err == nil {
		h.Entries, err = readBlocks(r, h.Board, positions, f)
	}
	if err == nil {
		err = readEnd(r, h.Entries)
	}
	if err != nil {
		return Header{}, err
	}
	return h, nil
}

// corrupt is the error of a file that fails to read at what; an error of
// the decompression, which the first read of the body meets wherever the
// damage lies, names the compressed data instead.
func corrupt(what string, err error) error {
	switch {
	case err == nil || errors.Is(err, io.EOF):
		err = io.ErrUnexpectedEOF
	case !errors.Is(err, io.ErrUnexpectedEOF):
		what = "its compressed data"
	}
	return fmt.Errorf("corrupt or truncated book file (%s): %w", what, err)
}

// openBody checks the magic and the version v of the file in, and returns
// a reader of its body.
func openBody(in io.Reader) (r *sealed.Reader, v byte, err error) {
	r, v, err = sealed.Open(in, magic)
	switch {
	case errors.Is(err, sealed.ErrNotSealed):
		return nil, 0, errors.New("not a c4 book file")
	case err != nil:
		return nil, 0, err
	case v < version || v > wideShardVersion:
		r.Close()
		return nil, 0, fmt.Errorf("book file version %d, want %d to %d", v, version, wideShardVersion)
	}
	return r, v, nil
}

// readHeader reads the board, the depth and, in a file of version
// shardVersion, the shard.
func readHeader(r *sealed.Reader, v byte) (Header, error) {
	var h Header
	var wh [3]byte
	if _, err := io.ReadFull(r, wh[:]); err != nil {
		return h, corrupt("header", err)
	}
	board, err := game.NewBoard(int(wh[0]), int(wh[1]))
	if err != nil {
		return h, corrupt("board size", err)
	}
	h.Board, h.Depth = board, int(wh[2])
	if v != fileVersion(Header{Board: board}) && v != fileVersion(Header{Board: board, Count: 1}) {
		return h, corrupt(fmt.Sprintf("version %d for the %s board", v, board), nil)
	}
	if v == shardVersion || v == wideShardVersion {
		index, err1 := binary.ReadUvarint(r)
		count, err2 := binary.ReadUvarint(r)
		if err1 != nil || err2 != nil || count == 0 || count > 1<<20 || index >= count {
			return h, corrupt("shard", errors.Join(err1, err2))
		}
		h.Index, h.Count = int(index), int(count)
	}
	return h, nil
}

// readBlocks reads the blocks up to the end mark, checks each entry and
// hands it to f, and returns the number of entries.
func readBlocks(r *sealed.Reader, board game.Board, check bool, f func(board game.Board, key game.Key, score int) error) (int, error) {
	total := 0
	var key game.Key
	deltas := make([]game.Key, blockSize)
	readDelta := readUvarint64
	if board.Wide() {
		readDelta = func(r *sealed.Reader) (game.Key, error) { return readUvarint128(r) }
	}
	scores := make([]byte, blockSize)
	for {
		count, err := r.Uvarint()
		if err != nil || count > blockSize {
			return 0, corrupt("block length", err)
		}
		if count == 0 {
			return total, nil
		}
		for i := range count {
			if deltas[i], err = readDelta(r); err != nil {
				return 0, corrupt("keys", err)
			}
		}
		if _, err := io.ReadFull(r, scores[:count]); err != nil {
			return 0, corrupt("scores", err)
		}
		for i := range count {
			if deltas[i] == (game.Key{}) && total+int(i) > 0 {
				return 0, corrupt("keys out of order", nil)
			}
			key = key.Add(deltas[i])
			if err := checkEntry(board, key, ByteScore(scores[i]), check); err != nil {
				return 0, err
			}
			if err := f(board, key, ByteScore(scores[i])); err != nil {
				return 0, err
			}
		}
		total += int(count)
	}
}

// checkEntry says whether score is a score on board and, if positions,
// key a position of board that is not over.
func checkEntry(board game.Board, key game.Key, score int, positions bool) error {
	if score < -(board.Cells()+1)/2 || score > (board.Cells()+1)/2 {
		return corrupt(fmt.Sprintf("score %d", score), nil)
	}
	if !positions {
		return nil
	}
	if p, err := game.FromKey(board, key); err != nil || p.IsOver() {
		return corrupt("a key that is no position", err)
	}
	return nil
}

// readEnd reads the count of entries, which must be total, and the
// checksum, which must end the file.
func readEnd(r *sealed.Reader, total int) error {
	n, err := binary.ReadUvarint(r)
	if err != nil || n != uint64(total) {
		return corrupt("position count", err)
	}
	switch err := r.End(); {
	case errors.Is(err, sealed.ErrTrailing):
		return corrupt("data after the end", nil)
	case errors.Is(err, sealed.ErrChecksum):
		return corrupt("checksum", nil)
	case err != nil:
		return corrupt("checksum", err)
	}
	return nil
}

// Reduce writes to w the portable file of the whole book in the file in,
// keeping only the positions of from to depth stones: a smaller book of a
// deeper one (from 0), for where size matters, or the layers that a
// Layered book adds to one. It returns the number of positions written.
func Reduce(in io.Reader, w io.Writer, from, depth int) (int, error) {
	type entry struct {
		k     game.Key
		score int
	}
	var kept []entry
	h, err := Decode(in, func(b game.Board, k game.Key, score int) error {
		if p, _ := game.FromKey(b, k); p.Moves() >= from && p.Moves() <= depth {
			kept = append(kept, entry{k, score})
		}
		return nil
	})
	if err == nil && h.Count > 0 {
		err = fmt.Errorf("it holds %s, not a whole book", h.Shard())
	}
	if err != nil {
		return 0, fmt.Errorf("reading a book: %w", err)
	}
	h.Depth = min(h.Depth, depth)
	return Encode(w, h, func(put func(k game.Key, score int) bool) error {
		for _, e := range kept {
			if !put(e.k, e.score) {
				break
			}
		}
		return nil
	})
}

// fileVersion is the version of the file of h: a whole book or a shard, of
// a board of up to 64 bits or past them.
func fileVersion(h Header) byte {
	v := byte(version)
	if h.Count > 0 {
		v = shardVersion
	}
	if h.Board.Wide() {
		v += wideVersion - version
	}
	return v
}

// appendUvarint128 appends k in LEB128, as binary.AppendUvarint does for
// 64 bits: a key below 2^64 takes the same bytes either way.
func appendUvarint128(dst []byte, k game.Key) []byte {
	if k.Hi == 0 {
		return binary.AppendUvarint(dst, k.Lo)
	}
	for k.Hi != 0 || k.Lo >= 0x80 {
		dst = append(dst, byte(k.Lo)|0x80)
		k = k.Rsh(7)
	}
	return append(dst, byte(k.Lo))
}

// readUvarint64 reads a key of up to 64 bits in LEB128.
func readUvarint64(r *sealed.Reader) (game.Key, error) {
	v, err := r.Uvarint()
	return game.Key{Lo: v}, err
}

// readUvarint128 reads a key of up to 128 bits in LEB128.
func readUvarint128(r io.ByteReader) (game.Key, error) {
	var k game.Key
	for shift := uint(0); ; shift += 7 {
		b, err := r.ReadByte()
		if err != nil {
			if shift > 0 && err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return game.Key{}, err
		}
		if shift == 126 && b > 3 || shift > 126 {
			return game.Key{}, errors.New("book: a key of more than 128 bits")
		}
		k = k.Or(game.Key{Lo: uint64(b & 0x7f)}.Lsh(shift))
		if b < 0x80 {
			return k, nil
		}
	}
}

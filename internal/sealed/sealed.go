// Package sealed reads and writes c4's sealed files, a book's, a proof's
// and a checkpoint's:
//
//	file = magic version zstd(body crc)
//
// version is one byte; crc is the CRC-32C of the body, 4 bytes
// little-endian. A file cut short, altered or followed by anything fails
// to read, and a reader takes a zstd window of at most 64 MiB, so that a
// crafted file cannot make it allocate much.
package sealed

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Castagnoli is the CRC-32 table of c4's checksums: a sealed file's, a
// book shard journal's records'.
var Castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maxWindow is the largest zstd window a reader takes (the encoder's best
// compression uses 8 MiB).
const maxWindow = 64 << 20

// The errors of a file that is not whole: ErrNotSealed for the wrong
// magic, and for a body read to its end, ErrChecksum and ErrTrailing;
// a body cut short is io.ErrUnexpectedEOF.
var (
	ErrNotSealed = errors.New("not a file of this kind")
	ErrChecksum  = errors.New("its checksum does not match")
	ErrTrailing  = errors.New("bytes follow its end")
)

// Write writes a sealed file of magic and version to w, compressed at
// level, whose body is what body writes.
func Write(w io.Writer, magic string, version byte, level zstd.EncoderLevel, body func(io.Writer) error) error {
	if _, err := io.WriteString(w, magic+string(rune(version))); err != nil {
		return err
	}
	z, err := zstd.NewWriter(w, zstd.WithEncoderLevel(level))
	if err != nil {
		return err
	}
	crc := crc32.New(Castagnoli)
	bw := bufio.NewWriter(io.MultiWriter(z, crc))
	if err := body(bw); err != nil {
		z.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		z.Close()
		return err
	}
	if _, err := z.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		z.Close()
		return err
	}
	return z.Close()
}

// Reader reads a sealed file's body and sums what it reads, through a
// buffer of its own: in chunks, which costs far less than a byte at a time.
type Reader struct {
	z        *zstd.Decoder
	src      io.Reader // z, but in tests
	buf      []byte
	pos, end int // buf[pos:end] is read from z, not yet by the caller
	from     int // buf[from:pos] is read by the caller, not yet summed
	crc      uint32
	err      error
}

// Open reads the magic and the version of the sealed file r, and returns
// a Reader of its body, to be closed. A file of another magic is
// ErrNotSealed.
func Open(r io.Reader, magic string) (_ *Reader, version byte, err error) {
	br := bufio.NewReader(r)
	head := make([]byte, len(magic)+1)
	if _, err := io.ReadFull(br, head); err != nil || string(head[:len(magic)]) != magic {
		return nil, 0, ErrNotSealed
	}
	z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxWindow))
	if err != nil {
		return nil, 0, err
	}
	return &Reader{z: z, src: z, buf: make([]byte, 64<<10)}, head[len(magic)], nil
}

// Close releases the decompressor.
func (r *Reader) Close() { r.z.Close() }

// fill sums what was read and reads more.
func (r *Reader) fill() error {
	if r.err != nil {
		return r.err
	}
	r.crc = crc32.Update(r.crc, Castagnoli, r.buf[r.from:r.pos])
	n := copy(r.buf, r.buf[r.pos:r.end])
	r.pos, r.end, r.from = 0, n, 0
	m, err := r.src.Read(r.buf[n:])
	r.end += m
	if m == 0 && err == nil {
		err = io.ErrNoProgress
	}
	if m == 0 {
		r.err = err
		return err
	}
	return nil
}

func (r *Reader) ReadByte() (byte, error) {
	if r.pos == r.end {
		if err := r.fill(); err != nil {
			return 0, err
		}
	}
	b := r.buf[r.pos]
	r.pos++
	return b, nil
}

func (r *Reader) Read(p []byte) (int, error) {
	if r.pos == r.end {
		if err := r.fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, r.buf[r.pos:r.end])
	r.pos += n
	return n, nil
}

// Uvarint reads a LEB128 number as binary.ReadUvarint does, from the
// buffer at once where it holds the longest one: a book's reader reads one
// a key, and through io.ByteReader, a call a byte, that is a third of its
// time.
func (r *Reader) Uvarint() (uint64, error) {
	if r.end-r.pos >= binary.MaxVarintLen64 {
		if v, n := binary.Uvarint(r.buf[r.pos:r.end]); n > 0 {
			r.pos += n
			return v, nil
		}
	}
	return binary.ReadUvarint(r)
}

// End reads the checksum, which must be that of the body read so far and
// end the file.
func (r *Reader) End() error {
	r.crc = crc32.Update(r.crc, Castagnoli, r.buf[r.from:r.pos])
	r.from = r.pos
	var got [4]byte
	if _, err := io.ReadFull(r, got[:]); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	if binary.LittleEndian.Uint32(got[:]) != r.crc {
		return ErrChecksum
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return ErrTrailing
	}
	return nil
}

// ReadAll reads the whole sealed file r of magic and version, whose body
// is at most most bytes, and returns the body; what names the file in
// errors ("c4 proof file").
func ReadAll(r io.Reader, magic string, version byte, most int64, what string) ([]byte, error) {
	rd, v, err := Open(r, magic)
	if errors.Is(err, ErrNotSealed) {
		return nil, fmt.Errorf("not a %s", what)
	} else if err != nil {
		return nil, err
	}
	defer rd.Close()
	if v != version {
		return nil, fmt.Errorf("a %s of version %d; this c4 reads version %d", what, v, version)
	}
	body, err := io.ReadAll(io.LimitReader(rd.src, most+5))
	sealed := len(body) >= 4 && crc32.Checksum(body[:len(body)-4], Castagnoli) == binary.LittleEndian.Uint32(body[len(body)-4:])
	switch {
	case err != nil && sealed:
		// The body and its checksum came whole, then the reader failed:
		// what follows is not the file's.
		err = ErrTrailing
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = errors.New("it is cut short")
	case err != nil:
	case int64(len(body)) > most+4:
		err = fmt.Errorf("its body is over %d bytes", most)
	case !sealed:
		err = ErrChecksum
	}
	if err != nil {
		return nil, fmt.Errorf("the %s is damaged: %w", what, err)
	}
	return body[:len(body)-4], nil
}

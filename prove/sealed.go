package prove

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/zstd"

	"c4/book"
)

// A sealed file, a proof's or a checkpoint's, in the manner of a book's
// (see package book): magic, a version byte, then zstd of a body followed
// by the body's CRC-32C, little-endian. A file cut short, altered or
// followed by anything fails to read.

// writeSealed writes the file readSealed reads, with the body that write
// writes.
func writeSealed(w io.Writer, magic string, version byte, write func(body io.Writer) error) error {
	if _, err := io.WriteString(w, magic+string(rune(version))); err != nil {
		return err
	}
	z, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedBetterCompression))
	if err != nil {
		return err
	}
	crc := crc32.New(book.Castagnoli)
	if err := write(io.MultiWriter(z, crc)); err != nil {
		z.Close()
		return err
	}
	if _, err := z.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		z.Close()
		return err
	}
	return z.Close()
}

// maxWindow caps the zstd window a reader takes, as a book's reader does,
// so that a crafted file cannot make it allocate much.
const maxWindow = 64 << 20

// readSealed reads a file of magic and version whose body is at most most
// bytes and returns the body without its checksum; what names the file in
// errors.
func readSealed(r io.Reader, magic string, version byte, most int64, what string) ([]byte, error) {
	head := make([]byte, len(magic)+1)
	if _, err := io.ReadFull(r, head); err != nil || string(head[:len(magic)]) != magic {
		return nil, fmt.Errorf("not a %s", what)
	}
	if head[len(magic)] != version {
		return nil, fmt.Errorf("a %s of version %d; this c4 reads version %d", what, head[len(magic)], version)
	}
	z, err := zstd.NewReader(bufio.NewReader(r), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxWindow))
	if err != nil {
		return nil, err
	}
	defer z.Close()
	body, err := io.ReadAll(io.LimitReader(z, most+5))
	sealed := len(body) >= 4 && crc32.Checksum(body[:len(body)-4], book.Castagnoli) == binary.LittleEndian.Uint32(body[len(body)-4:])
	switch {
	case err != nil && sealed:
		// The body and its checksum came whole, then the reader failed:
		// what follows is not the file's.
		err = errors.New("bytes follow its end")
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = errors.New("it is cut short")
	case err != nil:
	case int64(len(body)) > most+4:
		err = fmt.Errorf("its body is over %d bytes", most)
	case !sealed:
		err = errors.New("its checksum does not match")
	}
	if err != nil {
		return nil, fmt.Errorf("the %s is damaged: %w", what, err)
	}
	return body[:len(body)-4], nil
}

package gen

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"syscall"

	"c4/book"
	"c4/internal/atomicfile"
	"c4/internal/sealed"
)

// The journal of a shard under way, Out+".part":
//
//	journal = "C4PART" 1 width height depth index count total record*
//	record  = n score*n crc         n: uvarint >= 1; crc: 4 bytes
//
// index, count and total (the shard's positions) are uvarints. The scores
// are those of the shard's positions in its order (Shard.Keys), each the
// score plus 64;
// crc is the CRC-32C, little-endian, of the record up to it. Every record
// is synced once written, so only the last one can be torn by a crash:
// reading stops at the first record that fails its check, and the file is
// cut back to the records before it.
const journalMagic = "C4PART\x01"

// journal appends the scores of a shard to its file.
type journal struct {
	f *os.File
}

// openJournal opens the journal at path of shard s, of total positions,
// creating it if there is none, and returns the scores it holds.
func openJournal(path string, s book.Shard, total int) (*journal, []int8, error) {
	head := append([]byte(journalMagic), byte(s.Board.Width()), byte(s.Board.Height()), byte(s.Depth))
	head = binary.AppendUvarint(head, uint64(s.Index))
	head = binary.AppendUvarint(head, uint64(s.Count))
	head = binary.AppendUvarint(head, uint64(total))

	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	scores, end, err := readJournal(f, head, total)
	if err == nil {
		err = f.Truncate(end)
	}
	if err == nil && end == 0 {
		_, err = f.Write(head)
		if err == nil {
			err = f.Sync()
		}
	} else if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if errors.Is(err, syscall.ENOSPC) {
		err = atomicfile.WriteError(path, err)
	} else if err != nil {
		err = fmt.Errorf("journal %s: %w", path, err)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return &journal{f: f}, scores, nil
}

// readJournal reads the records of f, which must start with head unless it
// is empty, and returns their scores and the offset of the end of the last
// whole record (0 if f is empty).
func readJournal(f *os.File, head []byte, total int) ([]int8, int64, error) {
	r := bufio.NewReader(f)
	got := make([]byte, len(head))
	n, err := io.ReadFull(r, got)
	if err != nil && bytes.Equal(got[:n], head[:n]) { // empty, or a torn header
		return nil, 0, nil
	}
	if err != nil || !bytes.Equal(got, head) {
		return nil, 0, errors.New("it is the journal of another shard or no journal: remove it to start the shard again")
	}
	end := int64(len(head))
	var scores []int8
	for len(scores) < total {
		rec, ok := readRecord(r, total-len(scores))
		if !ok {
			break
		}
		for _, v := range rec {
			scores = append(scores, int8(book.ByteScore(v)))
		}
		end += int64(len(binary.AppendUvarint(nil, uint64(len(rec)))) + len(rec) + 4)
	}
	return scores, end, nil
}

// readRecord reads one record of at most max scores, and says whether it
// was whole and checked.
func readRecord(r *bufio.Reader, max int) ([]byte, bool) {
	n, err := binary.ReadUvarint(r)
	if err != nil || n == 0 || n > uint64(max) {
		return nil, false
	}
	rec := make([]byte, n+4)
	if _, err := io.ReadFull(r, rec); err != nil {
		return nil, false
	}
	crc := crc32.Update(crc32.Checksum(binary.AppendUvarint(nil, n), sealed.Castagnoli), sealed.Castagnoli, rec[:n])
	return rec[:n], binary.LittleEndian.Uint32(rec[n:]) == crc
}

// append writes a record of scores and syncs it.
func (j *journal) append(scores []int8) error {
	if len(scores) == 0 {
		return nil
	}
	rec := binary.AppendUvarint(nil, uint64(len(scores)))
	for _, s := range scores {
		rec = append(rec, book.ScoreByte(int(s)))
	}
	rec = binary.LittleEndian.AppendUint32(rec, crc32.Checksum(rec, sealed.Castagnoli))
	if _, err := j.f.Write(rec); err != nil {
		return atomicfile.WriteError(j.f.Name(), err)
	}
	if err := j.f.Sync(); err != nil {
		return atomicfile.WriteError(j.f.Name(), err)
	}
	return nil
}

func (j *journal) close() {
	if j.f != nil {
		j.f.Close()
		j.f = nil
	}
}

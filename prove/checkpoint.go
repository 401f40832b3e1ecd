package prove

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/klauspost/compress/zstd"

	"c4/internal/atomicfile"
	"c4/internal/pebblelog"
	"c4/internal/sealed"
)

// A checkpoint is a search's database without its jobs' records and
// strategies' moves: the settings, the state and every node of the trees,
// so that a search can go on from it on another machine (see Restore).
// The moves, which would make it many times larger, are found again by
// DFPN when the proof is written (see ProofOptions). Its file is sealed
// (package internal/sealed), of magic "C4PRVCK" and version 1:
//
//	body   = record* 0 count                count: uvarint, the records
//	record = keylen key vallen value        keylen (at least 1), vallen: uvarint
const (
	checkpointMagic   = "C4PRVCK"
	checkpointVersion = 1
)

// Checkpoint writes the search's checkpoint to w, from a snapshot of the
// database: the workers go on meanwhile.
func (m *Manager) Checkpoint(w io.Writer) (err error) {
	defer pebblelog.Recover(&err)
	m.mu.Lock()
	snap := m.db.NewSnapshot()
	m.mu.Unlock()
	defer snap.Close()
	it, err := snap.NewIter(nil)
	if err != nil {
		return err
	}
	defer it.Close()
	return sealed.Write(w, checkpointMagic, checkpointVersion, zstd.SpeedBetterCompression, func(body io.Writer) error {
		count := uint64(0)
		var buf []byte
		for it.First(); it.Valid(); it.Next() {
			k := it.Key()
			if k[0] == 'j' || k[0] == 'm' { // a job's record, a strategy's move
				continue
			}
			buf = binary.AppendUvarint(buf[:0], uint64(len(k)))
			buf = append(buf, k...)
			buf = binary.AppendUvarint(buf, uint64(len(it.Value())))
			buf = append(buf, it.Value()...)
			if _, err := body.Write(buf); err != nil {
				return err
			}
			count++
		}
		if err := it.Error(); err != nil {
			return err
		}
		_, err := body.Write(binary.AppendUvarint([]byte{0}, count))
		return err
	})
}

// CheckpointTo writes the search's checkpoint to file every period and
// once more when stop is called, saying on log (nil: nowhere) if it
// cannot: the search goes on.
func (m *Manager) CheckpointTo(file string, period time.Duration, log io.Writer) (stop func()) {
	write := func() {
		if err := atomicfile.Write(file, m.Checkpoint); err != nil && log != nil {
			fmt.Fprintf(log, "\nc4 prove: the checkpoint: %v\n", err)
		}
	}
	t := time.NewTicker(period)
	done, over := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(over)
		for {
			select {
			case <-t.C:
				write()
			case <-done:
				return
			}
		}
	}()
	return func() {
		t.Stop()
		close(done)
		<-over
		write()
	}
}

// RestoreFile is Restore from the checkpoint file.
func RestoreFile(dir, file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := Restore(dir, f); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

// Restore makes the database dir, which must not exist or be empty, from
// the checkpoint r; Open then goes on with the search.
func Restore(dir string, r io.Reader) (err error) {
	defer pebblelog.Recover(&err)
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty: a checkpoint is restored into a new folder", dir)
	}
	body, err := sealed.ReadAll(r, checkpointMagic, checkpointVersion, 1<<36, "c4 proof search's checkpoint")
	if err != nil {
		return err
	}
	db, err := pebble.Open(dir, dbOptions())
	if err != nil {
		return err
	}
	b := db.NewBatch()
	err = records(body, func(k, v []byte) error { return b.Set(k, v, nil) })
	if err == nil {
		err = b.Commit(pebble.Sync)
	}
	if err = errors.Join(err, db.Close()); err != nil {
		os.RemoveAll(dir)
		return fmt.Errorf("the checkpoint is damaged: %w", err)
	}
	return nil
}

// records calls set with each record of a checkpoint's body (without its
// checksum), checking their count.
func records(body []byte, set func(k, v []byte) error) error {
	count := uint64(0)
	field := func() ([]byte, error) {
		n, k := binary.Uvarint(body)
		if k <= 0 || n > uint64(len(body)-k) {
			return nil, errors.New("cut short")
		}
		f := body[k : k+int(n)]
		body = body[k+int(n):]
		return f, nil
	}
	for {
		k, err := field()
		if err != nil {
			return err
		}
		if len(k) == 0 {
			break
		}
		v, err := field()
		if err != nil {
			return err
		}
		if err := set(k, v); err != nil {
			return err
		}
		count++
	}
	n, k := binary.Uvarint(body)
	switch {
	case k <= 0 || n != count:
		return fmt.Errorf("%d records, where it says %d", count, n)
	case k != len(body):
		return errors.New("bytes after its end")
	}
	return nil
}

package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// ErrDiskFull is the error of a write the book's file system has no room
// for (errors.Is): the command stops, and one that made the database
// removes it.
var ErrDiskFull = errors.New("the file system is full")

// reserveBytes is the room a write must leave on the book's file system.
// Pebble cannot recover from a full disk: a write-ahead log it cannot
// close ends the process (pebble v2.1.7's rotateWAL panics, then fails a
// mutex), and a flush it cannot write is retried for ever, printing an
// error each time. So the book refuses to commit once less than this is
// free: a memtable's log (4 MiB), the table it is flushed to (at most as
// much), and as much again for a compaction's output, with room to spare.
const reserveBytes = 32 << 20

// space watches the room left on a writable book's file system: a commit
// checks it first (check), and a write that pebble failed in the
// background for want of room (onBackgroundError) makes every later
// commit fail and ends a compaction under way.
type space struct {
	fs  vfs.FS
	dir string

	once sync.Once
	full chan struct{} // closed once a background write ran out of room
	err  error         // why, set before full is closed
}

func newSpace(fs vfs.FS, dir string) *space {
	return &space{fs: fs, dir: dir, full: make(chan struct{})}
}

// onBackgroundError is pebble's EventListener.BackgroundError.
func (s *space) onBackgroundError(err error) {
	if errors.Is(err, syscall.ENOSPC) {
		s.once.Do(func() {
			s.err = fmt.Errorf("writing the book in %s: %w (no space left on the device)", s.dir, ErrDiskFull)
			close(s.full)
		})
	}
}

// check returns an ErrDiskFull error if a background write ran out of
// room or if fewer than need+reserveBytes bytes are free.
func (s *space) check(need int64) error {
	select {
	case <-s.full:
		return s.err
	default:
	}
	u, err := s.usage()
	if err != nil {
		return nil // no figure: pebble's own errors will tell
	}
	if int64(u.AvailBytes) < need+reserveBytes {
		return fmt.Errorf("writing the book in %s: %w: %s free, where writing a book needs %s to spare",
			s.dir, ErrDiskFull, mib(int64(u.AvailBytes)), mib(reserveBytes))
	}
	return nil
}

// usage is the disk usage of the book's folder, or of its nearest
// ancestor before the folder is made.
func (s *space) usage() (vfs.DiskUsage, error) {
	dir := s.dir
	for {
		u, err := s.fs.GetDiskUsage(dir)
		if err == nil || filepath.Dir(dir) == dir {
			return u, err
		}
		if _, serr := s.fs.Stat(dir); serr == nil {
			return u, err
		}
		dir = filepath.Dir(dir)
	}
}

// bound returns ctx, ended as well when a background write runs out of
// room, and what releases it.
func (s *space) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	go func() {
		select {
		case <-s.full:
			cancel(s.err)
		case <-ctx.Done():
		}
	}()
	return ctx, func() { cancel(nil) }
}

// mib is n bytes in MiB, or KiB when fewer.
func mib(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d MiB", n>>20)
}

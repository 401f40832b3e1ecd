package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/cockroachdb/pebble/v2/vfs"

	"c4/game"
)

// smallFS is the operating system's file system with as many free bytes
// as avail says.
type smallFS struct {
	vfs.FS
	avail *atomic.Uint64
}

func (s smallFS) GetDiskUsage(string) (vfs.DiskUsage, error) {
	return vfs.DiskUsage{AvailBytes: s.avail.Load(), TotalBytes: 1 << 30}, nil
}

// TestDiskFull: a book is not made on a file system without room to
// spare, a commit fails once the room is gone, and a background write
// that ran out of room fails every later write and the compaction; each
// error is ErrDiskFull, and a database the command made is removed.
func TestDiskFull(t *testing.T) {
	var avail atomic.Uint64
	opts := Options{fs: smallFS{vfs.Default, &avail}}
	dir := filepath.Join(t.TempDir(), "db")

	avail.Store(reserveBytes - 1)
	if _, err := Open(dir, opts); !errors.Is(err, ErrDiskFull) {
		t.Fatalf("opened with too little room: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the refused database was left: %v", err)
	}

	avail.Store(1 << 30)
	bk, err := Open(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	w := bk.NewBatch(game.Standard)
	w.Put(game.Key{Lo: 1}, 3)
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	avail.Store(reserveBytes / 2)
	w.Put(game.Key{Lo: 2}, 3)
	if err := w.Commit(); !errors.Is(err, ErrDiskFull) {
		t.Errorf("committed with too little room: %v", err)
	}
	avail.Store(1 << 30)
	bk.space.onBackgroundError(&os.PathError{Op: "write", Path: "000006.sst", Err: syscall.ENOSPC})
	if err := w.Commit(); !errors.Is(err, ErrDiskFull) {
		t.Errorf("committed after a background write ran out of room: %v", err)
	}
	if err := bk.Compact(context.Background(), game.Standard); !errors.Is(err, ErrDiskFull) {
		t.Errorf("compacted after a background write ran out of room: %v", err)
	}
	w.Close()
	if err := bk.Finish(ErrDiskFull); !errors.Is(err, ErrDiskFull) {
		t.Error(err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the failed database was left: %v", err)
	}
}

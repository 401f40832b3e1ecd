//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris

package store

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/cockroachdb/pebble/v2/vfs"
	"golang.org/x/sys/unix"
)

// readOnlyFS is the file system of a book opened ReadOnly: pebble's own,
// but for the directory lock. Pebble creates its LOCK file and takes a
// write lock on it, which a read-only volume or another user's folder
// refuses; a reader takes a shared (read) lock on the file if it is there,
// which a writer's lock refuses (and which refuses a writer while held),
// and creates nothing if it is not: no writer can then have the book open.
type readOnlyFS struct{ vfs.FS }

func (readOnlyFS) Lock(name string) (io.Closer, error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return io.NopCloser(nil), nil
	}
	if err != nil {
		return nil, err
	}
	spec := unix.Flock_t{Type: unix.F_RDLCK, Whence: io.SeekStart}
	if err := unix.FcntlFlock(f.Fd(), unix.F_SETLK, &spec); err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "lock", Path: name, Err: unix.EAGAIN}
	}
	return f, nil
}

// lockHeld says whether err is a refused lock (EACCES is how some systems
// refuse fcntl's locks).
func lockHeld(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Op == "lock"
}

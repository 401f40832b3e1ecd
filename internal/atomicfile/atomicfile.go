// Package atomicfile writes a file whole or not at all: through a
// temporary file beside it, synced, then renamed over it. Every file c4
// writes (book exports, shards, bench reports and plots) goes through it,
// so that an interrupted or failed write never leaves half a file, and so
// that the path given is replaced only if it is a regular file: never a
// directory, a device (renaming over /dev/full would replace the device
// node), a pipe or a socket.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"c4/internal/regular"
)

// File is a file being written. Nothing appears at its path until Commit.
type File struct {
	path string // where the file goes: the target of a symbolic link
	tmp  *os.File
	w    *bufio.Writer
	mode fs.FileMode
	done bool
}

// Create starts writing the file at path. It fails at once if path is
// anything but a regular file or nothing, or if its folder cannot take a
// new file, so that a command can check where its result goes before the
// work that makes it. A symbolic link is followed: the file it points to
// is replaced, not the link.
func Create(path string) (*File, error) {
	target, mode, err := check(path)
	if err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if pe := (*os.PathError)(nil); errors.As(err, &pe) {
		err = pe.Err // the temporary file's name means nothing to the user
	}
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return &File{path: target, tmp: tmp, w: bufio.NewWriterSize(tmp, 1<<20), mode: mode}, nil
}

// check returns the file path names (following symbolic links) and the
// mode to give the new file: the old file's, or 0644.
func check(path string) (string, fs.FileMode, error) {
	if path == "" {
		return "", 0, errors.New("writing: no file name")
	}
	target, err := resolve(path)
	if err != nil {
		return "", 0, fmt.Errorf("writing %s: %w", path, err)
	}
	info, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, 0o644, nil
	case err != nil:
		return "", 0, fmt.Errorf("writing %s: %w", path, err)
	case !info.Mode().IsRegular():
		return "", 0, fmt.Errorf("writing %s: it is %s, not a regular file: c4 replaces only regular files", path, regular.Kind(info.Mode()))
	}
	return target, info.Mode().Perm(), nil
}

// resolve follows path's symbolic links to the file they name, which may
// not exist yet: a dangling link names the file to create.
func resolve(path string) (string, error) {
	for range 40 { // as many links as Linux follows
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", errors.New("too many levels of symbolic links")
}

// Check returns the error Create would for path, without creating
// anything: a command checks where a file of its will go before it reads
// what is there.
func Check(path string) error {
	_, _, err := check(path)
	return err
}

// CheckFolder is Check for a file whose folder nothing will make: a
// missing folder is an error too, before the work whose result the file
// keeps.
func CheckFolder(path string) error {
	if info, err := os.Stat(filepath.Dir(path)); err != nil || !info.IsDir() {
		return fmt.Errorf("%s: its folder %s does not exist", path, filepath.Dir(path))
	}
	return Check(path)
}

// Write writes p to the file; errors also come back from Commit.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil {
		err = WriteError(f.path, err)
	}
	return n, err
}

// WriteError is the error of a failed write of the file at path: it
// names path (not a temporary file's name), and a full file system as
// such.
func WriteError(path string, err error) error {
	if pe := (*os.PathError)(nil); errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, syscall.ENOSPC) {
		return fmt.Errorf("writing %s: the file system is full (%w)", path, err)
	}
	return fmt.Errorf("writing %s: %w", path, err)
}

// Commit puts the file in place, replacing what was there, once it is
// written and synced. Whatever fails, the temporary file is removed and
// the old file, if any, is left as it was.
func (f *File) Commit() error {
	if f.done {
		return errors.New("writing " + f.path + ": already committed or discarded")
	}
	f.done = true
	err := f.w.Flush()
	if err == nil {
		err = f.tmp.Chmod(f.mode)
	}
	if err == nil {
		err = f.tmp.Sync()
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.tmp.Name())
		return WriteError(f.path, err)
	}
	if _, _, err := check(f.path); err != nil { // a directory or a device may have come since Create
		os.Remove(f.tmp.Name())
		return err
	}
	if err := os.Rename(f.tmp.Name(), f.path); err != nil {
		os.Remove(f.tmp.Name())
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	syncDir(filepath.Dir(f.path))
	return nil
}

// Discard removes the temporary file, if Commit has not put it in place;
// it does nothing after Commit, so a caller can defer it.
func (f *File) Discard() {
	if f == nil || f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// Write writes the file at path with write, whole or not at all.
func Write(path string, write func(io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Discard()
	if err := write(f); err != nil {
		return err
	}
	return f.Commit()
}

// syncDir makes the rename durable; a failure only loses that guarantee.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Files are the files a command writes at its end, by name (a flag's),
// made at its start (see Create), so that a path that cannot take its file
// fails before the work.
type Files map[string]*File

// CreateAll starts the files of paths, by name; an empty path is no file.
func CreateAll(paths map[string]string) (Files, error) {
	files := Files{}
	for name, path := range paths {
		if path == "" {
			continue
		}
		f, err := Create(path)
		if err != nil {
			files.Discard()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		files[name] = f
	}
	return files, nil
}

// Commit writes the file of name with write (if not nil) and puts it in
// place; without a file of that name, it writes to w instead, if not nil.
func (files Files) Commit(name string, w io.Writer, write func(io.Writer) error) error {
	f := files[name]
	switch {
	case f == nil && w == nil:
		return nil
	case f == nil:
		return write(w)
	case write != nil:
		if err := write(f); err != nil {
			return err
		}
	}
	return f.Commit()
}

// Discard removes the files not put in place.
func (files Files) Discard() {
	for _, f := range files {
		f.Discard()
	}
}

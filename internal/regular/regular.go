// Package regular opens the files c4 reads (books, shards, sets, reports)
// only if they are regular files: a named pipe would block the command in
// open, beyond the reach of a signal, and could not be read twice as a
// book is (once to check it, once to write it); a device is no file of
// c4's.
package regular

import (
	"fmt"
	"io/fs"
	"os"
)

// Open opens the regular file at path for reading. Anything else (a
// directory, a device, a named pipe, a socket) is refused with an error
// naming what it is, without waiting for a pipe's writer.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("it is %s, not a regular file", Kind(info.Mode()))}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Kind names a file's type for an error: "a directory", "a device".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris)

package store

import "github.com/cockroachdb/pebble/v2/vfs"

// readOnlyFS is pebble's file system: without POSIX locks, a reader locks
// the folder as a writer does.
type readOnlyFS struct{ vfs.FS }

func lockHeld(error) bool { return false }

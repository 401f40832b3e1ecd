//widen:shared

package search

import (
	"fmt"
	"runtime"
)

// The limits and defaults every engine's options share, so that the two
// engines, the server and the command line agree on them.
const (
	// DefaultTableMiB is the transposition table's size, in MiB, when an
	// engine's options leave it 0: enough for the public sets' positions,
	// small enough for several solvers on a 2-core, few-GiB machine.
	DefaultTableMiB = 128
	// MaxTableMiB is the largest table an engine takes, 4 TiB: beyond any
	// machine's memory, so that a size is checked against the memory
	// rather than refused here.
	MaxTableMiB = 1 << 22
	// MaxThreads is the most goroutines searching one position: each
	// takes its own near table and stack, and thousands only contend.
	MaxThreads = 1024
)

// DefaultThreads is the number of searching goroutines a program uses when
// not told: one for each processor the process may use. (An engine's
// Options take 0 as 1, so that a library's search is deterministic unless
// asked for more.)
func DefaultThreads() int { return runtime.GOMAXPROCS(0) }

// RangeError is an option outside its range: the one form of every
// bounded option's error, which a program can restate with its own name
// for the option (a flag's).
type RangeError struct {
	Field         string // the option's name, as its struct field
	Value, Lo, Hi int
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("%s %d: want %d to %d", e.Field, e.Value, e.Lo, e.Hi)
}

// CheckRange returns a *RangeError if v is outside [lo, hi].
func CheckRange(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return &RangeError{field, v, lo, hi}
	}
	return nil
}

// CheckTable checks an engine's TableMiB and Threads, 0 meaning their
// defaults.
func CheckTable(tableMiB, threads int) error {
	if err := CheckRange("TableMiB", tableMiB, 0, MaxTableMiB); err != nil {
		return err
	}
	return CheckRange("Threads", threads, 0, MaxThreads)
}

// TableBytes is the memory of a table of tableMiB (0: DefaultTableMiB).
func TableBytes(tableMiB int) int64 {
	if tableMiB == 0 {
		tableMiB = DefaultTableMiB
	}
	return int64(tableMiB) << 20
}

package negamax

import (
	"testing"
	"unsafe"
)

// TestTableOfFullKeys: a board whose keys fill the 64-bit word (8x7)
// still starts with a small table: the check holds enough of the key for
// 2^20 buckets (32 MiB) to pin it down. A field taken from the check
// once grew that table to 512 MiB.
func TestTableOfFullKeys(t *testing.T) {
	tb := newTable(1<<20, 64)
	if size := len(tb.buckets) * int(unsafe.Sizeof(bucket{})); size > 32<<20 {
		t.Errorf("the smallest table of 64-bit keys takes %d MiB, want at most 32", size>>20)
	}
}

package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"c4/game"
)

func mustBoard(t *testing.T, w, h int) game.Board {
	t.Helper()
	b, err := game.NewBoard(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// put writes the score of the empty board of b, as a book of depth 0.
func put(t *testing.T, bk *Book, b game.Board) {
	t.Helper()
	w := bk.NewBatch(b)
	defer w.Close()
	if err := w.Put(game.New(b).CanonicalKey(), 0); err != nil || w.Commit() != nil || bk.SetDepth(b, 0) != nil {
		t.Fatal("writing a book", err)
	}
}

func TestBoard(t *testing.T) {
	b44, b54 := mustBoard(t, 4, 4), mustBoard(t, 5, 4)
	bk, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	if _, err := bk.Board(game.Board{}); err == nil || !strings.Contains(err.Error(), "holds no book") {
		t.Errorf("an empty database: %v", err)
	}
	put(t, bk, b44)
	if b, err := bk.Board(game.Board{}); err != nil || b.String() != "4x4" {
		t.Errorf("one board: %v, %v", b, err)
	}
	put(t, bk, b54)
	for _, tc := range []struct {
		name string
		want game.Board
		err  string
	}{
		{"two boards, none asked", game.Board{}, "holds books of 4x4, 5x4: choose one with --board"},
		{"one asked", b54, ""},
		{"one it lacks", game.Standard, "holds no book of 7x6, only of 4x4, 5x4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := bk.Board(tc.want)
			if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) || err == nil && b.String() != tc.want.String() {
				t.Errorf("Board(%v) = %v, %v; want %q", tc.want, b, err, tc.err)
			}
		})
	}
}

// TestFinish: a database Open made is removed when the work fails, kept
// when it is stopped or succeeds, and one that was there is always kept.
func TestFinish(t *testing.T) {
	for _, tc := range []struct {
		name   string
		exists bool
		err    error
		kept   bool
	}{
		{"made, failed", false, errors.New("boom"), false},
		{"made, stopped", false, context.Canceled, true},
		{"made, done", false, nil, true},
		{"there, failed", true, errors.New("boom"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "db")
			if tc.exists {
				bk, _ := Open(dir, Options{})
				bk.Close()
			}
			bk, err := Open(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := bk.Finish(tc.err); !errors.Is(err, tc.err) {
				t.Errorf("Finish = %v, want %v", err, tc.err)
			}
			if _, err := os.Stat(dir); (err == nil) != tc.kept {
				t.Errorf("the database kept: %v, want %v", err == nil, tc.kept)
			}
		})
	}
}

// TestWideKeys: keys of a board past 64 bits, up to 16 bytes in the
// database, read back as written, in key order, beside another board's.
func TestWideKeys(t *testing.T) {
	b99, b44 := mustBoard(t, 9, 9), mustBoard(t, 4, 4)
	bk, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer bk.Close()
	put(t, bk, b44)
	keys := []game.Key{{Lo: 5}, {Hi: 1, Lo: 2}, {Hi: 1 << 15, Lo: 1}}
	w := bk.NewBatch(b99)
	for i, k := range keys {
		if err := w.Put(k, i); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	var got []game.Key
	bk.Entries(b99, func(k game.Key, score int) bool {
		if score != len(got) {
			t.Errorf("key %v: score %d, want %d", k, score, len(got))
		}
		got = append(got, k)
		return true
	})
	if !slices.Equal(got, keys) {
		t.Errorf("read %v, want %v", got, keys)
	}
	if boards, err := bk.Boards(); err != nil || len(boards) != 2 || boards[0] != b44 || boards[1] != b99 {
		t.Errorf("boards %v, %v", boards, err)
	}
}

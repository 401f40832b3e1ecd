package store

import (
	"context"
	"errors"
	"fmt"
	"io"

	"c4/book"
	"c4/game"
	"c4/internal/atomicfile"
)

// Export writes the book of board to w in the portable format (see
// book.Encode) and returns the number of positions written: those of up to
// depth stones, or every one with depth < 0, so that a smaller book can be
// made of a deeper one.
func (b *Book) Export(board game.Board, depth int, w io.Writer) (int, error) {
	held := max(b.DepthOf(board), 0)
	if depth < 0 || depth > held {
		depth = held
	}
	h := book.Header{Board: board, Depth: depth}
	return book.Encode(w, h, func(put func(k game.Key, score int) bool) error {
		return b.Entries(board, func(k game.Key, score int) bool {
			if p, err := game.FromKey(board, k); err == nil && p.Moves() > depth {
				return true
			}
			return put(k, score)
		})
	})
}

// ExportFile is Export to the file path, which it replaces only once the
// new file is complete, and only if it is a regular file
// (internal/atomicfile). A book of no positions of board is an error, not a
// file: such a file would be an empty backup.
func (b *Book) ExportFile(board game.Board, depth int, path string) (int, error) {
	if err := b.CheckComplete(board); err != nil {
		return 0, err
	}
	var n int
	err := atomicfile.Write(path, func(w io.Writer) error {
		var err error
		n, err = b.Export(board, depth, w)
		if err == nil && n == 0 {
			err = fmt.Errorf("the database holds no position of %s", board)
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("exporting to %s: %w", path, err)
	}
	return n, nil
}

// ErrOtherBoard is CheckImport's error (errors.Is) for a file of another
// board than the one asked for.
var ErrOtherBoard = errors.New("a book of another board")

// CheckImport reads the portable file at path whole and checks it for an
// import, before anything is written: every entry and the checksum, that
// it is a whole book (a shard's file is refused: see gen.Merge), and that
// it is of board want, unless want is zero (else an ErrOtherBoard error).
// It returns the file's header, with ErrOtherBoard too.
func CheckImport(path string, want game.Board) (book.Header, error) {
	h, err := book.ReadFile(path, func(game.Board, game.Key, int) error { return nil })
	switch {
	case err != nil:
	case h.Count > 0:
		err = fmt.Errorf("it holds %s, not a whole book: use merge", h.Shard())
	case want != game.Board{} && want != h.Board:
		return h, fmt.Errorf("importing %s: %w: %s, not %s", path, ErrOtherBoard, h.Board, want)
	}
	if err != nil {
		return book.Header{}, fmt.Errorf("importing %s: %w", path, err)
	}
	return h, nil
}

// ImportFile adds the positions of the portable file at path to the book,
// once CheckImport has passed it (so a corrupt or truncated file leaves
// the book as it was), and returns the board and the number of positions.
func (b *Book) ImportFile(ctx context.Context, path string) (game.Board, int, error) {
	h, err := CheckImport(path, game.Board{})
	if err != nil {
		return game.Board{}, 0, err
	}
	return h.Board, h.Entries, b.ImportChecked(ctx, path, h)
}

// ImportChecked adds the positions of the file at path, of header h, which
// CheckImport has checked. When ctx ends, it stops between batches, and
// what was written stays: a new import of the same file finishes it.
func (b *Book) ImportChecked(ctx context.Context, path string, h book.Header) error {
	put, finish := b.Putter(ctx)
	_, err := book.ReadFile(path, put)
	if err == nil {
		err = finish()
	} else {
		finish()
	}
	if err == nil {
		err = b.SetDepth(h.Board, h.Depth)
	}
	if err == nil {
		err = b.Compact(ctx, h.Board)
	}
	if err != nil {
		return fmt.Errorf("importing %s: %w", path, err)
	}
	return nil
}

// Putter returns put, which adds entries to the book in batches of up to
// 65,536, and finish, which writes the last batch; finish must be called
// once. put returns ctx's error, once ctx has ended, at the next batch.
func (b *Book) Putter(ctx context.Context) (put func(board game.Board, k game.Key, score int) error, finish func() error) {
	var w *Batch
	put = func(bd game.Board, k game.Key, score int) error {
		if w == nil || w.board != bd {
			if w != nil {
				if err := w.Commit(); err != nil {
					return err
				}
				w.Close()
			}
			w = b.NewBatch(bd)
		}
		if err := w.Put(k, score); err != nil {
			return err
		}
		if w.Len() >= 1<<16 {
			if err := w.Commit(); err != nil {
				return err
			}
			return ctx.Err()
		}
		return nil
	}
	finish = func() error {
		if w == nil {
			return nil
		}
		defer w.Close()
		return w.Commit()
	}
	return put, finish
}

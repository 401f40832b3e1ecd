// Package book is c4's opening book: the exact score of every position up to
// a number of stones, kept in a pebble database, so that early positions,
// which take the solver minutes, are answered at once.
//
// A database holds books of any number of board sizes. Every entry's key is
// the board's width and height, one byte each, then the position's canonical
// key (the smaller of its key and its mirror's, see position.CanonicalKey),
// big-endian in the fewest bytes that hold W*(H+1) bits: keys of one board
// are contiguous, ordered by position, and of fixed width. The value is one
// byte, the score plus 64. A position and its mirror image share an entry.
// Positions that are over (four in a row, a full board) are not stored.
//
// The book of each board also has a record of its depth: the most stones of
// a position it was generated for, so that searches know which positions to
// look up (Depth).
//
// A small book can also be read whole into memory from its portable file
// (Export, Load), without a database: that is how c4 carries one
// (package builtin).
//
// Tables are compressed with zstd (pebble's C binding in a build with cgo,
// its pure-Go one under -tags pebblegozstd or without cgo: the same format,
// so either build reads the other's books) and carry bloom filters, so that
// a lookup of a position the book does not hold, which the generator does
// for every position when it resumes, reads no data block.
package book

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/bloom"
	"github.com/cockroachdb/pebble/v2/sstable"

	"c4/position"
	"c4/solve"
)

// scoreOffset makes a score a positive byte.
const scoreOffset = 64

// Options configures Open. The zero value opens for reading and writing.
type Options struct {
	// ReadOnly opens an existing database without writing to it, for
	// lookups: if its tables take at most half the cache, Open reads them
	// all into it.
	ReadOnly bool
	// CacheMiB is the block cache's size; 0 means 64 MiB.
	CacheMiB int
}

// Book is an open book database. It is safe for concurrent use.
type Book struct {
	db  *pebble.DB
	dir string
}

// Open opens the book database in dir, creating it unless opts.ReadOnly.
func Open(dir string, opts Options) (*Book, error) {
	if opts.CacheMiB == 0 {
		opts.CacheMiB = 64
	}
	cache := pebble.NewCache(int64(opts.CacheMiB) << 20)
	defer cache.Unref()
	o := &pebble.Options{
		Cache:    cache,
		ReadOnly: opts.ReadOnly,
		// Row-oriented tables (format v4): on a complete 5x4 book, without
		// filters, they took 1.7 bytes a position against 5.6 for the
		// columnar blocks of the newest format.
		FormatMajorVersion: pebble.FormatFlushableIngestExcises,
		Logger:             quietLogger{},
		Cleaner:            deleteCleaner{},
	}
	for i := range o.Levels {
		l := &o.Levels[i]
		// Larger blocks and restart intervals compress better, and a
		// book is read far less often than it is written.
		l.BlockSize = 32 << 10
		l.BlockRestartInterval = 64
		// A bloom filter costs 1.25 bytes a position and spares a data
		// block read on every miss, which the generator has for every
		// position it has not solved yet.
		l.FilterPolicy = bloom.FilterPolicy(10)
		l.Compression = func() *sstable.CompressionProfile { return sstable.ZstdCompression }
	}
	if _, err := os.Stat(dir); opts.ReadOnly && err != nil {
		return nil, fmt.Errorf("opening book %s: no book database there", dir)
	}
	db, err := pebble.Open(dir, o)
	if errors.Is(err, pebble.ErrDBDoesNotExist) {
		return nil, fmt.Errorf("opening book %s: no book database there", dir)
	}
	if errors.Is(err, syscall.EAGAIN) {
		return nil, fmt.Errorf("opening book %s: in use by another process (a generation?)", dir)
	}
	if err != nil {
		return nil, fmt.Errorf("opening book %s: %w", dir, err)
	}
	b := &Book{db: db, dir: dir}
	if _, tables := b.diskBytes(); opts.ReadOnly && tables <= int64(opts.CacheMiB)<<20/2 {
		b.warm()
	}
	return b, nil
}

// warm reads every table once, so that the block cache holds them: a
// lookup that must first read and decompress a block takes a millisecond or
// two (measured on the 7x6 book of 6 stones), one from the cache a few
// microseconds.
func (b *Book) warm() {
	it, err := b.db.NewIter(nil)
	if err != nil {
		return
	}
	for ok := it.First(); ok; ok = it.Next() {
	}
	it.Close()
}

// Close closes the database, after writing what is buffered.
func (b *Book) Close() error { return b.db.Close() }

// quietLogger drops pebble's informational messages, which would mix with
// c4's output, and keeps its fatal ones.
type quietLogger struct{}

func (quietLogger) Infof(string, ...any)         {}
func (quietLogger) Errorf(f string, a ...any)    { fmt.Fprintf(os.Stderr, "pebble: "+f+"\n", a...) }
func (quietLogger) Fatalf(f string, args ...any) { panic(fmt.Sprintf("pebble: "+f, args...)) }

// deleteCleaner deletes obsolete files, write-ahead logs included. Pebble's
// default cleaner deletes too, but pebble then keeps obsolete logs to reuse
// them, unless the cleaner needs their contents, as ArchiveCleaner says it
// does. Here ArchiveCleaner is embedded one level deeper than DeleteCleaner
// for that mark alone: its Clean is shadowed. A book is written once and
// then read, so the reused logs only take room, more than the tables on
// a small book.
type deleteCleaner struct {
	pebble.DeleteCleaner
	needsContents
}

type needsContents struct{ pebble.ArchiveCleaner }

// keyBytes is the length of a position's part of the keys of board b.
func keyBytes(b *position.Board) int { return (b.Width()*(b.Height()+1) + 7) / 8 }

// boardPrefix is the start of every key of board b.
func boardPrefix(b *position.Board) []byte { return []byte{byte(b.Width()), byte(b.Height())} }

// appendKey appends the database key of canonical key k of board b.
func appendKey(dst []byte, b *position.Board, k uint64) []byte {
	dst = append(dst, boardPrefix(b)...)
	var be [8]byte
	binary.BigEndian.PutUint64(be[:], k)
	return append(dst, be[8-keyBytes(b):]...)
}

// decodeKey returns the canonical key of a database key of board b.
func decodeKey(b *position.Board, key []byte) uint64 {
	var be [8]byte
	copy(be[8-keyBytes(b):], key[2:])
	return binary.BigEndian.Uint64(be[:])
}

// depthKey is the key of the record of board b's depth. Its first byte, 0,
// is no board's width, so it is not among any board's positions.
func depthKey(b *position.Board) []byte { return append([]byte{0}, boardPrefix(b)...) }

// Boards returns the boards the database holds a book of (entries, or a
// record of a depth), by width then height.
func (b *Book) Boards() ([]*position.Board, error) {
	it, err := b.db.NewIter(nil)
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var sizes [][2]byte
	for ok := it.First(); ok; {
		k := it.Key()
		var wh [2]byte
		switch {
		case len(k) == 3 && k[0] == 0: // a depth record
			copy(wh[:], k[1:])
			ok = it.Next()
		case len(k) >= 2:
			copy(wh[:], k)
			ok = it.SeekGE(nextBoard(wh))
		default:
			return nil, fmt.Errorf("book: a malformed key %x", k)
		}
		if !slices.Contains(sizes, wh) {
			sizes = append(sizes, wh)
		}
	}
	if err := it.Error(); err != nil {
		return nil, err
	}
	slices.SortFunc(sizes, func(x, y [2]byte) int { return bytes.Compare(x[:], y[:]) })
	var boards []*position.Board
	for _, wh := range sizes {
		board, err := boardOf(int(wh[0]), int(wh[1]))
		if err != nil {
			return nil, fmt.Errorf("book: %w", err)
		}
		boards = append(boards, board)
	}
	return boards, nil
}

// nextBoard is the first key after every key of board wh.
func nextBoard(wh [2]byte) []byte {
	if wh[1] == 0xff {
		return []byte{wh[0] + 1}
	}
	return []byte{wh[0], wh[1] + 1}
}

// boardOf is the board of w columns and h rows: position.Standard for
// 7x6, as c4's commands use it.
func boardOf(w, h int) (*position.Board, error) {
	if w == 7 && h == 6 {
		return position.Standard, nil
	}
	return position.NewBoard(w, h)
}

// Score returns the score of p from the book, and whether the book has it.
// A read error counts as a miss: the caller searches instead.
func (b *Book) Score(p position.Position) (int, bool) {
	s, ok, err := b.Lookup(p)
	return s, ok && err == nil
}

// Lookup returns the score of p and whether the book has it.
func (b *Book) Lookup(p position.Position) (score int, ok bool, err error) {
	var buf [16]byte
	v, closer, err := b.db.Get(appendKey(buf[:0], p.Board(), p.CanonicalKey()))
	if errors.Is(err, pebble.ErrNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("book lookup: %w", err)
	}
	defer closer.Close()
	if len(v) != 1 {
		return 0, false, fmt.Errorf("book lookup: a value of %d bytes", len(v))
	}
	return int(v[0]) - scoreOffset, true, nil
}

// MoveScores returns the score of each column of p from the book, from the
// side to move's view, left to right: solve.InvalidMove for a full
// column, and ok false for a move whose position the book lacks.
func (b *Book) MoveScores(p position.Position) (scores []int, ok []bool, err error) {
	ok = make([]bool, p.Board().Width())
	for c := range ok {
		ok[c] = true
	}
	scores, err = solve.ScoreMoves(p, solve.Strong, func(c int, q position.Position) (int, error) {
		s, found, err := b.Lookup(q)
		ok[c] = found
		return s, err
	})
	if err != nil {
		return nil, nil, err
	}
	return scores, ok, nil
}

// bestMove is the score of p from its children's scores in the book, all
// of which must be there.
func (b *Book) bestMove(p position.Position) (int, error) {
	scores, ok, err := b.MoveScores(p)
	if err != nil {
		return 0, err
	}
	best := solve.InvalidMove
	for c, s := range scores {
		if !ok[c] {
			return 0, fmt.Errorf("book of %s: position %s lacks the score of column %d's move", p.Board(), name(p), c+1)
		}
		best = max(best, s)
	}
	return best, nil
}

// name is how messages show a position: its moves.
func name(p position.Position) string {
	if h, err := p.History(); err == nil {
		return fmt.Sprintf("%q", h)
	}
	return fmt.Sprintf("of key %#x", p.Key())
}

// Depth is the most stones of a position in the book of board b, or -1 if
// the database has no book of b.
func (b *Book) Depth(board *position.Board) int {
	v, closer, err := b.db.Get(depthKey(board))
	if err != nil {
		return -1
	}
	defer closer.Close()
	return int(v[0])
}

// setDepth records that the book of board holds positions of up to depth
// stones, unless it already records more.
func (b *Book) setDepth(board *position.Board, depth int) error {
	if depth <= b.Depth(board) {
		return nil
	}
	return b.db.Set(depthKey(board), []byte{byte(depth)}, pebble.Sync)
}

// batch collects entries and writes them in one atomic, synced commit.
type batch struct {
	book  *Book
	b     *pebble.Batch
	board *position.Board
	buf   []byte

	onCommit func() // if not nil, called after each commit
}

func (b *Book) newBatch(board *position.Board) *batch {
	return &batch{book: b, b: b.db.NewBatch(), board: board}
}

// put adds the score of the position of canonical key k.
func (w *batch) put(k uint64, score int) error {
	w.buf = appendKey(w.buf[:0], w.board, k)
	return w.b.Set(w.buf, []byte{byte(score + scoreOffset)}, nil)
}

// commit writes what was put, durably, and starts an empty batch.
func (w *batch) commit() error {
	if w.b.Count() == 0 {
		return nil
	}
	if err := w.b.Commit(pebble.Sync); err != nil {
		return fmt.Errorf("writing the book: %w", err)
	}
	w.b.Reset()
	if w.onCommit != nil {
		w.onCommit()
	}
	return nil
}

func (w *batch) close() { w.b.Close() }

// scan calls f with the canonical key and score of every position in the
// book of board, in key order, until f returns false.
func (b *Book) scan(board *position.Board, f func(k uint64, score int) bool) error {
	lo := boardPrefix(board)
	hi := []byte{lo[0], lo[1] + 1}
	it, err := b.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
	if err != nil {
		return err
	}
	for ok := it.First(); ok; ok = it.Next() {
		v, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return err
		}
		if len(it.Key()) != 2+keyBytes(board) || len(v) != 1 {
			it.Close()
			return fmt.Errorf("book of %s: a malformed entry %x", board, it.Key())
		}
		if !f(decodeKey(board, it.Key()), int(v[0])-scoreOffset) {
			break
		}
	}
	return it.Close()
}

// compact rewrites the book of board into the database's last level, so
// that it takes the least room and lookups read one table.
func (b *Book) compact(ctx context.Context, board *position.Board) error {
	lo := boardPrefix(board)
	if err := b.db.Compact(ctx, lo, []byte{lo[0], lo[1] + 1}, true); err != nil {
		return fmt.Errorf("compacting the book: %w", err)
	}
	return nil
}

// diskBytes is the size of the database's files, and of its tables alone
// (without the write-ahead log, which pebble keeps and reuses).
func (b *Book) diskBytes() (all, tables int64) {
	filepath.WalkDir(b.dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				all += info.Size()
				if filepath.Ext(path) == ".sst" {
					tables += info.Size()
				}
			}
		}
		return nil
	})
	return all, tables
}

// Package store keeps opening books in a pebble database: the store that a
// generation writes (package gen), that c4 book's commands read and export,
// and that a search can consult through negamax.Solver.UseBook. A book read
// whole into memory from its portable file needs none of this: see package
// book.
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
// Tables are compressed with zstd (pebble's C binding in a build with cgo,
// its pure-Go one under -tags pebblegozstd or without cgo: the same format,
// so either build reads the other's books) and carry bloom filters, so that
// a lookup of a position the book does not hold, which the generator does
// for every position when it resumes, reads no data block.
package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/bloom"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"

	"c4/book"
	"c4/game"
	"c4/internal/pebblelog"
	"c4/position"
	"c4/search"
)

// DefaultCacheMiB is the block cache's size when Options leaves it 0.
const DefaultCacheMiB = 64

// BuildCacheMiB is the block cache of a command that makes a whole book (a
// generation, a merge), which looks up every position's children: the
// merge of the 7x6 book of 13 stones, whose tables take 77 MB compressed,
// took 23.9 minutes with DefaultCacheMiB, a third of it decompressing
// blocks again, and 13.2 with this. The cache takes memory only as it
// fills.
const BuildCacheMiB = 512

// Options configures Open. The zero value opens for reading and writing,
// creating the database if there is none.
type Options struct {
	// ReadOnly opens an existing database without writing to it, nor
	// creating anything in its folder, for lookups: a book on a read-only
	// volume or another user's can be read. It takes a shared lock where
	// the folder has a lock file, so that a book a writer holds open is
	// refused. If the tables take at most half the cache, Open reads them
	// all into it.
	ReadOnly bool
	// CacheMiB is the block cache's size; 0 means DefaultCacheMiB.
	CacheMiB int
	// Log receives the database's error messages, one per line; nil drops
	// them. They never go to the process's stderr of their own accord.
	Log io.Writer

	fs vfs.FS // the file system, for tests; nil is the operating system's
}

// Check reports a negative cache size.
func (o Options) Check() error {
	if o.CacheMiB < 0 {
		return fmt.Errorf("cache of %d MiB: want 0 (the default) or more", o.CacheMiB)
	}
	return nil
}

// Book is an open book database. It is safe for concurrent use.
type Book struct {
	db      *pebble.DB
	dir     string
	space   *space
	created bool // Open made the folder: Finish removes it on a failure
}

// Open opens the book database in dir, creating it unless opts.ReadOnly.
func Open(dir string, opts Options) (b *Book, err error) {
	if err := opts.Check(); err != nil {
		return nil, fmt.Errorf("opening book %s: %w", dir, err)
	}
	if opts.CacheMiB == 0 {
		opts.CacheMiB = DefaultCacheMiB
	}
	if opts.fs == nil {
		opts.fs = vfs.Default
	}
	if opts.ReadOnly {
		if err := looksLikeBook(dir); err != nil {
			return nil, err
		}
	}
	_, statErr := os.Stat(dir)
	created := !opts.ReadOnly && errors.Is(statErr, fs.ErrNotExist)
	defer func() {
		if err != nil && created {
			os.RemoveAll(dir)
		}
	}()
	cache := pebble.NewCache(int64(opts.CacheMiB) << 20)
	defer cache.Unref()
	log := &pebblelog.Logger{W: opts.Log}
	defer pebblelog.Recover(&err)
	room := newSpace(opts.fs, dir)
	events := pebblelog.Listener()
	events.BackgroundError = room.onBackgroundError
	o := &pebble.Options{
		FS:            opts.fs,
		EventListener: events,
		Cache:         cache,
		ReadOnly:      opts.ReadOnly,
		// Row-oriented tables (format v4): on a complete 5x4 book, without
		// filters, they took 1.7 bytes a position against 5.6 for the
		// columnar blocks of the newest format.
		FormatMajorVersion: pebble.FormatFlushableIngestExcises,
		Logger:             log,
		Cleaner:            deleteCleaner{},
	}
	if opts.ReadOnly {
		o.FS = readOnlyFS{opts.fs}
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
	if !opts.ReadOnly {
		if err := room.check(0); err != nil {
			return nil, err
		}
	}
	db, err := pebble.Open(dir, o)
	switch {
	case errors.Is(err, pebble.ErrDBDoesNotExist):
		return nil, fmt.Errorf("opening book %s: no book database there", dir)
	case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EACCES) && lockHeld(err):
		return nil, fmt.Errorf("opening book %s: in use by another process that writes it (a generation?)", dir)
	case errors.Is(err, syscall.ENOSPC):
		return nil, fmt.Errorf("opening book %s: %w (no space left on the device)", dir, ErrDiskFull)
	case err != nil:
		return nil, fmt.Errorf("opening book %s: %w", dir, err)
	}
	b = &Book{db: db, dir: dir, space: room, created: created}
	if _, tables := b.diskBytes(); opts.ReadOnly && tables <= int64(opts.CacheMiB)<<20/2 {
		b.warm()
	}
	return b, nil
}

// looksLikeBook says whether dir holds a database, before pebble is asked
// to open it read-only: a folder that is not one is refused without a
// file made in it.
func looksLikeBook(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("opening book %s: no book database there", dir)
	}
	if !info.IsDir() {
		return fmt.Errorf("opening book %s: not a folder (a book database is a folder; a .c4b file is read with --book builtin or c4 book import)", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("opening book %s: %w", dir, err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "MANIFEST-") || e.Name() == "CURRENT" {
			return nil
		}
	}
	return fmt.Errorf("opening book %s: no book database there", dir)
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

// Finish closes the database after work that ended with err, and returns
// err, or the error of closing. If Open made the database's folder and the
// work failed (not stopped: a stopped generation goes on when run again),
// it removes the folder, so that a failed command leaves nothing behind.
func (b *Book) Finish(err error) error {
	if cerr := b.Close(); err == nil {
		err = cerr
	}
	if err != nil && b.created && !errors.Is(err, context.Canceled) {
		os.RemoveAll(b.dir)
	}
	return err
}

// OpenBoard opens the database in dir to read (see Options.ReadOnly) and
// returns it with the board to work on: want, if not nil, which it must
// hold a book of, else the one board it holds a book of (see Board).
func OpenBoard(dir string, want game.Board, opts Options) (*Book, game.Board, error) {
	opts.ReadOnly = true
	b, err := Open(dir, opts)
	if err != nil {
		return nil, game.Board{}, err
	}
	board, err := b.Board(want)
	if err != nil {
		b.Close()
		return nil, game.Board{}, err
	}
	return b, board, nil
}

// Close closes the database, after writing what is buffered.
func (b *Book) Close() (err error) {
	defer pebblelog.Recover(&err)
	return b.db.Close()
}

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
func keyBytes(b game.Board) int { return (b.Width()*(b.Height()+1) + 7) / 8 }

// boardPrefix is the start of every key of board b.
func boardPrefix(b game.Board) []byte { return []byte{byte(b.Width()), byte(b.Height())} }

// appendKey appends the database key of canonical key k of board b.
func appendKey(dst []byte, b game.Board, k game.Key) []byte {
	dst = append(dst, boardPrefix(b)...)
	var be [16]byte
	binary.BigEndian.PutUint64(be[:8], k.Hi)
	binary.BigEndian.PutUint64(be[8:], k.Lo)
	return append(dst, be[16-keyBytes(b):]...)
}

// decodeKey returns the canonical key of a database key of board b.
func decodeKey(b game.Board, key []byte) game.Key {
	var be [16]byte
	copy(be[16-keyBytes(b):], key[2:])
	return game.Key{Hi: binary.BigEndian.Uint64(be[:8]), Lo: binary.BigEndian.Uint64(be[8:])}
}

// depthKey is the key of the record of board b's depth. Its first byte, 0,
// is no board's width, so it is not among any board's positions.
func depthKey(b game.Board) []byte { return append([]byte{0}, boardPrefix(b)...) }

// Boards returns the boards the database holds a book of (entries, or a
// record of a depth), by width then height.
func (b *Book) Boards() ([]game.Board, error) {
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
	var boards []game.Board
	for _, wh := range sizes {
		board, err := game.NewBoard(int(wh[0]), int(wh[1]))
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

// ErrManyBoards is Board's error (errors.Is) when no board is asked for and
// the database holds books of more than one.
var ErrManyBoards = errors.New("choose one with --board")

// Board returns the board to work on: want, if the database holds a book
// of it; with want zero, the one board the database holds a book of. An
// error names the boards it holds.
func (b *Book) Board(want game.Board) (game.Board, error) {
	held, err := b.Boards()
	none := game.Board{}
	if err != nil {
		return none, err
	}
	switch {
	case len(held) == 0:
		return none, fmt.Errorf("%s holds no book", b.dir)
	case want == none && len(held) > 1:
		return none, fmt.Errorf("%s holds books of %s: %w", b.dir, game.List(held), ErrManyBoards)
	case want == none:
		return held[0], nil
	case slices.Contains(held, want):
		return want, nil
	}
	return none, fmt.Errorf("%s holds no book of %s, only of %s", b.dir, want, game.List(held))
}

// Score returns the score of p from the book, and whether the book has it,
// for negamax.Solver.UseBook. A read error counts as a miss: the caller
// searches instead.
func (b *Book) Score(p position.Position) (int, bool) {
	s, ok, err := b.Lookup(game.FromNarrow(p))
	return s, ok && err == nil
}

// Depth is DepthOf for negamax.Solver.UseBook.
func (b *Book) Depth(board *position.Board) int { return b.DepthOf(game.Of(board)) }

// Lookup returns the score of p and whether the book has it.
func (b *Book) Lookup(p game.Position) (score int, ok bool, err error) {
	defer pebblelog.Recover(&err)
	var buf [18]byte
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
	return book.ByteScore(v[0]), true, nil
}

// MoveScores returns the score of each column of p from the book, from the
// side to move's view, left to right: search.InvalidMove for a full
// column, and ok false for a move whose position the book lacks.
func (b *Book) MoveScores(p game.Position) (scores []int, ok []bool, err error) {
	ok = make([]bool, p.Board().Width())
	for c := range ok {
		ok[c] = true
	}
	scores, err = game.ScoreMoves(p, search.Strong, func(c int, q game.Position) (int, error) {
		s, found, err := b.Lookup(q)
		ok[c] = found
		return s, err
	})
	if err != nil {
		return nil, nil, err
	}
	return scores, ok, nil
}

// Line is c4 book lookup's line for the position of moves: "<moves>
// <score> moves: <score of each column>", ? for a score the book lacks
// (-1000 for a full column); an error if the book lacks the position.
func (b *Book) Line(board game.Board, moves string) (string, error) {
	p, err := game.ParseLive(board, moves)
	if err != nil {
		return "", err
	}
	score, ok, err := b.Lookup(p)
	if err != nil {
		return "", err
	}
	scores, known, err := b.MoveScores(p)
	if err != nil {
		return "", err
	}
	word := func(s int, ok bool) string {
		if ok {
			return " " + strconv.Itoa(s)
		}
		return " ?"
	}
	line := moves + word(score, ok) + " moves:"
	for c, s := range scores {
		line += word(s, known[c])
	}
	if !ok {
		return line, fmt.Errorf("position %q is not in the book", moves)
	}
	return line, nil
}

// FromChildren is the score of p from its children's scores in the book,
// all of which must be there: how a generation fills the layers above the
// deepest.
func (b *Book) FromChildren(p game.Position) (int, error) {
	scores, ok, err := b.MoveScores(p)
	if err != nil {
		return 0, err
	}
	best := search.InvalidMove
	for c, s := range scores {
		if !ok[c] {
			return 0, fmt.Errorf("book of %s: position %s lacks the score of column %d's move", p.Board(), Name(p), c+1)
		}
		best = max(best, s)
	}
	return best, nil
}

// Name is how messages show a position: its moves.
func Name(p game.Position) string {
	if h, err := p.History(); err == nil {
		return fmt.Sprintf("%q", h)
	}
	return fmt.Sprintf("of key %#x", p.Key())
}

// DepthOf is the most stones of a position in the book of board b, or -1
// if the database has no book of b.
func (b *Book) DepthOf(board game.Board) int {
	v, closer, err := b.db.Get(depthKey(board))
	if err != nil {
		return -1
	}
	defer closer.Close()
	return int(v[0])
}

// ErrIncomplete is the error of a book whose generation or merge was
// stopped before its end (errors.Is): it holds positions but no record of
// its depth, which is written last.
var ErrIncomplete = errors.New("the book is incomplete")

// CheckComplete returns an ErrIncomplete error, saying how to finish it, if
// the database holds positions of board but no record of their depth.
func (b *Book) CheckComplete(board game.Board) error {
	if b.DepthOf(board) >= 0 {
		return nil
	}
	some := false
	if err := b.Entries(board, func(game.Key, int) bool { some = true; return false }); err != nil {
		return err
	}
	if !some {
		return nil
	}
	return fmt.Errorf("%s: %w: its generation (or merge) of %s was stopped before the end; run the same c4 book generate (or merge) again to finish it", b.dir, ErrIncomplete, board)
}

// SetDepth records that the book of board holds positions of up to depth
// stones, unless it already records more.
func (b *Book) SetDepth(board game.Board, depth int) (err error) {
	defer pebblelog.Recover(&err)
	if depth <= b.DepthOf(board) {
		return nil
	}
	if err := b.space.check(0); err != nil {
		return err
	}
	return b.db.Set(depthKey(board), []byte{byte(depth)}, pebble.Sync)
}

// Batch collects entries of one board and writes them in one atomic,
// synced commit.
type Batch struct {
	book  *Book
	b     *pebble.Batch
	board game.Board
	buf   []byte

	// OnCommit, if not nil, is called after each commit (for tests that
	// stop a generation there).
	OnCommit func()
}

// NewBatch starts a batch of entries of board.
func (b *Book) NewBatch(board game.Board) *Batch {
	return &Batch{book: b, b: b.db.NewBatch(), board: board}
}

// Put adds the score of the position of canonical key k.
func (w *Batch) Put(k game.Key, score int) error {
	w.buf = appendKey(w.buf[:0], w.board, k)
	return w.b.Set(w.buf, []byte{book.ScoreByte(score)}, nil)
}

// Len is the number of entries put since the last commit.
func (w *Batch) Len() int { return int(w.b.Count()) }

// Commit writes what was put, durably, and starts an empty batch.
func (w *Batch) Commit() (err error) {
	defer pebblelog.Recover(&err)
	if w.b.Count() == 0 {
		return nil
	}
	if err := w.book.space.check(int64(w.b.Len())); err != nil {
		return err
	}
	if err := w.b.Commit(pebble.Sync); err != nil {
		return fmt.Errorf("writing the book: %w", err)
	}
	w.b.Reset()
	if w.OnCommit != nil {
		w.OnCommit()
	}
	return nil
}

// Close drops what was not committed.
func (w *Batch) Close() { w.b.Close() }

// Entries calls f with the canonical key and score of every position in
// the book of board, in key order, until f returns false.
func (b *Book) Entries(board game.Board, f func(k game.Key, score int) bool) (err error) {
	defer pebblelog.Recover(&err)
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
		if !f(decodeKey(board, it.Key()), book.ByteScore(v[0])) {
			break
		}
	}
	return it.Close()
}

// Compact rewrites the book of board into the database's last level, so
// that it takes the least room and lookups read one table. It needs room
// for a second copy of the tables, and fails with ErrDiskFull without it.
func (b *Book) Compact(ctx context.Context, board game.Board) (err error) {
	defer pebblelog.Recover(&err)
	_, tables := b.diskBytes()
	if err := b.space.check(tables); err != nil {
		return err
	}
	ctx, release := b.space.bound(ctx)
	defer release()
	lo := boardPrefix(board)
	if err := b.db.Compact(ctx, lo, []byte{lo[0], lo[1] + 1}, true); err != nil {
		if cause := context.Cause(ctx); errors.Is(cause, ErrDiskFull) {
			return cause
		}
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

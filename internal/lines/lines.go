// Package lines reads text a line at a time, for every reader of
// positions (the test sets, c4 solve's standard input, the terminal
// game's prompt): lines of at most MaxLine bytes, numbered, and a read
// that gives up as soon as its context ends, even while it waits for a
// terminal or a pipe.
package lines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLine is the longest line read: a position has at most 128 moves, so
// a longer line is no position, and is skipped without being held in
// memory.
const MaxLine = 1 << 20

// ErrLong is the error of a line longer than MaxLine.
var ErrLong = fmt.Errorf("longer than %d bytes: skipped", MaxLine)

// Reader reads lines one at a time (Next) for a program that asks
// for them at a prompt, as the terminal game does; Lines is its loop.
type Reader struct {
	ctx   context.Context
	r     io.Reader
	lines chan line
	stop  chan struct{}
	done  bool // Close has closed stop
	n     int
}

// line is what the reading goroutine found: a line's text, or ErrLong,
// or a read's error (io.EOF at the end).
type line struct {
	text string
	err  error
}

// NewReader returns a reader of the lines of r that gives up when ctx
// ends (see Next). Close it when done.
func NewReader(ctx context.Context, r io.Reader) *Reader {
	return &Reader{ctx: ctx, r: r}
}

// Next returns the number and text of the next line (without its end of
// line, nor a byte-order mark on the first line), with ErrLong for a
// line longer than MaxLine, io.EOF at the end, another error for a failed
// read, or ctx's error as soon as ctx ends, even while a read waits for
// input (a terminal, a pipe): so that an interrupt at a prompt ends the
// program at once. The read under way then goes on in the background, and
// its line is dropped.
func (lr *Reader) Next() (n int, text string, err error) {
	if lr.lines == nil {
		lr.lines, lr.stop = make(chan line), make(chan struct{})
		go read(lr.r, lr.lines, lr.stop)
	}
	select {
	case <-lr.ctx.Done():
		return lr.n + 1, "", lr.ctx.Err()
	case l, ok := <-lr.lines:
		if !ok {
			return lr.n + 1, "", io.EOF
		}
		lr.n++
		return lr.n, l.text, l.err
	}
}

// Close stops the reading goroutine once its read under way returns.
func (lr *Reader) Close() {
	if lr.stop != nil && !lr.done {
		close(lr.stop)
		lr.done = true
	}
}

// read sends the lines of r on lines until stop is closed, then closes
// lines.
func read(r io.Reader, lines chan<- line, stop <-chan struct{}) {
	defer close(lines)
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		text, tooLong, none, err := readLine(br)
		var l line
		switch {
		case err != nil && !errors.Is(err, io.EOF):
			l = line{err: err}
		case none:
			return // the end
		case tooLong:
			l = line{err: ErrLong}
		case n == 1:
			l = line{text: strings.TrimPrefix(text, "\ufeff")}
		default:
			l = line{text: text}
		}
		select {
		case lines <- l:
		case <-stop:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read calls f with the number and text of each line of r, or with
// ErrLong for a line longer than MaxLine, until f returns an error. It
// returns f's error, a read error, or ctx's error as soon as ctx ends (see
// Reader.Next). Every reader of positions (the sets, c4 solve's input,
// the terminal game) reads through it or a Reader.
func Read(ctx context.Context, r io.Reader, f func(n int, text string, err error) error) error {
	lr := NewReader(ctx, r)
	defer lr.Close()
	for {
		n, text, err := lr.Next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil && !errors.Is(err, ErrLong):
			return err
		}
		if err := f(n, text, err); err != nil {
			return err
		}
	}
}

// readLine reads one line of br, without its end, keeping at most MaxLine
// bytes: tooLong says that it was longer (and text is then empty), none
// that there was nothing left to read.
func readLine(br *bufio.Reader) (text string, tooLong, none bool, err error) {
	var buf []byte
	for {
		var part []byte
		part, err = br.ReadSlice('\n')
		if !tooLong && len(buf)+len(part) <= MaxLine+2 {
			buf = append(buf, part...)
		} else {
			tooLong, buf = true, nil
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			break
		}
	}
	none = len(buf) == 0 && !tooLong && err != nil
	text = strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
	if len(text) > MaxLine {
		tooLong, text = true, ""
	}
	return text, tooLong, none, err
}

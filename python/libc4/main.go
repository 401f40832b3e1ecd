// Command libc4 is c4's solver as a C shared library, for the Python
// package (python/c4), which loads it with ctypes:
//
//	go build -buildmode=c-shared -o libc4.so ./python/libc4
//
// A Solver is a handle (c4_new). A question starts a job on the handle and
// waits for it a while (c4_run); a job not done by then is waited for again
// (c4_wait) or stopped (c4_stop). So a Python call returns to the
// interpreter every waitFor, which lets Ctrl-C reach it, and costs one C
// call of four arguments when the answer comes at once. Answers and errors
// (one line of UTF-8) go to buffers the caller gave c4_new.
package main

/*
#include <stdint.h>

enum {
	C4_DONE = 1,     // the answer is in out
	C4_PENDING = 0,  // the job runs on: wait again or stop it
	C4_INVALID = -1, // the position is bad: err says why
	C4_ERROR = -2,   // another error: err says what
	C4_STOPPED = -3, // c4_stop stopped the job
};

// The questions of c4_run, and what each writes to out.
enum {
	C4_SOLVE = 0,   // score, nodes, microseconds
	C4_ANALYZE = 1, // nodes, microseconds, then each column's score (-1000 if full)
	C4_MANY = 2,    // the score of each position, in order
	C4_BEST = 3,    // the best move's column, as a character of the position strings
	C4_WEAK = 256,  // or'ed with a question: the sign of the score alone
};
*/
import "C"

import (
	"context"
	"errors"
	"runtime/cgo"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"c4/game"
	"c4/position"
	"c4/solver"
	"c4/threat"
)

func main() {}

// inlineFor is how long c4_run searches on the caller's thread: a question
// answered within it costs about a microsecond more than the search (a
// goroutine's start and a wake-up cost some 30), and one past it loses at
// most this much work (the table keeps most of it).
const inlineFor = 10 * time.Millisecond

// waitFor is the longest c4_run and c4_wait wait before they return
// C4_PENDING: the caller sees Ctrl-C within it.
const waitFor = 50 * time.Millisecond

// handle is a Solver, the buffers its answers are written to, and the one
// job it may have under way.
type handle struct {
	s       *solver.Solver
	out     []int64 // the caller's, for the answers of C4_SOLVE, C4_ANALYZE and C4_BEST
	errBuf  *C.char // the caller's, for errors
	errLen  C.int
	mu      sync.Mutex         // held by the caller of c4_run, c4_wait or c4_values
	stopped atomic.Bool        // set by c4_stop: the job under way ends
	asked   bool               // whether a question was asked
	cancel  context.CancelFunc // of the job on a goroutine, if any
	done    chan struct{}      // closed when that job has its answer
	values  []int64            // the answer
	err     error
}

// c4_new makes a Solver (see solver.Config) and returns its handle, or 0
// with the error in errBuf. The handle's answers go to out (at least the
// board's width + 2 values) and its errors to errBuf, which the caller
// keeps until c4_close.
//
//export c4_new
func c4_new(board, book *C.char, tableMiB, threads C.longlong, out *C.int64_t, outLen C.int, errBuf *C.char, errLen C.int) C.uintptr_t {
	s, err := solver.New(solver.Config{Board: C.GoString(board), Book: C.GoString(book),
		TableMiB: int(tableMiB), Threads: int(threads)})
	if err != nil {
		writeErr(err, errBuf, errLen)
		return 0
	}
	return C.uintptr_t(cgo.NewHandle(&handle{s: s, out: unsafe.Slice((*int64)(unsafe.Pointer(out)), int(outLen)),
		errBuf: errBuf, errLen: errLen}))
}

// c4_close stops the handle's job and lets go of its Solver; the handle is
// not to be used again.
//
//export c4_close
func c4_close(h C.uintptr_t) {
	hd := cgo.Handle(h).Value().(*handle)
	hd.mu.Lock()
	hd.settle()
	hd.s.Close()
	hd.mu.Unlock()
	cgo.Handle(h).Delete()
}

// c4_board writes the handle's board's width and height, and its book's
// depth (-1 without a book).
//
//export c4_board
func c4_board(h C.uintptr_t, width, height, bookDepth *C.int) {
	hd := cgo.Handle(h).Value().(*handle)
	b := hd.s.Board()
	*width, *height, *bookDepth = C.int(b.Width()), C.int(b.Height()), C.int(hd.s.BookDepth())
}

// c4_run asks the question kind (or'ed with C4_WEAK for the sign alone) of
// input, a position or for C4_MANY positions one a line, and waits for the
// answer as c4_wait does. The question is searched on the caller's thread
// for up to inlineFor, which answers most at the cost of a call; one that
// takes longer is asked again on a goroutine of its own, with the table
// the first try filled.
//
//export c4_run
func c4_run(h C.uintptr_t, kind C.int, input *C.char, inputLen C.int) C.int {
	hd := cgo.Handle(h).Value().(*handle)
	hd.mu.Lock()
	defer hd.mu.Unlock()
	hd.settle()
	hd.stopped.Store(false)
	q := question{kind: int(kind &^ C.C4_WEAK), input: C.GoStringN(input, inputLen), weak: kind&C.C4_WEAK != 0}
	hd.asked = true
	hd.values, hd.err = hd.answer(until{stoppable{context.Background(), &hd.stopped}, time.Now().Add(inlineFor)}, q)
	if errors.Is(hd.err, context.DeadlineExceeded) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		hd.cancel, hd.done = cancel, done
		go func() {
			defer close(done)
			hd.values, hd.err = hd.answer(stoppable{ctx, &hd.stopped}, q)
		}()
	}
	return hd.wait()
}

// c4_wait waits at most waitFor for the handle's job and, when it is done,
// writes its answer to the handle's out (but C4_MANY's: see c4_values) or
// its error to the handle's errBuf.
//
//export c4_wait
func c4_wait(h C.uintptr_t) C.int {
	hd := cgo.Handle(h).Value().(*handle)
	hd.mu.Lock()
	defer hd.mu.Unlock()
	return hd.wait()
}

// c4_values writes the answer of the job done, at most n values, to out.
//
//export c4_values
func c4_values(h C.uintptr_t, out *C.int64_t, n C.int) {
	hd := cgo.Handle(h).Value().(*handle)
	hd.mu.Lock()
	defer hd.mu.Unlock()
	copy(unsafe.Slice((*int64)(unsafe.Pointer(out)), int(n)), hd.values)
}

// c4_stop stops the handle's job, at once and from any thread (it waits
// for no lock): c4_run or c4_wait then returns C4_STOPPED within
// milliseconds.
//
//export c4_stop
func c4_stop(h C.uintptr_t) {
	cgo.Handle(h).Value().(*handle).stopped.Store(true)
}

// c4_explain writes to out (n bytes, NUL-terminated, cut to fit) what
// Connect Four's rules prove at the position input without search, in
// words ("" where they prove nothing), the sides named as sides says
// ("first,second", see threat.ParseSides), and returns C4_DONE; or
// C4_INVALID with the error in the handle's errBuf. It waits for no job:
// the rules take microseconds.
//
//export c4_explain
func c4_explain(h C.uintptr_t, input *C.char, inputLen C.int, sides *C.char, out *C.char, n C.int) C.int {
	hd := cgo.Handle(h).Value().(*handle)
	hd.mu.Lock()
	defer hd.mu.Unlock()
	names, err := threat.ParseSides(C.GoString(sides))
	if err != nil {
		writeErr(err, hd.errBuf, hd.errLen)
		return C.C4_ERROR
	}
	p, err := hd.s.Position(C.GoStringN(input, inputLen))
	if err != nil {
		writeErr(err, hd.errBuf, hd.errLen)
		return C.C4_INVALID
	}
	e, _ := solver.Explain(p, names)
	writeText(e, out, n)
	return C.C4_DONE
}

// c4_nothing returns at once: what a call costs, for measuring.
//
//export c4_nothing
func c4_nothing(h C.uintptr_t) C.int { return 0 }

// question is a job: the question kind (C4_SOLVE...) of input.
type question struct {
	kind  int
	input string
	weak  bool
}

// answer answers q: the values c4_wait writes.
func (hd *handle) answer(ctx context.Context, q question) ([]int64, error) {
	lines := []string{q.input}
	if q.kind == C.C4_MANY {
		lines = strings.Split(q.input, "\n")
	}
	ps := make([]game.Position, len(lines))
	for i, moves := range lines { // every position read before any is searched
		p, err := hd.s.Position(moves)
		if err != nil {
			return nil, err
		}
		ps[i] = p
	}
	mode := solver.Strong
	if q.weak {
		mode = solver.Weak
	}
	start := time.Now()
	switch q.kind {
	case C.C4_SOLVE:
		r, err := hd.s.Solve(ctx, ps[0], mode)
		return []int64{int64(r.Score), int64(r.Stats.Nodes), time.Since(start).Microseconds()}, err
	case C.C4_ANALYZE:
		scores, st, err := hd.s.Analyze(ctx, ps[0], mode)
		return append([]int64{int64(st.Nodes), time.Since(start).Microseconds()}, int64s(scores)...), err
	case C.C4_BEST:
		col, err := hd.s.BestMove(ctx, ps[0])
		return []int64{int64(position.ColumnName(col))}, err
	case C.C4_MANY:
		scores, err := hd.s.SolveMany(ctx, ps, mode)
		return int64s(scores), err
	}
	return nil, errors.New("no such question")
}

func int64s(v []int) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

// wait waits at most waitFor for the job under way: see c4_wait.
func (hd *handle) wait() C.int {
	if !hd.asked {
		writeErr(errors.New("no question was asked"), hd.errBuf, hd.errLen)
		return C.C4_ERROR
	}
	if hd.done != nil {
		t := time.NewTimer(waitFor)
		defer t.Stop()
		select {
		case <-hd.done:
			hd.cancel()
			hd.done, hd.cancel = nil, nil
		case <-t.C:
			return C.C4_PENDING
		}
	}
	var invalid *solver.InvalidPosition
	switch {
	case hd.err == nil:
		copy(hd.out, hd.values)
		return C.C4_DONE
	case errors.Is(hd.err, context.Canceled):
		return C.C4_STOPPED
	case errors.As(hd.err, &invalid):
		writeErr(hd.err, hd.errBuf, hd.errLen)
		return C.C4_INVALID
	}
	writeErr(hd.err, hd.errBuf, hd.errLen)
	return C.C4_ERROR
}

// until is a context whose Err is context.DeadlineExceeded from a time on:
// context.WithTimeout's timer costs a wake-up of another thread, which is
// most of a quick question's time, and the searches look only at Err.
type until struct {
	context.Context
	t time.Time
}

func (u until) Err() error {
	if err := u.Context.Err(); err != nil {
		return err
	}
	if time.Now().After(u.t) {
		return context.DeadlineExceeded
	}
	return nil
}

// stoppable is a context whose Err is context.Canceled once stopped is
// set (c4_stop).
type stoppable struct {
	context.Context
	stopped *atomic.Bool
}

func (s stoppable) Err() error {
	if s.stopped.Load() {
		return context.Canceled
	}
	return s.Context.Err()
}

// settle stops the job under way, if any, and waits for it to end.
func (hd *handle) settle() {
	if hd.done != nil {
		hd.cancel()
		<-hd.done
		hd.done, hd.cancel = nil, nil
	}
}

// writeErr writes err's message to buf, cut to fit n bytes with a NUL.
func writeErr(err error, buf *C.char, n C.int) {
	if n <= 0 {
		return
	}
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	writeText(msg, buf, n)
}

// writeText writes s to buf, cut to fit n bytes with a NUL.
func writeText(s string, buf *C.char, n C.int) {
	if n <= 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(n))
	b[copy(b[:len(b)-1], s)] = 0
}

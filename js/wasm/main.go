//go:build js && wasm

// Command wasm is c4's solver in WebAssembly, run by the npm package's
// worker (js/src/worker.mjs: a Web Worker of the page, or a worker thread
// of Node), which hands it the book (c4config.book) and the messages, and
// posts its answers back:
//
//	{id, type: "analyze", board: "7x6", pos: "4453", weak: false, sides: ["Red", "Yellow"] (the default)}
//	    -> {id, type: "progress", nodes, micros} while it searches, then
//	       {id, type: "result", scores: [one per column, null if full], nodes, micros, remembered,
//	        explain: what Connect Four's rules prove there, in words, or ""}
//	       or {id, type: "error", error}, or {id, type: "stopped"}
//	{id, type: "solve", board, pos, weak}
//	    -> the same, with score (the position's own) instead of scores
//	{type: "stop"}  stops the search under way (its request gets "stopped")
//	{id, type: "book", data: Uint8Array}
//	    -> {id, type: "book", book: the book's depth now} once the layers of
//	       the book in data (book.Reduce's, past the depth so far) are read,
//	       or {id, type: "error", error}
//
// A new analyze stops the search under way. The search yields to the
// worker's event loop every few tens of milliseconds (yielding), so that a
// stop or a new question is read while it runs. While no question is
// being answered, the positions the game is likely to reach next are
// solved ahead (package ahead), as c4 serve does.
package main

import (
	"bytes"
	"context"
	"errors"
	"syscall/js"
	"time"

	"c4/ahead"
	"c4/book"
	"c4/game"
	"c4/search"
	"c4/solver"
	"c4/threat"
)

// The worker's tunables.
const (
	// defaultTableMiB is the solver's table when the page says nothing:
	// big enough for the analyses of a game past the book (a few million
	// nodes), small enough for a phone's tab; the page halves it and
	// starts again if the browser refuses the memory. Solving ahead has a
	// table of half of it.
	defaultTableMiB = 128
	// yieldEvery is how many of the search's looks at its context (one
	// every 1,024 nodes) pass between two yields to the event loop: about
	// 25 ms of search, so that a stop is seen within that, for a yield
	// that costs some 0.1 ms.
	yieldEvery = 64
	// progressEvery is the least time between two progress messages.
	progressEvery = 250 * time.Millisecond
	// budget is the most time solving one position ahead takes.
	budget = 5 * time.Second
)

func main() {
	cfg := js.Global().Get("c4config")
	tableMiB := defaultTableMiB
	if cfg.Get("tableMiB").Type() == js.TypeNumber {
		tableMiB = max(cfg.Get("tableMiB").Int(), 1)
	}
	bk, err := firstBook(cfg.Get("book"))
	if err != nil {
		post(map[string]any{"type": "error", "error": "the book: " + err.Error()})
		return
	}
	board := game.Standard
	if cfg.Get("board").Type() == js.TypeString {
		if board, err = game.ParseBoard(cfg.Get("board").String()); err != nil {
			post(map[string]any{"type": "error", "error": err.Error()})
			return
		}
	}
	w := &worker{book: bk, board: board}
	var behind *solver.Solver
	w.solver, err = solver.New(solver.Config{Board: board.String(), OpenBook: bk, TableMiB: tableMiB, Threads: 1})
	if err == nil {
		behind, err = solver.New(solver.Config{Board: board.String(), OpenBook: bk, TableMiB: max(tableMiB/2, 1), Threads: 1})
	}
	if err != nil {
		post(map[string]any{"type": "error", "error": err.Error()})
		return
	}
	w.ahead = ahead.New(behind, budget, func(ctx context.Context) context.Context { return &yielding{Context: ctx} })
	js.Global().Set("c4handle", js.FuncOf(w.handle))
	js.Global().Call("c4ready", map[string]any{"book": w.depth(), "tableMiB": tableMiB})
	select {}
}

// firstBook is the book the worker read first (null: none).
func firstBook(data js.Value) (*book.Layered, error) {
	if data.IsNull() || data.IsUndefined() {
		return book.NewLayered()
	}
	f, err := readBook(data, nil)
	if err != nil {
		return nil, err
	}
	return book.NewLayered(f)
}

// readBook reads a book the worker fetched (a Uint8Array, as web.Build or
// js.Build writes it: the built-in book, or its first layers). With pace,
// it calls pace as it reads: see worker.pace.
func readBook(data js.Value, pace func()) (*book.Frozen, error) {
	if data.Type() != js.TypeObject {
		return nil, errors.New("the book was not read")
	}
	b := make([]byte, data.Get("length").Int())
	js.CopyBytesToGo(b, data)
	return book.LoadPaced(bytes.NewReader(b), pace)
}

// addBook reads the layers of the book in data and adds them to the
// worker's book, reading only while no question is being searched: Go's
// WebAssembly runs one goroutine at a time, and a layer of 13 stones takes
// a second or more to read. Nothing is solved ahead meanwhile: a layer
// answers more positions than solving ahead would in its time.
func (w *worker) addBook(id int, data js.Value) {
	w.ahead.Pause()
	defer w.ahead.Resume()
	f, err := readBook(data, w.pace)
	if err == nil {
		err = w.book.Add(f)
	}
	if err != nil {
		post(map[string]any{"id": id, "type": "error", "error": "the book: " + err.Error()})
		return
	}
	post(map[string]any{"id": id, "type": "book", "book": w.depth()})
}

// depth is the most stones of a position of the solver's board in the
// book, -1 if it holds none of that board's.
func (w *worker) depth() int {
	if w.board.Wide() {
		return -1
	}
	return w.book.Depth(w.board.Narrow())
}

// pace yields to the event loop, and then again while a question is being
// searched, so that reading a book's layer never holds up an answer: it is
// called every few thousand positions read (book.LoadPaced), a
// millisecond or two of reading.
func (w *worker) pace() {
	yieldToEventLoop()
	for w.done != nil && !closed(w.done) {
		yieldToEventLoop()
	}
}

// closed says whether c is closed.
func closed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// worker answers the page's questions, one at a time.
type worker struct {
	book   *book.Layered
	board  game.Board // the solver's
	solver *solver.Solver
	ahead  *ahead.Ahead
	cancel context.CancelFunc // of the search under way, if any
	done   chan struct{}      // closed when the search under way has returned
}

// handle takes a message of the page. It must not block: it starts the
// search on a goroutine of its own.
func (w *worker) handle(_ js.Value, args []js.Value) any {
	msg := args[0]
	switch msg.Get("type").String() {
	case "stop":
		w.stop()
	case "book":
		go w.addBook(msg.Get("id").Int(), msg.Get("data"))
	case "analyze", "solve":
		w.stop()
		ctx, cancel := context.WithCancel(context.Background())
		id, prev, done := msg.Get("id").Int(), w.done, make(chan struct{})
		w.cancel, w.done = cancel, done
		q := question{id: id, board: msg.Get("board").String(), pos: msg.Get("pos").String(),
			weak: msg.Get("weak").Truthy(), single: msg.Get("type").String() == "solve", sides: threat.Colours}
		var err error
		if names := msg.Get("sides"); names.Type() == js.TypeObject {
			q.sides, err = threat.ParseSides(names.Index(0).String() + "," + names.Index(1).String())
		}
		go func() {
			defer close(done)
			if prev != nil {
				<-prev // the solver is not for two searches at once
			}
			if err != nil {
				post(map[string]any{"id": id, "type": "error", "error": err.Error()})
			} else if ctx.Err() == nil {
				w.answer(ctx, q)
			} else {
				post(map[string]any{"id": id, "type": "stopped"})
			}
		}()
	}
	return nil
}

// stop stops the search under way, if any.
func (w *worker) stop() {
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
}

// question is one of the page's: the score of each move of pos on board,
// or with single the position's own score, exact or (weak) its sign; an
// analysis's explanation names the sides as sides does.
type question struct {
	id           int
	board, pos   string
	weak, single bool
	sides        threat.Sides
}

// answer answers q.
func (w *worker) answer(ctx context.Context, q question) {
	reply := func(m map[string]any) { m["id"] = q.id; post(m) }
	b, err := game.ParseBoard(q.board)
	var p game.Position
	if err == nil {
		p, err = game.ParseLive(b, q.pos)
	}
	if err != nil {
		reply(map[string]any{"type": "error", "error": err.Error()})
		return
	}
	mode := search.Strong
	if q.weak {
		mode = search.Weak
	}
	start := time.Now()
	if q.single {
		w.single(ctx, p, mode, reply)
		return
	}
	if scores, ok := w.ahead.Recall(p, mode); ok {
		reply(map[string]any{"type": "result", "scores": jsScores(scores), "nodes": 0, "micros": time.Since(start).Microseconds(), "remembered": true, "explain": explain(p, q.sides)})
		return
	}
	w.ahead.Pause()
	defer w.ahead.Resume()
	scores, st, err := w.solver.Analyze(w.yielding(ctx, start, reply), p, mode)
	w.reply(ctx, err, reply, func(m map[string]any) {
		if mode == search.Strong {
			w.ahead.Learn(p, scores)
		}
		m["scores"], m["nodes"], m["micros"], m["remembered"] = jsScores(scores), st.Nodes, time.Since(start).Microseconds(), false
		m["explain"] = explain(p, q.sides)
	})
}

// explain is what the rules prove at p, in words, or "" (solver.Explain).
func explain(p game.Position, sides threat.Sides) string {
	e, _ := solver.Explain(p, sides)
	return e
}

// single answers a question of the position's own score.
func (w *worker) single(ctx context.Context, p game.Position, mode search.Mode, reply func(map[string]any)) {
	w.ahead.Pause()
	defer w.ahead.Resume()
	start := time.Now()
	r, err := w.solver.Solve(w.yielding(ctx, start, reply), p, mode)
	w.reply(ctx, err, reply, func(m map[string]any) {
		m["score"], m["nodes"], m["micros"] = r.Score, r.Stats.Nodes, time.Since(start).Microseconds()
	})
}

// reply sends the answer to a search that ended with err: stopped, an
// error, or the result that fill completes.
func (w *worker) reply(ctx context.Context, err error, reply func(map[string]any), fill func(map[string]any)) {
	switch {
	case ctx.Err() != nil:
		reply(map[string]any{"type": "stopped"})
	case err != nil:
		reply(map[string]any{"type": "error", "error": err.Error()})
	default:
		m := map[string]any{"type": "result"}
		fill(m)
		reply(m)
	}
}

// yielding is ctx for a search that started at start: it yields to the
// event loop, and reports the search's progress every progressEvery.
func (w *worker) yielding(ctx context.Context, start time.Time, reply func(map[string]any)) context.Context {
	last := start
	return &yielding{Context: ctx, tick: func() {
		if time.Since(last) >= progressEvery {
			last = time.Now()
			nodes, _, _, _ := w.solver.Progress()
			reply(map[string]any{"type": "progress", "nodes": nodes, "micros": time.Since(start).Microseconds()})
		}
	}}
}

// jsScores is scores for JavaScript: null for a full column.
func jsScores(scores []int) []any {
	out := make([]any, len(scores))
	for c, v := range scores {
		if v != search.InvalidMove {
			out[c] = v
		}
	}
	return out
}

// post sends a message to the page.
func post(m map[string]any) { js.Global().Call("postMessage", m) }

// yielding is a search's context that, every yieldEvery looks, lets the
// worker's event loop run (so that the page's messages are read while a
// search runs: Go's WebAssembly runs one goroutine at a time and returns
// to JavaScript only when all wait) and calls tick, if set.
type yielding struct {
	context.Context
	looks int
	tick  func()
}

func (y *yielding) Err() error {
	if y.looks++; y.looks%yieldEvery == 0 {
		yieldToEventLoop()
		if y.tick != nil {
			y.tick()
		}
	}
	return y.Context.Err()
}

// yieldToEventLoop waits for worker.mjs's c4yield to call back, once the
// event loop has run the messages that came before (in a browser through a
// MessageChannel: a setTimeout would wait 4 ms or more once nested).
func yieldToEventLoop() {
	done := make(chan struct{})
	f := js.FuncOf(func(js.Value, []js.Value) any { close(done); return nil })
	js.Global().Call("c4yield", f)
	<-done
	f.Release()
}

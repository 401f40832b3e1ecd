// c4-solver: c4's perfect Connect Four solver and its opening book in
// WebAssembly, for Node (18 or later: a worker thread) and browsers (a Web
// Worker). See index.d.ts for the API and README.md for its use.

const node = typeof process === "object" && process.versions != null && process.versions.node != null;

// The package's files, beside this module.
const here = name => new URL(name, import.meta.url).href;

/**
 * maxTableMiB is the largest table: WebAssembly's memory holds 4 GiB, and
 * the solver takes its table, half as much again to solve ahead, and the
 * book (2560 MiB was the most that started, with the book).
 */
export const maxTableMiB = 2048;

/** StoppedError is the error of a question stopped before its answer. */
export class StoppedError extends Error {
  constructor(message = "stopped") {
    super(message);
    this.name = "StoppedError";
  }
}

/**
 * createSolver starts a solver in a worker of its own and resolves once it
 * is ready (its book read and its table made).
 * @param {import("./index.d.ts").SolverOptions} [options]
 * @returns {Promise<Solver>}
 */
export async function createSolver(options = {}) {
  const { board = "7x6", book = true, tableMiB = 128 } = options;
  if (!Number.isInteger(tableMiB) || tableMiB < 1 || tableMiB > maxTableMiB) {
    throw new RangeError(`tableMiB ${tableMiB}: a whole number of MiB from 1 to ${maxTableMiB}`);
  }
  checkBoard(board);
  const worker = await spawn();
  const s = new Solver(worker, board);
  s.info = await s.start({ board, tableMiB, wasm: options.wasm || here("c4.wasm"), book: await bookSource(book) });
  return s;
}

// checkBoard throws a RangeError unless board is a board c4 takes: "WxH"
// with W from 1 to 35, H from 1, and (H+1)*W at most 128.
function checkBoard(board) {
  const m = typeof board === "string" && /^([0-9]+)x([0-9]+)$/.exec(board);
  const w = m ? Number(m[1]) : 0, h = m ? Number(m[2]) : 0;
  if (w < 1 || h < 1 || w > 35 || (h + 1) * w > 128) {
    throw new RangeError(`board ${JSON.stringify(board)}: "WxH" with W from 1 to 35, H from 1, and (H+1)*W at most 128`);
  }
}

// bookSource is the book the worker reads: the package's (true), none
// (false), or the caller's (a URL, a path in Node, or the file's bytes).
async function bookSource(book) {
  if (book === true) return here("book.c4b");
  if (book === false || book == null) return null;
  if (book instanceof URL) return book.href;
  if (typeof book !== "string") return book;
  if (/^[a-z][a-z0-9+.-]*:/i.test(book)) return book; // a URL
  if (node) return (await import("node:url")).pathToFileURL(book).href;
  return new URL(book, location.href).href;
}

// spawn starts the worker: a worker thread in Node, a module Web Worker in
// a browser; either is given the same methods.
async function spawn() {
  const url = new URL("./worker.mjs", import.meta.url);
  if (node) {
    const { Worker } = await import("node:worker_threads");
    const w = new Worker(url);
    return {
      post: m => w.postMessage(m),
      listen: (onMessage, onError) => { w.on("message", onMessage); w.on("error", onError); },
      terminate: () => w.terminate(),
      // The start and a question under way keep Node running until
      // their answer; an idle solver does not.
      busy: on => on ? w.ref() : w.unref(),
    };
  }
  const w = new Worker(url, { type: "module" });
  return {
    post: m => w.postMessage(m),
    listen: (onMessage, onError) => {
      w.onmessage = e => onMessage(e.data);
      w.onerror = e => { e.preventDefault(); onError(new Error(e.message || "the worker failed")); };
    },
    terminate: () => w.terminate(),
    busy: () => {},
  };
}

/**
 * Solver answers questions in its worker, one at a time, in the order they
 * are asked; stop() stops the one under way and those waiting, which
 * reject with a StoppedError.
 */
export class Solver {
  constructor(worker, board) {
    this.worker = worker;
    this.board = board;
    this.id = 0;
    this.queue = [];          // questions not yet sent to the worker
    this.waiting = new Map(); // sent, by id: the question under way, and the book's layers and memory asked
    this.current = null;      // the question under way
    this.closed = false;
  }

  // start sends the worker its settings and resolves to its "ready"
  // message, or rejects with its error.
  start(init) {
    return new Promise((resolve, reject) => {
      this.ready = { resolve, reject };
      this.worker.listen(m => this.receive(m), e => this.fail(e));
      this.worker.post({ type: "init", ...init });
    });
  }

  receive(m) {
    if (m.type === "ready") {
      this.ready.resolve({ book: m.book, tableMiB: m.tableMiB });
      this.ready = null;
      this.refresh();
      return;
    }
    if (m.id === undefined && m.type === "error") { this.fail(new Error(m.error)); return; }
    const q = this.waiting.get(m.id);
    if (!q) return;
    if (m.type === "progress") { if (q.onProgress) q.onProgress(m.nodes, m.micros); return; }
    this.waiting.delete(m.id);
    if (m.type === "stopped") q.reject(new StoppedError());
    else if (m.type === "error") q.reject(new Error(m.error));
    else q.resolve(q.shape(m));
    if (q === this.current) this.current = null;
    this.next();
  }

  // refresh lets Node exit while nothing is asked of the worker, and keeps
  // it running while something is.
  refresh() { this.worker.busy(this.ready != null || this.waiting.size > 0); }

  // fail ends every question, and the start, when the worker dies.
  fail(e) {
    if (this.ready) { this.ready.reject(e); this.ready = null; this.worker.terminate(); }
    this.end(new Error("the solver stopped: " + (e.message || e)));
  }

  // end rejects every question, sent or not, with err.
  end(err) {
    for (const q of [...this.waiting.values(), ...this.queue]) q.reject(err);
    this.waiting.clear();
    this.queue = [];
    this.current = null;
    this.refresh();
  }

  /**
   * solve resolves to {score, nodes, micros}: the position's score from the
   * side to move, exact or (weak) its sign.
   */
  solve(pos, { weak = false, board = this.board, onProgress } = {}) {
    return this.ask({ type: "solve", board, pos, weak }, onProgress,
      m => ({ score: m.score, nodes: m.nodes, micros: m.micros }));
  }

  /**
   * analyze resolves to {scores, nodes, micros, remembered, explain}: the
   * score of playing each column, left to right (null for a full column),
   * and what Connect Four's rules prove at pos in words ("" if nothing),
   * the sides named Red and Yellow, or as sides ([first, second]) says.
   */
  analyze(pos, { weak = false, board = this.board, onProgress, sides } = {}) {
    return this.ask({ type: "analyze", board, pos, weak, sides }, onProgress,
      m => ({ scores: m.scores, nodes: m.nodes, micros: m.micros, remembered: m.remembered, explain: m.explain }));
  }

  // ask queues a question, checked first.
  ask(question, onProgress, shape) {
    if (this.closed) return Promise.reject(new Error("the solver is closed"));
    if (typeof question.pos !== "string") {
      return Promise.reject(new TypeError(`${question.type}: the position must be a string of columns, such as "4453", not ${question.pos === null ? "null" : typeof question.pos}`));
    }
    try {
      checkBoard(question.board);
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.id, question, resolve, reject, onProgress, shape });
      this.next();
    });
  }

  // next sends the question first in line if none is under way.
  next() {
    if (!this.current && this.queue.length > 0) {
      const q = this.current = this.queue.shift();
      this.waiting.set(q.id, q);
      this.worker.post({ id: q.id, ...q.question });
    }
    this.refresh();
  }

  // send sends a message that bypasses the questions' line (a book's
  // layer, read while questions wait; the memory's size) and resolves to
  // its answer, shaped.
  send(message, shape) {
    if (this.closed) return Promise.reject(new Error("the solver is closed"));
    return new Promise((resolve, reject) => {
      const id = ++this.id;
      this.waiting.set(id, { resolve, reject, shape });
      this.refresh();
      this.worker.post({ id, ...message });
    });
  }

  /** addBook adds a layer of the book (a URL or its bytes) once read. */
  addBook(layer) {
    return this.send({ type: "book", data: layer instanceof URL ? layer.href : layer }, m => m.book);
  }

  /**
   * stop stops the question under way and those waiting: each rejects
   * with a StoppedError.
   */
  stop() {
    if (this.closed) return;
    for (const q of this.queue) q.reject(new StoppedError());
    this.queue = [];
    if (this.current) this.worker.post({ type: "stop" });
  }

  /** memory resolves to the WebAssembly memory's size in bytes. */
  memory() { return this.send({ type: "memory" }, m => m.bytes); }

  /** close ends the worker; questions under way or waiting reject. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.end(new Error("the solver is closed"));
    this.worker.terminate();
  }
}

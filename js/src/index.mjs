// c4-solver: c4's perfect Connect Four solver and its opening book in
// WebAssembly, for Node (18 or later: a worker thread) and browsers (a Web
// Worker). See index.d.ts for the API and README.md for its use.

const node = typeof process === "object" && process.versions != null && process.versions.node != null;

// The package's files, beside this module.
const here = name => new URL(name, import.meta.url).href;

/**
 * createSolver starts a solver in a worker of its own and resolves once it
 * is ready (its book read and its table made).
 * @param {import("./index.d.ts").SolverOptions} [options]
 * @returns {Promise<Solver>}
 */
export async function createSolver(options = {}) {
  const { board = "7x6", book = true, tableMiB = 128 } = options;
  if (!Number.isInteger(tableMiB) || tableMiB < 1 || tableMiB > 4096) {
    throw new RangeError(`tableMiB ${tableMiB}: a whole number of MiB from 1 to 4096`);
  }
  const worker = await spawn();
  const s = new Solver(worker, board);
  s.info = await s.start({ tableMiB, wasm: options.wasm || here("c4.wasm"), book: bookSource(book) });
  return s;
}

// bookSource is the book the worker reads: the package's (true), none
// (false), or the caller's (a URL or its bytes).
function bookSource(book) {
  if (book === true) return here("book.c4b");
  if (book === false || book == null) return null;
  return book instanceof URL ? book.href : book;
}

// spawn starts the worker: a worker thread in Node, a module Web Worker in
// a browser; either is given the same methods.
async function spawn() {
  const url = new URL("./worker.mjs", import.meta.url);
  if (node) {
    const { Worker } = await import("node:worker_threads");
    const w = new Worker(url);
    w.unref(); // an idle solver does not keep Node running
    return {
      post: m => w.postMessage(m),
      listen: (onMessage, onError) => { w.on("message", onMessage); w.on("error", onError); },
      terminate: () => w.terminate(),
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
  };
}

/**
 * Solver answers questions in its worker, one at a time: a question asked
 * while another is searched stops that one, whose promise resolves to
 * null.
 */
export class Solver {
  constructor(worker, board) {
    this.worker = worker;
    this.board = board;
    this.id = 0;
    this.waiting = new Map();
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
    if (m.type === "ready") { this.ready.resolve({ book: m.book, tableMiB: m.tableMiB }); this.ready = null; return; }
    if (m.type === "memory") { this.onMemory(m.bytes); return; }
    if (m.id === undefined && m.type === "error") { this.fail(new Error(m.error)); return; }
    const q = this.waiting.get(m.id);
    if (!q) return;
    if (m.type === "progress") { if (q.onProgress) q.onProgress(m.nodes, m.micros); return; }
    this.waiting.delete(m.id);
    if (m.type === "stopped") q.resolve(null);
    else if (m.type === "error") q.reject(new Error(m.error));
    else q.resolve(q.shape(m));
  }

  // fail ends every question, and the start, when the worker dies.
  fail(e) {
    if (this.ready) { this.ready.reject(e); this.ready = null; this.worker.terminate(); }
    for (const q of this.waiting.values()) q.reject(new Error("the solver stopped: " + (e.message || e)));
    this.waiting.clear();
  }

  /**
   * solve resolves to {score, nodes, micros}: the position's score from the
   * side to move, exact or (weak) its sign; null if stopped.
   */
  solve(pos, { weak = false, board = this.board, onProgress } = {}) {
    return this.ask({ type: "solve", board, pos, weak }, onProgress,
      m => ({ score: m.score, nodes: m.nodes, micros: m.micros }));
  }

  /**
   * analyze resolves to {scores, nodes, micros, remembered, explain}: the
   * score of playing each column, left to right (null for a full column),
   * and what Connect Four's rules prove at pos in words ("" if nothing);
   * null if stopped.
   */
  analyze(pos, { weak = false, board = this.board, onProgress } = {}) {
    return this.ask({ type: "analyze", board, pos, weak }, onProgress,
      m => ({ scores: m.scores, nodes: m.nodes, micros: m.micros, remembered: m.remembered, explain: m.explain }));
  }

  /** addBook adds a layer of the book (a URL or its bytes) once read. */
  addBook(layer) {
    return this.ask({ type: "book", data: layer instanceof URL ? layer.href : layer }, null, m => m.book);
  }

  ask(question, onProgress, shape) {
    if (this.closed) return Promise.reject(new Error("the solver is closed"));
    const id = ++this.id;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onProgress, shape });
      this.worker.post({ id, ...question });
    });
  }

  /** stop stops the search under way; its promise resolves to null. */
  stop() { if (!this.closed) this.worker.post({ type: "stop" }); }

  /** memory resolves to the WebAssembly memory's size in bytes. */
  memory() {
    return new Promise(resolve => { this.onMemory = resolve; this.worker.post({ type: "memory" }); });
  }

  /** close ends the worker; questions under way reject. */
  close() {
    if (this.closed) return;
    this.closed = true;
    for (const q of this.waiting.values()) q.reject(new Error("the solver is closed"));
    this.waiting.clear();
    this.worker.terminate();
  }
}

// The page's solvers: in the browser (WorkerSolver: worker.js and c4.wasm,
// when the site has them) or c4 serve's API (ServerSolver), each with the
// same methods; chooseSolver picks the one the page has.

// WorkerSolver solves in a Web Worker. A question the worker has not
// answered when another is asked is stopped there.
export class WorkerSolver {
  constructor() { this.id = 0; this.waiting = new Map(); this.describe = "in your browser"; }

  // start starts the worker with the largest table the browser gives:
  // 128 MiB, else 64, else 32.
  async start() {
    for (const tt of [128, 64, 32]) {
      try {
        this.info = await this.spawn(tt);
        this.describe = `in your browser (WebAssembly, a ${this.info.tableMiB} MiB table; the built-in book answers 7x6 positions of up to ${this.info.book} stones)`;
        return;
      } catch (e) {
        this.error = e;
      }
    }
    throw this.error;
  }

  spawn(tt) {
    return new Promise((resolve, reject) => {
      const w = new Worker("worker.js?tt=" + tt);
      w.onerror = e => { w.terminate(); reject(new Error(e.message || "the worker failed")); };
      w.onmessage = e => {
        const m = e.data;
        if (m.type === "ready") { this.worker = w; w.onmessage = e => this.receive(e.data); w.onerror = e => this.fail(e); resolve(m); }
        else if (m.type === "error") { w.terminate(); reject(new Error(m.error)); }
      };
    });
  }

  receive(m) {
    if (m.type === "memory") { this.onMemory(m.bytes); return; }
    const q = this.waiting.get(m.id);
    if (!q) return;
    if (m.type === "progress") { q.progress(m.nodes, m.micros); return; }
    this.waiting.delete(m.id);
    if (m.type === "result") q.resolve(m);
    else if (m.type === "stopped") q.resolve(null);
    else q.reject(new Error(m.error));
  }

  // fail ends every question when the worker dies (out of memory).
  fail(e) {
    for (const q of this.waiting.values()) q.reject(new Error("the solver stopped: " + (e.message || e)));
    this.waiting.clear();
  }

  // analyze resolves to {scores, nodes, micros}: the scores of pos's
  // columns (null for a full one); or to null if stopped. progress(nodes,
  // micros) is called while it searches.
  analyze(board, pos, progress) { return this.ask({ type: "analyze", board, pos, weak: false }, progress); }

  // solve resolves to {score, nodes, micros}: pos's own score, exact or
  // (weak) its sign; or to null if stopped.
  solve(board, pos, weak, progress = () => {}) { return this.ask({ type: "solve", board, pos, weak }, progress); }

  ask(question, progress) {
    const id = ++this.id;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, ...question });
    });
  }

  stop() { this.worker.postMessage({ type: "stop" }); }

  // memory resolves to the WebAssembly memory's size, for the
  // measurements.
  memory() {
    return new Promise(resolve => { this.onMemory = resolve; this.worker.postMessage({ type: "memory" }); });
  }
}

// ServerSolver asks c4 serve's API, for the one board it serves.
export class ServerSolver {
  constructor() { this.describe = "by c4 serve"; }

  async start() {
    const res = await fetch("api/board");
    if (!res.ok) throw new Error("no solver: the site has no c4.wasm, and no c4 serve answers api/board");
    this.board = (await res.json()).board;
  }

  async analyze(board, pos) {
    this.abort = new AbortController();
    try {
      const res = await fetch("api/solve?pos=" + encodeURIComponent(pos), { signal: this.abort.signal });
      const body = await res.json();
      if (!res.ok) throw new Error(body.error);
      return { scores: body.moves, nodes: body.nodes, micros: body.micros };
    } catch (e) {
      if (e.name === "AbortError") return null;
      throw e;
    }
  }

  stop() { if (this.abort) this.abort.abort(); }
}

// chooseSolver is the browser's solver where the site has one, else the
// server's.
export async function chooseSolver() {
  if (typeof WebAssembly === "object" && typeof Worker === "function") {
    try {
      const res = await fetch("c4.wasm", { method: "HEAD" });
      if (res.ok) {
        const s = new WorkerSolver();
        await s.start();
        // Offline once loaded: the site's files kept by a service worker
        // (where the browser allows one: https, or localhost).
        if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
        return s;
      }
    } catch (e) { /* no site's solver: the server's */ }
  }
  const s = new ServerSolver();
  await s.start();
  return s;
}

// The page's solvers: in the browser (WorkerSolver: the package in c4/,
// when the site has it) or c4 serve's API (ServerSolver), each with the
// same methods; chooseSolver picks the one the page has.

// WorkerSolver solves in a Web Worker: the npm package's Solver
// (c4/index.mjs, js/src in the repository), whose worker holds c4.wasm.
// A question the worker has not answered when another is asked is stopped
// there, and answers null.
export class WorkerSolver {
  constructor() { this.describe = "in your browser"; }

  // start starts the solver with the largest table the browser gives:
  // 128 MiB, else 64, else 32.
  async start() {
    const { createSolver } = await import("./c4/index.mjs");
    for (const tableMiB of [128, 64, 32]) {
      try {
        this.s = await createSolver({ tableMiB });
        break;
      } catch (e) {
        this.error = e;
      }
    }
    if (!this.s) throw this.error;
    this.info = this.s.info;
    this.describeBook();
  }

  describeBook() {
    this.describe = `in your browser (WebAssembly, a ${this.info.tableMiB} MiB table; the built-in book answers 7x6 positions of up to ${this.info.book} stones)`;
  }

  // deepen reads the book's deeper layers (c4/book-N.c4b), one after
  // another, in the background, and calls deeper as each is in use.
  async deepen(deeper) {
    for (;;) {
      try {
        this.info.book = await this.s.addBook(new URL(`c4/book-${this.info.book + 1}.c4b`, location.href));
      } catch (e) {
        return; // no deeper layer
      }
      this.describeBook();
      deeper();
    }
  }

  // analyze resolves to {scores, nodes, micros, explain}: the scores of
  // pos's columns (null for a full one) and what the rules prove there in
  // words ("" if nothing); or to null if stopped. progress(nodes,
  // micros) is called while it searches.
  analyze(board, pos, progress) {
    this.s.stop();
    return orNull(this.s.analyze(pos, { board, onProgress: progress }));
  }

  // solve resolves to {score, nodes, micros}: pos's own score, exact or
  // (weak) its sign; or to null if stopped.
  solve(board, pos, weak, progress) {
    this.s.stop();
    return orNull(this.s.solve(pos, { board, weak, onProgress: progress }));
  }

  stop() { this.s.stop(); }

  // memory resolves to the WebAssembly memory's size, for the
  // measurements.
  memory() { return this.s.memory(); }
}

// orNull is answer, or null if it was stopped.
const orNull = answer => answer.catch(e => { if (e.name === "StoppedError") return null; throw e; });

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
      return { scores: body.moves, nodes: body.nodes, micros: body.micros, explain: body.explain || "" };
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
      const res = await fetch("c4/c4.wasm", { method: "HEAD" });
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

// The solver's worker: c4's solver (c4.wasm, built from js/wasm) in a Web
// Worker in a browser, or a worker thread in Node, so that its searches
// never block the program that asks. index.mjs starts it and sends an
// "init" message first:
//
//   {type: "init", board, tableMiB, wasm: URL or bytes, book: URL, bytes or null}
//
// then the questions of js/wasm/main.go, which the Go program answers once
// it is ready ({type: "ready", book, tableMiB}); until then they wait here.
// The Go program yields to this worker's event loop through c4yield while
// it searches, so that a stop or a new question is read at once.
"use strict";

const node = typeof process === "object" && process.versions != null && process.versions.node != null;
// The messages go to handle, which changes as the worker starts. In a
// browser the listener is set before anything is awaited: a module
// worker's messages that come while it awaits are lost without one (Node
// keeps them until a listener comes).
let waiting = [];
let handle = m => {
  if (m.type === "init") start(m);
  else waiting.push(m);
};
if (!node) self.onmessage = e => handle(e.data);

let read; // read(url) resolves to the bytes of a file of the package or the site

if (node) {
  const { parentPort } = await import("node:worker_threads");
  const { readFile } = await import("node:fs/promises");
  globalThis.postMessage = m => parentPort.postMessage(m);
  parentPort.on("message", m => handle(m));
  read = async url => new Uint8Array(await readFile(new URL(url)));
  if (!globalThis.crypto) globalThis.crypto = (await import("node:crypto")).webcrypto;
} else {
  read = async url => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(url + ": " + res.status);
    return new Uint8Array(await res.arrayBuffer());
  };
}
const goLoaded = import("./wasm_exec.js"); // defines Go

// c4ready is called by the Go program once it has read the book and made
// its tables.
globalThis.c4ready = info => {
  handle = toGo;
  for (const m of waiting) toGo(m);
  waiting = null;
  postMessage({ type: "ready", book: info.book, tableMiB: info.tableMiB });
};

// c4yield calls back once the messages that came before it are read: in a
// browser through a MessageChannel, without setTimeout's clamp; in Node by
// setImmediate, which runs after the event loop has polled for messages
// (a MessageChannel's own messages would come first there).
if (node) {
  globalThis.c4yield = f => setImmediate(f);
} else {
  const channel = new MessageChannel();
  const pending = [];
  channel.port1.onmessage = () => { const f = pending.shift(); if (f) f(); };
  globalThis.c4yield = f => { pending.push(f); channel.port2.postMessage(0); };
}

let go, inst; // the Go program and its WebAssembly instance

// toGo hands a message to the Go program, a book's layer once read.
function toGo(m) {
  if (m.type === "memory") memory(m.id);
  else if (m.type !== "book") globalThis.c4handle(m);
  else {
    bytes(m.data).then(data => globalThis.c4handle({ ...m, data }),
      e => postMessage({ id: m.id, type: "error", error: "the book: " + (e && e.message || e) }));
  }
}

// memory answers with the WebAssembly memory's size, for the
// measurements.
function memory(id) {
  postMessage({ id, type: "memory", bytes: inst.exports.mem.buffer.byteLength });
}

// start compiles the solver and runs it with the book.
async function start(init) {
  try {
    await goLoaded;
    go = new globalThis.Go();
    go.exit = code => postMessage({ type: "error", error: "c4.wasm exited with status " + code });
    const [instance, book] = await Promise.all([
      instantiate(go, init.wasm).catch(e => { throw new Error("c4.wasm: " + message(e)); }),
      bytes(init.book).catch(e => { throw new Error(`the book ${where(init.book)}: ${message(e)}`); }),
    ]);
    inst = instance;
    globalThis.c4config = { board: init.board, tableMiB: init.tableMiB, book };
    go.run(instance);
  } catch (e) {
    postMessage({ type: "error", error: message(e) });
  }
}

const message = e => e && e.message || String(e);

// where names a file given by its URL: a file's path, or the URL.
const where = src => typeof src === "string" && src.startsWith("file:") ? decodeURIComponent(new URL(src).pathname) : String(src);

// bytes is a file's bytes: src itself, or what its URL holds; null for
// none.
async function bytes(src) {
  if (src == null || src instanceof Uint8Array) return src;
  if (src instanceof ArrayBuffer) return new Uint8Array(src);
  return read(src);
}

// instantiate compiles the wasm: in a browser, from a URL as it downloads
// (where the host serves it as application/wasm).
async function instantiate(go, wasm) {
  if (!node && typeof wasm === "string") {
    try {
      return (await WebAssembly.instantiateStreaming(fetch(wasm), go.importObject)).instance;
    } catch (e) { /* not application/wasm: compiled once downloaded */ }
  }
  return (await WebAssembly.instantiate(await bytes(wasm), go.importObject)).instance;
}

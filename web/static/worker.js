// The page's solver: c4's solver and built-in book in WebAssembly (c4.wasm,
// built from web/wasm), in a Web Worker, so that the page never waits on a
// search. The page's messages go to the Go program's c4handle once it is
// ready; until then they wait here. The Go program yields to this worker's
// event loop through c4yield while it searches, so that a stop or a new
// question is read at once. See web/wasm/main.go for the messages.
"use strict";
importScripts("wasm_exec.js");

const params = new URLSearchParams(self.location.search);
self.c4config = { tableMiB: Number(params.get("tt")) || 128, book: null };

let waiting = [];
self.onmessage = e => waiting.push(e.data);

// c4ready is called by the Go program once it has read the book and made
// its tables.
self.c4ready = info => {
  self.onmessage = e => e.data.type === "memory" ? memory() : self.c4handle(e.data);
  for (const m of waiting) self.c4handle(m);
  waiting = null;
  postMessage({ type: "ready", book: info.book, tableMiB: info.tableMiB });
};

// memory posts the WebAssembly memory's size, for the measurements.
function memory() {
  postMessage({ type: "memory", bytes: go._inst.exports.mem.buffer.byteLength });
}

// c4yield calls back through a MessageChannel: the messages that came
// before it are read first, without setTimeout's clamp.
const channel = new MessageChannel();
let pending = [];
channel.port1.onmessage = () => { const f = pending.shift(); if (f) f(); };
self.c4yield = f => { pending.push(f); channel.port2.postMessage(0); };

// instantiate compiles c4.wasm as it downloads, or, where the host does not
// serve it as application/wasm, once downloaded.
async function instantiate(go) {
  try {
    return (await WebAssembly.instantiateStreaming(fetch("c4.wasm"), go.importObject)).instance;
  } catch (e) {
    const bytes = await (await fetch("c4.wasm")).arrayBuffer();
    return (await WebAssembly.instantiate(bytes, go.importObject)).instance;
  }
}

// The book (book.c4b): the Go program reads it as it starts.
async function book() {
  const res = await fetch("book.c4b");
  if (!res.ok) throw new Error("book.c4b: " + res.status);
  self.c4config.book = new Uint8Array(await res.arrayBuffer());
}

const go = new Go();
Promise.all([instantiate(go), book()])
  .then(([instance]) => go.run(instance))
  .catch(e => postMessage({ type: "error", error: "c4.wasm: " + e }));

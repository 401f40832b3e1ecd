// The site's service worker: every answer of the network is kept, and when
// the network fails (offline), the page is answered from what was kept, so
// that the page opens and solves offline once loaded. Network first, so
// that a new version of the site is never mixed with an old one's files
// while online.
"use strict";
const CACHE = "c4-site";
const FILES = ["./", "index.html", "app.js", "rules.mjs", "solvers.mjs", "style.css",
  "c4/index.mjs", "c4/worker.mjs", "c4/wasm_exec.js", "c4/c4.wasm", "c4/book.c4b"]; // and the book's deeper layers, once read

self.addEventListener("install", e => {
  e.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", e => e.waitUntil(self.clients.claim()));

self.addEventListener("fetch", e => {
  if (e.request.method === "HEAD") { // the page asks whether c4.wasm is there
    e.respondWith(fetch(e.request).catch(() => caches.match(e.request.url, { ignoreSearch: true })
      .then(r => r ? new Response(null, { status: r.status, headers: r.headers }) : Response.error())));
    return;
  }
  if (e.request.method !== "GET") return;
  e.respondWith(fetch(e.request).then(res => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then(c => c.put(e.request, copy));
    }
    return res;
  }).catch(() => caches.match(e.request, { ignoreSearch: true })));
});

// @ts-check
// Primi's service worker: precache every file of the build, serve same-origin GETs cache-first.
// build.py stamps the build hash and the file list with each file's SHA-256 below; each deploy
// gets a new cache, filled only with files whose bytes match this build (never a mix of builds).
// It is checked by tsc on its own (tsconfig.sw.json: the service worker's globals, not the page's).
const CACHE = "primi-__BUILD_HASH__";
// FILES and SIZES are objects once stamped (typed any: a placeholder string until then; the tests and
// tools read each stamp back as JSON, so it stays the whole initializer).
/** @type {any} */
const FILES = "__PRECACHE__"; // {"./": sha256 of index.html, "./app.js": sha256, ...}
/** @type {any} */
const SIZES = "__SIZES__"; // {"./": bytes of index.html, "./app.js": bytes, ...}: the boot's progress bar counts them
// Each file's bytes over the wire as build.py serves it to a browser (its brotli copy's size, else its
// gzipped copy's, else its own): the first visit's download is counted in these, the bytes actually transferred. A host
// that compresses otherwise sends a Content-Length, which replaces the estimate as each file arrives.
/** @type {any} */
const WIRE = "__WIRE__";
// Each complete cache holds this map too (written last), so a later build reuses the files it shares.
const MAP = "./.primi-files";
const PARALLEL = 6;
// What the engine's start reads (the Python runtime, the rules core, the worker): the boot's first estimate.
const ENGINE = /^\.\/(pyodide\/|pyscript\/|pygame_core\.zip$|worker\.py$|pyscript\.json$|engine-boot\.mjs$|engine-[0-9a-f]+\.snapshot$)/;
/** This script's global scope, `self`, as what it is: a service worker's. */
const scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const ENGINE_BYTES = Object.entries(SIZES).filter(([u]) => ENGINE.test(u)).reduce((a, [, n]) => a + n, 0);

/** @param {BufferSource} buf */
async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The bytes a response takes over the wire: its Content-Length (the encoded length when it is
 * compressed), else the build's estimate. @param {Response} res @param {string} url */
function wireBytes(res, url) {
  const n = Number(res.headers.get("content-length"));
  return Number.isFinite(n) && n > 0 ? n : WIRE[url] || SIZES[url] || 0;
}

// Fetch a file and check its bytes. The HTTP cache may answer first: on a first visit it holds what
// the page has just loaded, so nothing is downloaded twice. If its copy is not this build's (an old
// file kept by a long max-age), fetch again bypassing it (cache: "reload"). A file that still does
// not match (a deploy half-copied on the server) fails the install: the old version stays, and a
// later load tries again. The response itself is kept (its URL and headers), not a copy.
// onBytes(n, wire) hears the bytes of the file read so far and its size over the wire.
/** @param {string} url @param {string} sha @param {(n: number | null, wire?: number) => void} [onBytes] */
async function fetchChecked(url, sha, onBytes = () => {}) {
  for (const mode of /** @type {RequestCache[]} */ (["default", "reload"])) {
    const res = await fetch(url, { cache: mode });
    const wire = wireBytes(res, url);
    if (res.ok && (await sha256(await counted(res.clone(), (n) => onBytes(n, wire)))) === sha) return res;
    onBytes(null); // a retry: this file's bytes count again from zero
  }
  throw new Error(`${url} does not match build __BUILD_HASH__`);
}

/** @param {{type: string, [field: string]: unknown}} msg */
async function tell(msg) {
  for (const c of await scope.clients.matchAll({ includeUncontrolled: true })) c.postMessage(msg);
}

// A response's bytes, read as they arrive; onBytes(n) hears the running count (the progress bar).
/** @param {Response} res @param {(n: number) => void} onBytes @returns {Promise<ArrayBuffer>} */
async function counted(res, onBytes) {
  if (!res.body) return res.arrayBuffer();
  const reader = res.body.getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    n += value.byteLength;
    onBytes(n);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.byteLength; }
  return out.buffer;
}

// Progress of the precache in bytes over the wire (what a first visit actually transfers; a file the
// page's HTTP cache already holds counts too: the page downloaded it once, just before): at most one
// message per 50 ms, and the last. A file's share grows with its bytes read (decoded) against its size.
const progress = { bytes: 0, totalBytes: 0, done: 0, total: 0, sent: 0, timer: 0 };
function report(final = false) {
  const now = Date.now();
  const send = () => {
    progress.sent = Date.now();
    progress.timer = 0;
    const { bytes, totalBytes, done, total } = progress;
    tell({ type: "primi-precache", done, total, bytes: Math.min(bytes, totalBytes), totalBytes });
  };
  if (final || now - progress.sent >= 50) { clearTimeout(progress.timer); send(); } else if (!progress.timer) progress.timer = setTimeout(send, 50);
}

async function precache() {
  const cache = await caches.open(CACHE);
  // Older builds' complete caches: the same bytes there need no download (an update).
  const olds = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("primi-") || name === CACHE) continue;
    const old = await caches.open(name);
    const map = await old.match(MAP);
    if (map) olds.push([old, await map.json().catch(() => ({}))]);
  }
  const todo = Object.entries(FILES);
  const total = todo.length;
  let done = 0;
  progress.total = total;
  const estimate = (url) => WIRE[url] || SIZES[url] || 0;
  progress.totalBytes = Object.keys(FILES).reduce((a, url) => a + estimate(url), 0);
  const one = async ([url, sha]) => {
    let res = null;
    for (const [old, map] of olds) if (!res && map[url] === sha) res = await old.match(url, { ignoreVary: true });
    let got = 0; // this file's wire bytes counted so far (a file from an older cache counts whole)
    let size = estimate(url); // its wire size: the estimate until its response says
    const onBytes = (n, wire = size) => {
      if (wire !== size) { progress.totalBytes += wire - size; size = wire; }
      const m = n === null ? 0 : Math.min(size, Math.round((size * n) / (SIZES[url] || n || 1)));
      progress.bytes += m - got;
      got = m;
      report();
    };
    await cache.put(url, res || (await fetchChecked(url, sha, onBytes)));
    progress.bytes += size - got;
    done += 1;
    progress.done = done;
    report(done === total);
  };
  const lanes = Array.from({ length: PARALLEL }, async () => {
    while (todo.length) await one(todo.shift());
  });
  await Promise.all(lanes);
  await cache.put(MAP, new Response(JSON.stringify(FILES), { headers: { "content-type": "application/json" } }));
}

scope.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("primi-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener("message", (event) => {
  // A waiting worker takes over only when the player asks for it (the update note in app.js).
  if (event.data === "skip-waiting") scope.skipWaiting();
});

// Everything, the Python runtime included, comes from this build's own cache: the runtime is
// pinned, so its copy here always belongs with the rest of the build. Misses go to the network.
scope.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== scope.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req, { ignoreSearch: req.mode === "navigate", ignoreVary: true });
    if (hit) {
      // For the boot's progress bar: the bytes of each file served, from the build's list of sizes.
      const key = "./" + url.pathname.slice(new URL(scope.registration.scope).pathname.length);
      if (SIZES[key] && ENGINE.test(key)) tell({ type: "primi-served", url: key, bytes: SIZES[key], engine: ENGINE_BYTES });
      return hit;
    }
    try {
      return await fetch(req);
    } catch (err) {
      if (req.mode === "navigate") {
        // An unknown deep link while offline: redirect to the app page (relative assets stay right).
        return Response.redirect(new URL("./", scope.registration.scope).href, 302);
      }
      throw err;
    }
  })());
});

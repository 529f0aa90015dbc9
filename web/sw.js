// @ts-check
// Primi's service worker: serves same-origin GETs cache-first from this build's cache, which holds
// only files whose bytes match this build (build.py stamps each file's SHA-256 below): never a mix
// of builds. How the cache fills:
// - A first visit (no active worker in the registration): the install caches nothing, and the worker
//   takes over the page at once, so the engine starts without waiting for the whole site. Each file
//   of the build the page then fetches is streamed to it and kept as it passes (if its bytes are this
//   build's); once the engine is ready the page asks for the rest ("fill": two files at a time, in the
//   background), and every later visit asks again until the cache is complete.
// - An update (an installed site finds a new deploy): the install fetches every file first (taking
//   the files that did not change from the older cache), then waits for the player's "Switch now".
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
// The map of the files a cache holds ({url: sha256}), kept up to date as files land: a later build
// reuses the files it shares with it, even from a cache a first visit had not finished filling. The
// cache is complete when its map lists every file of FILES (the fill writes it last).
const MAP = "./.primi-files";
const PARALLEL = 6; // an update's install: every file before the switch
// The background fill: two files at a time, so the player's own requests (a screen opened, another
// language) never queue behind it. The engine's files are in the cache already by then.
const LANES = 2;
// What the engine's start reads through this worker (the Python runtime, the rules core, the worker):
// the boot bar counts these. Not PyScript's core.js (the page preloads it with its own modules,
// before this worker controls it on a first visit), its stylesheet or its TOML parser (the config is
// JSON): measured with the worker's "primi-download" messages on a first visit.
const ENGINE = /^\.\/(pyodide\/|pyscript\/(?!core\.js$|core\.css$|toml-)|pygame_core\.zip$|worker\.py$|pyscript\.json$|engine-boot\.mjs$|snapshot-store\.mjs$)/;
/** This script's global scope, `self`, as what it is: a service worker's. */
const scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
/** @param {string} url */
const wireOf = (url) => WIRE[url] || SIZES[url] || 0;
/** @param {(url: string) => number} size */
const engineTotal = (size) => Object.keys(FILES).filter((u) => ENGINE.test(u)).reduce((a, u) => a + size(u), 0);
const ENGINE_BYTES = engineTotal((u) => SIZES[u] || 0);
const ENGINE_WIRE = engineTotal(wireOf);

/** @param {BufferSource} buf */
async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A file of this build's key in FILES ("./app.js", "./" for the page), or null: another address.
 * @param {string} href */
function keyOf(href) {
  const url = new URL(href);
  const base = new URL(scope.registration.scope);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const key = "./" + url.pathname.slice(base.pathname.length);
  return key in FILES ? key : null;
}

/** The bytes a response takes over the wire: its Content-Length (the encoded length when it is
 * compressed), else the build's estimate. @param {Response} res @param {string} url */
function wireBytes(res, url) {
  const n = Number(res.headers.get("content-length"));
  return Number.isFinite(n) && n > 0 ? n : wireOf(url);
}

/** Bytes that are not this build's: a new deploy is on the server (never kept, never mixed in). */
class Stale extends Error {}

// Fetch a file and check its bytes. The HTTP cache may answer first: it holds what the page has
// loaded before this worker controlled it, so nothing is downloaded twice. If its copy is not this
// build's (an old file kept by a long max-age), fetch again bypassing it (cache: "reload"). A file
// that still does not match (a new deploy, or one half-copied) throws Stale: an update's install
// fails (the old version stays, and a later load tries again); a fill stops and tells the page.
// onBytes(n, wire) hears the bytes of the file read so far and its size over the wire.
/** @param {string} url @param {string} sha @param {(n: number | null, wire?: number) => void} [onBytes] */
async function fetchChecked(url, sha, onBytes = () => {}) {
  for (const mode of /** @type {RequestCache[]} */ (["default", "reload"])) {
    const res = await fetch(url, { cache: mode });
    const wire = wireBytes(res, url);
    if (res.ok && (await sha256(await counted(res.clone(), (n) => onBytes(n, wire)))) === sha) return res;
    onBytes(null); // a retry: this file's bytes count again from zero
  }
  throw new Stale(`${url} does not match build __BUILD_HASH__`);
}

// Messages to the pages, posted in the order they were told: each waits for the one before it (the
// clients are looked up asynchronously, and a later lookup may finish first: a fill's progress
// posted after its "complete" left a page saying "Saving 4.7 of 4.7 MB" for good).
/** @type {Promise<void>} */
let told = Promise.resolve();
/** @param {{type: string, [field: string]: unknown}} msg */
function tell(msg) {
  told = told.then(async () => {
    for (const c of await scope.clients.matchAll({ includeUncontrolled: true })) c.postMessage({ cache: CACHE, ...msg });
  }).catch(() => {});
  return told;
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

/** fn at most once every 50 ms, and at once when `final`: the page draws its bar from the latest. */
function throttled(fn) {
  let sent = 0;
  let timer = 0;
  return (final = false) => {
    const send = () => { sent = Date.now(); timer = 0; fn(); };
    if (final || Date.now() - sent >= 50) { clearTimeout(timer); send(); } else if (!timer) timer = setTimeout(send, 50);
  };
}

// ---------------------------------------------------------------- this build's cache
/** @type {Promise<{cache: Cache, have: Set<string>}> | null} */
let opened = null;
/** This build's cache, and the files of FILES it holds (read from it once, then kept up to date). */
function store() {
  opened ??= caches.open(CACHE).then(async (cache) => {
    const have = new Set();
    for (const req of await cache.keys()) {
      const key = keyOf(req.url);
      if (key) have.add(key);
    }
    return { cache, have };
  });
  return opened;
}
const complete = (have) => have.size === Object.keys(FILES).length;
// The files being fetched now (by the page through this worker, or by the fill): the other waits for
// that copy instead of downloading it again.
/** @type {Map<string, Promise<unknown>>} */
const inflight = new Map();

/** Keep a file of this build (its bytes checked) and note it in the map. The page's own address
 * "./" and "./index.html" are the same bytes: each is kept under both. @param {string} key @param {Response} res */
async function keep(key, res) {
  const { cache, have } = await store();
  const twin = key === "./" ? "./index.html" : key === "./index.html" ? "./" : null;
  const base = scope.registration.scope;
  if (twin && !have.has(twin) && FILES[twin] === FILES[key]) {
    await cache.put(new URL(twin, base).href, res.clone());
    have.add(twin);
  }
  await cache.put(new URL(key, base).href, res);
  have.add(key);
  noteMap();
}

// The map is rewritten after each file lands: one write at a time, and at most one more queued.
let mapWrite = Promise.resolve();
let mapQueued = false;
function noteMap() {
  if (mapQueued) return mapWrite;
  mapQueued = true;
  mapWrite = mapWrite.then(async () => {
    mapQueued = false;
    const { cache, have } = await store();
    const map = Object.fromEntries([...have].map((k) => [k, FILES[k]]));
    await cache.put(MAP, new Response(JSON.stringify(map), { headers: { "content-type": "application/json" } }));
  }).catch(() => {});
  return mapWrite;
}

/** Fetch a file of this build (or take `found`, an older cache's copy of the same bytes) and keep
 * it; meanwhile any request for it waits for this copy (inflight) instead of downloading it again.
 * @param {string} url @param {(n: number | null, wire?: number) => void} [onBytes] @param {Response | null} [found] */
async function fetchAndKeep(url, onBytes, found = null) {
  const work = (async () => keep(url, found || (await fetchChecked(url, FILES[url], onBytes))))();
  inflight.set(url, work);
  try { await work; } finally { inflight.delete(url); }
}

/** Older builds' caches, each with its map: the same bytes there need no download. */
async function olderCaches() {
  const olds = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("primi-") || name === CACHE) continue;
    const old = await caches.open(name);
    const map = await old.match(MAP);
    if (map) olds.push([old, await map.json().catch(() => ({}))]);
  }
  return olds;
}

/** Fetch every file of the build the cache lacks, `lanes` at a time (from an older build's cache
 * when it has the same bytes, else fetchChecked), reporting progress as `type`: bytes over the wire
 * (at most one message per 50 ms, and the last; a file's share grows with its bytes read, decoded,
 * against its size). Resolves once the cache is complete; rejects when a file does not match this
 * build (Stale) or cannot be fetched. Each fill counts on its own, and a fill that failed says no
 * more: a lane of it still waiting on a file (held, then let through once the next fill had started)
 * counted that file a second time, after the next fill's "complete", and a first visit's Settings
 * said "Saving 4.7 of 4.7 MB" for good (e2e/boot/test_first_visit.py, in CI). */
async function fill(lanes, type) {
  const { have } = await store();
  const olds = await olderCaches();
  const todo = Object.entries(FILES).filter(([url]) => !have.has(url));
  const urls = Object.keys(FILES);
  const progress = {
    total: urls.length, done: urls.length - todo.length,
    totalBytes: urls.reduce((a, u) => a + wireOf(u), 0),
    bytes: urls.filter((u) => have.has(u)).reduce((a, u) => a + wireOf(u), 0),
  };
  let over = false; // a lane failed: this fill has said its last
  const report = throttled(() => {
    if (over) return;
    const { bytes, totalBytes, done, total } = progress;
    tell({ type, done, total, bytes: Math.min(bytes, totalBytes), totalBytes, complete: done === total });
  });
  report(true);
  const one = async ([url, sha]) => {
    let size = wireOf(url); // its wire size: the estimate until its response says
    let got = 0; // this file's wire bytes counted so far (a file already here, or from an older cache, counts whole)
    const onBytes = (n, wire = size) => {
      if (wire !== size) { progress.totalBytes += wire - size; size = wire; }
      const m = n === null ? 0 : Math.min(size, Math.round((size * n) / (SIZES[url] || n || 1)));
      progress.bytes += m - got;
      got = m;
      report();
    };
    // The page is fetching it now: its copy is kept (or, if that failed, fetched here after all).
    if (inflight.has(url)) await inflight.get(url)?.catch(() => {});
    if (!have.has(url)) {
      let res = null;
      for (const [old, map] of olds) if (!res && map[url] === sha) res = (await old.match(url, { ignoreVary: true })) || null;
      await fetchAndKeep(url, onBytes, res);
    }
    progress.bytes += size - got;
    progress.done += 1;
    report(progress.done === progress.total);
  };
  const run = async () => {
    while (todo.length) {
      try { await one(/** @type {[string, string]} */ (todo.shift())); } catch (err) { over = true; todo.length = 0; throw err; }
    }
  };
  await Promise.all(Array.from({ length: lanes }, run));
  await noteMap(); // the map last: it now lists every file, which marks the cache complete
}

// The page's "fill": one at a time. Its end is told to the page: "primi-fill" with complete (the
// cache holds every file: offline play works fully), "primi-stale" (a new deploy is on the server:
// the page looks for it, and the update note offers it), or "primi-offline" (the network failed).
/** @type {Promise<void> | null} */
let filling = null;
function fillOnce() {
  filling ??= (async () => {
    try {
      await fill(LANES, "primi-fill");
    } catch (err) {
      await tell({ type: err instanceof Stale ? "primi-stale" : "primi-offline" });
    } finally {
      filling = null;
    }
  })();
  return filling;
}

// The engine's files, fetched on a first visit as soon as this worker controls the page (the page
// asks: "engine"), in the order the boot reads them. Each is fetched once: the engine's own request
// for it waits for this copy (inflight). Without it, the engine's requests come one after another
// (pyscript.json, engine-boot.mjs, pyodide.mjs, then Python's big files, then the core after Python
// starts): round trips with the link idle, about 1.5 s on 3G. ENGINE_LANES at a time, so the page's
// own requests keep connections of their own.
const ENGINE_ORDER = [/^\.\/pyscript\//, /^\.\/pyscript\.json$/, /^\.\/engine-boot\.mjs$/, /^\.\/snapshot-store\.mjs$/,
  /^\.\/pyodide\/pyodide\.mjs$/, /^\.\/pyodide\/pyodide\.asm\.mjs$/, /^\.\/pyodide\/python_stdlib\.zip$/,
  /^\.\/pyodide\/pyodide\.asm\.wasm$/, /^\.\/worker\.py$/, /^\.\/pygame_core\.zip$/];
const ENGINE_LANES = 3;
/** @type {Promise<void> | null} */
let engineFetch = null;
function fetchEngine() {
  engineFetch ??= (async () => {
    const { have } = await store();
    const rank = (u) => { const i = ENGINE_ORDER.findIndex((r) => r.test(u)); return i < 0 ? ENGINE_ORDER.length : i; };
    const todo = Object.keys(FILES).filter((u) => ENGINE.test(u) && !have.has(u)).sort((a, b) => rank(a) - rank(b));
    const one = async (url) => {
      if (have.has(url) || inflight.has(url)) return; // the page's request or the fill has it
      const bar = downloadReporter(url, wireOf(url));
      try {
        await fetchAndKeep(url, (n) => { if (n !== null) bar(n); });
        bar(SIZES[url] || 0, true);
      } catch { /* the engine's own request fetches it again, and says what failed */ }
    };
    await Promise.all(Array.from({ length: ENGINE_LANES }, async () => { while (todo.length) await one(/** @type {string} */ (todo.shift())); }));
  })();
  return engineFetch;
}

// ---------------------------------------------------------------- lifecycle
scope.addEventListener("install", (event) => {
  // A first visit: nothing to wait for, the page's engine starts through this worker at once.
  if (!scope.registration.active) { event.waitUntil(scope.skipWaiting()); return; }
  // An update: every file of the new build before it may take over (the old caches' files reused).
  event.waitUntil(fill(PARALLEL, "primi-precache"));
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("primi-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener("message", (event) => {
  const data = event.data;
  // A waiting worker takes over only when the player asks for it (the update note in app.js).
  if (data === "skip-waiting") scope.skipWaiting();
  // A first visit's page is controlled: the engine's files, at once.
  else if (data && data.type === "engine") event.waitUntil(fetchEngine());
  // The page's engine is ready: fetch the rest of the build in the background.
  else if (data && data.type === "fill") event.waitUntil(fillOnce());
  // The page asks where the cache stands (at boot: offline play, ready or not yet).
  else if (data && data.type === "state") {
    event.waitUntil(store().then(({ have }) => {
      const urls = Object.keys(FILES);
      const bytes = urls.filter((u) => have.has(u)).reduce((a, u) => a + wireOf(u), 0);
      const totalBytes = urls.reduce((a, u) => a + wireOf(u), 0);
      tell({ type: "primi-fill", done: have.size, total: urls.length, bytes, totalBytes, complete: complete(have) });
    }));
  }
});

// ---------------------------------------------------------------- requests
// An engine file downloaded (not from the cache) during the boot: the page's bar counts its wire bytes.
/** @param {string} key @param {number} wire */
function downloadReporter(key, wire) {
  const state = { n: 0 };
  const send = throttled(() => tell({ type: "primi-download", url: key, wire: Math.min(wire, Math.round((wire * state.n) / (SIZES[key] || state.n || 1))), size: wire, engineWire: ENGINE_WIRE }));
  return (n, final = false) => { state.n = n; send(final); };
}

/** Keep a copy of a file of this build fetched for the page, if its bytes are this build's: read as it
 * arrives (the page's copy streams on meanwhile). Bytes of another build are not kept: the page is
 * told ("primi-stale") and looks for the new deploy. @param {string} key @param {Response} res */
async function keepFetched(key, res) {
  const wire = wireBytes(res, key);
  const onBytes = ENGINE.test(key) ? downloadReporter(key, wire) : null;
  const body = await counted(res, (n) => onBytes?.(n));
  onBytes?.(body.byteLength, true);
  if ((await sha256(body)) !== FILES[key]) {
    await tell({ type: "primi-stale" });
    throw new Stale(`${key} does not match build __BUILD_HASH__`);
  }
  const headers = new Headers(res.headers);
  headers.delete("content-encoding"); // the body kept is the decoded one
  headers.delete("content-length");
  await keep(key, new Response(body, { status: 200, headers }));
}

// Everything, the Python runtime included, comes from this build's own cache: the runtime is
// pinned, so its copy here always belongs with the rest of the build. A miss goes to the network;
// a file of this build (asked for by its own address) is kept as it passes, once its bytes match.
scope.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== scope.location.origin) return;
  const nav = req.mode === "navigate";
  const key = nav || !url.search ? keyOf(req.url) : null; // a query string asks for something else (a navigation's is the page's state)
  /** @type {() => void} */
  let settle = () => {};
  if (key) event.waitUntil(new Promise((resolve) => { settle = () => resolve(undefined); }));
  event.respondWith((async () => {
    const { cache } = await store();
    const find = () => cache.match(req, { ignoreSearch: nav, ignoreVary: true });
    let hit = await find();
    if (!hit && key && inflight.has(key)) { // the fill is fetching it: that copy, not a second download
      await inflight.get(key)?.catch(() => {});
      hit = await find();
    }
    if (hit) {
      settle();
      // For the boot's progress bar: the bytes of each file served, from the build's list of sizes.
      if (key && ENGINE.test(key)) tell({ type: "primi-served", url: key, bytes: SIZES[key], engine: ENGINE_BYTES, wire: wireOf(key), engineWire: ENGINE_WIRE });
      return hit;
    }
    // This request fetches the file for any other that asks meanwhile (they wait above): claimed before
    // it goes out, since two requests for one file can arrive together (Pyodide's wasm, when the
    // snapshot's restore gives up and Python starts the usual way) and the HTTP cache may not join them.
    /** @type {(v?: unknown) => void} */
    let release = () => {};
    const mine = !!key && !inflight.has(key);
    if (mine) inflight.set(key, new Promise((resolve) => { release = resolve; }));
    const done = () => { if (mine) inflight.delete(/** @type {string} */ (key)); release(); settle(); };
    let res;
    try {
      res = await fetch(req);
    } catch (err) {
      done();
      if (key) tell({ type: "primi-offline" }); // the page says so, once, if the site is not all here yet
      if (nav) {
        // An unknown deep link while offline: redirect to the app page (relative assets stay right).
        return Response.redirect(new URL("./", scope.registration.scope).href, 302);
      }
      throw err;
    }
    if (mine && res.status === 200 && res.type === "basic" && !res.redirected) {
      keepFetched(/** @type {string} */ (key), res.clone()).catch(() => {}).finally(done);
    } else done();
    return res;
  })());
});

// Primi's service worker: precache every file of the build, serve same-origin GETs cache-first.
// build.py stamps the build hash and the file list below; each deploy gets a new cache.
const CACHE = "primi-__BUILD_HASH__";
const PRECACHE = "__PRECACHE__";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("primi-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  // The page asks a waiting worker to take over only when no game would be lost (see app.js).
  if (event.data === "skip-waiting") self.skipWaiting();
});

// The Python runtime (pyodide/) goes to the network first: through the browser's HTTP cache the
// engine keeps its compiled WebAssembly between visits, which makes a warm start about 0.7 s
// faster than serving it from this cache (measured with bench/boot.py). Offline, on a failed
// request, or after RUNTIME_WAIT ms without an answer, the precached copy is used.
const RUNTIME_WAIT = 4000;

async function runtimeFirst(req) {
  const cache = await caches.open(CACHE);
  const network = fetch(req).then((res) => (res.ok ? res : null), () => null);
  const timer = new Promise((resolve) => setTimeout(resolve, RUNTIME_WAIT, null));
  const res = await Promise.race([network, timer]);
  return res || (await cache.match(req)) || (await network) || Response.error();
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.includes("/pyodide/")) {
    event.respondWith(runtimeFirst(req));
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req, { ignoreSearch: req.mode === "navigate" });
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (err) {
      if (req.mode === "navigate") {
        // An unknown deep link while offline: redirect to the app page (relative assets stay right).
        return Response.redirect(new URL("./", self.registration.scope).href, 302);
      }
      throw err;
    }
  })());
});

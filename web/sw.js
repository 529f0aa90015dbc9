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

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
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

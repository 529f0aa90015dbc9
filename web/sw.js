// Primi's service worker: precache every file of the build, serve same-origin GETs cache-first.
// build.py stamps the build hash and the file list with each file's SHA-256 below; each deploy
// gets a new cache, filled only with files whose bytes match this build (never a mix of builds).
const CACHE = "primi-__BUILD_HASH__";
const FILES = "__PRECACHE__"; // {"./": sha256 of index.html, "./app.js": sha256, ...}
// Each complete cache holds this map too (written last), so a later build reuses the files it shares.
const MAP = "./.primi-files";
const PARALLEL = 6;

async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Fetch a file and check its bytes. The HTTP cache may answer first: on a first visit it holds what
// the page has just loaded, so nothing is downloaded twice. If its copy is not this build's (an old
// file kept by a long max-age), fetch again bypassing it (cache: "reload"). A file that still does
// not match (a deploy half-copied on the server) fails the install: the old version stays, and a
// later load tries again. The response itself is kept (its URL and headers), not a copy.
async function fetchChecked(url, sha) {
  for (const mode of ["default", "reload"]) {
    const res = await fetch(url, { cache: mode });
    if (res.ok && (await sha256(await res.clone().arrayBuffer())) === sha) return res;
  }
  throw new Error(`${url} does not match build __BUILD_HASH__`);
}

async function tell(msg) {
  for (const c of await self.clients.matchAll({ includeUncontrolled: true })) c.postMessage(msg);
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
  const one = async ([url, sha]) => {
    let res = null;
    for (const [old, map] of olds) if (!res && map[url] === sha) res = await old.match(url, { ignoreVary: true });
    await cache.put(url, res || (await fetchChecked(url, sha)));
    done += 1;
    tell({ type: "primi-precache", done, total });
  };
  const lanes = Array.from({ length: PARALLEL }, async () => {
    while (todo.length) await one(todo.shift());
  });
  await Promise.all(lanes);
  await cache.put(MAP, new Response(JSON.stringify(FILES), { headers: { "content-type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("primi-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  // A waiting worker takes over only when the player asks for it (the update note in app.js).
  if (event.data === "skip-waiting") self.skipWaiting();
});

// Everything, the Python runtime included, comes from this build's own cache: the runtime is
// pinned, so its copy here always belongs with the rest of the build. Misses go to the network.
self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req, { ignoreSearch: req.mode === "navigate", ignoreVary: true });
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

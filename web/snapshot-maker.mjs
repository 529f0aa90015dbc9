// @ts-check
// The engine's memory snapshot, made in the player's browser (a dedicated module worker that
// web/shell/snapshot.js starts once a visit's engine is up and idle, and terminates when it reports).
// It starts a Python of its own with Pyodide's private snapshot option, unpacks the rules core and the
// worker bridge (pygame_core.zip), imports worker.py as `primi_worker` (without PyScript: worker.py
// answers without storage then), warms it (bridge/warm.py, the one recipe), takes the snapshot,
// gzips it and keeps it in Cache Storage ("engine-snapshot", one entry) with this engine's tag, its
// SHA-256 and its unpacked size, which web/engine-boot.mjs checks before restoring it on a later
// visit. Every file it fetches the page's engine has fetched already (the service worker answers).
// Pinned: tests/test_snapshot_pin.py (Pyodide 314.0.7: _makeSnapshot, makeMemorySnapshot).
// Reports one message: {ok: true, kept: "made" | "found", bytes, raw, ms: {start, warm, snapshot,
// pack, store}} or {ok: false, error}.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { SNAPSHOT_CACHE, SNAPSHOT_URL, storedTag, sha256 } from "./snapshot-store.mjs";

// build.py stamps the engine's tag here: a hash of everything a snapshot depends on (the Pyodide
// files, pygame_core.zip, worker.py, this module and engine-boot.mjs), so a deploy that changes
// only the page keeps the stored snapshot, and any other makes it stale.
const TAG = "__ENGINE_TAG__";
const here = new URL("./", import.meta.url);
const scope = /** @type {any} */ (self);

async function make() {
  const ms = {};
  let t = performance.now();
  const lap = (name) => { const now = performance.now(); ms[name] = Math.round(now - t); t = now; };
  if (typeof CompressionStream !== "function" || typeof caches === "undefined") throw new Error("this browser cannot keep a snapshot");
  // Another tab's maker may have kept this engine's snapshot meanwhile.
  if ((await storedTag()) === TAG) return { ok: true, kept: "found", ms };
  const py = await loadPyodide({ indexURL: new URL("pyodide/", here).href, _makeSnapshot: true });
  const [core, worker] = await Promise.all(["pygame_core.zip", "worker.py"].map(async (name) => {
    const res = await fetch(new URL(name, here));
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }));
  py.unpackArchive(core, "zip");
  py.FS.writeFile("primi_worker.py", worker);
  py.runPython("import primi_worker");
  lap("start");
  const left = py.runPython("import bridge.warm\nbridge.warm.warm(primi_worker.BRIDGE)");
  if (left !== 0) throw new Error(`the warm-up left ${left} sessions open`);
  lap("warm");
  const raw = py.makeMemorySnapshot();
  lap("snapshot");
  const stream = new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (raw)]).stream().pipeThrough(new CompressionStream("gzip"));
  const packed = await new Response(stream).arrayBuffer();
  const sha = await sha256(packed);
  lap("pack");
  // One entry: this engine's, replacing whatever was kept (another engine's is stale for good).
  await caches.delete(SNAPSHOT_CACHE);
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(SNAPSHOT_URL, new Response(packed, {
    headers: { "content-type": "application/octet-stream", "x-primi-tag": TAG, "x-primi-sha256": sha, "x-primi-raw": String(raw.length) },
  }));
  lap("store");
  return { ok: true, kept: "made", bytes: packed.byteLength, raw: raw.length, ms };
}

make().then(
  (report) => scope.postMessage(report),
  (err) => scope.postMessage({ ok: false, error: String(err && err.message ? err.message : err) }),
);

// The engine's fast boot: a plain module worker that starts Pyodide from the memory snapshot
// build.py made (engine.snapshot: Python with the core imported and the AI warmed), instead of
// starting Python from scratch. app.js starts it first; if anything here fails (no snapshot, a
// hash that is not this build's, a Pyodide that refuses it), it answers {type: "failed"} and
// app.js boots the usual PyScript worker instead. Protocol with app.js:
//   -> {id, request}            <- {id, text}   (worker.py's call_async: JSON text both ways)
//   <- {type: "ready", ms} | {type: "failed", error}
// Pinned: tests/test_snapshot_pin.py (Pyodide 314.0.7's private _loadSnapshot option).
const base = new URL("./", self.location.href);
// build.py stamps this build's snapshot here: {file, sha256, bytes}, or null (no snapshot built).
const SNAPSHOT = "__SNAPSHOT__";
const t0 = performance.now();
let module = null; // Pyodide's Emscripten module: its memory size is the worker's heap (bench/boot.py)

async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function bytes(name) {
  const res = await fetch(new URL(name, base));
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function boot() {
  const params = new URL(self.location.href).searchParams;
  const want = SNAPSHOT;
  if (!want || typeof want !== "object") throw new Error("this build has no snapshot");
  const [mod, asm, snap, core] = await Promise.all([
    import(new URL("pyodide/pyodide.mjs", base).href),
    import(new URL("pyodide/pyodide.asm.mjs", base).href),
    bytes(params.get("snapshot") || want.file), // ?snapshot=: a test serves another file
    bytes("pygame_core.zip"),
  ]);
  // Checked at load: a snapshot that is not this build's exact bytes is never restored.
  if ((await sha256(snap)) !== want.sha256) throw new Error("the snapshot does not match this build");
  // Pyodide restores the snapshot into the module's memory as it starts (its own initial size);
  // a warmed engine's snapshot is larger, so the memory grows to fit it first.
  const createPyodideModule = async (settings) => {
    const M = (module = await asm.default(settings));
    if (M.HEAP8.length < snap.length) M.growMemory(snap.length);
    return M;
  };
  const py = await mod.loadPyodide({ indexURL: new URL("pyodide/", base).href, _loadSnapshot: snap, createPyodideModule });
  // The file system is not in the snapshot: the core's files for what is imported lazily later.
  py.unpackArchive(core, "zip");
  const check = py.runPython(`
import random, primi_worker as _w
random.seed()  # the snapshot froze one generator state for everyone: draw a fresh one
_w.STORE = _w.IdbStore()
_w.call('{"op": "ping"}')`);
  if (!String(check).includes('"ok": true')) throw new Error("the engine did not answer");
  return py.pyimport("primi_worker").call_async;
}

const ready = boot();
ready.then(
  () => postMessage({ type: "ready", ms: performance.now() - t0 }),
  (err) => postMessage({ type: "failed", error: String(err && err.message ? err.message : err) + (self.location.search.includes("trace") ? String(err && err.stack) : "") }),
);
self.onmessage = async (e) => {
  const { id, request } = e.data;
  const call = await ready;
  if (request === "heap") { postMessage({ id, text: JSON.stringify({ wasm: module.HEAP8.length }) }); return; }
  postMessage({ id, text: await call(request) });
};

// @ts-check
// The interpreter module PyScript's worker loads (app.js passes it as PyWorker's `version`): it is
// Pyodide's own pyodide.mjs, with one change. Its loadPyodide first tries to restore the engine's
// memory snapshot (Python with the core and the worker bridge imported and the AI warmed), which
// skips starting Python and importing the core. The site ships no snapshot: the player's browser
// makes one after a visit's engine is up (snapshot-maker.mjs) and keeps it in Cache Storage
// (snapshot-store.mjs). It is restored only if it is this engine's (the tag build.py stamps below),
// its bytes have the SHA-256 kept with them and they unpack to the size kept with them. Anything else
// (none kept yet: a first visit; another engine's; corrupt bytes; a browser without
// DecompressionStream; a restore Pyodide refuses) starts Python the usual way, and a bad or stale
// snapshot is deleted so that the maker makes this engine's. The page plays either way, through
// PyScript's worker as always. worker.py reports which boot ran (op "boot").
// Pinned: tests/test_snapshot_pin.py (Pyodide 314.0.7's private _loadSnapshot option).
import * as pyodide from "./pyodide/pyodide.mjs";
import { dropSnapshot, sha256, storedSnapshot } from "./snapshot-store.mjs";

export * from "./pyodide/pyodide.mjs";
export const version = pyodide.version;

// build.py stamps the engine's tag here (the same as in snapshot-maker.mjs).
const TAG = "__ENGINE_TAG__";
const here = new URL("./", import.meta.url);

const steps = {}; // ms spent in each step of the boot (the worker's `boot` op reports them)
const since = (t) => Math.round(performance.now() - t);

/** No snapshot kept: a first visit (or storage cleared), not a failure worth a warning. */
class NoSnapshot extends Error {}

/** @param {Response | undefined} res the kept snapshot, looked up first */
async function snapshotBytes(res) {
  if (!res) throw new NoSnapshot("no snapshot kept");
  if (typeof DecompressionStream !== "function") throw new Error("this browser cannot unpack the snapshot");
  let t = performance.now();
  // Checked at load: bytes that are not this engine's exact snapshot are never restored.
  if (res.headers.get("x-primi-tag") !== TAG) throw new Error("the snapshot is another engine's");
  const packed = await res.arrayBuffer();
  steps.read = since(t);
  t = performance.now();
  if ((await sha256(packed)) !== res.headers.get("x-primi-sha256")) throw new Error("the snapshot's bytes are damaged");
  steps.check = since(t);
  t = performance.now();
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  const raw = new Uint8Array(await new Response(stream).arrayBuffer());
  steps.unpack = since(t);
  if (raw.length !== Number(res.headers.get("x-primi-raw"))) throw new Error("the snapshot unpacked to the wrong size");
  return raw;
}

// Pyodide's fatal error (a C stack overflow: "Maximum call stack size exceeded") leaves this worker
// answering nothing ever again. Its private hook `_api.on_fatal` (pinned: tests/test_snapshot_pin.py)
// tells the page at once, on a BroadcastChannel: app.js then pings its own worker (another tab's
// engine may be the one that died) and, with no answer, says so and offers the reload.
function reportFatal(py) {
  try {
    const api = /** @type {any} */ (py)._api;
    if (api && typeof BroadcastChannel === "function") {
      const channel = new BroadcastChannel("primi-engine");
      api.on_fatal = () => channel.postMessage({ type: "fatal" });
    }
  } catch { /* a Pyodide without the hook: the page's bound on every call still finds the engine dead */ }
  return py;
}

export async function loadPyodide(options = {}) {
  const t0 = performance.now();
  const indexURL = new URL("pyodide/", here).href;
  try {
    // No snapshot kept (a first visit): start Python at once. Trying a restore first would set
    // Pyodide going twice, its files asked for twice at the same moment on the slowest visit.
    const kept = await storedSnapshot().catch(() => undefined);
    if (!kept) throw new NoSnapshot("no snapshot kept");
    // The snapshot is read, checked and unpacked while Pyodide sets itself up and loads its
    // module script: it waits for the bytes only where it restores them.
    const snapshot = snapshotBytes(kept);
    snapshot.catch(() => {}); // its failure is the restore's, caught below
    const asm = import(new URL("pyodide/pyodide.asm.mjs", here).href);
    asm.catch(() => {});
    // Pyodide restores the snapshot into the module's memory as it starts (its own initial size);
    // a warmed engine's snapshot is larger, so the memory grows to fit it first.
    const createPyodideModule = async (settings) => {
      const [create, snap] = await Promise.all([asm, snapshot]);
      const M = await create.default(settings);
      if (M.HEAP8.length < snap.length) M.growMemory(snap.length);
      return M;
    };
    const t = performance.now();
    const py = await pyodide.loadPyodide({ ...options, indexURL, _loadSnapshot: snapshot, createPyodideModule });
    steps.restore = since(t); // loadPyodide as a whole, the snapshot's read and unpack overlapping it
    globalThis.primiBoot = { mode: "snapshot", ms: since(t0), steps };
    return reportFatal(py);
  } catch (err) {
    const error = String(err && err.message ? err.message : err);
    if (!(err instanceof NoSnapshot)) {
      console.warn("Primi: the snapshot boot failed, starting Python the usual way:", error);
      await dropSnapshot().catch(() => {}); // never tried again: the maker makes this engine's
    }
    for (const k of Object.keys(steps)) delete steps[k];
    globalThis.primiBoot = { mode: "plain", error, steps };
  }
  const t = performance.now();
  const py = await pyodide.loadPyodide({ ...options, indexURL });
  steps.start = since(t); // Python started the usual way (what a snapshot saves)
  return reportFatal(py);
}

// @ts-check
// The interpreter module PyScript's worker loads (app.js passes it as PyWorker's `version`): it is
// Pyodide's own pyodide.mjs, with one change. Its loadPyodide first tries to restore the build's
// memory snapshot (Python with the core and the worker bridge imported and the AI warmed; made by
// build.py under Node, web/boot-snapshot.mjs), which skips starting Python and importing the core.
// If anything fails (no snapshot in this build, bytes that are not this build's, a browser without
// DecompressionStream, a restore Pyodide refuses), it starts Python the usual way: the page plays
// either way, through PyScript's worker as always. worker.py reports which boot ran (op "boot").
// Pinned: tests/test_snapshot_pin.py (Pyodide 314.0.7's private _loadSnapshot option).
import * as pyodide from "./pyodide/pyodide.mjs";

export * from "./pyodide/pyodide.mjs";
export const version = pyodide.version;

// build.py stamps this build's snapshot here: {file, sha256, bytes, raw}, or null (none built).
// The file is gzip-compressed (7 MB instead of 38 MB, whatever the host's compression).
// Typed any: a placeholder string until stamped (bench/site/boot.py reads the stamp back as JSON).
/** @type {any} */
const SNAPSHOT = "__SNAPSHOT__";
const here = new URL("./", import.meta.url);

async function sha256(buf) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

const steps = {}; // ms spent in each step of a snapshot boot (the worker's `boot` op reports them)
const since = (t) => Math.round(performance.now() - t);

async function snapshotBytes() {
  if (!SNAPSHOT || typeof SNAPSHOT !== "object") throw new Error("this build has no snapshot");
  if (typeof DecompressionStream !== "function") throw new Error("this browser cannot unpack the snapshot");
  // ?snapshot=FILE on this module's address loads another file (the tests' bad snapshot).
  const name = new URL(import.meta.url).searchParams.get("snapshot") || SNAPSHOT.file;
  let t = performance.now();
  const res = await fetch(new URL(name, here));
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  const packed = await res.arrayBuffer();
  steps.fetch = since(t);
  t = performance.now();
  // Checked at load: bytes that are not this build's exact snapshot are never restored.
  if ((await sha256(packed)) !== SNAPSHOT.sha256) throw new Error("the snapshot does not match this build");
  steps.check = since(t);
  t = performance.now();
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  const raw = new Uint8Array(await new Response(stream).arrayBuffer());
  steps.unpack = since(t);
  if (raw.length !== SNAPSHOT.raw) throw new Error("the snapshot unpacked to the wrong size");
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
    // The snapshot is fetched, checked and unpacked while Pyodide sets itself up and loads its
    // module script: it waits for the bytes only where it restores them.
    const snapshot = snapshotBytes();
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
    steps.restore = since(t); // loadPyodide as a whole, the snapshot's fetch and unpack overlapping it
    globalThis.primiBoot = { mode: "snapshot", ms: since(t0), steps };
    return reportFatal(py);
  } catch (err) {
    const error = String(err && err.message ? err.message : err);
    console.warn("Primi: the snapshot boot failed, starting Python the usual way:", error);
    globalThis.primiBoot = { mode: "plain", error };
  }
  return reportFatal(await pyodide.loadPyodide({ ...options, indexURL }));
}

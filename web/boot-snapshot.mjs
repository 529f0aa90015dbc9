// @ts-check
// The engine's memory snapshot under Node, for measuring (not served, not run by the build: the
// player's browser makes its own, web/snapshot-maker.mjs, after a first visit's engine is up).
//   node web/boot-snapshot.mjs DIST
// Loads DIST/pyodide with Pyodide's private snapshot option, unpacks DIST/pygame_core.zip (the core
// and the worker bridge package), imports DIST/worker.py as the module `primi_worker` (and so
// `bridge`), warms it with the maker's own recipe (bridge/warm.py), and writes DIST/engine.snapshot
// (raw; the maker keeps it gzipped). Pinned by tests/test_snapshot_pin.py (Pyodide 314.0.7:
// _makeSnapshot, makeMemorySnapshot, _loadSnapshot).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { argv } from "node:process";

const dist = resolve(argv[2] || "dist");
const { loadPyodide } = await import(join(dist, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(dist, "pyodide") + "/", _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(join(dist, "pygame_core.zip"))), "zip");
py.FS.writeFile("primi_worker.py", readFileSync(join(dist, "worker.py")));
const left = py.runPython("import primi_worker, bridge.warm\nbridge.warm.warm(primi_worker.BRIDGE)");
const snap = py.makeMemorySnapshot();
writeFileSync(join(dist, "engine.snapshot"), snap);
console.log(`snapshot: ${snap.length} bytes, sessions left ${left}`);

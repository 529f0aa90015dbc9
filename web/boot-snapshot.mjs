// @ts-check
// Make the engine's memory snapshot at build time (run by build.py under Node; not served).
//   node web/boot-snapshot.mjs DIST
// Loads DIST/pyodide with Pyodide's private snapshot option, unpacks DIST/pygame_core.zip (the core
// and the worker bridge package), imports DIST/worker.py as the module `primi_worker` (and so `bridge`), warms it (a Primero deal with the AI, so
// its tables are built), and writes DIST/engine.snapshot. build.py gzips it and
// names it; web/engine-boot.mjs restores it in PyScript's worker.
// Pinned by tests/test_snapshot_pin.py (Pyodide 314.0.7: _makeSnapshot, makeMemorySnapshot,
// _loadSnapshot).
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { argv } from "node:process";

const dist = resolve(argv[2] || "dist");
const { loadPyodide } = await import(join(dist, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(dist, "pyodide") + "/", _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(join(dist, "pygame_core.zip"))), "zip");
py.FS.writeFile("primi_worker.py", readFileSync(join(dist, "worker.py")));
const warm = py.runPython(`
import json, primi_worker as w
def _call(req):
    a = json.loads(w.call(json.dumps(req)))
    assert a["ok"], a
    return a["result"]
_call({"op": "ping"})
_info = _call({"op": "info"})
# Warm the AI: one Primero deal per level the catalogue offers, then nothing kept.
for _g in _info["games"]:
    if _g["name"] != "primero":
        continue
    for _lvl in _g["agents"]:
        _s = _call({"op": "new_game", "game": "primero", "seats": [_lvl] * 4, "seed": 1, "options": {"deals": 1}})
        for _ in range(200):
            _v = _call({"op": "ai_step", "session": _s["session"]})
            if _v["terminal"]:
                break
        _call({"op": "close", "session": _s["session"]})
# The rule sets whose tables cost the snapshot little (issue 12): heads-up Waks loads hard's CFR
# table; Roman's 52-card deck has no hand table, so its first hard decision sums percentiles over
# every draw (1.5 s in Pyodide); Losing shares Waks's raw keys (ai.eval.evaluator), as Italian and
# Suzuki share all of Waks's tables. Northpass's and RMS's own tables (and the claim index of
# Italian, Suzuki and Northpass) would add 4 MB to every first visit and every update: the setup
# screen has the worker build them while the player reads it (the worker op "prepare").
for _v in ("waks", "roman", "losing"):
    _s = _call({"op": "new_game", "game": "primero", "variant": _v, "seats": ["hard"] * 2, "seed": 1,
                "options": {"deals": 1, "players": 2}})
    for _ in range(200):
        if _call({"op": "ai_step", "session": _s["session"]})["terminal"]:
            break
    _call({"op": "close", "session": _s["session"]})
# Roman's draw sums, every one (2.5 MB; built as played, its first decisions took up to 1 s here).
from pygame_core.primero.ai.eval import evaluator as _evaluator
_evaluator("roman").warm_keeps(big=True)
del _call, _info, _evaluator
len(w.BRIDGE.sessions.open)
`);
const snap = py.makeMemorySnapshot();
writeFileSync(join(dist, "engine.snapshot"), snap);
console.log(`snapshot: ${snap.length} bytes, sessions left ${warm}`);

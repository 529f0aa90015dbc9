"""Pin the private Pyodide snapshot API the fast boot relies on (web/snapshot-maker.mjs makes the
snapshot in the player's browser, web/boot-snapshot.mjs under Node, web/engine-boot.mjs restores it in
PyScript's worker), with the pinned Pyodide under Node:

- ``loadPyodide({_makeSnapshot: true})`` then ``pyodide.makeMemorySnapshot()`` gives bytes;
- ``loadPyodide({_loadSnapshot, createPyodideModule})`` restores them, Python state included;
- a snapshot larger than the module's initial memory restores only once the memory has grown
  (``Module.growMemory``, through the ``createPyodideModule`` wrapper); without it Pyodide fails
  with a RangeError, which the page turns into the fallback boot;
- ``pyodide._api.on_fatal`` hears Pyodide's fatal error (engine-boot.mjs tells the page through it).
If an upgrade of Pyodide changes any of this, this test fails before the page does."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"

SCRIPT = r"""
import { loadPyodide, version } from "PYODIDE/pyodide.mjs";
import create from "PYODIDE/pyodide.asm.mjs";
const out = { version };
const py = await loadPyodide({ _makeSnapshot: true });
// Python state to find again, and 48 MB kept alive: more than the module's initial memory.
py.runPython("import json\nKEPT = bytearray(48 * 1024 * 1024)\nANSWER = json.dumps({'x': 41 + 1})");
const snap = py.makeMemorySnapshot();
out.bytes = snap.length;
const grow = async (settings) => {
  const M = await create(settings);
  if (M.HEAP8.length < snap.length) M.growMemory(snap.length);
  return M;
};
const back = await loadPyodide({ _loadSnapshot: snap, createPyodideModule: grow });
out.answer = back.runPython("ANSWER");
out.kept = back.runPython("len(KEPT)");
try {
  await loadPyodide({ _loadSnapshot: snap });
  out.plain = "ok";
} catch (e) { out.plain = e.name; }
try {
  const bad = snap.slice(); bad[0] ^= 0xff;
  await loadPyodide({ _loadSnapshot: bad, createPyodideModule: grow });
  out.corrupt = "ok";
} catch (e) { out.corrupt = String(e.message).split("\n")[0]; }
// The hook engine-boot.mjs sets to tell the page of a fatal error (a C stack overflow), run last:
// after it this Pyodide is unusable.
back._api.on_fatal = (e) => { out.fatal = String(e && e.message ? e.message : e).split("\n")[0]; };
try { back.runPython("import json; json.loads('[' * 100000)"); } catch { /* the fatal error itself */ }
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing")
def test_snapshot_api_of_the_pinned_pyodide(tmp_path: Path) -> None:
    if not (PYODIDE / "pyodide.mjs").exists():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (build.py does)")
    script = tmp_path / "pin.mjs"
    script.write_text(SCRIPT.replace("PYODIDE", PYODIDE.as_posix()))
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["version"] == "314.0.7"  # the version pinned in package.json
    assert out["bytes"] > 48 * 1024 * 1024
    assert out["answer"] == '{"x": 42}'
    assert out["kept"] == 48 * 1024 * 1024
    assert out["plain"] == "RangeError"  # why engine-boot.mjs grows the memory first
    assert out["corrupt"] == "Snapshot has invalid magic number"
    assert out["fatal"] == "Maximum call stack size exceeded"  # _api.on_fatal heard Pyodide's fatal error


def test_the_warm_up_leaves_no_session_open() -> None:
    """The snapshot's warm-up (web/bridge/warm.py, run by the maker before the snapshot) plays its
    deals through the bridge and closes them all: a restored engine starts with no game open."""
    from bridge import Bridge
    from bridge.warm import warm

    bridge = Bridge()
    assert warm(bridge) == 0
    assert not bridge.sessions.open

"""The trimmed standard library (build.trim_stdlib, tools/stdlib_closure.py): the closure sees every
kind of import, and the built site's runtime (Pyodide under Node with the shipped python_stdlib.zip,
pyodide-lock.json and pygame_core.zip) imports every module the core can reach and plays each game."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tools.stdlib_closure import closure, imports_of, source_roots, zip_modules  # noqa: E402


def test_imports_of_sees_lazy_relative_and_submodule_imports() -> None:
    src = """
from __future__ import annotations
import a.b.c
from typing import TYPE_CHECKING
from . import sibling
from .sub import thing
if TYPE_CHECKING:
    import never_at_runtime
if __name__ == "__main__":
    import only_as_a_script
def later():
    import lazy_one
    try:
        from lazy_pkg import lazy_mod
    except ImportError:
        pass
"""
    got = imports_of(src, "pkg.mod")
    assert {"a", "a.b", "a.b.c", "pkg.sibling", "pkg.sub", "pkg.sub.thing", "lazy_one", "lazy_pkg",
            "lazy_pkg.lazy_mod"} <= got
    assert not {"never_at_runtime", "only_as_a_script"} & got
    # A package's own relative import; and source this Python cannot parse (newer syntax) still read.
    assert "pkg.inner" in imports_of("from .inner import x", "pkg", is_pkg=True)
    assert {"json", "os", "os.path"} <= imports_of("import json\nfrom os import path\ntype X = int[\n", "m")


def test_the_closure_follows_the_stdlib_and_keeps_the_unseen() -> None:
    with zipfile.ZipFile(build.STDLIB) as zf:
        got = closure([("def f():\n    import json\n", "m", False)], zf, keep=["encodings.cp437"])
    assert {"json", "json.decoder", "json.scanner", "re", "encodings", "encodings.cp437"} <= set(got)
    assert "tkinter" not in got and "unittest" not in got


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site's runtime, made by the build's own steps: dist/pyodide, pygame_core.zip, worker.py."""
    site = tmp_path_factory.mktemp("runtime")
    build.copy_runtime(site)
    build.zip_core(site / "pygame_core.zip")
    shutil.copy2(build.WEB / "worker.py", site / "worker.py")
    return site


def test_the_shipped_stdlib_is_trimmed_and_stored(runtime: Path) -> None:
    with zipfile.ZipFile(runtime / "pyodide" / "python_stdlib.zip") as zf:
        infos = zf.infolist()
        names = set(zip_modules(zf.namelist()))
    assert {i.compress_type for i in infos} == {zipfile.ZIP_STORED}
    with zipfile.ZipFile(build.STDLIB) as full:
        assert len(infos) < 0.6 * len(full.namelist())
    # What the core imports, what Python's start and the codecs need; what nothing imports is gone.
    assert {"json", "random", "dataclasses", "site", "encodings.utf_8", "encodings.cp437", "pyodide.ffi"} <= names
    assert not {"unittest", "tkinter", "idlelib", "sqlite3", "encodings.cp1252", "turtle"} & names
    with zipfile.ZipFile(runtime / "pygame_core.zip") as zf:
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
    lock = json.loads((runtime / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")


# An import statement of the Python held in PyScript's JavaScript strings (its worker glue), after a line
# break, a written "\n", a quote or a semicolon.
_PY_IN_JS = re.compile(r"""(?:^|[\n;"'`(]|\\n)[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import\b|import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*))""")


def test_pyscripts_glue_imports_only_what_ships(runtime: Path) -> None:
    """PyScript's worker glue is Python inside its shipped chunks, which the closure cannot read: every
    stdlib module it names (found by the closure's KEEP list) is in the trimmed zip."""
    with zipfile.ZipFile(build.STDLIB) as zf:
        full = set(zip_modules(zf.namelist()))
    with zipfile.ZipFile(runtime / "pyodide" / "python_stdlib.zip") as zf:
        shipped = set(zip_modules(zf.namelist()))
    named: set[str] = set()
    for chunk in (runtime / "pyscript").glob("*.js"):
        for m in _PY_IN_JS.finditer(chunk.read_text()):
            names = [m.group(1)] if m.group(1) else [n.strip() for n in m.group(2).split(",")]
            named.update(n for n in names if n in full)
    assert {"asyncio", "json", "pathlib", "base64", "pyodide.ffi"} <= named  # the reading works
    assert named <= shipped, named - shipped


# Pyodide under Node from the site's files, as web/boot-snapshot.mjs runs it: import each module of
# argv[3] (a JSON list), then one short game of each game with every seat random, through the worker.
RUN = r"""
import { readFileSync } from "node:fs";
import { join } from "node:path";
const [site, mods] = [process.argv[1], JSON.parse(readFileSync(process.argv[2], "utf8"))];
const { loadPyodide } = await import(join(site, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(site, "pyodide") + "/" });
py.unpackArchive(new Uint8Array(readFileSync(join(site, "pygame_core.zip"))), "zip");
py.FS.writeFile("primi_worker.py", readFileSync(join(site, "worker.py")));
py.globals.set("MODULES", py.toPy(mods));
console.log(py.runPython(`
import importlib, json
failed = {}
for name in MODULES:
    try:
        importlib.import_module(name)
    except ImportError as e:  # a platform module (msvcrt, _winapi) is absent from any Pyodide: kept apart
        failed[name] = [type(e).__name__, e.name]
import primi_worker as w
def call(req):
    a = json.loads(w.call(json.dumps(req)))
    assert a["ok"], a
    return a["result"]
played = {}
for g in call({"op": "info"})["games"]:
    s = call({"op": "new_game", "game": g["name"], "seats": ["random"] * 4, "seed": 3,
              "options": {"deals": 1} if g["name"] == "primero" else {}})
    for n in range(2000):
        if call({"op": "ai_step", "session": s["session"]})["terminal"]:
            break
    played[g["name"]] = n + 1
json.dumps({"failed": failed, "played": played})
`));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (as the build's snapshot does)")
def test_the_built_runtime_imports_all_the_core_can_reach_and_plays(runtime: Path, tmp_path: Path) -> None:
    """Every stdlib module the core, the bridge and worker.py can import (lazy imports included: the
    closure without the KEEP list), imported in Pyodide with the shipped zip; then each game played."""
    with zipfile.ZipFile(build.STDLIB) as zf:
        full = set(zip_modules(zf.namelist()))
        core = closure(source_roots(build.CORE_ROOTS), zf, keep=())
    assert {"argparse", "json", "random", "asyncio"} <= set(core)
    (tmp_path / "mods.json").write_text(json.dumps(core))
    out = subprocess.run(["node", "--input-type=module", "-e", RUN, str(runtime), str(tmp_path / "mods.json")],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    # A module missing from the trimmed zip (one the full stdlib has) fails; a platform one may not import.
    missing = {m: e for m, e in result["failed"].items() if e[0] == "ModuleNotFoundError" and e[1] in full}
    assert not missing, missing
    assert set(result["played"]) == {"primero", "primiera", "primo"}, result

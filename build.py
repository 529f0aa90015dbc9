#!/usr/bin/env python3
"""Build Primi into a static site in ``dist/``, or serve it.

    python build.py [--dist DIR] [--version LABEL]
                                    build dist/ (or DIR), its pages marked with LABEL
    python build.py serve [--port N] [--no-build]
                                    build if needed, then serve dist/ on 127.0.0.1
    python build.py test [PYTEST ARGS]
                                    install what the tests need, then run ruff,
                                    mypy, tsc and every test (tests/ and e2e/)

The site holds the page and its UI assets from ``web/``, the rules core packed
as ``pygame_core.zip`` for PyScript, and Pyodide, PyScript and the QR generator copied from
``node_modules`` (pinned in package.json / package-lock.json, installed by
``npm ci``). Only files the site loads are copied. A service worker keeps
every file (a first visit's as the page loads them, then the rest in the
background), under a cache named after a hash of the build, each file checked
against its SHA-256 (listed in ``build.json``), so the installed PWA plays
offline and an update never mixes two builds. Pyodide's standard library is
trimmed to the modules the site can import (tools/stdlib_closure.py), and both
zips hold their entries stored (uncompressed), so that compression on the wire
works across files. Compressible files also get a gzipped copy ``name.gz`` and,
with Node, a brotli copy ``name.br`` for hosts that serve those (``serve`` sends
br to a browser that accepts it, else gzip). The built site makes no request to
any other origin.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import hashlib
import http
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from typing import Any

from tools.machine_cache import CACHE
from tools.stdlib_closure import KEEP as STDLIB_KEEP
from tools.stdlib_closure import closure, entries_for, source_roots

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
CORE = ROOT / "pygame_core"

# The Pyodide files a page loads: the runtime, the standard library (trimmed: see trim_stdlib) and the lock
# file (loadPyodide fetches it at start even when no package is loaded; see write_lock).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB = NODE / "pyodide" / "python_stdlib.zip"
# The Python the site runs, whose imports decide which stdlib modules ship: (folder or file, its import root).
# PyScript's own package (``pyscript``) is written into the worker from core-*.js; its sources are in src/stdlib.
PYSCRIPT_PY = NODE / "@pyscript" / "core" / "src" / "stdlib"
CORE_ROOTS = ((CORE, ROOT), (WEB / "bridge", WEB), (WEB / "worker.py", WEB))  # ours (tests/test_stdlib.py runs them)
PYTHON_ROOTS = (*CORE_ROOTS, (PYSCRIPT_PY / "pyscript", PYSCRIPT_PY))
# PyScript's chunks that core.js loads for a Pyodide worker (measured with a request log: see e2e).
# Editors, terminals and codemirror/xterm are never loaded, so they are not shipped.
PYSCRIPT_PREFIXES = (
    "core.js", "core-", "core.css", "deprecations-manager-", "donkey-", "error-",
    "py-editor-", "py-game-", "py-terminal-", "toml-",
)
WEB_SKIP = {"__pycache__", "cards-demo.html", "boot-snapshot.mjs", "bridge"}  # bridge: packed into the zip
# Type declarations (web/protocol.d.ts, web/env.d.ts) are for tsc only: the site never loads them.
WEB_SKIP_SUFFIXES = (".d.ts",)
# The QR generator the lobby draws invites with (issue 22; web/shell/net/qr.js imports it from lean-qr/):
# its ES module and its licence, nothing else of the package.
QR_FILES = ("index.mjs", "LICENSE")
TSC = NODE / ".bin" / "tsc"


def ensure_node_modules() -> None:
    """Install the pinned npm packages with ``npm ci`` when they are missing."""
    needed = (NODE / "pyodide" / "pyodide.mjs", NODE / "@pyscript" / "core" / "dist" / "core.js",
              NODE / "axe-core" / "axe.min.js", NODE / "lean-qr" / QR_FILES[0], TSC)
    if all(p.exists() for p in needed):
        return
    print("build: installing pinned npm packages (npm ci)", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def zip_core(target: Path) -> None:
    """Pack pygame_core (sources, and the data files in its ``data/`` folders, e.g. the heads-up Waks
    table) and the worker bridge package (``web/bridge``, which web/worker.py imports) into a zip that
    unpacks into the worker's working directory (``pygame_core/`` and ``bridge/``)."""
    bridge = WEB / "bridge"
    files = [(p, p.relative_to(ROOT)) for p in [*CORE.rglob("*.py"), *CORE.rglob("data/*.json")]]
    files += [(p, p.relative_to(WEB)) for p in bridge.rglob("*.py")]
    # Stored, not deflated: the host's gzip/brotli over the whole archive beats deflate file by file.
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zf:
        for path, name in sorted(files, key=lambda f: f[1].as_posix()):
            if "__pycache__" in path.parts:
                continue
            info = zipfile.ZipInfo(name.as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            zf.writestr(info, path.read_bytes())


# The closure parses every reached stdlib module (3 s of a core): kept in build/ by a hash of all it reads,
# so each process that builds (the suite's build, tests/test_build.py, e2e/offline/test_updates.py's deploys) does
# not parse them again.
CLOSURE_CACHE = ROOT / "build" / "stdlib-closure"  # ignored by git (the top-level build/)


def stdlib_modules() -> list[str]:
    """The stdlib modules the site can import: the closure of PYTHON_ROOTS' imports (lazy ones too)
    through the stdlib's own sources, with tools/stdlib_closure.py's KEEP list."""
    roots = source_roots(PYTHON_ROOTS)
    # Everything the answer depends on: this Python's parser, the closure's code and KEEP list, the
    # stdlib zip and every root's source.
    key = hashlib.sha256(repr((sys.version_info[:2], sorted(STDLIB_KEEP))).encode())
    key.update(hashlib.sha256((ROOT / "tools" / "stdlib_closure.py").read_bytes()).digest())
    key.update(hashlib.sha256(STDLIB.read_bytes()).digest())
    for source, name, is_pkg in roots:
        data = source if isinstance(source, bytes) else source.encode()
        key.update(f"{name}\0{is_pkg}\0".encode() + hashlib.sha256(data).digest())
    kept = CLOSURE_CACHE / f"{key.hexdigest()}.json"
    if kept.exists():
        found: list[str] = json.loads(kept.read_text())
        return found
    with zipfile.ZipFile(STDLIB) as zf:
        modules = closure(roots, zf, STDLIB_KEEP)
    CLOSURE_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")  # two builds at once (the test workers)
    tmp.write_text(json.dumps(modules))
    tmp.replace(kept)
    return modules


def trim_stdlib(target: Path) -> None:
    """Write Pyodide's ``python_stdlib.zip`` holding only ``stdlib_modules()``, entries stored
    (zipimport reads them without inflating; the wire's gzip/brotli compresses across files)."""
    with zipfile.ZipFile(STDLIB) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for name in entries_for(stdlib_modules(), src):
            info = src.getinfo(name)
            out.writestr(zipfile.ZipInfo(name, date_time=info.date_time), src.read(name))


def write_lock(target: Path) -> None:
    """Write Pyodide's lock file without its packages. loadPyodide fetches it at start whatever it loads
    (and checks its ``info``: ABI and Python); the site loads no package, so the 357 package entries
    (119 KB, 22 KB as brotli) would only cost a first visit. Pyodide's start reads nothing else of it."""
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    target.write_text(json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")))


def copy_runtime(dist: Path) -> None:
    """Copy the Pyodide core, the PyScript chunks the page loads and the QR generator."""
    (dist / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, dist / "pyodide" / name)
    trim_stdlib(dist / "pyodide" / "python_stdlib.zip")
    write_lock(dist / "pyodide" / "pyodide-lock.json")
    (dist / "pyscript").mkdir()
    for path in pyscript_files():
        shutil.copy2(path, dist / "pyscript" / path.name)
    (dist / "lean-qr").mkdir()
    for name in QR_FILES:
        shutil.copy2(NODE / "lean-qr" / name, dist / "lean-qr" / name)


def pyscript_files() -> list[Path]:
    """The PyScript files the site ships (PYSCRIPT_PREFIXES), from its npm package."""
    src = NODE / "@pyscript" / "core" / "dist"
    return [p for p in sorted(src.iterdir()) if p.suffix != ".map" and p.name.startswith(PYSCRIPT_PREFIXES)]


def inline_styles(dist: Path) -> None:
    """Put the stylesheets inside index.html, so the first paint waits for no other request."""
    html = (dist / "index.html").read_text()
    for name in ("style.css", "learn.css"):
        link = f'<link rel="stylesheet" href="./{name}">'
        if link in html:
            html = html.replace(link, f"<style>\n{(dist / name).read_text()}</style>")
            (dist / name).unlink()  # the page no longer loads it
    (dist / "index.html").write_text(html)


_STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?from\s*["'](\.{1,2}/[^"']+\.js)["']|^\s*import\s*["'](\.{1,2}/[^"']+\.js)["']""", re.M)


def module_graph(dist: Path, entry: str = "app.js") -> list[str]:
    """Every module the page's entry imports statically, directly or not (site-relative, in order)."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name in seen or not (dist / name).is_file():
            continue
        seen.append(name)
        base = (dist / name).parent
        for match in _STATIC_IMPORT.finditer((dist / name).read_text()):
            rel = (base / (match.group(1) or match.group(2))).resolve().relative_to(dist.resolve()).as_posix()
            todo.append(rel)
    return seen


def preload_modules(dist: Path) -> None:
    """Let the page fetch its whole module graph and the game catalogue at once, in parallel, instead of
    level by level as each module is parsed: ``modulepreload`` links for every module app.js imports
    statically, and a ``preload`` for catalogue.json (the home screen's game list). PyScript's
    ``core.js`` (app.js imports it dynamically, to start the engine) is preloaded too, so the engine's
    first file is on its way at first paint, with the chunks its start imports (each a round trip
    later otherwise: two levels of imports before the engine's worker starts; not the TOML parser, which
    a JSON config never loads)."""
    html = (dist / "index.html").read_text()
    entry = '<script type="module" src="./app.js"></script>'
    chunks = [f"pyscript/{p.name}" for p in pyscript_files() if p.suffix == ".js" and p.name != "core.js"
              and not p.name.startswith("toml-")]
    links = [f'<link rel="modulepreload" href="./{m}">' for m in [*module_graph(dist)[1:], "pyscript/core.js", *chunks]]
    links.append('<link rel="preload" href="./catalogue.json" as="fetch" crossorigin="anonymous">')
    if entry in html:
        html = html.replace(entry, entry + "\n" + "\n".join(links))
    (dist / "index.html").write_text(html)


def copy_web(dist: Path) -> None:
    """Copy the page, styles, scripts and the worker bridge."""
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB)
        if any(part in WEB_SKIP for part in rel.parts) or path.is_dir() or path.name.endswith(WEB_SKIP_SUFFIXES):
            continue
        out = dist / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, out)


def site_files(dist: Path) -> list[str]:
    """Every file of the built site, as URLs relative to its root, sorted."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


def write_catalogue(dist: Path) -> None:
    """Write ``catalogue.json``: the registry and rule data the shell shows before Python is ready, in
    English; and each other language's words for it apart, ``catalogue.<lang>.json`` (the page fetches
    only its language's: they were two thirds of the file, gzipped)."""
    code = "import json, sys; from pygame_core.sitedata import site_catalogue; json.dump(site_catalogue(), sys.stdout)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    catalogue = json.loads(out)
    for lang, words in catalogue.pop("translations").items():
        (dist / f"catalogue.{lang}.json").write_text(json.dumps(words, ensure_ascii=False), encoding="utf-8")
    (dist / "catalogue.json").write_text(json.dumps(catalogue), encoding="utf-8")


# What the engine's memory snapshot depends on (web/snapshot-maker.mjs makes it in the player's
# browser, web/engine-boot.mjs restores it): the Python runtime, the core and the bridge, the worker's
# script, and the code that makes, keeps and restores it. Paths in the built site; a folder ends in "/".
ENGINE_INPUTS = ("pyodide/", "pygame_core.zip", "worker.py", "snapshot-maker.mjs", "snapshot-store.mjs", "engine-boot.mjs")
ENGINE_STAMPED = ("engine-boot.mjs", "snapshot-maker.mjs")
TAG_PLACEHOLDER = "__ENGINE_TAG__"


def engine_tag(dist: Path) -> str:
    """The engine's tag: a hash of every file of ``ENGINE_INPUTS`` in the built site (not their
    precompressed copies), names and bytes. The same engine gets the same tag, so a deploy that
    changes only the page keeps a player's stored snapshot; any change to the engine makes it stale."""
    digest = hashlib.sha256()
    for rel in site_files(dist):
        if rel.endswith((".gz", ".br")) or not any(rel == i or (i.endswith("/") and rel.startswith(i)) for i in ENGINE_INPUTS):
            continue
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((dist / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def stamp_engine_tag(dist: Path) -> str:
    """Stamp the engine's tag (computed from the final files, before the stamp) into the modules that
    make and restore the snapshot; return it. The site ships no snapshot (issue 21: it was 55% of a
    first visit's bytes): the player's browser makes one once a visit's engine is up."""
    tag = engine_tag(dist)
    for name in ENGINE_STAMPED:
        path = dist / name
        text = path.read_text()
        if f'"{TAG_PLACEHOLDER}"' not in text:
            raise RuntimeError(f"build: {name} has no {TAG_PLACEHOLDER} to stamp")
        path.write_text(text.replace(f'"{TAG_PLACEHOLDER}"', json.dumps(tag)))
    return tag


def write_manifest(dist: Path, version: str) -> str:
    """Write ``build.json`` (version, files and their SHA-256) and stamp the service worker and the
    page; return the build hash. The worker precaches each file only if its bytes have that hash."""
    html = (dist / "index.html").read_text().replace("__VERSION__", version)
    (dist / "index.html").write_text(html)
    files = [f for f in site_files(dist) if f not in ("sw.js", "build.json") and not f.endswith(COPY_SUFFIXES)]
    sha = {f: hashlib.sha256((dist / f).read_bytes()).hexdigest() for f in files}
    digest = hashlib.sha256((dist / "sw.js").read_bytes())  # the worker's own code is part of the build
    for f in files:
        digest.update(f.encode())
        digest.update(bytes.fromhex(sha[f]))
    build_hash = digest.hexdigest()[:16]
    html = html.replace("__BUILD_HASH__", build_hash)
    (dist / "index.html").write_text(html)
    sha["index.html"] = hashlib.sha256((dist / "index.html").read_bytes()).hexdigest()
    # "./" is the page itself (index.html), which a visit to the site's folder loads.
    precache = {"./": sha["index.html"], **{f"./{f}": sha[f] for f in files}}
    manifest = {"hash": build_hash, "version": version, "files": files, "sha256": sha}
    (dist / "build.json").write_text(json.dumps(manifest, indent=1))
    sw = (dist / "sw.js").read_text()
    # Each file's size in bytes, for the boot's progress bar (what the service worker fetches and serves).
    sizes = {url: (dist / ("index.html" if url == "./" else url[2:])).stat().st_size for url in precache}
    sw = sw.replace("__BUILD_HASH__", build_hash).replace('"__PRECACHE__"', json.dumps(precache))
    sw = sw.replace('"__SIZES__"', json.dumps(sizes))
    # And each file's size over the wire as a host sends it to a browser (which accepts br): its .br copy,
    # else its .gz copy, else itself (the first visit's download in bytes transferred: the boot bar's total).
    sent = precompress(dist, files)  # index.html is among them
    wire = {url: sent["index.html" if url == "./" else url[2:]] for url in sizes}
    sw = sw.replace('"__WIRE__"', json.dumps(wire))
    (dist / "sw.js").write_text(sw)
    return build_hash


# Precompressed copies for hosts that serve them (nginx ``gzip_static`` / ``brotli_static``, ``build.py
# serve``): ``name.gz`` and, made by Node, ``name.br``. The zips hold their entries stored, so they compress
# too. A copy is written only when it saves at least a tenth.
GZIP_SUFFIXES = (".html", ".js", ".mjs", ".json", ".py", ".svg", ".css", ".webmanifest", ".wasm", ".zip")
COPY_SUFFIXES = (".gz", ".br")
# Brotli at quality 11 (Node's zlib), one Node for the whole list of [file, out] pairs (JSON on stdin):
# writes each compressed copy to its out path. Quality 11 is slow (half a minute for the wasm on a busy
# machine), so the copies are kept by content in BROTLI_CACHE and each is made once on a machine.
_BROTLI_JS = r"""
const fs = require("node:fs"), zlib = require("node:zlib");
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
for (const [file, out] of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(file);
  const packed = zlib.brotliCompressSync(data, { params: { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_SIZE_HINT]: data.length } });
  const tmp = `${out}.${process.pid}.tmp`;  // two builds at once (the test workers) never share one
  fs.writeFileSync(tmp, packed);
  fs.renameSync(tmp, out);
}
"""
# The compressed copies are kept by their input's SHA-256 in the machine's cache (tools/machine_cache.py),
# as npm keeps its packages: a file's copy depends on its bytes alone, and most bytes are the pinned
# runtime's, the same in every clone. A fresh clone's build (CI's) otherwise spent a minute of the test
# command in brotli (pyodide.asm.wasm alone is 9.6 MB at quality 11).
BROTLI_CACHE = CACHE / "brotli"
GZIP_CACHE = CACHE / "gzip"


def node_path() -> str | None:
    """Node, which makes the brotli copies; None without it."""
    return shutil.which("node")


# By content (a name's suffix and its bytes' hash): a process that builds again (e2e/offline/test_updates.py
# deploys several versions into temporary folders) compresses each unchanged file once.
_GZIPPED: dict[tuple[str, bytes], bytes | None] = {}
_BROTLI: dict[tuple[str, int, int], int | None] = {}


def _version(path: Path) -> tuple[str, int, int]:
    st = path.stat()
    return (str(path), st.st_size, st.st_mtime_ns)


def gzipped(path: Path) -> bytes | None:
    """The bytes of ``path``'s ``.gz`` copy, or None when it gets none (not compressible, or it would
    not save a tenth). Kept per content: the manifest sizes them, then write_gzip writes them; and on
    disk in GZIP_CACHE, as the brotli copies are (level 9 over the site is 2 s of a core a process)."""
    data = path.read_bytes()
    key = (path.suffix, hashlib.sha256(data).digest())
    if key not in _GZIPPED:
        packed = data
        if path.suffix in GZIP_SUFFIXES:
            kept = GZIP_CACHE / (key[1].hex() + ".gz")
            if kept.exists():
                packed = kept.read_bytes()
            else:
                packed = gzip.compress(data, compresslevel=9, mtime=0)
                GZIP_CACHE.mkdir(parents=True, exist_ok=True)
                tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
                tmp.write_bytes(packed)
                tmp.replace(kept)
        _GZIPPED[key] = packed if len(packed) <= 0.9 * len(data) else None
    return _GZIPPED[key]


def write_brotli(paths: list[Path]) -> dict[Path, int | None]:
    """Write ``name.br`` beside each compressible file of ``paths`` that brotli shrinks by a tenth (the
    ones not made before, in one Node); return each path's ``.br`` size, or None when it has none.
    Without Node (or when it fails), no brotli copies: the gzip ones serve."""
    todo = [p for p in paths if p.suffix in GZIP_SUFFIXES and _version(p) not in _BROTLI]
    cached = {p: BROTLI_CACHE / (hashlib.sha256(p.read_bytes()).hexdigest() + ".br") for p in todo}
    missing = [p for p in todo if not cached[p].exists()]
    node = node_path()
    if missing and node:
        BROTLI_CACHE.mkdir(parents=True, exist_ok=True)
        # Quality 11 takes about a second of CPU per MB: a fresh clone's build (CI's) compresses the whole
        # site, so the files are shared between one Node per core, the largest first to the least loaded.
        shares: list[list[Path]] = [[] for _ in range(max(1, min(os.cpu_count() or 1, len(missing))))]
        loads = [0] * len(shares)
        for path in sorted(missing, key=lambda q: -q.stat().st_size):
            k = loads.index(min(loads))
            shares[k].append(path)
            loads[k] += path.stat().st_size
        procs = [subprocess.Popen([node, "-e", _BROTLI_JS], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True) for _ in shares]
        for proc, share in zip(procs, shares, strict=True):
            assert proc.stdin is not None
            proc.stdin.write(json.dumps([[str(q), str(cached[q])] for q in share]))
            proc.stdin.close()
        for proc in procs:
            assert proc.stderr is not None
            err = proc.stderr.read()  # a few lines at most (a failure's message): no pipe fills
            if proc.wait() != 0:
                print("build: WARNING: some brotli copies missing, Node failed:", err.strip()[-300:], flush=True)
    for p in todo:
        out = p.with_name(p.name + ".br")
        size = cached[p].stat().st_size if cached[p].exists() else None
        if size is not None and size <= 0.9 * p.stat().st_size:
            shutil.copyfile(cached[p], out)
            st = p.stat()  # the copy carries its file's mtime, as the .gz one does (If-Modified-Since)
            os.utime(out, ns=(st.st_atime_ns, st.st_mtime_ns))
        else:
            out.unlink(missing_ok=True)
            size = None
        _BROTLI[_version(p)] = size
    return {p: _BROTLI.get(_version(p)) for p in paths}


def precompress(dist: Path, rels: list[str]) -> dict[str, int]:
    """Write the ``.gz`` and ``.br`` copies of ``rels`` (files of ``dist``; each copy with its file's
    mtime); return each file's size as sent to a browser that accepts br: its .br copy's, else its .gz
    copy's, else its own."""
    paths = [dist / rel for rel in rels]
    br = write_brotli(paths)
    sent: dict[str, int] = {}
    for rel, path in zip(rels, paths, strict=True):
        packed = gzipped(path)
        if packed is not None:
            out = path.with_name(path.name + ".gz")
            out.write_bytes(packed)
            st = path.stat()
            os.utime(out, ns=(st.st_atime_ns, st.st_mtime_ns))
        else:
            path.with_name(path.name + ".gz").unlink(missing_ok=True)
        sent[rel] = br[path] or (len(packed) if packed is not None else path.stat().st_size)
    return sent


def write_gzip(dist: Path) -> int:
    """Write every precompressed copy of the folder ``dist`` (``name.gz``, and ``name.br`` with Node);
    return the site's size as sent (each file's .br copy where it has one, else its .gz, else itself)."""
    sent = precompress(dist, [f for f in site_files(dist) if not f.endswith(COPY_SUFFIXES)])
    _BROTLI.clear()
    return sum(sent.values())


def build(dist: Path = DIST, version: str | None = None) -> str:
    """Build the whole site into ``dist``; return the build hash.

    ``version`` is the label the page carries (``<html data-version>``, ``build.json``); by
    default the project's version from pyproject.toml."""
    ensure_node_modules()
    tmp = dist.with_name(dist.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    copy_web(tmp)
    inline_styles(tmp)
    preload_modules(tmp)
    copy_runtime(tmp)
    zip_core(tmp / "pygame_core.zip")
    write_catalogue(tmp)
    stamp_engine_tag(tmp)  # last before the manifest: every engine file is final
    build_hash = write_manifest(tmp, version or project_version())
    files = site_files(tmp)
    size = sum((tmp / f).stat().st_size for f in files)
    sent = write_gzip(tmp)
    if dist.exists():
        shutil.rmtree(dist)
    tmp.rename(dist)
    print(f"build: {dist.name}/ ready, {len(files)} files, {size / 1e6:.1f} MB ({sent / 1e6:.1f} MB as sent, "
          f"with its .br/.gz copies), build {build_hash}", flush=True)
    return build_hash


def project_version() -> str:
    """The version in pyproject.toml."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def needs_build(dist: Path = DIST) -> bool:
    """True when dist/ is missing or older than any source file."""
    stamp = dist / "build.json"
    if not stamp.exists():
        return True
    built = stamp.stat().st_mtime
    sources = [ROOT / "build.py", ROOT / "package-lock.json", *WEB.rglob("*"), *CORE.rglob("*.py"), *CORE.rglob("data/*.json"),
               *(ROOT / "tools").glob("*.py")]
    return any(p.is_file() and p.stat().st_mtime > built for p in sources)


def accepted_encodings(header: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (those not refused with ``q=0``)."""
    out = set()
    for part in header.split(","):
        coding, *params = (p.strip() for p in part.split(";"))
        refused = any(p.replace(" ", "").lower() in ("q=0", "q=0.0", "q=0.00", "q=0.000") for p in params)
        if coding and not refused:
            out.add(coding.lower())
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types and no caching surprises while developing. A file with
    precompressed copies is sent as its ``.br`` copy (``Content-Encoding: br``) to a client that accepts
    br, else as its ``.gz`` copy to one that accepts gzip, as a host with nginx's ``brotli_static`` and
    ``gzip_static`` does; every such answer says ``Vary: Accept-Encoding``."""

    serve_gzip = True  # send the precompressed copies (.br, .gz) at all

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".py": "text/plain",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }

    def precompressed(self, path: str) -> tuple[str, str] | None:
        """The copy of ``path`` to send and its coding (br first: smaller), or None to send the file."""
        if not (self.serve_gzip and os.path.isfile(path)):
            return None
        accepts = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            if coding in accepts and os.path.isfile(path + suffix):
                return path + suffix, coding
        return None

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        copy = self.precompressed(path)
        if copy is None:
            # The file itself, to a client that accepts neither copy: still a choice a cache must know of.
            self.vary = self.serve_gzip and any(os.path.isfile(path + s) for s in COPY_SUFFIXES)
            return super().send_head()
        self.vary = False  # said below, with the copy
        f = open(copy[0], "rb")  # noqa: SIM115 (closed by the caller, as in the base class)
        st = os.fstat(f.fileno())
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(st.st_mtime):
                    f.close()
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", copy[1])
        self.send_header("Content-Length", str(st.st_size))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    vary = False

    def end_headers(self) -> None:
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        if self.path.split("?")[0].endswith(("sw.js", "build.json", "/", ".html")):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if os.environ.get("PRIMI_QUIET"):
            return
        super().log_message(format, *args)


CHROMIUM = Path("/usr/bin/chromium")  # the benches' browser (bench/kit/browser.py), and the tests' snapshot maker's
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")  # the e2e tests' (bench/kit/browser.py E2E_CHROMIUM)
DEV_MODULES = ("pytest", "hypothesis", "playwright", "pytest_playwright", "ruff", "mypy")


def _missing_modules() -> list[str]:
    code = (
        "import importlib.util, sys; "
        f"print(' '.join(m for m in {DEV_MODULES!r} if importlib.util.find_spec(m) is None))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return out.split()


def ensure_test_tools() -> None:
    """Install the Python dev extras, the npm packages and Debian's chromium and chromium-headless-shell when missing."""
    missing = _missing_modules()
    if missing:
        print(f"test: installing the Python dev extras (missing: {', '.join(missing)})", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[dev]"], cwd=ROOT, check=True)
    ensure_node_modules()
    lacking = [path.name for path in (CHROMIUM, HEADLESS_SHELL) if not path.exists()]  # each its Debian package's name
    if lacking:
        print(f"test: installing Debian's {' and '.join(lacking)} (apt-get install -y {' '.join(lacking)})", flush=True)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True)
        subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *lacking], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def _say(step: str, since: float) -> None:
    """A step of ``build.py test`` with the time since the command began (where the suite's minutes go)."""
    took = time.monotonic() - since
    print(f"test: {step} (at {int(took // 60)}:{int(took % 60):02d})", flush=True)


def run_tests(pytest_args: list[str]) -> int:
    """Lint, type-check and run every test; the exit status is non-zero if any step failed."""
    began = time.monotonic()
    ensure_test_tools()
    steps = [
        ("ruff", [sys.executable, "-m", "ruff", "check", "pygame_core", "web/worker.py", "web/bridge", "tests", "e2e", "bench", "build.py", "tools"]),
        ("mypy", [sys.executable, "-m", "mypy"]),
        # The page's JS against web/protocol.d.ts; the service worker with its own globals.
        ("tsc", [str(TSC), "-p", "."]),
        ("tsc sw.js", [str(TSC), "-p", "tsconfig.sw.json"]),
        ("node --test", ["node", "--test", "tests/js/"]),
    ]
    failed = []
    if not pytest_args:
        # The whole suite: build first, and make the e2e tests' engine snapshot (e2e/kit/snapshot_seed.py,
        # a Pyodide boot in chromium, kept in build/ under the engine's tag) once, rather than in each
        # pytest worker. The lint and type steps (about 35 s of a core) run beside the seed and then
        # beside pytest, their output kept and printed after it: they had held pytest back by 35 s.
        _say("build", began)
        build()
        seed = subprocess.Popen([sys.executable, "e2e/kit/snapshot_seed.py"], cwd=ROOT)
        checks: list[tuple[str, subprocess.CompletedProcess[str]]] = []
        beside = threading.Thread(target=lambda: checks.extend(
            (name, subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)) for name, cmd in steps), daemon=True)
        _say(f"{', '.join(name for name, _ in steps)} (beside the seed and pytest)", began)
        beside.start()
        seed.wait()  # without a snapshot (it failed) the pytest workers try again, then boot plainly
        _say("pytest", began)
        failed += run_shards()
        beside.join()
        for name, done in checks:
            print(f"test: {name}: {'passed' if done.returncode == 0 else 'FAILED'}", flush=True)
            sys.stdout.write(done.stdout + done.stderr)
            if done.returncode != 0:
                failed.append(name)
    else:  # a selection (-k, a file): the checks, then one pytest process, as asked
        for name, cmd in steps:
            _say(name, began)
            if subprocess.run(cmd, cwd=ROOT).returncode != 0:
                failed.append(name)
        _say("pytest", began)
        # Files or tests named: those alone (with tests/ and e2e/ before them pytest ran the whole suite).
        named = any(not a.startswith("-") and before not in ("-k", "-m", "-p", "-o", "--deselect")
                    and (ROOT / a.split("::", 1)[0]).exists() for before, a in zip(["", *pytest_args], pytest_args, strict=False))
        where = [] if named else ["tests", "e2e"]
        if subprocess.run([sys.executable, "-m", "pytest", *where, "-q", "-p", "no:cacheprovider", "-p", "tools.pytest_cpu",
                           *pytest_args],
                          cwd=ROOT).returncode != 0:
            failed.append("pytest")
    if failed:
        _say(f"FAILED steps: {', '.join(failed)}", began)
        return 1
    _say("every step passed", began)
    return 0


# The whole suite runs in one pytest over two xdist workers, one per core, a test file at a time to
# each (--dist loadfile: a file's booted pages and module fixtures stay in one worker). The longest
# files are collected first (e2e/conftest.py) and handed out in that order (--no-loadscope-reorder:
# xdist's default order, most tests first, had put them last), and the many short files fill in
# behind them, so neither worker is left with a long file at the end (two fixed shards had left one
# waiting on the other). Three workers were tried (2026-12-02): 15.2 min instead of about 15, the
# cores saturated (load 8), and a main-thread task stretched past the motion tests' bound.
WORKERS = 2


def run_shards() -> list[str]:
    """Every test in tests/ and e2e/ (of dist/ as built) over ``WORKERS`` pytest-xdist workers; ["pytest"]
    if any failed."""
    env = {**os.environ, "PRIMI_PREBUILT": "1"}
    cmd = [sys.executable, "-m", "pytest", "tests", "e2e", "-q", "-p", "no:cacheprovider", "-p", "tools.pytest_cpu",
           "-n", str(WORKERS), "--dist", "loadfile", "--no-loadscope-reorder"]
    return [] if subprocess.run(cmd, cwd=ROOT, env=env).returncode == 0 else ["pytest"]


class QuietHandler(Handler):
    """``Handler`` without a log line per request (benchmarks and scripts)."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serve_in_background(dist: Path = DIST) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Build ``dist`` if needed, serve it quietly on a free port of 127.0.0.1 in a daemon thread,
    and return the server (``shutdown()`` stops it) and the site's base URL."""
    if dist == DIST and needs_build():
        build()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def serve(port: int, dist: Path = DIST) -> None:
    """Serve ``dist`` on 127.0.0.1 until interrupted."""
    handler = functools.partial(Handler, directory=str(dist))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(f"serving Primi on http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl+C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/ (the default)")
    p_serve = sub.add_parser("serve", help="build if needed, then serve dist/ on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    p_test = sub.add_parser("test", help="install what the tests need, then run ruff, mypy and all tests")
    p_test.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra arguments for pytest")
    parser.add_argument("--dist", type=Path, default=DIST, help="the site's folder (default: dist/)")
    parser.add_argument("--version", help="the version label the page carries (default: pyproject.toml's)")
    args = parser.parse_args(argv)
    if args.command == "test":
        return run_tests(args.pytest_args)
    dist = args.dist.resolve()
    if args.command == "serve":
        if not args.no_build and (args.version or needs_build(dist)):
            build(dist, args.version)
        if not (dist / "index.html").exists():
            print(f"build: {dist} is missing; run python build.py first", file=sys.stderr)
            return 2
        serve(args.port, dist)
        return 0
    build(dist, args.version)
    return 0


if __name__ == "__main__":
    sys.exit(main())

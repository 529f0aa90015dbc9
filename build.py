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
as ``pygame_core.zip`` for PyScript, and Pyodide and PyScript copied from
``node_modules`` (pinned in package.json / package-lock.json, installed by
``npm ci``). Only files the site loads are copied. A service worker keeps
every file (a first visit's as the page loads them, then the rest in the
background), under a cache named after a hash of the build, each file checked
against its SHA-256 (listed in ``build.json``), so the installed PWA plays
offline and an update never mixes two builds. Compressible files also get a
gzipped copy ``name.gz`` for hosts that serve those (``serve`` does). The built
site makes no request to any other origin.
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
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE = ROOT / "node_modules"
CORE = ROOT / "pygame_core"

# The Pyodide files a page loads: the runtime, the standard library and the lock file.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# PyScript's chunks that core.js loads for a Pyodide worker (measured with a request log: see e2e).
# Editors, terminals and codemirror/xterm are never loaded, so they are not shipped.
PYSCRIPT_PREFIXES = (
    "core.js", "core-", "core.css", "deprecations-manager-", "donkey-", "error-",
    "py-editor-", "py-game-", "py-terminal-", "toml-",
)
WEB_SKIP = {"__pycache__", "cards-demo.html", "boot-snapshot.mjs", "bridge"}  # bridge: packed into the zip
# Type declarations (web/protocol.d.ts, web/env.d.ts) are for tsc only: the site never loads them.
WEB_SKIP_SUFFIXES = (".d.ts",)
TSC = NODE / ".bin" / "tsc"


def ensure_node_modules() -> None:
    """Install the pinned npm packages with ``npm ci`` when they are missing."""
    needed = (NODE / "pyodide" / "pyodide.mjs", NODE / "@pyscript" / "core" / "dist" / "core.js",
              NODE / "axe-core" / "axe.min.js", TSC)
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
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, name in sorted(files, key=lambda f: f[1].as_posix()):
            if "__pycache__" in path.parts:
                continue
            info = zipfile.ZipInfo(name.as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())


def copy_runtime(dist: Path) -> None:
    """Copy the Pyodide core and the PyScript chunks the page loads."""
    (dist / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, dist / "pyodide" / name)
    (dist / "pyscript").mkdir()
    src = NODE / "@pyscript" / "core" / "dist"
    for path in sorted(src.iterdir()):
        if path.suffix == ".map" or not path.name.startswith(PYSCRIPT_PREFIXES):
            continue
        shutil.copy2(path, dist / "pyscript" / path.name)


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
    first file is on its way at first paint."""
    html = (dist / "index.html").read_text()
    entry = '<script type="module" src="./app.js"></script>'
    links = [f'<link rel="modulepreload" href="./{m}">' for m in [*module_graph(dist)[1:], "pyscript/core.js"]]
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
    """Write ``catalogue.json``: the registry and rule data the shell shows before Python is ready."""
    code = "import json, sys; from pygame_core.sitedata import site_catalogue; json.dump(site_catalogue(), sys.stdout)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    (dist / "catalogue.json").write_text(out)


def make_snapshot(dist: Path) -> str | None:
    """Make the engine's memory snapshot (Python with the core and the worker bridge imported and the
    AI warmed) under Node, gzip it (38 MB of memory, mostly empty, ship as about 7 MB whatever the
    host's compression), name it after the SHA-256 of the shipped bytes (``engine-<sha12>.snapshot``,
    so every build's is its own) and stamp name, hash and sizes into ``engine-boot.mjs``, the
    interpreter module PyScript's worker loads, which checks the bytes before restoring them.
    Without Node, or with ``PRIMI_NO_SNAPSHOT=1``, the build has no snapshot and the worker starts
    Python the usual way. Return the snapshot's file name, or None."""
    boot = dist / "engine-boot.mjs"
    info: dict[str, Any] = {}
    node = shutil.which("node")
    if node and os.environ.get("PRIMI_NO_SNAPSHOT") != "1":
        made = subprocess.run([node, str(WEB / "boot-snapshot.mjs"), str(dist)], capture_output=True, text=True)
        raw = dist / "engine.snapshot"
        if made.returncode == 0 and raw.exists():
            data = raw.read_bytes()
            raw.unlink()
            packed = gzip.compress(data, compresslevel=6, mtime=0)
            sha = hashlib.sha256(packed).hexdigest()
            name = f"engine-{sha[:12]}.snapshot"
            (dist / name).write_bytes(packed)
            info = {"file": name, "sha256": sha, "bytes": len(packed), "raw": len(data)}
        else:  # the worker does not start under Node: it will start Python the usual way
            err = [line for line in made.stderr.splitlines() if line.strip() and len(line) < 300][-3:]
            print("build: WARNING: no engine snapshot, the worker failed under Node:", *err, sep="\n  ", flush=True)
    else:
        print("build: no engine snapshot (node missing or PRIMI_NO_SNAPSHOT=1)", flush=True)
    if boot.exists():
        boot.write_text(boot.read_text().replace('"__SNAPSHOT__"', json.dumps(info or None)))
    return info.get("file")


def write_manifest(dist: Path, version: str) -> str:
    """Write ``build.json`` (version, files and their SHA-256) and stamp the service worker and the
    page; return the build hash. The worker precaches each file only if its bytes have that hash."""
    html = (dist / "index.html").read_text().replace("__VERSION__", version)
    (dist / "index.html").write_text(html)
    files = [f for f in site_files(dist) if f not in ("sw.js", "build.json") and not f.endswith(".gz")]
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
    # And each file's size over the wire as served with its .gz copy (the first visit's download, in
    # bytes actually transferred: the boot bar's one total).
    wire = {url: len(gzipped(dist / ("index.html" if url == "./" else url[2:])) or b"") or n for url, n in sizes.items()}
    sw = sw.replace('"__WIRE__"', json.dumps(wire))
    (dist / "sw.js").write_text(sw)
    return build_hash


# Precompressed copies (``name.gz``) for hosts that serve them (nginx ``gzip_static``, ``build.py serve``);
# zips are compressed already. A copy is written only when it saves at least a tenth.
GZIP_SUFFIXES = (".html", ".js", ".mjs", ".json", ".py", ".svg", ".css", ".webmanifest", ".wasm")


_GZIPPED: dict[tuple[str, int, int], bytes | None] = {}


def gzipped(path: Path) -> bytes | None:
    """The bytes of ``path``'s ``.gz`` copy, or None when it gets none (not compressible, or it would
    not save a tenth). Kept per file version: the manifest sizes them, then write_gzip writes them."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _GZIPPED:
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0) if path.suffix in GZIP_SUFFIXES else data
        _GZIPPED[key] = packed if len(packed) <= 0.9 * len(data) else None
    return _GZIPPED[key]


def write_gzip(dist: Path) -> int:
    """Write ``file.gz`` beside each compressible file (same mtime); return the site's gzipped size."""
    total = 0
    for rel in site_files(dist):
        path = dist / rel
        packed = gzipped(path)
        if packed is not None:
            out = path.with_name(path.name + ".gz")
            out.write_bytes(packed)
            st = path.stat()
            os.utime(out, ns=(st.st_atime_ns, st.st_mtime_ns))
            total += len(packed)
        else:
            total += path.stat().st_size
    _GZIPPED.clear()
    return total


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
    make_snapshot(tmp)
    build_hash = write_manifest(tmp, version or project_version())
    files = site_files(tmp)
    size = sum((tmp / f).stat().st_size for f in files)
    gz_size = write_gzip(tmp)
    if dist.exists():
        shutil.rmtree(dist)
    tmp.rename(dist)
    print(f"build: {dist.name}/ ready, {len(files)} files, {size / 1e6:.1f} MB ({gz_size / 1e6:.1f} MB gzipped, "
          f"with .gz copies), build {build_hash}", flush=True)
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
    sources = [ROOT / "build.py", ROOT / "package-lock.json", *WEB.rglob("*"), *CORE.rglob("*.py"), *CORE.rglob("data/*.json")]
    return any(p.is_file() and p.stat().st_mtime > built for p in sources)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types and no caching surprises while developing. A file with a
    precompressed ``.gz`` copy is sent as that copy (``Content-Encoding: gzip``) to a client that
    accepts gzip, as a host with nginx's ``gzip_static`` does."""

    serve_gzip = True

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

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.serve_gzip and accepts and os.path.isfile(path) and os.path.isfile(path + ".gz")):
            return super().send_head()
        f = open(path + ".gz", "rb")  # noqa: SIM115 (closed by the caller, as in the base class)
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
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(st.st_size))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def end_headers(self) -> None:
        if self.path.split("?")[0].endswith(("sw.js", "build.json", "/", ".html")):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if os.environ.get("PRIMI_QUIET"):
            return
        super().log_message(format, *args)


CHROMIUM = Path("/usr/bin/chromium")
DEV_MODULES = ("pytest", "hypothesis", "playwright", "pytest_playwright", "ruff", "mypy")


def _missing_modules() -> list[str]:
    code = (
        "import importlib.util, sys; "
        f"print(' '.join(m for m in {DEV_MODULES!r} if importlib.util.find_spec(m) is None))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return out.split()


def ensure_test_tools() -> None:
    """Install the Python dev extras, the npm packages and Debian's chromium when missing."""
    missing = _missing_modules()
    if missing:
        print(f"test: installing the Python dev extras (missing: {', '.join(missing)})", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[dev]"], cwd=ROOT, check=True)
    ensure_node_modules()
    if not CHROMIUM.exists():
        print("test: installing Debian's chromium (apt-get install -y chromium)", flush=True)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True)
        subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "chromium"], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def run_tests(pytest_args: list[str]) -> int:
    """Lint, type-check and run every test; the exit status is non-zero if any step failed."""
    ensure_test_tools()
    steps = [
        ("ruff", [sys.executable, "-m", "ruff", "check", "pygame_core", "web/worker.py", "web/bridge", "tests", "e2e", "bench", "build.py"]),
        ("mypy", [sys.executable, "-m", "mypy"]),
        # The page's JS against web/protocol.d.ts; the service worker with its own globals.
        ("tsc", [str(TSC), "-p", "."]),
        ("tsc sw.js", [str(TSC), "-p", "tsconfig.sw.json"]),
        ("node --test", ["node", "--test", "tests/js/"]),
    ]
    failed = []
    for name, cmd in steps:
        print(f"test: {name}", flush=True)
        if subprocess.run(cmd, cwd=ROOT).returncode != 0:
            failed.append(name)
    if not pytest_args:
        failed += run_shards()
    else:  # a selection (-k, a file): one pytest process, as asked
        print("test: pytest", flush=True)
        if subprocess.run([sys.executable, "-m", "pytest", "tests", "e2e", "-q", "-p", "no:cacheprovider", *pytest_args],
                          cwd=ROOT).returncode != 0:
            failed.append("pytest")
    if failed:
        print(f"test: FAILED steps: {', '.join(failed)}", flush=True)
        return 1
    return 0


# The whole suite runs in one pytest over two xdist workers, one per core, a test file at a time to
# each (--dist loadfile: a file's booted pages and module fixtures stay in one worker). The e2e files
# are collected first (e2e/conftest.py), longest first, and the many short unit-test files fill in
# behind them, so neither worker is left with a long file at the end (two fixed shards had left one
# waiting on the other). Three workers were tried (2026-12-02): 15.2 min instead of about 15, the
# cores saturated (load 8), and a main-thread task stretched past the motion tests' bound.
WORKERS = 2


def run_shards() -> list[str]:
    """Every test in tests/ and e2e/ over ``WORKERS`` pytest-xdist workers; ["pytest"] if any failed."""
    build()
    env = {**os.environ, "PRIMI_PREBUILT": "1"}
    cmd = [sys.executable, "-m", "pytest", "tests", "e2e", "-q", "-p", "no:cacheprovider", "--durations=25",
           "-n", str(WORKERS), "--dist", "loadfile"]
    print("test: pytest", flush=True)
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

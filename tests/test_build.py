"""The built site's manifest (every file's SHA-256, stamped into the service worker), the version
marker, the precompressed copies, and the dev server that sends them."""

from __future__ import annotations

import functools
import gzip
import hashlib
import http.server
import json
import re
import subprocess
import sys
import threading
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    build.build(out, version="t-1")
    return out


def precache_of(site: Path) -> dict[str, str]:
    sw = (site / "sw.js").read_text()
    m = re.search(r"const FILES = (\{.*?\});", sw)
    assert m, "the service worker carries no file list"
    files: dict[str, str] = json.loads(m.group(1))
    return files


def test_every_file_is_listed_with_its_hash(site: Path) -> None:
    manifest = json.loads((site / "build.json").read_text())
    files = [f for f in build.site_files(site) if not f.endswith((".gz", ".br")) and f not in ("sw.js", "build.json")]
    assert manifest["files"] == files
    for f in files:
        assert manifest["sha256"][f] == hashlib.sha256((site / f).read_bytes()).hexdigest(), f
    # The service worker precaches exactly these, "./" being the page itself.
    want = {"./": manifest["sha256"]["index.html"], **{"./" + f: h for f, h in manifest["sha256"].items()}}
    assert precache_of(site) == want
    sw = (site / "sw.js").read_text()
    assert "__BUILD_HASH__" not in sw and "__PRECACHE__" not in sw
    assert f'const CACHE = "primi-{manifest["hash"]}";' in sw


def test_the_page_carries_the_build_and_version(site: Path) -> None:
    manifest = json.loads((site / "build.json").read_text())
    html = (site / "index.html").read_text()
    assert f'data-build="{manifest["hash"]}"' in html and 'data-version="t-1"' in html
    assert manifest["version"] == "t-1"
    assert "__VERSION__" not in html and "__BUILD_HASH__" not in html


_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\.{1,2}/[^"']+\.js)["']\s*\)""")


def lazy_modules(site: Path, static: list[str]) -> set[str]:
    """The modules the page imports only when needed (``import("./…")``), with what they import."""
    found: set[str] = set()
    todo = list(static)
    while todo:
        name = todo.pop()
        base = (site / name).parent
        for match in _DYNAMIC_IMPORT.finditer((site / name).read_text()):
            rel = (base / match.group(1)).resolve().relative_to(site.resolve()).as_posix()
            for mod in build.module_graph(site, rel):
                if mod not in found and mod not in static:
                    found.add(mod)
                    todo.append(mod)
    return found


def test_the_page_preloads_its_whole_module_graph(site: Path) -> None:
    """Every module the page imports statically, directly or not, is fetched at once (no waterfall
    of imports), and nothing else: a preload of a file the page never uses would waste a first
    visit's bytes. The modules it imports only when needed (issue 21: the other languages, the
    lessons, each game's modules) are not preloaded."""
    html = (site / "index.html").read_text()
    preloaded = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', html)
    graph = build.module_graph(site)
    # And PyScript's core.js, which app.js imports dynamically to start the engine (issue 21).
    # And the chunks core.js imports as it starts (not the TOML parser: the config is JSON).
    chunks = [f for f in build.site_files(site) if f.startswith("pyscript/") and f.endswith(".js") and f != "pyscript/core.js"
              and not f.startswith("pyscript/toml-")]
    assert chunks and any(c.startswith("pyscript/core-") for c in chunks), chunks
    assert graph[0] == "app.js" and preloaded == [*graph[1:], "pyscript/core.js", *chunks]
    # Spot checks of the graph itself: the English tables (the shell's, a game's), a shell module.
    assert {"i18n/en.js", "games/primo/strings.en.js", "shell/table.js"} <= set(preloaded)
    lazy = lazy_modules(site, graph)
    assert {"games/primo/index.js", "games/primo/draw.js", "games/primo/learn.js", "games/primero/calc.js", "i18n/it.js",
            "games/primiera/strings.de.js", "shell/learn.js"} <= lazy
    # No lazy module of the page is preloaded; PyScript's are, on purpose: the engine starts at once.
    assert not {m for m in lazy & set(preloaded) if not m.startswith("pyscript/")}
    for name in preloaded:
        assert (site / name).is_file(), name
    assert '<link rel="preload" href="./catalogue.json" as="fetch" crossorigin="anonymous">' in html
    # Every module file of the site is in the graph or loaded when needed, except those loaded otherwise.
    ours = {f for f in build.site_files(site) if f.endswith(".js") and not f.startswith(("pyodide/", "pyscript/"))}
    # The service worker registers itself; boot-guard.js is the page's one classic script (index.html).
    assert ours - set(graph) - lazy == {"sw.js", "boot-guard.js"}, ours - set(graph) - lazy


def test_the_qr_generator_is_vendored_pinned_and_alone(site: Path) -> None:
    """Issue 22: the lobby's QR codes come from lean-qr, pinned to one version in package.json and
    its lock (with the tarball's hash), copied into the site as its ES module and licence only, and
    imported by web/shell/net/qr.js from there (no other origin, no CDN)."""
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["lean-qr"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), pinned  # exact, no range
    locked = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/lean-qr"]
    assert locked["version"] == pinned and locked["integrity"].startswith("sha512-")
    assert json.loads((build.NODE / "lean-qr" / "package.json").read_text())["version"] == pinned
    shipped = {f for f in build.site_files(site) if f.startswith("lean-qr/") and not f.endswith((".gz", ".br"))}
    assert shipped == {"lean-qr/LICENSE", "lean-qr/index.mjs"}, shipped
    assert (site / "lean-qr" / "index.mjs").read_bytes() == (build.NODE / "lean-qr" / "index.mjs").read_bytes()
    assert "MIT" in (site / "lean-qr" / "LICENSE").read_text()
    qr = (site / "shell" / "net" / "qr.js").read_text()
    assert '"../../lean-qr/index.mjs"' in qr and "http" not in qr.replace("http://www.w3.org/2000/svg", "")
    assert "./lean-qr/index.mjs" in precache_of(site)  # kept for offline play like every file


def test_the_catalogue_has_one_file_a_language(site: Path) -> None:
    """catalogue.json is in English; each other language's words are apart (catalogue.<lang>.json),
    fetched only by a page in that language."""
    cat = json.loads((site / "catalogue.json").read_text())
    assert "translations" not in cat and cat["games"]
    for lang in ("it", "de"):
        words = json.loads((site / f"catalogue.{lang}.json").read_text(encoding="utf-8"))
        assert set(words) == {"text", "decisions"} and words["text"], lang


def brotli_decompress(data: bytes) -> bytes:
    """Brotli, undone by Node's zlib (Python's stdlib has no brotli)."""
    js = "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))"
    return subprocess.run(["node", "-e", js], input=data, capture_output=True, check=True).stdout


def test_precompressed_copies_match_and_are_not_precached(site: Path) -> None:
    gz = [f for f in build.site_files(site) if f.endswith(".gz")]
    br = [f for f in build.site_files(site) if f.endswith(".br")]
    assert "pyodide/pyodide.asm.wasm.gz" in gz and "index.html.gz" in gz
    # The zips hold their entries stored, so their copies shrink them well (across files).
    for name in ("pygame_core.zip", "pyodide/python_stdlib.zip"):
        assert name + ".gz" in gz and name + ".br" in br, name
        assert (site / (name + ".br")).stat().st_size < 0.4 * (site / name).stat().st_size, name
    for f in gz:
        assert gzip.decompress((site / f).read_bytes()) == (site / f[:-3]).read_bytes(), f
    # A brotli copy beside every gzip copy it beats by a tenth of the file: the wasm, the page, the scripts.
    assert {"pyodide/pyodide.asm.wasm.br", "pyodide/pyodide.asm.mjs.br", "index.html.br", "app.js.br"} <= set(br)
    for f in ["pyodide/pyodide.asm.wasm.br", "index.html.br", "pygame_core.zip.br"]:
        assert brotli_decompress((site / f).read_bytes()) == (site / f[:-3]).read_bytes(), f
    for f in br:
        assert (site / f).stat().st_size <= 0.9 * (site / f[:-3]).stat().st_size, f
        assert (site / f).stat().st_mtime_ns == (site / f[:-3]).stat().st_mtime_ns, f
    assert not any(u.endswith((".gz", ".br")) for u in precache_of(site))
    wasm = site / "pyodide" / "pyodide.asm.wasm"
    assert (site / "pyodide" / "pyodide.asm.wasm.br").stat().st_size < 0.8 * (wasm.parent / "pyodide.asm.wasm.gz").stat().st_size


def test_the_wire_sizes_are_what_a_browser_is_sent(site: Path) -> None:
    """The boot bar counts each file as the host sends it to a browser that accepts br."""
    m = re.search(r"const WIRE = (\{.*?\});", (site / "sw.js").read_text())
    assert m
    wire = json.loads(m.group(1))
    assert set(wire) == set(precache_of(site))
    for url, n in wire.items():
        f = site / ("index.html" if url == "./" else url[2:])
        sent = next((p for p in (f.with_name(f.name + ".br"), f.with_name(f.name + ".gz")) if p.exists()), f)
        assert n == sent.stat().st_size, url
    assert wire["./pyodide/pyodide.asm.wasm"] == (site / "pyodide" / "pyodide.asm.wasm.br").stat().st_size


def test_write_gzip_without_node_writes_gzip_copies_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Node no brotli copies, and the size as sent is the gzip one; with it, the brotli one."""
    (tmp_path / "a.js").write_text("const a = 1;\n" * 2000)
    (tmp_path / "b.png").write_bytes(bytes(range(256)) * 10)  # not compressible: sent as itself
    monkeypatch.setattr(build, "node_path", lambda: None)
    sent = build.write_gzip(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.js", "a.js.gz", "b.png"]
    assert sent == (tmp_path / "a.js.gz").stat().st_size + 2560
    monkeypatch.undo()
    monkeypatch.setattr(build, "BROTLI_CACHE", tmp_path / "cache")
    sent = build.write_gzip(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.js", "a.js.br", "a.js.gz", "b.png", "cache"]
    assert sent == (tmp_path / "a.js.br").stat().st_size + 2560 < (tmp_path / "a.js.gz").stat().st_size + 2560


def test_the_stdlib_closure_and_gzip_copies_are_kept_by_what_they_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build in another process reuses the closure and the .gz copies kept in build/ (the suite builds in
    several processes), and only while everything they were made from is unchanged."""
    from tools.stdlib_closure import closure, source_roots

    monkeypatch.setattr(build, "CLOSURE_CACHE", tmp_path / "closure")
    monkeypatch.setattr(build, "GZIP_CACHE", tmp_path / "gz")
    monkeypatch.setattr(build, "_GZIPPED", {})  # this process's memory of them: as a new process
    (tmp_path / "app").mkdir()
    core = tmp_path / "app" / "core.py"
    core.write_text("import keyword\n")  # a module that imports none: parsed at once
    monkeypatch.setattr(build, "PYTHON_ROOTS", ((tmp_path / "app", tmp_path),))
    monkeypatch.setattr(build, "STDLIB_KEEP", ())
    with zipfile.ZipFile(build.STDLIB) as zf:
        want = closure(source_roots(build.PYTHON_ROOTS), zf, ())
    assert want == ["keyword"] and build.stdlib_modules() == want
    (kept,) = (tmp_path / "closure").iterdir()
    kept.write_text(json.dumps(["keyword", "kept"]))
    assert build.stdlib_modules() == ["keyword", "kept"]  # read back, not parsed again
    core.write_text("import keyword\nimport this\n")  # another source: another key, parsed afresh
    assert build.stdlib_modules() == ["keyword", "this"] and len(list((tmp_path / "closure").iterdir())) == 2
    page = tmp_path / "a.js"
    page.write_text("const a = 1;\n" * 2000)
    assert build.gzipped(page) == gzip.compress(page.read_bytes(), compresslevel=9, mtime=0)
    (kept,) = (tmp_path / "gz").iterdir()
    assert kept.read_bytes() == build.gzipped(page)
    monkeypatch.setattr(build, "_GZIPPED", {})
    kept.write_bytes(b"kept")
    assert build.gzipped(page) == b"kept"


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    quiet = type("Quiet", (build.Handler,), {"log_message": lambda *a: None})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req) as res:
            return res.status, dict(res.headers), res.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), b""


def test_serve_sends_the_gzip_copy_to_clients_that_accept_it(site: Path, server: str) -> None:
    raw = (site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    status, headers, body = get(server + "pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "gzip, deflate"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "application/wasm"
    assert int(headers["Content-Length"]) == len(body) < len(raw) and gzip.decompress(body) == raw
    status, headers, body = get(server + "pyodide/pyodide.asm.wasm")
    assert status == 200 and "Content-Encoding" not in headers and body == raw
    # The page itself at "/", and a conditional request answered with 304.
    status, headers, body = get(server, **{"Accept-Encoding": "gzip"})
    assert status == 200 and gzip.decompress(body) == (site / "index.html").read_bytes()
    assert headers["Cache-Control"] == "no-cache"
    status, _, _ = get(server, **{"Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]})
    assert status == 304


def test_serve_sends_brotli_to_clients_that_accept_it(site: Path, server: str) -> None:
    """br to a browser that accepts it (Chromium: "gzip, deflate, br, zstd"), gzip to one that accepts
    only gzip, the file itself otherwise; each answer says it varies with Accept-Encoding."""
    raw = (site / "pyodide" / "python_stdlib.zip").read_bytes()
    url = server + "pyodide/python_stdlib.zip"
    status, headers, body = get(url, **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert status == 200 and headers["Content-Encoding"] == "br" and headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"] == "application/zip" and int(headers["Content-Length"]) == len(body)
    assert brotli_decompress(body) == raw
    status, headers, body = get(url, **{"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == raw
    status, headers, body = get(url, **{"Accept-Encoding": "br;q=0, gzip"})  # br refused
    assert headers["Content-Encoding"] == "gzip"
    status, headers, body = get(url, **{"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in headers and body == raw and headers["Vary"] == "Accept-Encoding"
    # The 304 of a brotli copy, and the page at "/" as brotli.
    status, headers, _ = get(server, **{"Accept-Encoding": "br"})
    assert status == 200 and headers["Content-Encoding"] == "br"
    status, headers, _ = get(server, **{"Accept-Encoding": "br", "If-Modified-Since": headers["Last-Modified"]})
    assert status == 304 and headers["Vary"] == "Accept-Encoding"


TAG = re.compile(r'const TAG = "([0-9a-f]{16})";')


def test_the_site_ships_no_snapshot_and_stamps_the_engine_tag(site: Path, tmp_path: Path) -> None:
    """Issue 21: no snapshot on the first visit (the player's browser makes it); the engine's tag is
    stamped in the module that makes it and the one that restores it, computed from the final files."""
    files = build.site_files(site)
    assert not [f for f in files if f.endswith(".snapshot") or "boot-snapshot" in f], files
    tags = {name: TAG.search((site / name).read_text()) for name in build.ENGINE_STAMPED}
    assert all(tags.values()), tags
    tag = {m.group(1) for m in tags.values() if m}
    assert len(tag) == 1, tags
    # The tag is the hash of the engine's files as built, the stamp taken out again.
    copy = tmp_path / "engine"
    for rel in files:
        if not rel.endswith(".gz"):
            (copy / rel).parent.mkdir(parents=True, exist_ok=True)
            (copy / rel).write_bytes((site / rel).read_bytes())
    for name in build.ENGINE_STAMPED:
        text = (copy / name).read_text()
        (copy / name).write_text(text.replace(f'"{next(iter(tag))}"', f'"{build.TAG_PLACEHOLDER}"'))
    assert build.engine_tag(copy) == next(iter(tag))


def test_the_engine_tag_follows_the_engine_only(tmp_path: Path) -> None:
    """A deploy that changes only the page keeps a player's snapshot; a change to the core, the runtime
    or the worker makes it stale."""
    site = tmp_path / "site"
    files = {"pyodide/pyodide.asm.wasm": b"wasm", "pyodide/python_stdlib.zip": b"stdlib", "pygame_core.zip": b"core",
             "worker.py": b"worker", "engine-boot.mjs": b"boot", "snapshot-maker.mjs": b"maker",
             "snapshot-store.mjs": b"store", "app.js": b"app", "index.html": b"page", "i18n/it.js": b"it"}
    for rel, data in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)
    tag = build.engine_tag(site)
    assert re.fullmatch(r"[0-9a-f]{16}", tag)
    for rel in ("app.js", "index.html", "i18n/it.js"):  # the page, not the engine
        (site / rel).write_bytes(b"changed " + files[rel])
    (site / "pyodide" / "pyodide.asm.wasm.gz").write_bytes(b"a compressed copy")
    assert build.engine_tag(site) == tag
    for rel in ("pygame_core.zip", "pyodide/python_stdlib.zip", "worker.py", "snapshot-maker.mjs"):
        (site / rel).write_bytes(b"changed " + files[rel])
        assert build.engine_tag(site) != tag, rel
        tag = build.engine_tag(site)

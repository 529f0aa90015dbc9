"""The built site's manifest (every file's SHA-256, stamped into the service worker), the version
marker, the precompressed copies, and the dev server that sends them."""

from __future__ import annotations

import functools
import gzip
import hashlib
import http.server
import json
import re
import sys
import threading
import urllib.request
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
    files = [f for f in build.site_files(site) if not f.endswith(".gz") and f not in ("sw.js", "build.json")]
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


def test_the_page_preloads_its_whole_module_graph(site: Path) -> None:
    """Every module the page imports, directly or not, is fetched at once (no waterfall of imports),
    and nothing else: a preload of a file the page never uses would waste a first visit's bytes."""
    html = (site / "index.html").read_text()
    preloaded = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', html)
    graph = build.module_graph(site)
    # And PyScript's core.js, which app.js imports dynamically to start the engine (issue 21).
    assert graph[0] == "app.js" and preloaded == [*graph[1:], "pyscript/core.js"]
    # Spot checks of the graph itself: a game module two levels down, a translation table.
    assert {"games/primo/learn.js", "i18n/it.js", "shell/table.js"} <= set(preloaded)
    for name in preloaded:
        assert (site / name).is_file(), name
    assert '<link rel="preload" href="./catalogue.json" as="fetch" crossorigin="anonymous">' in html
    # Every module file of the site is in the graph, except those loaded otherwise.
    ours = {f for f in build.site_files(site) if f.endswith(".js") and not f.startswith(("pyodide/", "pyscript/"))}
    # The service worker registers itself; boot-guard.js is the page's one classic script (index.html).
    assert ours - set(graph) == {"sw.js", "boot-guard.js"}, ours - set(graph)


def test_gzip_copies_match_and_are_not_precached(site: Path) -> None:
    gz = [f for f in build.site_files(site) if f.endswith(".gz")]
    assert "pyodide/pyodide.asm.wasm.gz" in gz and "index.html.gz" in gz
    assert "pygame_core.zip.gz" not in gz  # a zip is compressed already
    for f in gz:
        assert gzip.decompress((site / f).read_bytes()) == (site / f[:-3]).read_bytes(), f
    assert not any(u.endswith(".gz") for u in precache_of(site))
    wasm = site / "pyodide" / "pyodide.asm.wasm"
    assert (site / "pyodide" / "pyodide.asm.wasm.gz").stat().st_size < 0.5 * wasm.stat().st_size


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
    status, headers, body = get(server + "pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "gzip, br"})
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

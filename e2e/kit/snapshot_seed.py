"""The engine's snapshot that e2e/conftest.py puts into every new browser context (``SnapshotSeed``),
made once per engine and kept in the machine's cache (~/.cache/primi/e2e-snapshot/) under the engine's tag, so that neither each
pytest worker nor each run boots Pyodide and makes one again (20 to 30 s of a busy core each time).

``build.py test`` makes it before its pytest starts, beside the lint and type steps
(``python3 e2e/kit/snapshot_seed.py``); a pytest run on its own makes it at its first context if the kept
one is missing, one process at a time (a lock: two xdist workers do not both make it)."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import http.server
import json
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]  # also run as a script (build.py) and loaded by path (bench/net/table.py): no kit import
if str(ROOT) not in sys.path:  # run as a script: tools/ is the repository's
    sys.path.insert(0, str(ROOT))
from tools.machine_cache import CACHE  # noqa: E402

# Kept in the machine's cache (tools/machine_cache.py), as build.py keeps its compressed copies: a
# snapshot is its engine's alone (its name is the engine's tag, a hash of every engine file), so a
# fresh clone of the same engine finds it made (making it is a plain Pyodide boot in chromium: about
# 45 s of a fresh clone's test command).
KEPT = CACHE / "e2e-snapshot"


def engine_tag(dist: Path) -> str:
    """The engine's tag that the build stamped into ``dist``'s engine-boot.mjs (build.py ``stamp_engine_tag``):
    a hash of every engine file, so a snapshot kept under it is this engine's (the page itself checks
    the tag in the snapshot's headers before it restores one, as for any visitor's)."""
    found = re.search(r'const TAG = "([0-9a-f]{16})"', (dist / "engine-boot.mjs").read_text())
    if not found:
        raise RuntimeError(f"no engine tag stamped in {dist / 'engine-boot.mjs'}")
    return found.group(1)


class SnapshotSeed:
    """The engine's snapshot as a page of this build makes it (web/shell/snapshot.js), read out of
    the Cache Storage of a context that made it, and put into each new context's (web/snapshot-store.mjs:
    cache ``engine-snapshot``, one entry, its headers saying the engine's tag and the bytes' hash, which
    engine-boot.mjs checks as for any visitor's)."""

    ROUTE = "__e2e_engine_snapshot"
    READ = """async () => {
      const c = await caches.open('engine-snapshot');
      const [req] = await c.keys();
      if (!req) return null;
      const res = await c.match(req);
      const buf = new Uint8Array(await res.arrayBuffer());
      let s = '';
      for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode.apply(null, buf.subarray(i, i + 0x8000));
      return {url: req.url, b64: btoa(s), headers: Object.fromEntries(res.headers)};
    }"""
    PUT = """async ({route, url, headers}) => {
      const body = await (await fetch(route)).arrayBuffer();  // from SnapshotSeed.serve
      const c = await caches.open('engine-snapshot');
      await c.put(url, new Response(body, {headers}));
    }"""

    def __init__(self, new_context: Callable[..., Any], server: str, dist: Path) -> None:
        self.new_context, self.server, self.dist = new_context, server, dist
        # (the entry's URL relative to the site, its bytes, its headers); the URL is relative because
        # each run serves the site on another port
        self.made: tuple[str, bytes, dict[str, str]] | None = None
        self.tried = False
        self.httpd: http.server.ThreadingHTTPServer | None = None

    def files(self) -> tuple[Path, Path]:
        tag = engine_tag(self.dist)
        return KEPT / f"{tag}.bin", KEPT / f"{tag}.json"

    def load(self) -> bool:
        """The snapshot kept for this engine, if there is one."""
        body, meta = self.files()
        if not (body.exists() and meta.exists()):
            return False
        entry = json.loads(meta.read_text())
        self.made = (entry["path"], body.read_bytes(), entry["headers"])
        return True

    def make(self) -> None:
        """The kept snapshot of this engine; else boot the site once with the maker on, keep what it
        stores (none if it fails: the contexts then boot plainly, slower but the same)."""
        self.tried = True
        KEPT.mkdir(parents=True, exist_ok=True)
        body, meta = self.files()
        with open(KEPT / "lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another process making it: wait for it, then read it
            if self.load():
                return
            ctx = self.new_context(snapshot_maker=True)
            try:
                page = ctx.new_page()
                page.goto(self.server)
                page.wait_for_function("document.documentElement.dataset.snapshot === 'kept'"
                                       " || document.documentElement.dataset.snapshot === 'failed'", timeout=240_000)
                got = page.evaluate(self.READ)
                if got:
                    assert got["url"].startswith(self.server), got["url"]
                    self.made = (got["url"][len(self.server):], base64.b64decode(got["b64"]), got["headers"])
                    body.write_bytes(self.made[1])  # the bytes first: the JSON says they are whole
                    meta.write_text(json.dumps({"path": self.made[0], "headers": self.made[2]}))
            except Exception as err:  # noqa: BLE001 (any failure: the tests boot plainly)
                print(f"e2e: no engine snapshot to seed the contexts with ({err})")
            finally:
                ctx.close()

    def put(self, ctx: Any, origin: str | None = None) -> None:
        """Put the snapshot into ``ctx``'s Cache Storage for the site at ``origin`` (by default the
        test server's; e2e/offline/test_updates.py serves builds of its own)."""
        if not self.tried:
            self.make()
        if not self.made:
            return
        path, _, headers = self.made
        origin = origin or self.server
        page = ctx.new_page()
        try:
            page.goto(origin + "icon.svg")  # the site's origin, no script of its own, no service worker
            page.evaluate(self.PUT, {"route": self.serve(), "url": origin + path, "headers": headers})
        finally:
            page.close()

    def serve(self) -> str:
        """The URL of the snapshot's bytes on a loopback server of this process (started once), which
        the seeding page fetches (CORS allows it). Fulfilling a route with them instead sent 8 MB
        through playwright's pipes for each context: about 4 s more per context on a busy machine."""
        if self.httpd is None:
            assert self.made
            body = self.made[1]

            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self) -> None:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/octet-stream")
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Access-Control-Allow-Origin", "*")
                    self.end_headers()
                    self.wfile.write(body)

                def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                    pass

            self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/{self.ROUTE}"

    def close(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


def main() -> int:
    """Make and keep the snapshot of dist/'s engine unless it is kept already (``build.py test``, before
    its pytest)."""
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    from bench.kit.browser import E2E_CHROMIUM, launch, static_server

    dist = ROOT / "dist"
    with static_server() as url, sync_playwright() as p:
        browser = launch(p, E2E_CHROMIUM)  # the e2e tests' browser (the snapshot is the engine's, the same in either)
        try:
            seed = SnapshotSeed(browser.new_context, url, dist)
            seed.make()
        finally:
            with contextlib.suppress(Exception):
                browser.close()
    print(f"e2e: engine snapshot {'kept' if seed.made else 'NOT made'} for engine {engine_tag(dist)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Bytes a first visit pulls from the server, against the size of the site.

    python3 -m bench.site.first_visit [--dist DIR] [--gzip] [--runs 1]

Builds dist/ if needed (or uses DIR as built), serves it on 127.0.0.1 with a
server that counts every byte it writes (headers and bodies), opens the page in
a fresh chromium profile, and waits until the engine is ready, the page says the
whole build is saved for offline play (html[data-offline=ready]: the service
worker's background fill is done), every file of the build is in its cache,
and the server has no request in flight. It prints the time to ready and to
saved, the bytes served, the site's size and their ratio (goal: 1.05 or less),
and every file whose body was served more than once (a revalidation answered
304 Not Modified sends no body: those are counted apart). With --gzip
the browser is served the precompressed ``.gz`` files (what a host that serves
them sends); the ratio is then against the compressed size of the site.
Figures, not a test.
"""

from __future__ import annotations

import argparse
import collections
import functools
import http.server
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import build
from bench.kit.browser import launch, launch_profile


class Counter:
    """Bytes written per path, and requests in flight (shared by the server's threads)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes: collections.Counter[str] = collections.Counter()
        self.hits: collections.Counter[str] = collections.Counter()
        self.in_flight = 0
        self.statuses: list[tuple[str, int]] = []

    def total(self) -> int:
        with self.lock:
            return sum(self.bytes.values())


class _CountingWriter:
    def __init__(self, raw: Any, counter: Counter, key: list[str]) -> None:
        self.raw, self.counter, self.key = raw, counter, key

    def write(self, data: bytes) -> int:
        n = int(self.raw.write(data) or 0)
        with self.counter.lock:
            self.counter.bytes[self.key[0]] += len(data)
        return n

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class Handler(build.Handler):
    counter: Counter

    def setup(self) -> None:
        super().setup()
        self._key = ["?"]
        self.wfile = _CountingWriter(self.wfile, self.counter, self._key)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        with self.counter.lock:
            self.counter.in_flight += 1
        try:
            super().handle_one_request()
        finally:
            with self.counter.lock:
                self.counter.in_flight -= 1

    def send_response(self, code: int, message: str | None = None) -> None:
        self._key[0] = self.path.split("?")[0]
        with self.counter.lock:
            self.counter.hits[self._key[0]] += 1
            self.counter.statuses.append((self._key[0], code))
        super().send_response(code, message)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def site_size(dist: Path, gz: bool) -> int:
    total = 0
    for rel in build.site_files(dist):
        if rel.endswith(".gz"):
            continue
        p = dist / rel
        if gz and (dist / (rel + ".gz")).exists():
            p = dist / (rel + ".gz")
        total += p.stat().st_size
    return total


# Ready, saved for offline play, and the service worker active with every file of the build in its cache.
INSTALLED_JS = """async () => {
  if (!document.documentElement.classList.contains('ready')) return false;
  if (document.documentElement.dataset.offline !== 'ready') return false;
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg || !reg.active || reg.installing || reg.waiting) return false;
  const build = document.documentElement.dataset.build;
  if (!(await caches.has('primi-' + build))) return false;
  const cache = await caches.open('primi-' + build);
  const want = await (await fetch('./build.json', {cache: 'no-store'})).json();
  return (await cache.keys()).length >= want.files.length + 1;
}"""


def wait_state(page: Any, js: str, seconds: float) -> None:
    """Poll an async page-side check until it holds (playwright's wait_for_function does not await promises)."""
    wait_until(lambda: bool(page.evaluate(js)), seconds)


def wait_until(check: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError("the state was not reached")
        time.sleep(0.2)


def visit(base: str, counter: Counter, incognito: bool) -> dict[str, float]:
    """A first visit until the build is saved; returns the seconds to ready and to saved."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        if incognito:
            browser = launch(p)
            ctx = browser.new_context()
        else:
            ctx = launch_profile(p, profile)
        page = ctx.new_page()
        t0 = time.monotonic()
        page.goto(base)
        page.wait_for_selector("html.ready", state="attached", timeout=180_000)
        ready = time.monotonic() - t0
        wait_state(page, INSTALLED_JS, 180)
        saved = time.monotonic() - t0
        wait_until(lambda: counter.in_flight == 0, 30)
        ctx.close()
    return {"ready": ready, "saved": saved}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=build.DIST)
    parser.add_argument("--incognito", action="store_true",
                        help="a new browser context (in-memory HTTP cache, as e2e tests use) instead of a fresh profile")
    parser.add_argument("--gzip", action="store_true", help="serve the precompressed .gz files")
    args = parser.parse_args()
    dist = args.dist.resolve()
    if dist == build.DIST and build.needs_build():
        build.build()
    counter = Counter()
    handler_cls = type("H", (Handler,), {"counter": counter, "serve_gzip": args.gzip})
    handler = functools.partial(handler_cls, directory=str(dist))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        times = visit(base, counter, args.incognito)
    finally:
        server.shutdown()
    served = counter.total() - counter.bytes["/build.json"]
    size = site_size(dist, args.gzip)
    print(f"site: {size / 1e6:.2f} MB{' (gzip)' if args.gzip else ''} in {sum(not f.endswith('.gz') for f in build.site_files(dist))} files")
    print(f"first visit served: {served / 1e6:.2f} MB in {sum(counter.hits.values())} responses")
    print(f"ratio served/site: {served / size:.3f}x (goal <= 1.05x)")
    print(f"engine ready after {times['ready']:.1f} s, the whole build saved after {times['saved']:.1f} s (loopback)")
    bodies = collections.Counter(k for k, code in counter.statuses if code == 200)
    not_modified = collections.Counter(k for k, code in counter.statuses if code == 304)
    twice = {k: n for k, n in bodies.items() if n > 1 and k != "/build.json"}
    for k in sorted(twice):
        print(f"  served {twice[k]}x: {k} ({counter.bytes[k] / 1e3:.0f} kB in all)")
    print(f"files served twice: {len(twice)}; revalidations answered 304 (no body): {sum(not_modified.values())}"
          + (f" ({', '.join(sorted(not_modified))})" if not_modified else ""))
    return 1 if twice else 0


if __name__ == "__main__":
    sys.exit(main())

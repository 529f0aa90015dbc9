"""What the scripts that drive the built page in a browser share: Debian's chromium and its flags
(e2e/conftest.py launches it the same way), a fresh profile of it (bench/site/boot.py, first_visit.py),
a static server for dist/ in its own process (the e2e tests and bench/site/screenshots.py), the built
site served in this process with a browser to drive it (``served_browser``), and the loop that lets
computer players play each other through the page and reads how long each decision took in the worker
(bench/primero/browser.py, bench/primero/cfr_browser.py, bench/primiera/browser.py).

Playwright (and build.py, for ``served_browser``) is imported only when called: importing this module
needs only the standard library."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PRIMI_CHROMIUM", "/usr/bin/chromium")
# The end-to-end tests' browser: Debian's chromium-headless-shell, the same Chromium (its version, Blink
# and V8) without the full browser's layers, which Playwright's own headless Chromium is too. A new
# context that boots the engine costs about 6.5 CPU-s there against 11 in chromium, and 3.2 s to the
# page's ready against 5.1 (2026-12-07, bench/site/context_cpu.py: issue 33). The benches keep
# CHROMIUM, the browser people run. $PRIMI_E2E_CHROMIUM picks another for the tests.
E2E_CHROMIUM = os.environ.get("PRIMI_E2E_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def loopback_webrtc_args() -> list[str]:
    """The flag that lets two contexts of one headless Chromium connect a data channel on this machine
    with no ICE server (issue 22): headless Chromium hides local addresses behind mDNS names it cannot
    resolve itself, so ``WebRtcHideLocalIpsWithMdns`` is turned off. Chromium reads only the LAST
    ``--disable-features`` switch, and Playwright passes one of its own (PaintHolding, HttpsUpgrades, ...)
    before the caller's: so this one repeats Playwright's list (read from its driver, where it is
    written as a literal array) with ours added."""
    return ["--disable-features=" + ",".join([*playwright_disabled_features(), "WebRtcHideLocalIpsWithMdns"])]


def playwright_disabled_features() -> list[str]:
    """The features Playwright's Chromium launcher disables (its ``disabledFeatures`` array), or none
    if its driver is laid out otherwise (the flag then stands alone: what a plain launch with it gives)."""
    try:
        import playwright

        bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
        block = re.search(r"disabledFeatures = \[(.*?)\]\.filter\(Boolean\)", bundle.read_text(), re.S)
    except (ImportError, OSError):
        return []
    if not block:
        return []
    code = re.sub(r"//[^\n]*", "", block.group(1))
    return re.findall(r'"([A-Za-z0-9_]+)"', code)


# Computer turns at the "fast" pace (the benches time the worker's decisions, not the pace).
FAST = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "fast"}
READY_TIMEOUT = 180_000
"""How long the engine may take to boot in a benchmark's page (a cold start on a loaded machine)."""


# localStorage "primi.snapshot" = "off" keeps the page from making the engine's snapshot in the
# background (web/shell/snapshot.js): every fresh context of the e2e tests and benchmarks would make
# one otherwise, a second Python busy for seconds beside the one under test.
MAKER_OFF = "try { localStorage.setItem('primi.snapshot', 'off'); } catch (e) { /* about:blank */ }"


def maker_off(browser: Any) -> Any:
    """``browser``, its new contexts and pages set to keep the snapshot maker off (``MAKER_OFF``);
    ``browser.new_context(snapshot_maker=True)`` opts a context in (the snapshot's own tests).
    Persistent profiles (``launch_profile``: first_visit.py, boot.py) keep it on: they measure it."""
    new_context, new_page = browser.new_context, browser.new_page

    def context(snapshot_maker: bool = False, **options: Any) -> Any:
        ctx = new_context(**options)
        if not snapshot_maker:
            ctx.add_init_script(MAKER_OFF)
        return ctx

    def page(**options: Any) -> Any:
        p = new_page(**options)  # a page with a context of its own, at about:blank yet
        p.context.add_init_script(MAKER_OFF)
        return p

    browser.new_context, browser.new_page = context, page
    return browser


def launch(playwright: Any, executable: str = CHROMIUM) -> Any:
    """Debian's chromium (or ``executable``), headless, quiet on a closed network (the snapshot maker
    off: ``maker_off``)."""
    return maker_off(playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS))


def launch_profile(playwright: Any, profile: str) -> Any:
    """The same chromium with a persistent profile in the folder ``profile`` (a first visit: empty
    cache, no service worker; a reload or a new tab in it is a returning visit)."""
    return playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                         headless=True)


@contextmanager
def served_browser(dist: Path | None = None) -> Iterator[tuple[Any, str]]:
    """``dist`` (the build, built first if needed) served in this process on a free loopback port
    (``build.serve_in_background``), and chromium launched: yields (browser, base URL) and closes
    both after."""
    from playwright.sync_api import sync_playwright

    import build

    server, base = build.serve_in_background(build.DIST if dist is None else dist)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            try:
                yield browser, base
            finally:
                browser.close()
    finally:
        server.shutdown()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def static_server(build_first: bool = False, wait_s: float = 30) -> Iterator[str]:
    """``build.py serve --no-build`` on a free loopback port (after ``build.py`` if asked); yields its
    base URL and stops that same process after."""
    if build_first:
        subprocess.run([sys.executable, "build.py"], cwd=ROOT, check=True)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "build.py", "serve", "--no-build", "--port", str(port)], cwd=ROOT,
                            env={**os.environ, "PRIMI_QUIET": "1"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + wait_s
        while True:
            try:
                urllib.request.urlopen(url, timeout=1).read()
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise RuntimeError("the static server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


def open_setup(page: Any, base: str, game: str, query: str, seats: list[str]) -> None:
    """``game``'s setup screen from ``query`` with the FAST settings in force from the first script,
    the engine ready and each seat given its kind (the caller presses Start)."""
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(FAST))})")
    page.goto(base + f"#/play/{game}?{query}")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)


# Something for the loop to do or read: another decision timed, a deal's summary, the end.
PROGRESS = """(n) => window.primi.thinkTimes.length > n
  || document.querySelector('#dealend')?.hidden === false || !!document.querySelector('#game-end')"""


def think_times(page: Any, decisions: int, stop: Callable[[], bool] | None = None, stall_ms: int = 120_000) -> list[float]:
    """Computers playing each other on the page (Start pressed): each deal's summary is read on until
    ``decisions`` decisions have been timed (``think_ms``, the worker's own time for each), the game
    ends, ``stop()`` says so (an error on the page) or nothing happens for ``stall_ms``. Waits on the
    page's state, never on a clock."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    times: list[float] = []
    while len(times) < decisions:
        try:
            page.wait_for_function(PROGRESS, arg=len(times), timeout=stall_ms)
        except PlaywrightTimeout:
            break
        if not page.locator("#dealend").is_hidden():
            page.click("#dealend-go")
            page.wait_for_selector("#dealend", state="hidden")
        times = page.evaluate("window.primi.thinkTimes.slice()")
        if page.locator("#game-end").count() or (stop is not None and stop()):
            break
    return times[:decisions]

"""Fixtures for the end-to-end tests: build dist/ once, serve it on a free loopback port,
and drive Debian's chromium through Python's playwright (never ``playwright install``)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from kit import ICE_UNASKED, ROOT, STEP_TIMEOUT
from kit.snapshot_seed import SnapshotSeed
from kit.tables import Pages
from playwright.sync_api import Page, expect

from bench.kit.browser import CHROMIUM_ARGS, E2E_CHROMIUM, loopback_webrtc_args, maker_off, static_server

E2E = ROOT / "e2e"


# The longest test files (a full run, 2026-12-02), run first so that ``build.py test``'s xdist workers
# (--dist loadfile --no-loadscope-reorder: xdist would otherwise order the files by their number of
# tests, and the long e2e files, which have few, came last) end together: the short e2e files, then
# the unit tests, fill in behind them.
LONGEST_FIRST = ("e2e/together/test_together_games.py", "e2e/together/test_together.py", "e2e/offline/test_updates.py",
                 "e2e/saves/test_saves.py", "e2e/a11y/test_motion.py", "e2e/primiera/test_primiera.py",
                 "e2e/offline/test_offline.py", "e2e/a11y/test_a11y.py", "e2e/primero/test_primero_play.py", "e2e/primo/test_primo.py",
                 "tests/test_stdlib.py", "e2e/saves/test_robust.py", "tests/primiera/test_ai_hard.py", "e2e/a11y/test_clicker.py",
                 "tests/primero/test_game.py")


def in_e2e(path: Path) -> bool:
    """Whether a test file is one of e2e/'s (in any of its subject folders)."""
    return path.resolve().is_relative_to(E2E)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if in_e2e(Path(str(item.fspath))):
            item.add_marker(pytest.mark.e2e)

    def rank(item: pytest.Item) -> tuple[int, int]:
        path = Path(str(item.fspath))
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        if rel in LONGEST_FIRST:
            return (0, LONGEST_FIRST.index(rel))
        return (1, 0) if in_e2e(path) else (2, 0)

    items.sort(key=rank)  # stable: each file's tests stay together and in their order


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's chromium-headless-shell (``E2E_CHROMIUM``) quietly on this closed network, its
    contexts able to connect to each other on loopback with no ICE server (issue 22: ``loopback_webrtc_args``)."""
    if not Path(E2E_CHROMIUM).exists():
        pytest.fail(f"{E2E_CHROMIUM} is missing: the test command installs it (apt-get install -y chromium-headless-shell)")
    return {**browser_type_launch_args, "executable_path": E2E_CHROMIUM, "args": [*CHROMIUM_ARGS, *loopback_webrtc_args()]}


@pytest.fixture(scope="session")
def browser(browser: Any, server: str, built_site: Path) -> Iterator[Any]:
    """pytest-playwright's browser, every context it makes with the engine's snapshot maker off
    (bench/kit/browser.py ``maker_off``: the suite's many fresh pages would each make one in the
    background); ``browser.new_context(snapshot_maker=True)`` opts in (e2e/boot/test_boot.py).

    And every context starts as a returning visitor's: the engine's snapshot, made by the page itself
    once per engine and kept in build/ (e2e/kit/snapshot_seed.py), is put in its Cache Storage before the
    test's page opens, so the page boots from it (about 2 s) rather than starting Python (about 7.5 s on
    this loaded machine: 89 tests open a fresh page). The first visit's own boot is tested by the
    contexts that opt out: ``new_context(snapshot_maker=True)`` or ``new_context(seed_snapshot=False)``.

    And the service worker's background fill (the rest of the build saved for offline play once the
    engine is ready) is skipped in every context but those that ask for it, ``new_context(sw_fill=True)``:
    the offline tests (test_offline, test_first_visit, test_shell's; test_updates' profiles are not
    made here and fill as a visitor's do). Each fill costs about 2 s of CPU a context (``NO_FILL``)."""
    maker_off(browser)
    seed = SnapshotSeed(browser.new_context, server, built_site)
    made, made_page = browser.new_context, browser.new_page

    def context(seed_snapshot: bool = True, snapshot_maker: bool = False, sw_fill: bool = False, bar_lock: bool = False,
                **options: Any) -> Any:
        ctx = watch_ice(made(snapshot_maker=snapshot_maker, **options))
        if not sw_fill:
            ctx.add_init_script(NO_FILL)
        if not bar_lock:
            ctx.add_init_script(BAR_LOCK_OFF)
        if seed_snapshot and not snapshot_maker:
            seed.put(ctx)
        return ctx

    def page(**options: Any) -> Any:
        p = made_page(**options)  # a page with a context of its own, at about:blank yet
        watch_ice(p.context)
        p.context.add_init_script(BAR_LOCK_OFF)
        return p

    browser.new_context, browser.new_page = context, page
    browser.snapshot_seed = seed
    yield browser
    seed.close()


# After a computer's move the page locks its action bar for 300 ms (web/shell/table.js ``lockBar``: a
# label never changes under a finger), and the tests wait for it to end before each human step: about
# a fifth of a whole-game test's time, idle (e2e/primiera/test_primiera.py: 127 s -> 100 s, the same CPU). So
# every context has the lock off (localStorage "primi.barlock" = "off") but those that ask for it,
# ``new_context(bar_lock=True)``: the lock's own tests (e2e/a11y/test_checklist.py's phone checklist,
# e2e/primiera/test_primiera_tap.py).
BAR_LOCK_OFF = "try { localStorage.setItem('primi.barlock', 'off'); } catch (e) { /* about:blank */ }"


# The page asks its service worker for the background fill once the engine is ready (web/app.js, a
# {type: "fill"} message to navigator.serviceWorker.controller; again when the browser comes back
# online). In a context made without ``sw_fill`` the message is dropped and counted in
# window.__primiFillSkipped: the worker still serves and keeps every file the page fetches, but does
# not fetch the rest of the build (about 2 s of CPU in each of the suite's contexts).
NO_FILL = """(() => {
  const Worker = window.ServiceWorker;
  if (typeof Worker !== 'function') return;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'fill') { window.__primiFillSkipped = (window.__primiFillSkipped || 0) + 1; return undefined; }
    return post.call(this, message, ...rest);
  };
})();"""


# Issue 22: nothing outside the players' network is contacted unless they opt in, and a CSP does not
# govern WebRTC. So every context of the suite records each RTCPeerConnection made (its ICE server
# count, and whether Settings › "Play across the internet" was on) in window.__primiRtc, and reports one
# made with ICE servers while the setting is off; every e2e test fails on such a report
# (``no_ice_server_unasked``). The page's own guard (web/shell/net/guard.js) wraps this one, so a
# report means the guard let it through.
ICE_WATCH = """(() => {
  const Real = window.RTCPeerConnection;
  if (typeof Real !== 'function') return;
  const log = window.__primiRtc = [];
  const internet = () => { try { return JSON.parse(localStorage.getItem('primi.settings.v1') || '{}').internet === true; } catch (e) { return false; } };
  function RTCPeerConnection(config, ...rest) {
    const servers = config && Array.isArray(config.iceServers) ? config.iceServers.length : 0;
    const entry = {servers, internet: internet(), given: !!config && 'iceServers' in config};
    log.push(entry);
    if (servers && !entry.internet) window.__primiIceUnasked(JSON.stringify(config));
    return new Real(config, ...rest);
  }
  RTCPeerConnection.prototype = Real.prototype;
  window.RTCPeerConnection = window.__primiRtcWatched = RTCPeerConnection;
})();"""


def report_unasked(config: str) -> None:
    ICE_UNASKED.append(config)


def watch_ice(ctx: Any) -> Any:
    """``ctx`` with ICE_WATCH in every page it opens."""
    ctx.expose_function("__primiIceUnasked", report_unasked)
    ctx.add_init_script(ICE_WATCH)
    return ctx


@pytest.fixture(autouse=True)
def no_ice_server_unasked() -> Iterator[None]:
    """Fails the test if any page made an RTCPeerConnection with ICE servers while the setting was off."""
    mark = len(ICE_UNASKED)
    yield
    unasked = ICE_UNASKED[mark:]
    assert not unasked, f"an RTCPeerConnection with ICE servers while 'Play across the internet' is off: {unasked}"


@pytest.fixture(scope="session")
def snapshot_seed(browser: Any) -> SnapshotSeed:
    """The engine snapshot the browser's contexts are seeded with, to seed others (a persistent
    profile's: e2e/offline/test_updates.py) with ``snapshot_seed.put(ctx, origin)``."""
    seed: SnapshotSeed = browser.snapshot_seed
    return seed


@pytest.fixture(scope="session")
def built_site() -> Path:
    """dist/, freshly built for this test session (``build.py test`` builds it once before its
    concurrent pytest processes and sets PRIMI_PREBUILT)."""
    if os.environ.get("PRIMI_PREBUILT") != "1":
        subprocess.run([sys.executable, "build.py"], cwd=ROOT, check=True)
    return ROOT / "dist"


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    """A static server for dist/ on 127.0.0.1 (bench/kit/browser.py, as the screenshots use it);
    yields its base URL and stops that same process after."""
    with static_server() as url:
        yield url


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Marks a test that failed (set-up or call), so that its shared page is given up after it."""
    report: pytest.TestReport = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


@pytest.fixture(scope="session")
def pages(browser: Any, server: str) -> Iterator[Any]:
    """The booted pages this pytest process shares between tests (e2e/kit/tables.py's Pages)."""
    shared = Pages(browser, server)
    yield shared
    shared.close()


@pytest.fixture
def take(request: pytest.FixtureRequest, pages: Any) -> Iterator[Callable[[str], Page]]:
    """``take(size)``: a shared page of that size (tables.SIZES) at the home screen, the engine
    quiet; after the test it goes home again, or if the test failed it is closed and the next test
    boots a new one."""
    taken: list[Page] = []

    def get(size: str) -> Page:
        page: Page = pages.take(size)
        taken.append(page)
        return page

    yield get
    failed = request.node.stash.get(FAILED, False)
    for page in taken:
        if failed:
            pages.drop(page)
        else:
            pages.rest(page)


# The site's storage emptied, as a first visit finds it: localStorage, sessionStorage and every
# IndexedDB database (the saves' store, and any other the page or its worker made). What a
# returning visitor's browser keeps besides stays: the service worker and its cache, the engine
# snapshot's Cache Storage, the HTTP cache. Returns what is left, for the fixture to check.
CLEAR_STORAGE = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const {name} of await indexedDB.databases()) {
    await new Promise((ok, bad) => {
      const r = indexedDB.deleteDatabase(name);
      r.onsuccess = () => ok(undefined); r.onerror = () => bad(r.error);
    });
  }
  return {local: localStorage.length, databases: (await indexedDB.databases()).map((d) => d.name)};
}"""


class KeptContext:
    """One browser context kept for many tests, each given a new page of it with the site's storage
    emptied (``CLEAR_STORAGE``). A fresh context costs about 9 s more CPU than a new page in a used one
    on this machine (2 s to seed the engine snapshot, then a first visit's boot: the service worker's
    install, no compiled code cached, 11 s in all against 4.5 s; measured 2026-12-02): the tests that
    need a page load of their own with nothing saved, but not a first visit, take one here
    (``kept_page``). A test on it must leave the context as it found it (no routes, init scripts,
    offline or viewport of the context's: the page's own are fine, the page is closed after); after a
    failed test the context is closed, and the next test gets a fresh one."""

    def __init__(self, browser: Any, server: str) -> None:
        self.browser, self.server = browser, server
        self.context: Any = None

    def page(self) -> Page:
        if self.context is None:
            self.context = self.browser.new_context()
        page: Page = self.context.new_page()
        page.goto(self.server + "icon.svg")  # the site's origin; no script of the site's, no engine
        left = page.evaluate(CLEAR_STORAGE)
        assert left == {"local": 0, "databases": []}, left
        return page

    def after(self, failed: bool) -> None:
        """Every page the test opened closed (their workers' storage connections with them), or the
        whole context if the test failed."""
        if self.context is None:
            return
        if failed:
            self.close()
            return
        for page in list(self.context.pages):
            page.close()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
            self.context = None


@pytest.fixture(scope="session")
def kept_context(browser: Any, server: str) -> Iterator[KeptContext]:
    kept = KeptContext(browser, server)
    yield kept
    kept.close()


@pytest.fixture
def kept_page(request: pytest.FixtureRequest, kept_context: KeptContext) -> Iterator[Page]:
    """A new page (at the site's icon.svg) in the context this pytest process keeps (``KeptContext``),
    the site's storage emptied: the test's first ``goto`` loads the site afresh, with nothing saved,
    as a returning visitor's browser would (its service worker in control from the start)."""
    page = kept_context.page()
    yield page
    kept_context.after(request.node.stash.get(FAILED, False))


@pytest.fixture
def requests_log(page: Any, server: str) -> list[str]:
    """Every URL the page requests, to check that none goes to another origin."""
    log: list[str] = []
    page.on("request", lambda r: log.append(r.url))
    return log


# Waits are on states (enabled, visible, text); the default 5 s is too short on a busy machine
# (STEP_TIMEOUT and READY_TIMEOUT: e2e/kit/__init__.py).
expect.set_options(timeout=STEP_TIMEOUT)

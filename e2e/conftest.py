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
from playwright.sync_api import Page, expect
from snapshot_seed import SnapshotSeed

from bench.kit.browser import CHROMIUM, CHROMIUM_ARGS, maker_off, static_server

ROOT = Path(__file__).resolve().parent.parent


# The longest test files (a full run, 2026-12-02), run first so that ``build.py test``'s xdist workers
# (--dist loadfile --no-loadscope-reorder: xdist would otherwise order the files by their number of
# tests, and the long e2e files, which have few, came last) end together: the short e2e files, then
# the unit tests, fill in behind them.
LONGEST_FIRST = ("e2e/test_updates.py", "e2e/test_saves.py", "e2e/test_motion.py", "e2e/test_primiera.py",
                 "e2e/test_offline.py", "e2e/test_a11y.py", "e2e/test_primero_play.py", "e2e/test_primo.py",
                 "tests/test_stdlib.py", "e2e/test_robust.py", "tests/primiera/test_ai_hard.py", "e2e/test_clicker.py",
                 "tests/primero/test_game.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent.name == "e2e":
            item.add_marker(pytest.mark.e2e)

    def rank(item: pytest.Item) -> tuple[int, int]:
        path = Path(str(item.fspath))
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        if rel in LONGEST_FIRST:
            return (0, LONGEST_FIRST.index(rel))
        return (1, 0) if path.parent.name == "e2e" else (2, 0)

    items.sort(key=rank)  # stable: each file's tests stay together and in their order


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's chromium quietly on this closed network."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: the test command installs it (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser(browser: Any, server: str, built_site: Path) -> Iterator[Any]:
    """pytest-playwright's browser, every context it makes with the engine's snapshot maker off
    (bench/kit/browser.py ``maker_off``: the suite's many fresh pages would each make one in the
    background); ``browser.new_context(snapshot_maker=True)`` opts in (e2e/test_boot.py).

    And every context starts as a returning visitor's: the engine's snapshot, made by the page itself
    once per engine and kept in build/ (e2e/snapshot_seed.py), is put in its Cache Storage before the
    test's page opens, so the page boots from it (about 2 s) rather than starting Python (about 7.5 s on
    this loaded machine: 89 tests open a fresh page). The first visit's own boot is tested by the
    contexts that opt out: ``new_context(snapshot_maker=True)`` or ``new_context(seed_snapshot=False)``."""
    maker_off(browser)
    seed = SnapshotSeed(browser.new_context, server, built_site)
    made = browser.new_context

    def context(seed_snapshot: bool = True, snapshot_maker: bool = False, **options: Any) -> Any:
        ctx = made(snapshot_maker=snapshot_maker, **options)
        if seed_snapshot and not snapshot_maker:
            seed.put(ctx)
        return ctx

    browser.new_context = context
    browser.snapshot_seed = seed
    yield browser
    seed.close()


@pytest.fixture(scope="session")
def snapshot_seed(browser: Any) -> SnapshotSeed:
    """The engine snapshot the browser's contexts are seeded with, to seed others (a persistent
    profile's: e2e/test_updates.py) with ``snapshot_seed.put(ctx, origin)``."""
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
    """The booted pages this pytest process shares between tests (e2e/tables.py's Pages)."""
    from tables import Pages  # tables imports this module: imported here, not at the top

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


@pytest.fixture
def requests_log(page: Any, server: str) -> list[str]:
    """Every URL the page requests, to check that none goes to another origin."""
    log: list[str] = []
    page.on("request", lambda r: log.append(r.url))
    return log


def foreign(urls: list[str], base: str) -> list[str]:
    """URLs that are not on the test server's origin (data: and blob: are local)."""
    return [u for u in urls if not (u.startswith(base) or u.startswith(("data:", "blob:")))]


READY_TIMEOUT = 90_000
"""How long the engine may take to boot (a cold Pyodide start on a busy 2-core machine)."""

STEP_TIMEOUT = 30_000
"""How long one worker step may take on a busy machine; every wait is on a state, this only bounds it."""

# Waits are on states (enabled, visible, text); the default 5 s is too short on a busy machine.
expect.set_options(timeout=STEP_TIMEOUT)

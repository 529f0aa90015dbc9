"""Fixtures for the end-to-end tests: build dist/ once, serve it on a free loopback port,
and drive Debian's chromium through Python's playwright (never ``playwright install``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("PRIMI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent.name == "e2e":
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's chromium quietly on this closed network."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: the test command installs it (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def built_site() -> Path:
    """dist/, freshly built for this test session (``build.py test`` builds it once before its
    concurrent pytest processes and sets PRIMI_PREBUILT)."""
    if os.environ.get("PRIMI_PREBUILT") != "1":
        subprocess.run([sys.executable, "build.py"], cwd=ROOT, check=True)
    return ROOT / "dist"


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[str]:
    """A static server for dist/ on 127.0.0.1; yields its base URL and stops that same process after."""
    port = _free_port()
    env = {**os.environ, "PRIMI_QUIET": "1"}
    proc = subprocess.Popen(
        [sys.executable, "build.py", "serve", "--no-build", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.time() + 20
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).read()
            break
        except OSError:
            if time.time() > deadline or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("the static server did not start") from None
            time.sleep(0.1)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()


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

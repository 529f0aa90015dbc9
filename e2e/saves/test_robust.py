"""The page survives what breaks it (issue 20): an engine that dies (Pyodide's fatal error, or a
worker that stops answering) is said in plain words with a reload that resumes the game; a deploy
with a damaged file says so within seconds and offers a retry; a mid-game export says first that the
file shows every hidden card (and a hot-seat game offers none before its end); two tabs on one save
never lose a move."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from kit import READY_TIMEOUT, ROOT, STEP_TIMEOUT, primero, tables
from kit.a11y import axe
from kit.saves import IDB_ALL, advance, info, quiet
from kit.tables import address
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(ROOT))

import build  # noqa: E402

WATCH_MS = 4000
"""The page's bound on a call before it pings the worker (?debug&watchdog=MS; 30 s in play)."""


@pytest.fixture
def page(kept_page: Page) -> Page:
    """A test's own page that loads the site itself, in the context this process keeps with the site's
    storage emptied (e2e/conftest.py ``KeptContext``: about 9 s of CPU less than a fresh context), with
    speed Off from its first load on (kit/saves.py ``quiet``: the motion is not the subject here)."""
    return quiet(kept_page)


def start(page: Page, base: str, seats: list[str], seed: int = 7) -> None:
    """A 2-player Waks game from its link on a fresh load of ``base`` (the PLAY settings stored)."""
    page.goto(base)
    page.evaluate(f"localStorage.setItem('primi.settings.v1', {json.dumps(primero.FAST)})")
    page.goto(base + f"#/play/primero?variant=waks&players={len(seats)}&seed={seed}")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    tables.begin(page, "primero", seats)
    primero.settle(page)


def resumed_at(page: Page, actions: int) -> None:
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    page.wait_for_function(f"window.primi.tableInfo() && window.primi.tableInfo().actions === {actions}",
                           timeout=STEP_TIMEOUT)
    primero.settle(page)


# ---------------------------------------------------------------- item 13: the engine dies


def test_a_dead_engine_is_said_and_a_reload_resumes_the_game(page: Page, server: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start(page, server + f"?debug&watchdog={WATCH_MS}", ["human", "easy"])
    advance(primero, page, 2)
    primero.settle(page)
    before = info(page)["actions"]
    # Pyodide's fatal error: the worker raises an error event and never answers again.
    page.evaluate("window.primi.killEngine(true)")
    alert = page.locator("#engine-dead")
    expect(alert).to_be_visible(timeout=3 * WATCH_MS + 5000)
    expect(alert).to_have_attribute("role", "alert")
    expect(alert).to_contain_text("The game engine stopped working")
    expect(page.get_by_role("button", name="Reload and go on")).to_be_focused()
    assert axe(page) == []
    # What the player does now fails plainly (never a wait for ever): the home screen's list says so.
    page.goto(page.url.split("#")[0] + "#/")
    expect(page.locator("#continue-status")).to_contain_text("stopped working")
    page.get_by_role("button", name="Reload and go on").click()
    resumed_at(page, before)  # back on the same game, at the last move saved
    expect(page.locator("#engine-dead")).to_have_count(0)
    advance(primero, page, 1)
    primero.settle(page)
    moved = info(page)["actions"]
    assert moved > before
    if not page.locator("#dealend").is_hidden():  # a deal's summary: close it, so the next step is a move
        page.locator("#dealend-go").click()
        primero.settle(page)
        moved = info(page)["actions"]
    # A worker that only stops answering (no error event), with a move in flight: the call's bound.
    page.evaluate("window.primi.killEngine(false)")
    primero.human_step(page, 0)
    expect(page.locator("#engine-dead")).to_be_visible(timeout=3 * WATCH_MS + 5000)
    expect(page.locator("#table-message")).to_contain_text("stopped working")
    page.get_by_role("button", name="Reload and go on").click()
    resumed_at(page, moved)  # the move that never reached the worker was not played: the game is where it was
    assert not [e for e in errors if "Maximum call stack" not in e], errors


# ---------------------------------------------------------------- item 14: a damaged deploy


class Served:
    """A copy of dist/ served on a free loopback port by a host that lets browsers keep every file for
    ten minutes (Cache-Control: max-age=600, as many hosts do): a mended file is not seen by a
    plain reload, so the page's retry must fetch past the HTTP cache (web/boot-guard.js)."""

    def __init__(self, root: Path) -> None:
        class Handler(build.Handler):
            def end_headers(self) -> None:
                self.send_header("Cache-Control", "max-age=600")
                http.server.SimpleHTTPRequestHandler.end_headers(self)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def damaged(built_site: Path, tmp_path: Path) -> Iterator[tuple[Served, Path]]:
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    s = Served(site)
    yield s, site
    s.close()


def test_a_damaged_deploy_says_so_within_seconds_and_a_retry_loads_the_fixed_one(
    damaged: tuple[Served, Path], browser: Browser
) -> None:
    served, site = damaged
    good = (site / "shell" / "say.js").read_bytes()
    (site / "shell" / "say.js").write_text("CORRUPT\n")  # a module of the page's, replaced with garbage
    for copy in ("say.js.gz", "say.js.br"):  # the server would send a precompressed copy of the good file
        (site / "shell" / copy).unlink(missing_ok=True)
    # A first-time visitor: no cache, no service worker, no engine snapshot (the suite's contexts are
    # seeded with one for the test server's origin, not this one's: seeding would only cost time).
    context = browser.new_context(seed_snapshot=False)
    page = context.new_page()
    page.goto(served.url)
    retry = page.get_by_role("button", name="Try again")
    expect(retry).to_be_visible(timeout=10_000)
    expect(page.locator("#boot-stage")).to_contain_text("Primi could not start")
    assert axe(page) == []
    assert page.evaluate("document.documentElement.classList.contains('boot-failed')")
    # The deploy is mended: a retry loads it and the engine starts.
    (site / "shell" / "say.js").write_bytes(good)
    retry.click()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    expect(page.locator("#boot-retry")).to_have_count(0)
    context.close()
    # A damaged file of the engine's (PyScript's module): the engine cannot start, and says so at once.
    (site / "pyscript" / "core.js").write_text("CORRUPT\n")
    for copy in ("core.js.gz", "core.js.br"):
        (site / "pyscript" / copy).unlink(missing_ok=True)
    context = browser.new_context(seed_snapshot=False)
    page = context.new_page()
    page.goto(served.url)
    expect(page.get_by_role("button", name="Try again")).to_be_visible(timeout=10_000)
    expect(page.locator("#boot-stage")).to_have_text("The game engine could not start. Check your connection and try again.")
    context.close()


# ---------------------------------------------------------------- item 15: a record before the end


def test_a_mid_game_export_warns_first_and_hot_seat_offers_none_before_the_end(take: Callable[[str], Page], server: str) -> None:
    page = take("desktop")  # no load of its own: a shared page (tables.Pages), its games started by hash changes
    page.goto(address(page, server) + "#/play/primero?variant=waks&players=2&seed=7")
    tables.begin(page, "primero", ["human", "easy"])
    primero.settle(page)
    downloads: list[Any] = []

    def downloaded(d: Any) -> None:
        downloads.append(d)

    page.on("download", downloaded)
    page.locator("#table-export").click()
    dialog = page.get_by_role("dialog", name="Export a game still in play?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("The file shows every card still hidden")
    expect(page.locator("#export-warn-no")).to_be_focused()  # the safe answer first
    assert axe(page) == []
    page.keyboard.press("Escape")  # no
    expect(dialog).to_have_count(0)
    expect(page.locator("#table-export")).to_be_focused()
    assert not downloads
    assert not any(json.loads(r["request"]).get("op") == "record" for r in page.evaluate("window.primi.replies"))
    page.locator("#table-export").click()
    with page.expect_download() as got:
        page.get_by_role("button", name="Export anyway").click()
    assert got.value.suggested_filename.startswith("primi-primero-waks-")
    # The Continue list asks the same for this unfinished game.
    page.goto(page.url.split("#")[0] + "#/")
    item = page.locator("#save-list li").first
    item.get_by_role("button", name="Export").click()
    expect(page.get_by_role("dialog", name="Export a game still in play?")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()
    # Hot-seat: no record before the end, on the table or in the list.
    page.goto(page.url.split("#")[0] + "#/play/primero?variant=waks&players=2&seed=7")
    tables.begin(page, "primero", ["human", "human"])
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#table-export")).to_be_hidden()
    page.goto(page.url.split("#")[0] + "#/")
    hot = page.locator("#save-list li").first
    expect(hot.get_by_role("button", name="Resume")).to_be_visible()
    expect(hot.get_by_role("button", name="Export")).to_have_count(0)
    expect(page.locator("#save-list li").nth(1).get_by_role("button", name="Export")).to_have_count(1)
    page.remove_listener("download", downloaded)  # the page goes on to other tests


# ---------------------------------------------------------------- item 18: two tabs, one save


def test_two_tabs_on_one_save_lose_no_move(page: Page, server: str) -> None:
    start(page, server + "?debug", ["human", "easy"])
    advance(primero, page, 2)
    primero.settle(page)
    other = page.context.new_page()  # the same browser: the same saves
    other.goto(server + "?debug#/")
    other.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    at = info(page)["actions"]
    other.locator("#save-list li").first.get_by_role("button", name="Resume").click()
    resumed_at(other, at)  # every move the first tab made is there
    notice = page.locator("#tab-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("This game is now open in another tab")
    expect(page.locator("#screen-table")).to_have_count(0)  # the first tab takes no more moves
    assert axe(page) == []
    advance(primero, other, 1)
    primero.settle(other)
    moved = info(other)["actions"]
    assert moved > at
    # Taken back: the first tab reads the save again, with the other tab's move, and the other stops.
    page.get_by_role("button", name="Play it here").click()
    resumed_at(page, moved)
    expect(other.locator("#tab-notice")).to_be_visible()
    expect(other.locator("#screen-table")).to_have_count(0)
    advance(primero, page, 1)
    primero.settle(page)
    final = info(page)["actions"]
    saved = [json.loads(v) for v in page.evaluate(IDB_ALL).values()]
    assert len(saved) == 1 and len(saved[0]["record"]["actions"]) == final, (final, saved)
    other.close()

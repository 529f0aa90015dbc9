"""Offline after one visit: the server is stopped, and new tabs opened on deep links (the rules, then a
game's setup, a share link, the daily deals, the statistics in the same tab; an unknown path) work, and
whole games are played, with no request reaching a server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kit import READY_TIMEOUT, primiera
from kit.site import Site
from kit.snapshot_seed import SnapshotSeed
from kit.tables import FAST, begin, watch_to_the_end
from playwright.sync_api import Browser, Page, expect


@pytest.fixture
def own_site(built_site: Path) -> Iterator[Site]:
    """dist/ served by a server this test may stop."""
    s = Site(built_site)
    yield s
    s.close()


def ready(page: Page) -> None:
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


def test_deep_links_and_games_offline_after_one_visit(browser: Browser, own_site: Site, snapshot_seed: SnapshotSeed) -> None:
    # The engine's snapshot a visit keeps (the page's maker is off in the tests): the tabs below boot
    # from it offline, as a returning player's do, until the last one, which boots plainly.
    ctx = browser.new_context(seed_snapshot=False, sw_fill=True)
    snapshot_seed.put(ctx, own_site.url)
    # Computer turns without pauses or motion (the test is of the files at hand offline, not of the pace).
    ctx.add_init_script(f"if (!localStorage.getItem('primi.settings.v1')) localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(FAST))})")
    first = ctx.new_page()
    first.goto(own_site.url)
    ready(first)  # on a first visit the engine starts as soon as the service worker controls the page
    assert first.evaluate("!!navigator.serviceWorker.controller")
    # The rest of the build is saved in the background once the engine is ready: offline play needs it.
    expect(first.locator("html")).to_have_attribute("data-offline", "ready", timeout=READY_TIMEOUT)
    first.close()
    own_site.close()  # the server is gone; nothing below can reach it

    failed: list[str] = []
    ctx.on("requestfailed", lambda r: failed.append(r.url))

    def tab(path: str) -> Page:
        page = ctx.new_page()
        page.goto(own_site.url + path)
        return page

    # A deep link opened in a new tab: the rules, the engine from the kept snapshot.
    links = tab("#/rules")
    expect(links.locator("#screen-rules")).to_be_visible(timeout=READY_TIMEOUT)
    expect(links.locator(".rules-game[data-game=primiera]")).to_be_visible()
    ready(links)
    assert links.evaluate("document.documentElement.dataset.boot") == "snapshot"
    # The other deep links in the same tab (each route's screen and modules come from the cache as
    # they would in a tab of their own: the service worker answers every route with the same page):
    # a game's setup, a share link (seed and seats), the daily deals, the statistics.
    links.evaluate("location.hash = '#/play/primiera?variant=2p'")
    expect(links.get_by_role("button", name="Start the game")).to_be_visible(timeout=READY_TIMEOUT)
    links.evaluate("location.hash = '#/play/primo?variant=base&players=3&seats=human,easy,medium&seed=42'")
    expect(links.locator("#setup-players")).to_have_value("3")
    expect(links.locator("#seat-2")).to_have_value("medium")
    expect(links.locator("#setup-seed")).to_have_value("42")
    links.evaluate("location.hash = '#/daily/primiera'")
    expect(links.get_by_role("button", name="Play today's deal")).to_be_visible()
    links.evaluate("location.hash = '#/stats'")
    expect(links.locator("#screen-stats")).to_be_visible()
    links.evaluate("location.hash = '#/daily/primero'")  # the daily deal, played
    expect(links.get_by_role("button", name="Play today's deal")).to_be_visible(timeout=READY_TIMEOUT)
    links.get_by_role("button", name="Play today's deal").click()
    expect(links.locator("#screen-table[data-game=primero]")).to_be_visible(timeout=READY_TIMEOUT)
    assert links.evaluate("caches.delete('engine-snapshot')")  # the snapshot gone (a visitor whose maker failed)
    links.close()

    # An address the site does not have, in a new tab: sent to the app page, which works, its engine
    # started plainly offline (every file of a plain start is at hand). In it, a whole Primiera round
    # with a human seat and a whole Primero game between computers (hash changes from here).
    game = tab("some/deep/path?x=1")
    ready(game)
    assert game.url == own_site.url
    assert game.evaluate("document.documentElement.dataset.boot") == "plain"
    game.goto(own_site.url + "#/play/primiera?variant=2p&seed=11")
    begin(game, "primiera", ["human", "medium"])
    seen: dict[str, Any] = primiera.play(game, rounds=1)
    assert seen["rounds"] == 1
    game.goto(own_site.url + "#/play/primero?variant=waks&players=2&opt-deals=1")
    begin(game, "primero", ["easy", "easy"])
    watch_to_the_end(game, deals=1)
    # The only request that went to the network is the unknown address, before its redirect.
    assert set(failed) <= {own_site.url + "some/deep/path?x=1"}, failed
    ctx.close()

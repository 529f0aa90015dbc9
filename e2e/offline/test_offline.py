"""Offline after one visit: the server is stopped, and new tabs opened on deep links (the rules, a
game's setup, an unknown path) work, and whole games are played, with no request reaching a server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kit import READY_TIMEOUT, primero, primiera
from kit.site import Site
from kit.snapshot_seed import SnapshotSeed
from kit.tables import FAST, watch_to_the_end
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

    rules = tab("#/rules")
    expect(rules.locator("#screen-rules")).to_be_visible(timeout=READY_TIMEOUT)
    expect(rules.locator(".rules-game[data-game=primiera]")).to_be_visible()
    ready(rules)
    assert rules.evaluate("document.documentElement.dataset.boot") == "snapshot"
    rules.close()

    setup = tab("#/play/primiera?variant=2p")
    expect(setup.get_by_role("button", name="Start the game")).to_be_visible(timeout=READY_TIMEOUT)
    ready(setup)
    # A share link (seed and seats), the daily deal, the statistics: each opens offline, in this tab.
    setup.evaluate("location.hash = '#/play/primo?variant=base&players=3&seats=human,easy,medium&seed=42'")
    expect(setup.locator("#setup-players")).to_have_value("3")
    expect(setup.locator("#seat-2")).to_have_value("medium")
    expect(setup.locator("#setup-seed")).to_have_value("42")
    setup.evaluate("location.hash = '#/daily/primiera'")
    expect(setup.get_by_role("button", name="Play today's deal")).to_be_visible()
    setup.evaluate("location.hash = '#/stats'")
    expect(setup.locator("#screen-stats")).to_be_visible()
    setup.close()

    daily = tab("#/daily/primero")  # a deep link opened fresh, offline: the daily deal, played
    expect(daily.get_by_role("button", name="Play today's deal")).to_be_visible(timeout=READY_TIMEOUT)
    ready(daily)
    daily.get_by_role("button", name="Play today's deal").click()
    expect(daily.locator("#screen-table[data-game=primero]")).to_be_visible(timeout=READY_TIMEOUT)
    daily.close()

    # An address the site does not have: sent to the app page, which works.
    lost = tab("some/deep/path?x=1")
    ready(lost)
    assert lost.url == own_site.url
    assert lost.evaluate("caches.delete('engine-snapshot')")  # the snapshot gone (a visitor whose maker failed)
    lost.close()

    # A whole Primiera round with a human seat, and a whole Primero game between computers, in a tab
    # whose engine starts plainly offline: every file of a plain start is at hand.
    game = ctx.new_page()
    primiera.start(game, own_site.url, "2p", ["human", "medium"], seed=11)
    assert game.evaluate("document.documentElement.dataset.boot") == "plain"
    seen: dict[str, Any] = primiera.play(game, rounds=1)
    assert seen["rounds"] == 1
    primero.start(game, own_site.url, "waks", 2, ["easy", "easy"], deals=1)
    watch_to_the_end(game, deals=1)
    # The only request that went to the network is the unknown address, before its redirect.
    assert set(failed) <= {own_site.url + "some/deep/path?x=1"}, failed
    ctx.close()

"""A stranger's first screens on a phone (issue 20): the home screen leads with the three games,
shows "Continue" only when there is something in it and says the truth when the browser's storage
is full; every menu item is on screen at 360 px; Statistics is no wider than the screen; a long name
wraps inside the hand-over box; the end screen's two link buttons say what each does.

One phone page (360x740, touch) for the module, with a storage of its own; the storage-full test
reloads it with the worker's IndexedDB failing, so it runs last."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from kit import READY_TIMEOUT, STEP_TIMEOUT
from kit.tables import FAST, watch_to_the_end
from playwright.sync_api import Page, expect

from tests import string_tables

WIDTH, HEIGHT = 360, 740

# The browser's storage is full: every write of the worker's saves store fails (e2e/saves/test_saves.py).
FULL = """() => { const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (this.name === 'saves') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args); }; }"""

# Every element of the screen that sticks out past the viewport's right edge (its text included).
PAST_THE_EDGE = """(root) => [...document.querySelectorAll(root + ' *')].filter((e) => e.getClientRects().length)
  .map((e) => [e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className, Math.round(e.getBoundingClientRect().right)])
  .filter(([, right]) => right > innerWidth)"""


@pytest.fixture(scope="module")
def phone(browser: Any, server: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True,
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(FAST))})")
    page.goto(server + "#/")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    yield page
    context.close()


def go(page: Page, server: str, route: str) -> None:
    page.goto(server + "#" + route)


def home(page: Page, server: str) -> None:
    """The home screen drawn afresh (from another screen: the same address would not draw it again)."""
    go(page, server, "/settings")
    expect(page.locator("#screen-settings")).to_be_visible()
    go(page, server, "/")
    page.wait_for_selector("#continue[data-count]", state="attached", timeout=STEP_TIMEOUT)  # the saves are read


def test_phone_home_leads_with_the_three_games_and_the_menu_fits(phone: Page, server: str) -> None:
    home(phone, server)
    expect(phone.locator("#continue")).to_have_attribute("data-count", "0")
    # Nothing to continue: no "Continue a game" box, only the way to open a record.
    expect(phone.locator("#continue-title")).to_be_hidden()
    expect(phone.locator("#continue-status")).to_be_hidden()
    expect(phone.locator("#import-open")).to_be_visible()
    # The three games' Play buttons on the first screen.
    plays = phone.locator(".game-tile a[data-primary]")
    expect(plays).to_have_count(3)
    assert phone.evaluate("scrollY") == 0
    for i in range(3):
        box = plays.nth(i).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, (plays.nth(i).inner_text(), box)
    # Every menu item on screen, nothing scrolled sideways out of sight.
    nav = phone.locator(".mainnav a")
    assert nav.count() >= 6
    for i in range(nav.count()):
        box = nav.nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (nav.nth(i).inner_text(), box)
        assert box["height"] >= 24  # a target (WCAG 2.5.8)
    assert phone.evaluate("document.querySelector('.mainnav').scrollWidth <= document.querySelector('.mainnav').clientWidth")
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert phone.evaluate(PAST_THE_EDGE, "#main") == []


def test_phone_statistics_fit_the_screen(phone: Page, server: str) -> None:
    stats = {"v": 1, "since": 0, "games": {
        "primero/waks": {"game": "primero", "variant": "waks", "played": 3, "won": 2, "hotseat": 0, "points": 0, "chips": 14, "last": 0},
        "primiera/kaleidos": {"game": "primiera", "variant": "kaleidos", "played": 3, "won": 2, "hotseat": 1, "points": 40,
                              "chips": 0, "last": 0}}}
    daily = {"v": 1, "games": {"primero": {"2026-01-02": {"won": True, "place": 1, "players": 4, "score": "40 chips"}}}}
    phone.evaluate("([s, d]) => { localStorage.setItem('primi.stats.v1', s); localStorage.setItem('primi.daily.v1', d); }",
                   [json.dumps(stats), json.dumps(daily)])
    try:
        go(phone, server, "/stats")
        row = phone.locator("tr[data-stats='primero/waks']")
        expect(row).to_contain_text("+14 chips")
        expect(row.locator("[data-played]")).to_have_text("3")  # the column's name is not the cell's text
        expect(phone.locator("#stats-daily tr[data-daily=primero]")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
        assert phone.evaluate(PAST_THE_EDGE, "#main") == []
    finally:
        phone.evaluate("() => { localStorage.removeItem('primi.stats.v1'); localStorage.removeItem('primi.daily.v1'); }")


def test_a_long_name_wraps_inside_the_hand_over_box(phone: Page, server: str) -> None:
    """40 characters with a 20-letter run (of wide letters): the box stays on the screen, the name
    whole in its text."""
    name = "Anna Maria " + "W" * 20 + " von Ober"
    assert len(name) == 40
    started = phone.evaluate(
        """(name) => window.primi.engineCall({op: 'new_game', game: 'primero', variant: 'waks', options: {players: 2},
             seats: ['human', 'human'], names: [name, 'Bo'], seed: 7})""", name)
    assert started["ok"], started
    home(phone, server)
    expect(phone.locator("#continue-title")).to_be_visible()  # now there is something to continue
    phone.locator("#save-list [data-resume]").first.click()
    handover = phone.locator("#handover")
    expect(handover).to_be_visible()
    expect(phone.locator("#handover-title")).to_contain_text(name)
    box = phone.locator("#handover .overlay-box").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    assert phone.evaluate(PAST_THE_EDGE, "#handover") == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= WIDTH
    phone.locator("#handover-go").click()
    expect(handover).to_be_hidden()
    home(phone, server)
    phone.locator("#delete-all").click()
    phone.locator("#delete-all-yes").click()
    expect(phone.locator("#continue")).to_have_attribute("data-count", "0")


def test_end_screen_links_say_what_they_do(phone: Page, server: str) -> None:
    """"Play this deal again" and "Copy replay link", whose confirmation is its own (it said the
    share link's "Whoever opens it gets the same deal")."""
    go(phone, server, "/play/primero?variant=waks&players=2&seats=easy,easy&deals=1&seed=5")
    phone.locator("#setup-start").click()
    watch_to_the_end(phone, 1)
    expect(phone.locator("#end-replay")).to_have_text("Play this deal again")
    expect(phone.locator("#end-replay-link")).to_have_text("Copy replay link")
    phone.locator("#end-share").click()
    status = phone.locator("#end-link-box .link-status")
    expect(status).to_have_text("Copied. Whoever opens it gets the same deal.")
    phone.locator("#end-replay-link").click()
    expect(phone.locator("#end-watch")).to_be_visible()
    expect(status).to_have_text("Copied. Whoever opens it can watch this game again, move by move.")
    # The same three in Italian and German, each its own words.
    for lang in ("it", "de"):
        words = string_tables.strings(lang)
        assert words["end.replay"] != string_tables.strings("en")["end.replay"]
        assert words["replay.copied"] != words["link.copied"]
        assert "seme" not in words["end.replay"] and "Startwert" not in words["end.replay"], words["end.replay"]
    home(phone, server)
    if phone.locator("#delete-all").count():
        phone.locator("#delete-all").click()
        phone.locator("#delete-all-yes").click()


def test_setup_options_speak_a_players_words(phone: Page, server: str) -> None:
    """A choice shows its label (its value is what the link and the engine get); a help names no option."""
    go(phone, server, "/play/primero?variant=rms&players=4&table=stock")
    select = phone.locator("#opt-table")
    expect(select.locator("option")).to_have_text(["Eight face-down cards on the table", "A draw pile and a discard pile"])
    assert select.evaluate("(s) => [...s.options].map((o) => o.value)") == ["eight", "stock"]
    expect(select).to_have_value("stock")
    go(phone, server, "/play/primiera?variant=kaleidos")
    helps = phone.locator("#setup-options .help")
    expect(helps.first).to_be_attached()
    for text in helps.all_text_contents():
        assert "max_rounds" not in text and "_" not in text, text


def test_storage_full_the_home_screen_says_so(phone: Page, server: str) -> None:
    """Last: the page is reloaded with a worker whose storage is full."""
    def stub(worker: Any) -> None:
        with contextlib.suppress(Exception):  # a worker gone with its page: nothing to stub
            worker.evaluate(FULL)
    phone.on("worker", stub)
    phone.reload()
    phone.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    go(phone, server, "/play/primero?variant=waks&players=2&seats=human,easy")
    phone.locator("#setup-start").click()
    expect(phone.locator("#save-notice")).to_contain_text("this game will not be saved")
    home(phone, server)
    status = phone.locator("#continue-status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("storage is full")
    expect(status).not_to_contain_text("saved as you go")

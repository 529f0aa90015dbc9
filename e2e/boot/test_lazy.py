"""A first visit carries only what it needs (issue 21): a shared Primero link, in English, fetches no
Italian or German table, no lesson and no other game's module, and plays; each of them is fetched
when it is needed (Primo's setup, the Learn page, Italian chosen in Settings); a module that cannot
be downloaded says so in plain words and its retry works.

One page for the module: a fresh browser (a first visit) in English, every request it makes logged;
the tests run in order on it, each looking at the requests made since its own start. The failed
download has a page of its own."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from kit import READY_TIMEOUT
from kit.tables import FAST, begin, settle, table_info
from playwright.sync_api import Page, expect

from tests import string_tables

# What a first visit in English never needs: the other languages' tables (the shell's, the games',
# the catalogue's words), the lessons, the other games' modules (their English words are the page's:
# the home screen and the menu show some).
OTHER_LANGUAGES = re.compile(r"/(i18n/(it|de)\.js|games/\w+/strings\.(it|de)\.js|catalogue\.(it|de)\.json)$")
LESSONS = re.compile(r"/(shell|games/\w+)/learn\.js$")
OTHER_GAMES = re.compile(r"/games/(primiera|primo)/(?!strings\.en\.js$)")


class Visit:
    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base = page, base
        self.log: list[str] = []
        page.on("request", lambda r: self.log.append(r.url.split("?")[0].split("#")[0]))

    def mark(self) -> int:
        return len(self.log)

    def since(self, mark: int) -> list[str]:
        return self.log[mark:]

    def go(self, route: str) -> None:
        self.page.goto(self.base + "#" + route)


@pytest.fixture(scope="module")
def visit(browser: Any, server: str) -> Iterator[Visit]:
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(FAST))})")
    yield Visit(page, server)
    context.close()


def test_a_first_visit_by_a_primero_link_fetches_only_primero_in_english_and_plays(visit: Visit) -> None:
    page = visit.page
    visit.go("/play/primero?variant=waks&players=2&seed=7")
    expect(page.locator("#screen-setup[data-game=primero]")).to_be_visible()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    begin(page, "primero", ["human", "easy"])
    settle(page, "primero")
    before = table_info(page)["actions"]
    page.locator("#actions [data-action]:not([disabled])").first.click()
    page.wait_for_function(f"() => window.primi.tableInfo().actions > {before}")
    settle(page, "primero")
    urls = visit.since(0)
    assert any(u.endswith("/games/primero/index.js") for u in urls)
    assert [u for u in urls if OTHER_LANGUAGES.search(u) or LESSONS.search(u) or OTHER_GAMES.search(u)] == []


def test_opening_primo_fetches_primo_s_modules(visit: Visit) -> None:
    mark = visit.mark()
    visit.go("/play/primo")
    expect(visit.page.locator("#screen-setup[data-game=primo]")).to_be_visible()
    urls = visit.since(mark)
    assert {"index.js", "draw.js", "input.js"} <= {u.rsplit("/", 1)[1] for u in urls if "/games/primo/" in u}
    assert [u for u in urls if OTHER_GAMES.search(u) and "/primo/" not in u or LESSONS.search(u)] == []


def test_a_module_that_cannot_be_downloaded_says_so_and_the_retry_works(browser: Any, server: str) -> None:
    """The network fails Primiera's modules (offline before the service worker saved them: its own
    page, without one, since a page's routes never see what a service worker serves)."""
    context = browser.new_context(locale="en-GB", service_workers="block")
    page = context.new_page()
    en = string_tables.strings("en")
    page.route(re.compile(r"/games/primiera/(?!strings\.en\.js$)"), lambda route: route.abort())
    page.goto(server + "#/play/primiera")
    screen = page.locator("#screen-load-failed")
    expect(screen).to_be_visible()
    expect(screen.locator("#load-message")).to_have_text(en["load.failed"])
    expect(screen.locator("h1")).to_have_text(en["load.title"])
    page.unroute(re.compile(r"/games/primiera/(?!strings\.en\.js$)"))
    page.locator("#load-retry").click()
    expect(page.locator("#screen-setup[data-game=primiera]")).to_be_visible()
    expect(screen).to_have_count(0)
    context.close()


def test_the_learn_page_fetches_the_lessons(visit: Visit) -> None:
    mark = visit.mark()
    visit.go("/learn")
    for game in ("primero", "primiera", "primo"):
        expect(visit.page.locator(f".learn-game[data-game={game}] .learn-tile").first).to_be_visible()
    lessons = {u.split("/")[-2] for u in visit.since(mark) if LESSONS.search(u)}  # the folder: shell, or a game's
    assert lessons == {"shell", "primero", "primiera", "primo"}, lessons


def test_italian_chosen_in_settings_fetches_its_tables_and_the_page_is_in_italian(visit: Visit) -> None:
    page = visit.page
    it = string_tables.strings("it")
    mark = visit.mark()
    visit.go("/settings")
    expect(page.locator("#screen-settings")).to_be_visible()
    assert not [u for u in visit.since(0) if OTHER_LANGUAGES.search(u)]
    page.select_option("#set-lang", "it")
    expect(page.locator("#settings-title")).to_have_text(it["settings.title"])
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("#settings-message")).to_have_text(it["settings.saved"])
    fetched = {u.split("/")[-1] if "/i18n/" in u or "catalogue" in u else "/".join(u.split("/")[-2:])
               for u in visit.since(mark) if OTHER_LANGUAGES.search(u)}
    assert fetched == {"it.js", "catalogue.it.json", "primero/strings.it.js", "primiera/strings.it.js", "primo/strings.it.js"}
    # The menu and the home screen in Italian, the games' own words (a tile's links) too.
    visit.go("/")
    expect(page.locator(".mainnav a[href='#/rules']")).to_have_text(it["nav.rules"])
    expect(page.locator(".game-tile[data-game=primiera] a[href='#/primiera/score']")).to_have_text(it["primiera.home.score"])

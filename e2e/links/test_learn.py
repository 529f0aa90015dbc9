"""Learn by example: a newcomer steps through the rulebooks' worked deals on the real page.
The Waks lesson is walked with the Next button, the Northpass forced stake with the → key,
and hostile links end on a clear message, never on injected markup. The tests share booted pages
(e2e/kit/tables.py ``Pages``): each opens its screen by a hash change."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from kit import READY_TIMEOUT, ROOT
from kit.tables import address
from playwright.sync_api import Page, expect

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def page(take: Callable[[str], Page]) -> Page:
    """A shared desktop page at the home screen (e2e/conftest.py ``take``)."""
    return take("desktop")


def open_page(page: Page, server: str, hash_: str) -> None:
    page.goto(address(page, server) + hash_)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


def step_of(page: Page) -> int:
    return int(page.locator("#learn-progress").get_attribute("data-step") or "-1")


def pot(page: Page) -> int:
    return int(page.locator("#learn-pot").get_attribute("data-pot") or "-1")


def cards(page: Page, seat: int) -> list[str]:
    return page.locator(f'#learn-seats [data-seat="{seat}"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )


def test_waks_lesson_with_the_next_button(page: Page, server: str) -> None:
    open_page(page, server, "#/learn")
    tiles = page.locator("#learn-list [data-game=primero] [data-lesson]")
    expect(tiles).to_have_count(3)
    page.locator('[data-lesson="waks-anna"] a').click()
    expect(page.locator("#learn-progress")).to_have_attribute("data-step", "0")
    expect(page.locator("#learn-live")).to_have_attribute("aria-live", "polite")
    assert "6♥" in page.locator("#learn-commentary").inner_text()  # the book's duplicate card is explained
    for sel in ("#learn-back", "#learn-next", "#learn-restart"):
        box = page.locator(sel).bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44
    expect(page.locator("#learn-back")).to_have_attribute("aria-disabled", "true")
    steps = int(page.locator("#learn-progress").get_attribute("data-steps") or "0")
    assert steps == 16
    pots = []
    for k in range(1, steps):
        page.locator("#learn-next").click()
        expect(page.locator("#learn-progress")).to_have_attribute("data-step", str(k))
        pots.append(pot(page))
        assert page.locator("#learn-commentary").inner_text().strip()
        assert f"step={k}" in page.url
        if k == 5:  # Anna's forced see: her seat is highlighted and the sentence says so
            assert "learn-actor" in (page.locator('#learn-seats [data-seat="0"]').get_attribute("class") or "")
            expect(page.locator("#learn-action")).to_contain_text("Anna must see")
            expect(page.locator("#learn-decisions")).to_contain_text("D-WB3")
        if k == 7:
            expect(page.locator("#learn-phase")).to_have_attribute("data-phase", "draw")
    assert pots == [0, 2, 2, 2, 4, 4, 6, 6, 6, 6, 6, 9, 9, 12, 12]
    expect(page.locator("#learn-action")).to_contain_text("Anna wins 12.")
    expect(page.locator('#learn-seats [data-seat="0"]')).to_contain_text("Wins")
    assert cards(page, 0) == ["7S", "6H", "AD", "KC"]
    assert cards(page, 1) == ["7H", "5H", "4H", "2C"]
    expect(page.locator("#learn-next")).to_have_attribute("aria-disabled", "true")
    page.locator("#learn-next").click(force=True)  # aria-disabled: nothing past the end
    assert step_of(page) == steps - 1
    page.locator("#learn-restart").click()
    expect(page.locator("#learn-progress")).to_have_attribute("data-step", "0")
    assert pot(page) == 0


def test_the_learn_page_lists_every_games_lessons(page: Page, server: str) -> None:
    """Learn (the menu's) lists Primero's, Primiera's and Primo's lessons, each under its game's name,
    and each opens on its game's own lesson screen (issue 20: only Primero's were listed)."""
    open_page(page, server, "#/")
    page.locator(".mainnav a[href='#/learn']").click()
    sections = page.locator("#learn-list .learn-game")
    expect(sections).to_have_count(3)
    expect(sections.locator("h2")).to_have_text(["Primero", "Primiera", "Primo"])
    for game in ("primero", "primiera", "primo"):
        expect(page.locator(f"#learn-list [data-game={game}] [data-lesson] a").first).to_be_visible()
    screens = {"primiera": "#pa-lesson[data-step='0']", "primo": "#po-lesson[data-step='0']", "primero": "#learn-progress[data-step='0']"}
    for game, screen in screens.items():
        page.goto(address(page, server) + "#/learn")
        lesson = page.locator(f"#learn-list [data-game={game}] [data-lesson]").first
        name = lesson.get_attribute("data-lesson")
        lesson.locator("a").click()
        expect(page.locator(screen)).to_be_visible()
        assert name and name in page.url, (game, name, page.url)


def test_northpass_forced_stake_with_the_arrow_keys(page: Page, server: str) -> None:
    open_page(page, server, "#/learn?name=northpass-forced-stake&step=0")
    expect(page.locator("#learn-progress")).to_have_attribute("data-step", "0")
    assert pot(page) == 4  # the antes
    page.locator("#learn-title").click()  # focus on the page, not in a text field
    for k in range(1, 6):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#learn-progress")).to_have_attribute("data-step", str(k))
    expect(page.locator("#learn-action")).to_contain_text("Hansel passes, pays the forced stake of 5")
    expect(page.locator("#learn-action")).to_contain_text("Hansel wins 14.")
    expect(page.locator("#learn-decisions")).to_contain_text("D-NP7")
    assert pot(page) == 14
    assert page.locator('#learn-seats [data-seat="0"] .learn-inpot').get_attribute("data-in-pot") == "6"
    assert page.locator('#learn-seats [data-seat="1"] .learn-inpot').get_attribute("data-in-pot") == "6"
    expect(page.locator('#learn-seats [data-seat="0"] .hand-value')).to_have_attribute("data-kind", "fluxus")
    expect(page.locator('#learn-seats [data-seat="0"] .hand-value')).to_have_attribute("data-points", "17")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#learn-progress")).to_have_attribute("data-step", "4")
    assert pot(page) == 9  # before the forced stake: antes and Gretel's 5
    # a shared link opens the same step
    open_page(page, server, "#/learn?name=northpass-deal-1&step=3")
    expect(page.locator("#learn-progress")).to_have_attribute("data-step", "3")
    expect(page.locator("#learn-action")).to_contain_text("Ted meets the last bet of 2, adds 6")
    assert pot(page) == 14


def test_hostile_and_malformed_links(page: Page, server: str) -> None:
    open_page(page, server, "#/learn")
    expect(page.locator("#learn-list [data-game=primero] [data-lesson]")).to_have_count(3)
    hostile = "%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E"
    page.goto(address(page, server) + f"#/learn?name={hostile}&step=2")
    expect(page.locator("#learn-message")).to_contain_text("There is no lesson")
    expect(page.locator("#learn-list [data-game=primero] [data-lesson]")).to_have_count(3)
    assert page.locator("#main img").count() == 0
    assert page.evaluate("window.pwned") is None
    for bad in ("99", "-1", "abc", "1e3", "3.5"):
        page.goto(address(page, server) + f"#/learn?name=waks-anna&step={bad}")
        # The address is replaced by step 0 first: the last bad step's screen said the same (and a
        # check of the message alone passed on it before this one was drawn).
        expect(page).to_have_url(re.compile(r"#/learn\?name=waks-anna&step=0$"))
        expect(page.locator("#learn-message")).to_contain_text("starts from the beginning")
        expect(page.locator("#learn-progress")).to_have_attribute("data-step", "0")
    # Links followed faster than the engine answers: the last one's notice stays (a step drawn for an
    # earlier link once rewrote the address before the last link's hashchange was handled).
    for bad in ("-2", "x", "77", "-3"):
        page.goto(address(page, server) + f"#/learn?name=waks-anna&step={bad}")
    expect(page.locator("#learn-message")).to_contain_text("“-3”")
    expect(page.locator("#learn-progress")).to_have_attribute("data-step", "0")
    assert "step=0" in page.url


@pytest.mark.parametrize("viewport", ["narrow", "desktop"])  # 360x740, 1280x800 (tables.SIZES)
def test_lessons_pass_axe_and_fit(take: Callable[[str], Page], server: str, viewport: str) -> None:
    """axe-core (WCAG 2.2 AA, target size on) finds nothing on the list and on lesson steps; no sideways scroll."""
    page = take(viewport)
    open_page(page, server, "#/learn")
    expect(page.locator("#learn-list [data-game=primero] [data-lesson]")).to_have_count(3)
    routes = ["#/learn", "#/learn?name=waks-anna&step=5", "#/learn?name=northpass-forced-stake&step=6"]
    for route in routes:
        page.goto(address(page, server) + route)
        if "step=" in route:
            expect(page.locator("#learn-progress")).to_have_attribute("data-step", route.rsplit("=", 1)[1])
        else:
            expect(page.locator("#learn-list [data-game=primero] [data-lesson]")).to_have_count(3)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), route
        page.evaluate(AXE.read_text())  # run by the test harness: the page's CSP refuses inline scripts
        result: dict[str, Any] = page.evaluate(
            """() => axe.run(document, {
                runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
                rules: { 'target-size': { enabled: true } },
            })"""
        )
        violations = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
        assert violations == [], (route, violations)

"""Primero's controls as a stranger meets them (issue 20): Fold when a pass is free asks, in the
page, and then acts (click, Enter and F); Northpass's pass is a real, first "Pass & trade…" button
(key P); the deal end keeps the raised cards off the names and no card flies over it; the final
screen drops "Claim to beat"; the coach says one thing about a trade, and something in the first
betting round. The tests share booted pages (e2e/kit/tables.py ``Pages``) and seeded games."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from kit.a11y import axe
from kit.primero import start
from kit.tables import settle, table_info, watch_to_the_end
from playwright.sync_api import Page, expect

LOG = "document.querySelectorAll('#log li').length"


def acts(page: Page) -> list[str]:
    got: list[str] = page.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
    return got


def next_human_turn(page: Page, wanted: Callable[[list[str]], bool], steps: int = 60) -> None:
    """Play the human seat plainly (keep every card, see, pass) until a turn whose enabled actions
    satisfy ``wanted``; deal summaries are read on the way."""
    for _ in range(steps):
        settle(page, "primero")
        assert not page.locator("#game-end").count(), "the game ended first"
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
            continue
        now = acts(page)
        if wanted(now):
            return
        pick = next((a for a in ("discard", "see", "pass", "match", "stay") if a in now), None)
        if pick is None and page.locator("#actions [data-trade-start]").count():
            page.locator("#actions [data-trade-start]").click()
            page.locator("#my-hand button.card").first.click()
            page.locator("#actions [data-primary][data-action]").click()
            continue
        if pick is None and page.locator("#claim-go").count():
            page.locator("#claim-go").click()
            continue
        page.locator(f"#actions button[data-action='{pick or now[0]}']").first.click()
    raise AssertionError("no such human turn")


def free_fold(now: list[str]) -> bool:
    return "fold" in now and "pass" in now


def test_fold_with_a_free_pass_asks_in_the_page_then_acts(take: Callable[[str], Page], server: str,
                                                         request: pytest.FixtureRequest) -> None:
    """Click, Enter and F on Fold while passing is free: each opens the page's own question (no
    native dialog, which a browser may dismiss unseen: then Fold did nothing); Cancel and Esc play
    nothing and give the focus back, "Pass instead" passes, "Fold anyway" folds."""
    page = take("desktop")
    natives: list[str] = []

    def native(d: Any) -> None:
        natives.append(d.message)
        d.dismiss()

    page.on("dialog", native)
    request.addfinalizer(lambda: page.remove_listener("dialog", native))  # the page is shared
    start(page, server, "waks", 2, ["human", "medium"], seed=3, deals=6)
    fold = page.locator("#actions button[data-action='fold']")
    ask = page.locator("#fold-ask")

    # Click, then Cancel: nothing played, the focus back on Fold.
    next_human_turn(page, free_fold)
    log = page.evaluate(LOG)
    fold.click()
    expect(ask).to_be_visible()
    expect(ask).to_have_attribute("role", "dialog")
    expect(ask.locator("h2")).to_have_text("Fold, though passing is free?")
    expect(page.locator("#fold-ask-cancel")).to_be_focused()
    assert axe(page) == []
    page.keyboard.press("f")  # no shortcut acts behind the question
    page.locator("#fold-ask-cancel").click()
    expect(ask).to_have_count(0)
    expect(fold).to_be_focused()
    assert page.evaluate(LOG) == log, "a cancelled Fold played"

    # Enter on Fold, then Esc: nothing played; Enter again, then "Pass instead": a pass.
    page.keyboard.press("Enter")
    expect(ask).to_be_visible()
    page.keyboard.press("Escape")
    expect(ask).to_have_count(0)
    assert page.evaluate(LOG) == log, "Esc played"
    fold.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#fold-ask-stay")).to_have_text("Pass instead (free)")
    page.locator("#fold-ask-stay").click()
    expect(page.locator("#log")).to_contain_text("You pass.")

    # F, then "Fold anyway": the fold is played.
    next_human_turn(page, free_fold)
    page.locator("#actions").focus()
    page.keyboard.press("f")
    expect(ask).to_be_visible()
    page.locator("#fold-ask-fold").click()
    expect(page.locator("#log")).to_contain_text("You fold.")
    assert natives == [], natives


def test_northpass_pass_is_a_first_button_with_key_p(take: Callable[[str], Page], server: str) -> None:
    """"Pass & trade…" is the first control on every turn a pass is legal; P starts it, the cards
    are picked by keyboard, P confirms; "Back to betting" returns to the announcement."""
    page = take("desktop")
    start(page, server, "northpass", 3, ["human", "medium", "medium"], seed=6)
    bar = page.locator("#actions")
    can_trade = "() => !!document.querySelector('#my-hand button.card')"
    next_human_turn(page, lambda now: bool(page.evaluate(can_trade)))
    first = bar.locator("button, select").first
    expect(first).to_have_text("Pass & trade…")
    expect(first).to_have_attribute("aria-keyshortcuts", "P")
    composer = page.locator("#claim-composer").count()

    # By mouse: start, then go back to betting.
    if composer:
        first.click()
        expect(page.locator("#card-hint")).to_have_text("Pick 1 or 2 cards to trade in.")
        expect(page.locator("#claim-composer")).to_have_count(0)
        bar.get_by_role("button", name="Back to betting").click()
        expect(page.locator("#claim-composer")).to_have_count(1)
        expect(bar.locator("button").first).to_have_text("Pass & trade…")

    # By keyboard: P, a card picked with Space, P again.
    page.locator("#actions").focus()
    page.keyboard.press("p")
    expect(page.locator("#my-hand button.card").first).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#my-hand button.card").first).to_have_attribute("aria-pressed", "true")
    confirm = bar.locator("[data-primary][data-action^='trade ']")
    expect(confirm).to_be_enabled()
    expect(confirm).to_have_text(re.compile(r"^Pass(, pay \d+ chips? and trade 1| and trade 1)$"))
    page.keyboard.press("p")
    expect(page.locator("#log")).to_contain_text(re.compile(r"You pass(, pay the forced stake of \d+)? and trade"))

    # Every later turn where a trade is legal has the button first (or a trade already under way).
    for _ in range(3):
        try:
            next_human_turn(page, lambda now: bool(page.evaluate(can_trade)), steps=20)
        except AssertionError:
            break
        expect(bar.locator("button, select").first).to_have_text(re.compile(r"^Pass(, pay \d+ chips?)? & trade…$"))
        bar.locator("[data-trade-start]").click()
        page.locator("#my-hand button.card").first.click()
        bar.locator("[data-primary][data-action]").click()


# Every deal end's raised (counting) cards, ringed 3 px and outlined 5 px out, against every seat's
# name in the dialog; and whether anything was in flight (#fx-layer) when the dialog opened.
OVERLAPS = """() => {
  const grow = (r, d) => ({left: r.left - d, right: r.right + d, top: r.top - d, bottom: r.bottom + d});
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const names = [...document.querySelectorAll('#dealend-body .shown > div:first-child')].map((e) => e.getBoundingClientRect());
  const out = [];
  for (const c of document.querySelectorAll('#dealend-body .card.counting')) {
    const r = grow(c.getBoundingClientRect(), 5);
    names.forEach((n, i) => { if (meet(r, n)) out.push(i); });
  }
  return {cards: document.querySelectorAll('#dealend-body .card.counting').length, overlaps: out};
}"""

FLYING = """() => {
  window.__flying = [];
  window.__flyingSeen = new MutationObserver(() => {
    const d = document.querySelector('#dealend');
    if (d && !d.hidden) { const fx = document.querySelector('#fx-layer'); window.__flying.push(fx ? fx.childElementCount : 0); }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['hidden']});
}"""


def slow_motion(page: Page, speed: str) -> None:
    """Settings › Animations, on this shared page (restored by the test)."""
    page.goto(page.url.split("#", 1)[0] + "#/settings")
    page.locator("#set-speed").select_option(speed)
    expect(page.locator("#settings-message")).not_to_be_empty()


def test_deal_end_keeps_cards_off_the_names_and_the_end_drops_the_claim(take: Callable[[str], Page], server: str) -> None:
    """At phone size: the counting cards of each shown hand keep clear of every seat's name; no
    card back or chip flies over the deal's summary; the final screen has no "Claim to beat" though
    the last claim is still in the observation."""
    page = take("phone")
    slow_motion(page, "slow")
    try:
        start(page, server, "northpass", 4, ["medium", "medium", "medium", "medium"], seed=4, deals=2)
        page.evaluate(FLYING)
        measured = 0
        for _ in range(6):
            settle(page, "primero")
            if page.locator("#dealend").is_visible():
                got: dict[str, Any] = page.evaluate(OVERLAPS)
                assert got["overlaps"] == [], got
                measured += got["cards"]
                page.locator("#dealend-go").click()
            elif page.locator("#game-end").count():
                break
        watch_to_the_end(page, 2)
        assert measured, "no counting card was shown"
        assert page.evaluate("window.__flying").count(0) == len(page.evaluate("window.__flying")), page.evaluate("window.__flying")
        session = table_info(page)["session"]
        view = page.evaluate("(session) => window.primi.engineCall({op: 'view', session})", session)["result"]
        assert view["terminal"] and view["observation"]["claim"], "the last claim is gone from the observation: nothing to hide"
        expect(page.locator("#screen-table")).not_to_contain_text("Claim to beat")
        expect(page.locator("#felt .stock")).to_have_count(0)
    finally:
        page.evaluate("() => window.__flyingSeen && window.__flyingSeen.disconnect()")  # the page is shared
        slow_motion(page, "fast")


def test_coach_speaks_in_the_first_round_and_says_one_thing_about_a_trade(take: Callable[[str], Page], server: str) -> None:
    """Waks's first betting round (two cards): the coach says what the four cards could make.
    Northpass, a card considered: one sentence of better / equal / worse beside the hands it ends
    with, the three figures adding up to 100."""
    page = take("desktop")
    start(page, server, "waks", 3, ["human", "medium", "medium"], seed=9)
    next_human_turn(page, lambda now: "vie 1" in now or "pass" in now)
    expect(page.locator("#coach-early")).to_have_text(re.compile(r"^2 more cards come after this betting round"))
    expect(page.locator("#coach-kinds li").first).to_have_text(re.compile(r"^\w+: \d+\.\d%$"))

    start(page, server, "northpass", 2, ["human", "medium"], seed=21)
    next_human_turn(page, lambda now: bool(page.locator("#my-hand button.card").count()))
    expect(page.locator("#coach-pick")).to_be_visible()
    expect(page.locator("#coach-rank")).to_contain_text("Your hand beats")
    page.locator("#my-hand button.card").first.click()
    odds = page.locator("#coach-outlook")
    expect(odds).to_have_text(re.compile(
        r"^If you throw away .+: a better hand than your \w+ of \d+ in ([\d.]+)% of draws, an equal one in ([\d.]+)%, a worse one in ([\d.]+)%\.$"))
    m = re.search(r"in ([\d.]+)% of draws, an equal one in ([\d.]+)%, a worse one in ([\d.]+)%", odds.inner_text())
    assert m and abs(sum(float(x) for x in m.groups()) - 100) < 0.2, odds.inner_text()
    expect(page.locator("#coach")).not_to_contain_text("chance to improve")
    expect(page.locator("#coach-kinds-title")).to_have_text("Your hand after the draw:")

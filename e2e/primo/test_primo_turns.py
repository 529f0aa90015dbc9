"""Primo's other players followed on the table, and the table's layout (issue 20, items 3 and 7).

The computers' turns: each of their steps is drawn on the table in turn (the rows it touched
marked with who did it, the step ringed in the "Since your last turn" recap under the rows), a
pause between steps at the player's speed, a click hurries the rest to the end; at the player's
turn the recap, on the table and in view, says what each opponent did in player words and marks
the Take card that sent a card onto the player's pile. The layout at 1280x800 and 360x740: the
sticky bar covers no hand card nor its "fits" badge, the rows' cards grow with a wide table, and
an empty base holds its word. The deal is found at test time from the core the page runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest
from kit import STEP_TIMEOUT
from kit.primo import wcall
from kit.tables import settled, start_game, table_info
from playwright.sync_api import Page, expect

SETTLED = settled("primo")
PLAYERS = 3
SEATS = ["human"] + ["easy"] * (PLAYERS - 1)


@pytest.fixture
def page(take: Callable[[str], Page]) -> Page:
    return take("desktop")


@cache
def deal() -> tuple[int, int, str]:
    """(seed, computer steps, the card): a 3-player deal where the human passes, the computers'
    first turns hold a Take card that sends a card onto the human's pile, and a row is empty when
    the human's turn comes back (played in-process through the worker, as the page plays it)."""
    for seed in range(1, 400):
        game = wcall({"op": "new_game", "game": "primo", "variant": "base", "options": {"players": PLAYERS},
                      "seats": SEATS, "seed": seed})
        sid, view = game["session"], game["view"]
        try:
            if view["current"] != 0:
                continue
            view = wcall({"op": "act", "session": sid, "seat": 0, "action": "pass"})
            steps, card = 0, ""
            while not view["terminal"] and view["current"] != 0:
                view = wcall({"op": "ai_step", "session": sid})
                steps += 1
                for d in view["say"]:
                    if d["key"] == "primo.take":
                        card = card or next((x["args"]["card"] for x in d["args"]["takes"] if x["seat"] == 0), "")
            empty = any(not r["cards"] for r in view["observation"]["rows"])
            if card and empty and not view["terminal"] and 4 <= steps <= 16:
                return seed, steps, card
        finally:
            wcall({"op": "close", "session": sid})
    raise AssertionError("no deal with a Take card for the human and an empty row")


# Every View drawn while the computers play: when, which action count, the rows marked (and their
# tags), the recap's step marked "now"; and the pauses motion.js waited or skipped.
WATCH = """() => {
  const w = window.__steps = [];
  let last = window.primi.tableInfo().actions;
  const seen = new MutationObserver(() => {
    const info = window.primi.tableInfo();
    if (!info || info.actions === last) return;
    last = info.actions;
    w.push({t: performance.now(), actions: info.actions,
      acted: [...document.querySelectorAll('#po-rows .po-row.po-acted')].map((r) => [r.dataset.row, r.querySelector('.po-acted-tag')?.textContent || '']),
      now: [...document.querySelectorAll('#po-recap .po-recap-now')].map((s) => s.dataset.key),
      pauses: {...window.primi.motion.pauses}});
  });
  seen.observe(document.querySelector('#board'), {subtree: true, childList: true, attributes: true});
}"""


def human_turn(page: Page) -> None:
    page.wait_for_function(SETTLED, timeout=STEP_TIMEOUT)
    expect(page.locator("#my-hand button.po-hand-card").first).to_be_visible()


def test_the_computers_turns_are_shown_on_the_table_and_recapped(page: Page, server: str) -> None:
    seed, steps, card = deal()
    start_game(page, server, "primo", "base", SEATS, seed)
    human_turn(page)
    before = table_info(page)["actions"]
    page.evaluate(WATCH)
    page.locator('#actions [data-action="pass"]').click()
    human_turn(page)
    drawn = page.evaluate("window.__steps")
    after = table_info(page)["actions"]
    assert after - before == steps + 1
    # Each computer step was drawn on the table on its own, with a mark where it happened.
    mine = [s for s in drawn if s["actions"] > before + 1]
    assert [s["actions"] for s in mine] == list(range(before + 2, after + 1)), "a computer step was not drawn"
    keys = [s["now"] for s in mine]
    assert all(keys), f"a step not marked in the recap: {keys}"
    plays = [s for s in mine if set(s["now"]) & {"primo.add", "primo.open", "primo.head", "primo.top", "primo.move", "primo.take"}]
    assert plays and all(s["acted"] and all(tag for _, tag in s["acted"]) for s in plays), plays
    assert any(tag == "→ You" for s in plays for _, tag in s["acted"]), "the Take's row does not say the card went to you"
    # Paced: after a step on the rows, the next comes a pause later ("fast": 336 ms).
    for a, b in zip(mine, mine[1:], strict=False):
        if set(a["now"]) & {"primo.add", "primo.open", "primo.move", "primo.take", "primo.head", "primo.top"}:
            assert b["t"] - a["t"] >= 300, (a, b)
    # The recap, on the table and in view: one line per opponent, each step in words, the Take in gold.
    recap = page.locator("#po-recap")
    expect(recap).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    box = recap.bounding_box()
    hand = page.locator("#my-hand").bounding_box()
    assert box and hand and box["y"] + box["height"] <= hand["y"] and box["y"] >= 0, (box, hand)
    lines = page.locator("#po-recap .po-recap-turn").all_inner_texts()
    assert [line.split(":")[0] for line in lines] == ["Bianca", "Carlo"], lines
    text = " ".join(lines)
    assert not re.search(r"primo\.|\{|\}|seat|undefined|\[object", text), text
    you = page.locator("#po-recap .po-recap-you")
    expect(you).to_have_count(1)
    expect(you).to_contain_text("onto your pile")
    expect(you).to_contain_text(f"{ {'Y': 'Yellow', 'B': 'Blue'}[card[-1]]} {card[:-1]}")
    expect(page.locator("#po-recap .po-recap-touched")).to_have_count(1)
    # The cards out of play say what they are.
    expect(page.locator("#po-out")).to_have_attribute("title", re.compile("Top and Take cards"))
    expect(page.locator("#po-out")).to_contain_text(re.compile(r"\d+ cards? out of play"))


def test_a_click_hurries_the_computers_to_the_end(page: Page, server: str) -> None:
    seed, steps, _card = deal()
    start_game(page, server, "primo", "base", SEATS, seed)
    human_turn(page)
    before = table_info(page)["actions"]
    page.evaluate(WATCH)
    page.locator('#actions [data-action="pass"]').click()
    # The first computer step on the table, then a click on the felt: no pause after it.
    page.wait_for_function("(a) => window.__steps.some((s) => s.actions >= a + 2)", arg=before, timeout=STEP_TIMEOUT)
    page.locator("#po-felt .phase").click()
    waited = page.evaluate("window.primi.motion.pauses.waited")
    human_turn(page)
    drawn = page.evaluate("window.__steps")
    assert drawn[-1]["actions"] == before + steps + 1
    late = [s for s in drawn if s["pauses"]["waited"] > waited]
    assert not late, f"a pause was waited after the click: {late}"
    assert page.evaluate("window.primi.motion.pauses.hurried") > 0
    assert page.evaluate("window.primi.motion.hurried()") is False  # the player's turn: paced again next time
    assert page.evaluate("window.primi.motion.speed()") == "fast"


SIZES = [(1280, 800), (360, 740)]


def test_the_table_layout_at_desktop_and_phone_sizes(page: Page, server: str) -> None:
    seed, _steps, _card = deal()
    start_game(page, server, "primo", "base", SEATS, seed)
    human_turn(page)
    page.locator('#actions [data-action="pass"]').click()
    page.wait_for_function("() => !window.primi.tableInfo().busy", timeout=STEP_TIMEOUT)
    human_turn(page)
    expect(page.locator("#po-rows .po-base")).not_to_have_count(0)  # an empty row shows its base
    problems = []
    try:
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            # Measured at rest: a card still sliding in from the computers' turn is drawn scaled.
            page.wait_for_function("() => !window.primi.motion.running()", timeout=STEP_TIMEOUT)
            got = page.evaluate(LAYOUT)
            where = f"{width}x{height}"
            checks = [
                (got["covered"] == [], "the sticky bar covers the hand"),
                (got["offscreen"] == [], "hand or bar below the screen"),
                (got["empty"] == [], "an empty base's word overflows its slot"),
                (got["recap"], "the recap is not on screen"),
                (got["hscroll"] <= 0, "the page scrolls sideways"),
            ]
            if width >= 900:
                # Sized to the table: two columns of three rows, cards at least 9% of the height.
                checks += [(got["card"]["h"] >= 0.09 * height and got["card"]["w"] >= 0.06 * height, "row cards too small"),
                           (got["columns"] == 2, "the rows leave the table's width unused")]
            else:
                checks.append((got["card"]["h"] >= 44, "row cards too small"))
            problems += [(where, what, got) for ok, what in checks if not ok]
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    assert problems == [], ([(w, what) for w, what, _ in problems], problems)


LAYOUT = """() => {
  const r = (e) => e.getBoundingClientRect();
  const bar = r(document.querySelector('#actions'));
  const parts = [...document.querySelectorAll('#my-hand .po-card, #my-hand .po-fits')];
  const covered = parts.filter((e) => r(e).bottom > bar.top + 0.5).map((e) => e.dataset.card || e.textContent);
  const offscreen = [...parts, document.querySelector('#actions')].filter((e) => r(e).bottom > innerHeight + 0.5).map((e) => e.id || e.dataset.card || e.textContent);
  const empty = [...document.querySelectorAll('#po-rows .po-base')].filter((e) => {
    const range = document.createRange(); range.selectNodeContents(e);
    const t = range.getBoundingClientRect(), b = r(e);
    return e.scrollWidth > e.clientWidth || t.left < b.left || t.right > b.right;
  }).map((e) => e.textContent);
  const card = r(document.querySelector('#po-rows .po-row-cards .po-card'));
  const lefts = new Set([...document.querySelectorAll('#po-rows .po-row')].map((e) => Math.round(r(e).left)));
  const box = document.querySelector('#po-recap'), recap = box && r(box);
  return {covered, offscreen, empty, card: {w: card.width, h: card.height}, columns: lefts.size,
          recap: !!recap && recap.height > 0 && recap.top >= 0 && recap.bottom <= bar.top, hscroll: document.documentElement.scrollWidth - innerWidth};
}"""

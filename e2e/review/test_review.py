"""The game review in the page (issue 23, web/shell/review.js, the worker's web/bridge/review.py).

Lean: two pages. The desktop one (1280x800, English; a new page in the context the pytest process keeps,
e2e/conftest.py ``kept_page``) plays a short Primiera game to its end through the
page, opens "Review this game" from the end screen, waits for the review to complete (its state, not
time), sees the marks and the chart, activates a marked point and checks the replay viewer moved to that
step; then a Primo game from a replay link made in CPython (its chart's points by the keyboard: one tab
stop, the arrow keys between the points, Enter jumps), and the statistics page's "Review accuracy".
Then, at 360x740 in Italian and after a reload in German, the kept reviews render at once (not made
again), their decimals as each language writes them. The phone one (360x740, touch, Italian: a context of its own) cancels a one-deal Primero review mid-way (the page answers a
replay step), goes on, completes it and jumps from a marked point, with 0 axe violations.

These tests look for "some decisions reviewed, some mark shown", never for a given reviewer's marks.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from kit import READY_TIMEOUT
from kit.a11y import axe
from kit.review import REVIEW_TIMEOUT, info, marks_and_chart
from kit.tables import boot
from playwright.sync_api import Page, expect

from bench.site.replay_links import play as finished_record  # a finished game's record, every seat easy, in CPython

SETTINGS = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "off", "lang": "en"}


# Clicks Cancel in the same turn of the page as the first slice's lines are drawn (a fast reviewer could
# finish before a click from the test arrives); window.__cancelled: the decisions done then (-1: already complete).
CANCEL_AT_FIRST_SLICE = """() => {
  const seen = new MutationObserver(() => {
    const r = window.primi.reviewInfo();
    if (!r || !r.done) return;
    seen.disconnect();
    if (!r.running) { window.__cancelled = -1; return; }
    document.querySelector('#review-cancel').click();
    window.__cancelled = r.done;
  });
  seen.observe(document.querySelector('#review'), {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def link(record: dict[str, Any], seats: str, review: bool = True) -> str:
    """The replay link's route of a record, its review started (``review=1``) or not."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = base64.urlsafe_b64encode(c.compress(json.dumps(record).encode()) + c.flush()).decode().rstrip("=")
    return f"#/replay?v=1&seats={seats}{'&review=1' if review else ''}&r={packed}"


def jump(page: Page) -> int:
    """Activate a marked point of the chart (else, with none marked, a row's Show): the viewer goes to
    the state before that move, shown as the reviewed seat saw it; its words name both moves."""
    dots = page.locator("#review-chart .review-dot")
    if dots.count():
        target = dots.nth(dots.count() // 2)
        assert target.get_attribute("aria-label")  # its words: the step, the mark, the move played and the better one
        step = int(target.get_attribute("data-step") or "-1")
    else:
        page.locator("#review-details > summary").click()
        row = page.locator("#review-lines tbody tr").first
        step = int(row.get_attribute("data-step") or "-1")
        target = row.locator(".review-show")
    target.focus()
    page.keyboard.press("Enter")
    screen = page.locator("#screen-replay")
    expect(screen).to_have_attribute("data-step", str(step))
    expect(screen).to_have_attribute("data-seat", str(info(page)["seat"]))
    assert page.evaluate("window.primi.replayInfo().step") == step
    expect(page.locator("#review-point")).to_have_attribute("data-step", str(step))
    # The review numbers its steps as the viewer does (the state before the move).
    expect(page.locator(f"#review-lines tbody tr[data-step='{step}'] td").first).to_have_text(str(step))
    expect(page.locator("#replay-step")).to_contain_text(str(step))
    return step


FOCUSED = "() => { const e = document.activeElement; return e && e.matches('#review-chart .review-dot') ? Number(e.dataset.index) : null; }"


def keys_on_the_chart(page: Page) -> None:
    """The chart's marked points are one tab stop: Shift+Tab from the table's summary lands on it; the
    arrow keys (Home/End) move the focus between the points, not the replay; Enter jumps the viewer."""
    dots = page.locator("#review-chart .review-dot")
    order = [int(i) for i in dots.evaluate_all("(els) => els.map((e) => e.dataset.index)")]
    assert len(order) >= 3, order  # this game's review marks several of the seat's decisions
    expect(page.locator("#review-chart .review-dot[tabindex='0']")).to_have_count(1)
    before = page.locator("#screen-replay").get_attribute("data-step")
    page.locator("#review-details > summary").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == order[0]
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"  # the focus is seen
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == order[1]
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED) == order[-1]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED) == order[1]
    expect(page.locator("#screen-replay")).to_have_attribute("data-step", before or "0")  # the keys did not step the replay
    # Out and back in: the tab stop stayed on that point.
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == order[1]
    step = dots.nth(1).get_attribute("data-step")
    page.keyboard.press("Enter")
    expect(page.locator("#screen-replay")).to_have_attribute("data-step", step or "-1")
    expect(page.locator("#review-point")).to_have_attribute("data-step", step or "-1")
    assert page.evaluate(FOCUSED) == order[1]
    # "?" lists these keys too: the replay's and the chart's; Esc gives the focus back to the point.
    page.keyboard.press("?")
    expect(page.locator("#keys-help section[data-keys='replay'] dt")).to_have_count(2)
    expect(page.locator("#keys-help section[data-keys='chart'] dt")).to_have_count(3)
    page.keyboard.press("Escape")
    expect(page.locator("#keys-help")).to_have_count(0)
    assert page.evaluate(FOCUSED) == order[1]


def numbers_in(page: Page, comma: bool) -> None:
    """The review's decimals in the page's language: the accuracy, and the table's lost and expected
    values (a decimal comma in it and de, a point in en); some value of this game has decimals."""
    sep, other = (",", ".") if comma else (".", ",")
    accuracy = float(page.locator("#review-accuracy").get_attribute("data-accuracy") or "nan")
    text = page.locator("#review-accuracy").inner_text()
    shown = re.search(r"\d+(?:[.,]\d+)?", text)
    assert shown and other not in shown[0], text
    assert (sep in shown[0]) == (round(accuracy, 1) != round(accuracy)), (text, accuracy)
    cells = page.locator("#review-lines td.review-num").all_text_contents()
    assert cells and all(re.fullmatch(rf"-?\d+(\{sep}\d+)?", c) for c in cells), cells
    assert any(sep in c for c in cells), cells


def test_review_from_the_end_screen_then_kept_at_the_other_size_and_in_each_language(kept_page: Page, server: str) -> None:
    page = kept_page  # nothing kept in its storage (no review, no setting): the settings stored before the site loads
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(SETTINGS))})")
    page.goto(server + "#/")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    # Primiera played to its end through the page (two computers: a short seeded game).
    page.goto(server + "#/play/primiera?variant=2p&target=0&max_rounds=1&seats=easy,easy&seed=5")
    expect(page.locator("#screen-setup[data-game=primiera]")).to_be_visible()
    page.locator("#setup-start").click()
    expect(page.locator("#screen-table[data-game=primiera]")).to_be_visible(timeout=READY_TIMEOUT)
    for _ in range(4):
        page.wait_for_function("() => document.querySelector('#game-end') || document.querySelector('#dealend:not([hidden])')",
                               timeout=READY_TIMEOUT)
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
        else:
            break
    page.locator("#end-review").click()
    expect(page.locator("#screen-replay[data-game=primiera]")).to_be_visible()
    primiera = page.url
    assert "review=1" in primiera
    # No human at that table: the page asks whose decisions (it starts nothing by itself).
    expect(page.locator("#review-seat")).to_be_focused()
    page.select_option("#review-seat", "1")
    page.locator("#review-start").click()
    first = marks_and_chart(page)
    assert first["seat"] == 1 and not first["kept"]
    jump(page)
    assert axe(page) == []

    # Primo from a replay link (a record made in CPython): you at seat 0, so its review starts at once.
    record = finished_record("primo", "base", {"players": 2}, 3)
    page.goto(server + link(record, "human,easy"))
    expect(page.locator("#screen-replay[data-game=primo]")).to_be_visible()
    expect(page.locator("#review-seat")).to_have_count(0)
    primo = marks_and_chart(page)
    assert primo["seat"] == 0
    expect(page.locator("#review-accuracy")).to_be_focused()  # from Cancel, hidden at the end: to the result
    numbers_in(page, comma=False)
    keys_on_the_chart(page)
    jump(page)

    # The statistics page: review accuracy per game, from the kept reviews of your own seat (not Primiera's:
    # two computers played it).
    page.goto(server + "#/stats")
    expect(page.locator("#stats-review tr[data-review-stats=primo] td[data-count]")).to_have_attribute("data-count", "1")
    expect(page.locator("#stats-review tr[data-review-stats=primiera]")).to_have_count(0)
    # A reset of the statistics starts the review accuracy again too (the reviews stay kept: see below).
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-yes").click()
    expect(page.locator("#stats-message")).not_to_be_empty()
    expect(page.locator("#stats-review")).to_have_count(0)

    # At 360x740 in Italian: the Primiera review, kept, renders at once.
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server + "#/settings")
    page.select_option("#set-lang", "it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.goto(primiera)
    expect(page.locator("#review-title")).to_have_text("Analisi della partita")
    page.select_option("#review-seat", "1")
    page.locator("#review-start").click()
    kept = marks_and_chart(page)
    assert kept["kept"] and kept["marks"] == first["marks"], kept
    expect(page.locator("#review-accuracy")).to_contain_text("Precisione")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # the chart scrolls in its own box
    jump(page)

    # German, in a new page (a new worker): the Primo review is not made again.
    page.goto(server + "#/settings")
    page.select_option("#set-lang", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.close()
    page = page.context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server + link(record, "human,easy"))
    expect(page.locator("#review-title")).to_have_text("Partieanalyse")
    again = marks_and_chart(page)
    assert again["kept"] and again["marks"] == primo["marks"], again
    expect(page.locator("#review-accuracy")).to_contain_text("Genauigkeit")
    numbers_in(page, comma=True)


def test_a_review_cancelled_mid_way_goes_on_and_jumps_at_phone_size(browser: Any, server: str) -> None:
    page = boot(browser, server, {**SETTINGS, "lang": "it"}, viewport={"width": 360, "height": 740}, has_touch=True)
    record = finished_record("primero", "waks", {"players": 2, "deals": 1}, 8)  # your 3 decisions: 3 slices
    page.evaluate("window.primi.setReviewSlice(1)")  # one decision a slice: long enough to be cancelled
    page.goto(server + link(record, "human,easy", review=False))
    expect(page.locator("#screen-replay[data-game=primero]")).to_be_visible()
    expect(page.locator("#review")).to_be_attached()  # the review panel is drawn after the viewer
    # Cancel as the first slice is drawn (the next one is on its way then: its answer is dropped).
    page.evaluate(CANCEL_AT_FIRST_SLICE)
    page.locator("#review-start").tap()
    done = page.wait_for_function("() => window.__cancelled", timeout=REVIEW_TIMEOUT).json_value()
    assert done >= 1, done
    stopped = info(page)
    assert not stopped["running"] and not stopped["finished"], stopped
    expect(page.locator("#review-progress-text")).to_contain_text("Analisi interrotta")
    expect(page.locator("#review-start")).to_be_visible()
    # The page answers at once: the replay steps on.
    page.locator("#replay-next").tap()
    expect(page.locator("#screen-replay")).to_have_attribute("data-step", "1")
    # Going on: the worker kept what it made; the review completes.
    page.evaluate("window.primi.setReviewSlice(250)")
    page.locator("#review-start").tap()
    got = marks_and_chart(page)
    assert got["seat"] == 0 and not got["kept"]
    jump(page)
    # "Knowing every card": beside each line, never in the marks.
    page.locator("#review-hindsight").check()
    seen = marks_and_chart(page)
    assert seen["hindsight"] and seen["marks"] == got["marks"], seen
    expect(page.locator("#review-lines td.review-hindsight")).to_have_count(seen["lines"])
    expect(page.locator("#review-lines thead")).to_contain_text("Conoscendo tutte le carte")
    page.evaluate("document.querySelector('#review-details').open = true")  # the table too
    expect(page.locator("#review-lines")).to_be_visible()
    assert axe(page) == []
    page.context.close()

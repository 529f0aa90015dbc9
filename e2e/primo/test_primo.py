"""A person plays Primo through the real page: a turn made by mouse drag (a run move and an illegal
drop with its reason), taps (a Top card and the card above the head) and keys (a Take card, whose
takes the log names); an exchange, undo within the turn and the coach's hint; a whole game of two
rounds against the computer with its round summary and score sheet; the hot-seat hand-over; a row
clear's animation at the chosen speed and under reduced motion; the rules page and the lesson.

Everything the page receives from the worker, and the DOM at every step, is checked against the
game's record replayed in CPython: each View's observation is exactly the shown seat's, no reply
names a card hidden from that seat, and the only card faces in the DOM are the rows' and the shown
hand's. Seeds that give each situation are found at test time from the same core the page runs,
so the tests follow the deal if it changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from kit import READY_TIMEOUT, STEP_TIMEOUT
from kit.a11y import still
from kit.hidden import replies, views_in
from kit.primo import (
    check_dom,
    check_replies,
    clear_seed,
    do,
    illegal_drop,
    last_view,
    policy,
    row_card,
    settle,
    start,
    top_plan,
    turn_seed,
    wait_actions,
)
from kit.tables import HOLD_PROBE, confirm_each_play, settled, table_info
from playwright.sync_api import Page, expect

from pygame_core.primo.game import GAME

SETTLED = settled("primo")  # the table is settled (tables.settled)


# ---------------------------------------------------------------- the page
# The desktop page the play tests share (e2e/kit/tables.py ``Pages``, with these settings): the engine
# boots once, and each test starts its game from the setup screen by a hash change (the worker and
# its sessions stay up; each test reads only the replies of its own game). No card moves on it
# (kit/a11y.py ``still``: speed Off) but in the tests of the row clear's motion (``moving``).
@pytest.fixture
def page(request: pytest.FixtureRequest, take: Callable[[str], Page], server: str) -> Page:
    return still(request, take("desktop"), server)


@pytest.fixture
def moving(take: Callable[[str], Page]) -> Page:
    """The shared desktop page with its motion (the PLAY settings' "fast")."""
    return take("desktop")


def open_route(page: Page, server: str, route: str) -> None:
    page.goto(server + "?debug#" + route)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


def acts(page: Page) -> list[str]:
    return [ex["request"]["action"] for ex in replies(page) if ex["request"].get("op") == "act"]


def drag(page: Page, source: Any, target: Any, check: Any = None) -> None:
    """A mouse drag from source to target through Pointer Events (check() runs mid-drag)."""
    source.scroll_into_view_if_needed()
    box = source.bounding_box()
    to = target.bounding_box()
    assert box and to
    x, y = box["x"] + min(8, box["width"] / 2), box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 10, steps=3)
    page.mouse.move(to["x"] + to["width"] / 2, to["y"] + to["height"] / 2, steps=6)
    if check:
        check()
    page.mouse.up()


def export_record(page: Page) -> dict[str, Any]:
    """The record, asked for explicitly (as the export button does)."""
    sid = table_info(page)["session"]
    answer = page.evaluate("(s) => window.primi.engineCall({op: 'record', session: s, export: true})", sid)
    assert answer["ok"], answer
    record: dict[str, Any] = answer["result"]
    return record


def final_record(page: Page) -> dict[str, Any]:
    for ex in replies(page):
        for v in views_in(ex["reply"]):
            if v["terminal"]:
                record: dict[str, Any] = v["record"]
                return record
    raise AssertionError("no reply held the end of the game")


# ---------------------------------------------------------------- the tests
def test_a_turn_by_mouse_drag_taps_and_keys(page: Page, server: str) -> None:
    """Mouse drag: an illegal drop says why and loses nothing, then a run move (targets lit, a
    ghost follows). Taps: a Top card, then a card above that row's head. Keys: a Take card on
    row A; the log names who took what. Then End turn."""
    seed = turn_seed()
    start(page, server, "base", ["human", "easy"], seed=seed)
    settle(page)
    view = last_view(page)
    obs = view["observation"]
    expect(page.locator("#po-rows .po-row")).to_have_count(6)
    expect(page.locator("#seats [data-seat='1']")).to_contain_text("6 in hand, 48 in pile")
    # 1. An illegal drop: the reason from the core, and nothing lost.
    drop = illegal_drop(obs, view["legal"])
    assert drop
    card, row = drop
    n0 = table_info(page)["actions"]
    drag(page, page.locator(f'#my-hand button[data-card="{card}"]').first, page.locator(f'#po-rows .po-row-label[data-row="{row}"]'))
    expect(page.locator("#table-message")).to_contain_text("does not fit")
    expect(page.locator("#table-message")).to_have_attribute("data-why", "primo.why.value")
    assert table_info(page)["actions"] == n0
    expect(page.locator(f'#my-hand button[data-card="{card}"]')).not_to_have_count(0)
    whys = [ex for ex in replies(page) if ex["request"].get("name") == "why"]
    assert whys and whys[-1]["request"]["action"] == f"add {card} {row}"
    # 2. A run moved by mouse drag: every legal target lights up during the drag.
    move = next(a for a in view["legal"] if a.startswith("move "))  # the one turn_seed() checked
    src, value = move.split()[1].split(":")
    targets = sorted({a.split()[2] for a in view["legal"] if a.startswith(f"move {src}:{value} ")})

    def lit() -> None:
        expect(page.locator("#po-ghost")).to_be_visible()
        lit_rows = page.eval_on_selector_all("#po-rows .po-row.po-target", "els => els.map(e => e.dataset.row)")
        assert sorted(lit_rows) == targets

    drag(page, row_card(page, src, int(value)), page.locator(f'#po-rows .po-row[data-row="{move.split()[2]}"] .po-row-cards'), lit)
    wait_actions(page, n0)
    settle(page)
    assert acts(page)[-1] == move
    expect(page.locator("#po-ghost")).to_have_count(0)
    # 3. A Top card (tap, tap), then a card above that row's head through the head slot.
    view = last_view(page)
    plan = top_plan(view["observation"], view["legal"])
    assert plan, "the move left no Top-card play"
    top_row, head_card = plan
    page.locator('#my-hand button[data-card="TOP"]').click()
    expect(page.locator(f'#po-rows .po-row-label[data-row="{top_row}"]')).to_have_attribute("data-action", f"top {top_row}")
    do_n = table_info(page)["actions"]
    page.locator(f'#po-rows [data-action="top {top_row}"]').click()
    wait_actions(page, do_n)
    settle(page)
    expect(page.locator(f'#po-rows .po-row[data-row="{top_row}"] .po-head-slot')).to_be_visible()
    page.locator(f'#my-hand button[data-card="{head_card}"]').first.click()
    slot = page.locator(f'#po-rows .po-head-slot[data-action="head {head_card} {top_row}"]')
    expect(slot).to_be_visible()
    do_n = table_info(page)["actions"]
    slot.click()
    wait_actions(page, do_n)
    settle(page)
    assert acts(page)[-2:] == [f"top {top_row}", f"head {head_card} {top_row}"]
    head = page.locator(f'#po-rows .po-card[data-row="{top_row}"]').first
    expect(head).to_have_attribute("data-card", head_card)
    # 4. A Take card by keys: arrows along the hand, Enter picks it, the letter A drops it.
    page.locator("#my-hand button.po-hand-card").first.focus()
    for _ in range(8):
        if page.evaluate("document.activeElement.dataset.card") == "TAKE":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "TAKE"
    page.keyboard.press("Enter")
    expect(page.locator('#my-hand button[data-card="TAKE"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#po-rows .po-row.po-target[data-row="A"]')).to_have_count(1)
    expect(page.locator('#po-rows .po-row.po-target[data-row="F"]')).to_have_count(1)
    do_n = table_info(page)["actions"]
    page.keyboard.press("a")
    wait_actions(page, do_n)
    settle(page)
    assert acts(page)[-1] == "take A"
    expect(page.locator("#log")).to_contain_text("You play a Take card on row A: Bianca takes")
    # 5. End the turn, if the hand did not run out.
    if page.locator('#actions [data-action="end"]').count():
        do(page, "end")
    settle(page)
    record = export_record(page)
    check_replies(replies(page), record)


@cache
def one_tap_seed() -> tuple[int, str, str]:
    """A 2-player deal whose first hand has a number card with exactly one place to go and one with
    several: (seed, one, several)."""
    for seed in range(1, 2000):
        state = GAME.initial_state({"players": 2}, seed, "base")
        if GAME.current_player(state) != 0:
            continue
        by: dict[str, list[str]] = {}
        for a in GAME.legal_actions(state):
            if a.split()[0] in ("add", "open", "head"):
                by.setdefault(a.split()[1], []).append(a)
        one = [c for c, places in by.items() if len(places) == 1]
        several = [c for c, places in by.items() if len(places) > 1]
        if one and several:
            return seed, one[0], several[0]
    raise AssertionError("no deal with a card of one place and one of several")


def test_one_tap_plays_a_card_with_one_place(page: Page, server: str) -> None:
    """UX checklist (docs/ux-checklist.md) §2: a card with several places waits for its target; a card with one place
    plays on one tap, after its row has been lit for >= 200 ms (measured on the page), every card
    inert meanwhile (a tap on another row then does nothing); Undo within the turn takes it back.
    With Settings' "Confirm each play" on, the same card takes a tap, then its row."""
    seed, one, several = one_tap_seed()
    start(page, server, "base", ["human", "easy"], seed=seed)
    settle(page)
    n = table_info(page)["actions"]
    view = last_view(page)
    only = next(a for a in view["legal"] if a.split()[0] in ("add", "open", "head") and a.split()[1] == one)
    row = only.split()[2]
    # Several places: a tap picks the card and lights every place; nothing is played.
    many = page.locator(f'#my-hand button[data-card="{several}"]').first
    expect(many).to_have_attribute("data-action", "pick")
    many.click()
    expect(many).to_have_attribute("aria-pressed", "true")
    places = sorted(a.split()[2] for a in view["legal"] if a.split()[0] in ("add", "open", "head") and a.split()[1] == several)
    lit = page.eval_on_selector_all("#po-rows .po-row.po-target", "els => els.map(e => e.dataset.row)")
    assert sorted(lit) == places and len(places) > 1
    assert table_info(page)["actions"] == n
    page.locator("#po-cancel").click()
    expect(page.locator("#po-rows .po-target")).to_have_count(0)
    # One place: one tap; its row is lit first, and a tap on another row meanwhile does nothing.
    card = page.locator(f'#my-hand button[data-card="{one}"]').first
    expect(card).to_have_attribute("data-action", only)
    other = next(r for r in "ABCDEF" if r != row)
    page.evaluate(HOLD_PROBE, [f'#po-rows .po-row.po-target[data-row="{row}"]', f'#po-rows .po-row-label[data-row="{other}"]'])
    card.click()
    wait_actions(page, n)
    settle(page)
    hold = page.evaluate("window.__hold")
    assert hold["ms"] is not None and hold["ms"] >= 200, hold
    assert hold["inert"] and hold["tapped"], hold
    assert acts(page) == [only]
    assert not [ex for ex in replies(page) if ex["request"].get("name") == "why"]  # the other row was not tried
    expect(page.locator("#table-message")).to_be_empty()
    # Undo within the turn: the card is back in the hand, the row as it was.
    played = table_info(page)["actions"]
    page.locator("#table-undo").click()
    wait_actions(page, played)
    settle(page)
    assert table_info(page)["actions"] == n
    assert last_view(page)["observation"]["hand"] == view["observation"]["hand"]
    assert last_view(page)["observation"]["rows"] == view["observation"]["rows"]
    # Confirm each play: the tap picks the card and lights its row; the row plays it.
    confirm_each_play(page, server, True)
    try:
        settle(page)
        card = page.locator(f'#my-hand button[data-card="{one}"]').first
        expect(card).to_have_attribute("data-action", "pick")
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(page.locator(f'#po-rows .po-row.po-target[data-row="{row}"]')).to_have_count(1)
        assert table_info(page)["actions"] == n
        page.locator(f'#po-rows .po-row-label[data-row="{row}"]').click()
        wait_actions(page, n)
        assert acts(page) == [only, only]
    finally:
        confirm_each_play(page, server, False)


def test_exchange_undo_and_the_coach(page: Page, server: str) -> None:
    start(page, server, "base", ["human", "medium"], seed=turn_seed())
    settle(page)
    # The coach: a good next step and why, marked on the table.
    page.locator("#po-coach-btn").click()
    expect(page.locator("#po-hint")).to_contain_text("Coach:")
    coach = [ex for ex in replies(page) if ex["request"].get("name") == "coach"][-1]["reply"]["result"]
    assert coach["action"] in last_view(page)["legal"]
    expect(page.locator(".po-hint").first).to_be_visible()
    # Undo within the turn (the worker's undo, the shell's Undo button): the hand and rows come back.
    view = last_view(page)
    before = view["observation"]
    expect(page.locator("#table-undo")).to_be_hidden()  # nothing of this turn to undo yet
    do(page, policy(view))
    settle(page)
    assert last_view(page)["undo"] is True
    n = table_info(page)["actions"]
    page.locator("#table-undo").click()
    wait_actions(page, n)
    settle(page)
    assert table_info(page)["actions"] == n - 1
    assert last_view(page)["observation"]["hand"] == before["hand"]
    assert last_view(page)["observation"]["rows"] == before["rows"]
    # Exchange mode: pick two hand cards, "Exchange 2" plays the canonical exchange.
    assert last_view(page)["observation"]["turn"]["phase"] == "start"
    page.locator("#po-exchange-mode").click()
    expect(page.locator("#po-exch-mode")).to_be_visible()
    cards = page.locator("#my-hand button.po-hand-card")
    cards.nth(0).click()
    cards.nth(1).click()
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    button = page.locator("#po-exchange")
    expect(button).to_have_text("Exchange 2")
    action = button.get_attribute("data-action") or ""
    assert action in last_view(page)["legal"] and len(action.split()) == 3
    n = table_info(page)["actions"]
    button.click()
    wait_actions(page, n)
    settle(page)
    assert acts(page)[-1] == action
    expect(page.locator("#log")).to_contain_text("You put 2 cards under your pile.")
    check_replies(replies(page), export_record(page))


def test_a_whole_game_of_two_rounds_against_the_computer(page: Page, server: str) -> None:
    start(page, server, "rounds", ["human", "easy"], seed=3, rounds=2)
    snapshots: list[tuple[int, int, str]] = []
    summaries = 0
    for _ in range(400):
        settle(page)
        info = table_info(page)
        snapshots.append((info["viewer"], info["actions"], page.inner_html("#board")))
        if not page.locator("#dealend").is_hidden():
            summaries += 1
            expect(page.locator("#po-roundend-table tbody tr")).to_have_count(2)
            page.locator("#dealend-go").click()
            continue
        if page.locator("#game-end").count():
            break
        do(page, policy(last_view(page)))
    expect(page.locator("#game-end")).to_be_visible()
    assert summaries == 2
    result = last_view(page)["result"]
    expect(page.locator("#po-sheet-table tbody tr")).to_have_count(2)
    totals = page.locator("#po-sheet-table tfoot td").all_inner_texts()
    assert [int(x) for x in totals] == result["scores"]
    expect(page.locator("#game-end .standings li")).to_have_count(2)
    lines = page.locator("#log li").all_inner_texts()
    assert not any(re.search(r"\bprimo\.\w|\{|\[object|\bundefined\b", line) for line in lines), lines
    assert any(line.startswith("You put ") for line in lines), lines
    states = check_replies(replies(page), final_record(page))
    check_dom(snapshots, states)


def test_hot_seat_hand_over_shows_no_hand(page: Page, server: str) -> None:
    start(page, server, "base", ["human", "human"], seed=turn_seed())
    snapshots: list[tuple[int, int, str]] = []
    handovers = 0
    for _ in range(30):
        settle(page)
        info = table_info(page)
        snapshots.append((info["viewer"], info["actions"], page.inner_html("#board")))
        if not page.locator("#handover").is_hidden():
            handovers += 1
            expect(page.locator("#my-hand [data-card]")).to_have_count(0)
            if handovers == 2:
                break
            page.get_by_role("button", name="Show my hand").click()
            continue
        do(page, policy(last_view(page)))
    assert handovers == 2
    check_dom(snapshots, check_replies(replies(page), export_record(page)))


def test_a_row_clear_animates_at_the_chosen_speed(moving: Page, server: str) -> None:
    page = moving
    seed, players = clear_seed()
    start(page, server, "base", ["human"] + ["easy"] * (players - 1), seed=seed)
    clears(page, want_ms=240)  # the "fast" setting


def test_a_row_clear_does_not_move_with_reduced_motion(moving: Page, server: str) -> None:
    page = moving
    page.emulate_media(reduced_motion="reduce")
    try:
        seed, players = clear_seed()
        start(page, server, "base", ["human"] + ["easy"] * (players - 1), seed=seed)
        clears(page, want_ms=0)
    finally:
        page.emulate_media(reduced_motion="no-preference")


def clears(page: Page, want_ms: int) -> None:
    for _ in range(60):
        page.wait_for_function(
            f"() => document.querySelector('#po-rows[data-clears]') || ({SETTLED})()", timeout=STEP_TIMEOUT
        )
        if page.locator("#po-rows[data-clears]").count():
            break
        assert not page.locator("#game-end").count(), "the game ended with no row cleared"
        do(page, policy(last_view(page)))
    rows = page.locator("#po-rows")
    expect(rows).to_have_attribute("data-clears", re.compile(r"^[1-9]"))
    assert rows.get_attribute("data-clear-ms") == str(want_ms)
    lines = page.locator("#log li").all_inner_texts()
    assert any(re.search(r"Row [A-F] is complete, 13 down to 1, and is cleared", line) for line in lines), lines


def test_rules_page_the_lesson_and_the_speed_setting(page: Page, server: str) -> None:
    open_route(page, server, "/settings")
    page.select_option("#set-speed", "off")
    expect(page.locator("html")).to_have_class(re.compile(r"\bmotion-off\b"))
    page.select_option("#set-speed", "fast")
    expect(page.locator("html")).not_to_have_class(re.compile(r"\bmotion-off\b"))
    open_route(page, server, "/rules?variant=pobase")
    section = page.locator("#rules-pobase")
    expect(section).to_be_visible()
    for n in range(1, 14):
        expect(section.locator(f"#decision-D-PO{n}-base")).to_have_count(1)
    expect(page.locator("#decision-D-PO14-rounds")).to_have_count(1)
    expect(page.locator("#decision-D-PO15-alternate")).to_have_count(1)
    page.get_by_role("link", name="Learn by example").first.click()
    expect(page.locator("#po-lesson[data-lesson=esm][data-step='0']")).to_be_visible()
    expect(page.locator("#po-learn-text")).to_contain_text("Elisabeth, Svenja and Michael")
    # Its source in a player's words, not the golden tests' ids (issue 20).
    expect(page.locator("#po-lesson > p.help")).to_contain_text("From the rulebook's example of three players' turns")
    expect(page.locator("#po-lesson > p.help")).not_to_contain_text(re.compile(r"G0\d|seed"))
    expect(page.locator("#po-lesson .po-row")).to_have_count(6)
    page.get_by_role("link", name="Next").click()
    expect(page.locator("#po-learn-text")).to_contain_text("Elisabeth puts Blue 5 on row E")
    for step in range(2, 6):
        page.keyboard.press("ArrowRight")
        expect(page.locator(f"#po-lesson[data-step='{step}']")).to_be_visible()
    expect(page.locator("#po-learn-cleared")).to_contain_text("row A")
    expect(page.locator('#po-lesson .po-row[data-row="A"] .po-card')).to_have_count(0)
    for step in range(6, 10):
        page.keyboard.press("ArrowRight")
        expect(page.locator(f"#po-lesson[data-step='{step}']")).to_be_visible()
    expect(page.locator("#po-learn-text")).to_contain_text("Svenja puts 4 cards under their pile")
    expect(page.locator("#po-learn-note")).to_contain_text("The rulebook says she cannot play them")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#po-learn-text")).to_contain_text("Elisabeth takes Yellow 10 from row A")


def test_phone_table_fits_without_scrolling(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        start(page, server, "base", ["human", "easy", "easy", "easy"], seed=turn_seed())
        settle(page)
        page.locator("#my-hand button.po-hand-card[data-action=pick]").first.click()  # a card picked, its targets lit
        page.evaluate("window.scrollTo(0, 0)")
        outside = page.evaluate(
            """() => [...document.querySelectorAll('#my-hand .card, #po-rows .po-row-label, #po-rows .po-card, #actions button')]
                  .map(e => [e.dataset.action || e.dataset.card || e.id || e.dataset.row, e.getBoundingClientRect()])
                  .filter(([, r]) => r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
                  .map(([n]) => n)"""
        )
        assert outside == [], f"{outside} need scrolling at 360x740"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        small = page.evaluate(
            """() => [...document.querySelectorAll('#my-hand button, #actions button')]
                  .map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length"""
        )
        assert small == 0
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


TOUCH = """([sel, type, x, y]) => {
    const el = document.querySelector(sel) || window.__poTouch;
    window.__poTouch = el;
    el.dispatchEvent(new PointerEvent(type, {pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0,
        buttons: type === 'pointerup' || type === 'pointercancel' ? 0 : 1, clientX: x, clientY: y, bubbles: true, cancelable: true}));
    if (type === 'pointerup') el.dispatchEvent(new MouseEvent('click', {clientX: x, clientY: y, bubbles: true}));
}"""


def touch(page: Page, sel: str, kind: str, x: float, y: float) -> None:
    """One touch Pointer Event on the element of sel (a pressed pointer's later events go to it, as captured)."""
    page.evaluate(TOUCH, [sel, kind, x, y])


def centre(page: Page, sel: str) -> tuple[float, float]:
    box = page.locator(sel).first.bounding_box()
    assert box
    return box["x"] + min(8, box["width"] / 2), box["y"] + box["height"] / 2


def test_touch_tap_cancel_and_drag_and_the_keys(page: Page, server: str) -> None:
    """Touch (Pointer Events of type touch): a 3 px wiggle is a tap; a drag cancelled midway
    springs back and plays nothing; a drag onto a lit row plays. Keys: Enter picks a run, Esc
    cancels, the arrows reach the target row and Enter drops it there. No axe violation."""
    from kit.a11y import axe

    start(page, server, "base", ["human", "easy"], seed=turn_seed())
    settle(page)
    view = last_view(page)
    n = table_info(page)["actions"]
    move = next(a for a in view["legal"] if a.startswith("move "))
    src, value = move.split()[1].split(":")
    dest = move.split()[2]
    card_sel = f'#po-rows .po-card[data-row="{src}"][data-value="{value}"]'
    # A wiggle is a tap: the run is selected, its targets lit.
    x, y = centre(page, card_sel)
    touch(page, card_sel, "pointerdown", x, y)
    touch(page, card_sel, "pointermove", x + 3, y)
    touch(page, card_sel, "pointerup", x + 3, y)
    expect(page.locator(card_sel)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f'#po-rows .po-row.po-target[data-row="{dest}"]')).to_have_count(1)
    assert axe(page) == []
    page.locator("#po-cancel").click()
    expect(page.locator(card_sel)).to_have_attribute("aria-pressed", "false")
    # A drag cancelled midway: no ghost, nothing played, nothing selected.
    tx, ty = centre(page, f'#po-rows .po-row[data-row="{dest}"] .po-row-label')
    touch(page, card_sel, "pointerdown", x, y)
    touch(page, card_sel, "pointermove", x + 20, y + 20)
    expect(page.locator("#po-ghost")).to_be_visible()
    touch(page, card_sel, "pointermove", tx, ty)
    touch(page, card_sel, "pointercancel", tx, ty)
    expect(page.locator("#po-ghost")).to_have_count(0)
    expect(page.locator("#po-rows .po-target")).to_have_count(0)
    assert table_info(page)["actions"] == n
    # Keys: Enter on the run's first card picks it, Esc drops the pick; then arrows to the target row.
    page.locator(card_sel).focus()
    page.keyboard.press("Enter")
    expect(page.locator(card_sel)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator(card_sel)).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Enter")
    rows = "ABCDEF"
    key = "ArrowDown" if rows.index(dest) > rows.index(src) else "ArrowUp"
    for _ in range(abs(rows.index(dest) - rows.index(src))):
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.row") == dest
    page.keyboard.press("Enter")
    wait_actions(page, n)
    settle(page)
    assert acts(page)[-1] == move
    # A touch drag onto a lit row plays (the next legal hand-card placement).
    view = last_view(page)
    place = next((a for a in view["legal"] if a.split()[0] in ("add", "open")), None)
    if place:
        _verb, card, row = place.split()
        hand_sel = f'#my-hand button[data-card="{card}"]'
        x, y = centre(page, hand_sel)
        tx, ty = centre(page, f'#po-rows .po-row[data-row="{row}"] .po-row-label')
        n = table_info(page)["actions"]
        touch(page, hand_sel, "pointerdown", x, y)
        touch(page, hand_sel, "pointermove", x + 10, y - 10)
        touch(page, hand_sel, "pointermove", tx, ty)
        touch(page, hand_sel, "pointerup", tx, ty)
        wait_actions(page, n)
        settle(page)
        assert acts(page)[-1] == place
    open_route(page, server, "/primo/learn?lesson=esm&step=5")
    expect(page.locator("#po-lesson[data-step='5']")).to_be_visible()
    assert axe(page) == []


@cache
def colour_seed() -> tuple[int, str, str]:
    """An alternate-colours deal whose first hand has a card of the right value for a row's tail
    but of the tail's colour, and not exactly one place to go (a tap picks it, not plays it):
    (seed, card, row)."""
    for seed in range(1, 3000):
        state = GAME.initial_state({"players": 2}, seed, "alternate")
        obs = GAME.observation(state, 0)
        legal = GAME.legal_actions(state)
        for card in obs["hand"]:
            if sum(1 for a in legal if a.split()[0] in ("add", "open", "head") and a.split()[1] == card) == 1:
                continue
            for row in obs["rows"]:
                tail = row["cards"][-1] if row["cards"] else None
                if card not in ("TOP", "TAKE") and tail and int(tail[:-1]) - 1 == int(card[:-1]) and tail[-1] == card[-1]:
                    return seed, card, row["name"]
    raise AssertionError("no deal with a wrong-colour card")


def test_a_wrong_colour_and_a_run_that_fits_nowhere_say_why(page: Page, server: str) -> None:
    """Colours alternate: the right value in the wrong colour is refused with the colour rule.
    A run with no legal place can still be picked and tried: the drop says why."""
    seed, card, row = colour_seed()
    start(page, server, "alternate", ["human", "easy"], seed=seed)
    settle(page)
    n = table_info(page)["actions"]
    page.locator(f'#my-hand button[data-card="{card}"]').first.click()
    page.locator(f'#po-rows .po-row-label[data-row="{row}"]').click()
    expect(page.locator("#table-message")).to_contain_text("colour rule (colours alternate)")
    expect(page.locator("#table-message")).to_have_attribute("data-why", "primo.why.colour")
    page.locator("#po-cancel").click()
    # A run that cannot move anywhere: picked by a tap, then tried on another row.
    view = last_view(page)
    movable = {a.split()[1] for a in view["legal"] if a.startswith("move ")}
    stuck = next((r for r in view["observation"]["rows"] if r["cards"] and f"{r['name']}:{int(r['cards'][0][:-1])}" not in movable), None)
    assert stuck
    other = next(r["name"] for r in view["observation"]["rows"] if r["name"] != stuck["name"] and r["cards"])
    value = int(stuck["cards"][0][:-1])
    row_card(page, stuck["name"], value).click(position={"x": 6, "y": 12})
    expect(row_card(page, stuck["name"], value)).to_have_attribute("aria-pressed", "true")
    page.locator(f'#po-rows .po-row-label[data-row="{other}"]').click()
    expect(page.locator("#table-message")).to_have_attribute("data-why", re.compile(r"^primo\.why\.(value|colour)$"))
    assert table_info(page)["actions"] == n

"""A person plays Primiera through the real page, in the game-neutral shell: a whole 2-player round
against the computer, a whole short game, a capture choice among several, the Kaleidos Herald
reveal, the secret table choice in hot-seat, and the round scorer. Everything the page receives
from the worker, and the DOM at every step, is checked for cards the seat on screen may not see;
the hidden cards come from the game's record, replayed in CPython once the game is over.

The tests share booted pages (e2e/kit/tables.py ``Pages``: one per size and pytest process); each
starts its game from the setup screen by a hash change. No card moves (kit/a11y.py ``motion_off``)
but in the two tests that check the DOM at every step, cards in flight included."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from kit import READY_TIMEOUT, STEP_TIMEOUT
from kit.a11y import axe, motion_off, still
from kit.hidden import check_exchanges, replies, views_in
from kit.primiera import human_step, play, settle, start
from kit.tables import HOLD_PROBE, SIZES, address, confirm_each_play, table_info
from playwright.sync_api import Page, expect

from pygame_core.primiera.scoring import score_request


@pytest.fixture
def page(request: pytest.FixtureRequest, take: Callable[[str], Page], server: str) -> Page:
    """A shared desktop page at the home screen (e2e/conftest.py ``take``), no card moving on it
    (kit/a11y.py ``still``: speed Off; these tests are not about motion)."""
    return still(request, take("desktop"), server)


@pytest.fixture
def moving(take: Callable[[str], Page]) -> Page:
    """The shared desktop page with its motion (the PLAY settings' "fast"): the DOM checked at
    every step then holds the cards in flight as well."""
    return take("desktop")


def go(page: Page, server: str, route: str) -> None:
    """A screen of the shared page, by a hash change (the engine stays up)."""
    page.goto(address(page, server) + "#" + route)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


def open_scorer(page: Page, server: str) -> None:
    """The round scorer as a fresh page shows it: it keeps its cards while the page is open (a test
    before may have left some), so its own Clear button empties it and side A is the one to give to."""
    go(page, server, "/primiera/score")
    page.locator("#pa-score-clear").click()
    page.locator("input[name=pa-active][value='0']").check()
    expect(page.locator("#pa-score-deck [data-side]:not([data-side=''])")).to_have_count(0)


def last_view(page: Page) -> dict[str, Any]:
    """The latest View the page received."""
    views = [v for ex in replies(page) for v in views_in(ex["reply"])]
    return views[-1]


def breakdown(page: Page, table: str) -> list[dict[str, int]]:
    """The points per side shown in a breakdown table: [{cards, coins, settebello, primiera, sweeps, total}]."""
    cells = page.eval_on_selector_all(
        f"#{table} td[data-cat]", "els => els.map(e => [e.dataset.cat, Number(e.dataset.points)])"
    )
    sides = len(page.locator(f"#{table} thead th").all()) - 1
    out: list[dict[str, int]] = [{} for _ in range(sides)]
    counts: dict[str, int] = {}
    for cat, pts in cells:
        i = counts.get(cat, 0)
        out[i][cat] = pts
        counts[cat] = i + 1
    return out


def test_2p_whole_round_against_the_computer(page: Page, server: str) -> None:
    start(page, server, "2p", ["human", "medium"], seed=11)
    seen = play(page, rounds=1)
    assert seen["rounds"] == 1 and len(seen["actions"]) == 18
    line = last_view(page)["observation"]["sheet"][0]
    shown = breakdown(page, "roundend-table")
    want = [{k: s[k] for k in ("cards", "coins", "settebello", "primiera", "sweeps", "total")} for s in line["sides"]]
    assert shown == want
    # The cards behind the points: each side's coins, the settebello, its primiera cards; the points won marked.
    for i, side in enumerate(line["sides"]):
        ev = side["evidence"]
        cell = page.locator(f"#roundend-table tr[data-cat=coins] td >> nth={i}")
        assert (cell.locator(".pa-ev").get_attribute("data-cards") or "") == " ".join(ev["coins"])
        prim = page.locator(f"#roundend-table tr[data-cat=primiera] td >> nth={i} >> .pa-ev")
        assert prim.get_attribute("data-cards") == " ".join(ev["primiera"])
        sette = page.locator(f"#roundend-table tr[data-cat=settebello] td >> nth={i}")
        expect(sette.locator(".pa-ev")).to_have_count(1 if ev["settebello"] else 0)
        for cat in ("cards", "coins", "settebello", "primiera"):
            won = page.locator(f"#roundend-table tr[data-cat={cat}] td >> nth={i}")
            assert (won.get_attribute("data-won") is not None) == (side[cat] > 0), (cat, side)
    # After each computer move, one line on why it played it (from the public view), in the coach panel.
    whys = [ex["reply"]["result"].get("why") for ex in replies(page)
            if ex["request"].get("op") == "ai_step" and ex["reply"]["ok"] and ex["reply"]["result"]["actions"]]
    assert whys and all(w and w["key"].startswith("primiera.why.") and w["seat"] == 1 for w in whys), whys
    why = page.locator("#coach-why")
    expect(why).to_have_attribute("data-key", whys[-1]["key"])
    text = why.inner_text()
    assert text.startswith("Why:") and "Bianca" in text, text
    assert not re.search(r"\bprimiera\.\w|\{|\[object|\b(?:10|[2-9AJQK])[SHDC]\b", text), text
    expect(page.locator("#roundend-totals")).to_contain_text("You")
    page.locator("#dealend-go").click()
    settle(page)
    # The score sheet and the running tally (a new round: nothing captured yet).
    expect(page.locator("#pa-sheet-table tbody tr")).to_have_count(1)
    expect(page.locator("#pa-tally-table thead th")).to_have_count(3)  # the two sides
    expect(page.locator("#pa-tally-table tr[data-cat=cards] td").first).to_have_text("0")
    lines = page.locator("#log li").all_inner_texts()
    assert any(line.split(" ", 1)[0] in ("You", "Round") for line in lines), lines
    assert any(re.match(r"^(You|Bianca) (play|plays) ", line) for line in lines), lines
    assert not any(re.search(r"\bprimiera\.|\{|\[object|\b(?:10|[2-9AJQK])[SHDC]\b", line) for line in lines), lines
    assert not any(re.search(r"\bYou (plays|takes|deals)\b", line) for line in lines), lines


def test_a_whole_short_game(page: Page, server: str) -> None:
    start(page, server, "3p", ["human", "easy", "medium"], seed=5, target=2)
    seen = play(page, rounds=99)
    assert seen["ended"]
    view = last_view(page)
    assert view["terminal"]
    result = view["result"]
    assert max(result["scores"]) >= 2
    standings = page.locator("#game-end .standings li")
    expect(standings).to_have_count(3)
    assert f"{max(result['scores'])} pts" in standings.first.inner_text()
    expect(page.locator("#game-end")).to_contain_text("rounds played")


def test_kaleidos_extra_round_says_why_the_game_goes_on(page: Page, server: str) -> None:
    """Several players reach the target in the same round (target 1: every side that scores does):
    the round's dialog says why the game goes on, in words and with D-PA12 as the rules page shows
    it; the round under way says it is an extra round; the score sheet marks that round (D-PA12)."""
    start(page, server, "kaleidos", ["easy"] * 4, seed=1, target=1)
    dialog = page.locator("#dealend")
    expect(dialog).to_be_visible()
    o = last_view(page)["observation"]
    reached = [s for s, n in enumerate(o["sheet"][0]["totals"]) if n >= 1]
    assert len(reached) >= 2 and o["why_on"] == {"key": "primiera.on.extra",
                                                 "args": {"seats": reached, "totals": [o["scores"][s] for s in reached], "target": 1}}
    why = page.locator("#roundend-goes-on")
    expect(why).to_be_visible()
    expect(why).to_contain_text("The game goes on.")
    expect(why).to_contain_text("reached 1 in the same round")
    expect(why).to_contain_text("one extra round is played")
    expect(why.locator("dl.decisions dt")).to_have_text("D-PA12")
    expect(why.locator("dl.decisions dd")).to_contain_text("an extra round is played")
    expect(page.locator("#dealend-go")).to_have_text("Play the extra round")
    page.locator("#dealend-go").click()
    expect(page.locator("#phase")).to_contain_text("extra round")
    # The extra round's own end: its line on the sheet is marked, and its dialog's title says so.
    page.wait_for_function("() => !document.querySelector('#dealend').hidden || document.querySelector('#game-end')", timeout=120_000)
    expect(page.locator("#pa-sheet-table tbody tr[data-extra]")).to_have_count(1)
    expect(page.locator("#pa-sheet-table tbody tr[data-extra] th")).to_contain_text("extra round")
    if dialog.is_visible():
        expect(page.locator("#dealend-title")).to_have_text("Round 2, an extra round, is over")


def test_a_capture_choice_among_several(page: Page, server: str) -> None:
    """A hand card with several captures: the options are listed, each highlights its cards, and
    the one chosen (by keyboard here) is the one played."""
    start(page, server, "2p", ["human", "easy"], seed=20, target=0, max_rounds=6)  # seed 20: the first move already has a choice
    for step in range(200):
        settle(page)
        if not page.locator("#dealend").is_hidden():
            page.locator("#dealend-go").click()
            continue
        assert not page.locator("#game-end").count(), "no capture choice came up"
        multi = page.locator("#my-hand button.card:has(.pa-opts:text-matches('×'))")
        if not multi.count():
            human_step(page, step)
            continue
        card = multi.first
        card.focus()
        page.keyboard.press("Enter")
        expect(card).to_have_attribute("aria-pressed", "true")
        options = page.locator("#actions button[data-action]")
        n = options.count()
        assert n >= 2
        expect(page.locator("#pa-choice")).to_contain_text(f"{n} ways to capture")
        legal = set(last_view(page)["legal"])
        actions = [options.nth(i).get_attribute("data-action") for i in range(n)]
        assert set(actions) <= legal and len(set(actions)) == n
        # Every option's cards are marked on the table; the focused one solidly.
        chosen = actions[-1] or ""
        options.last.focus()
        taken = chosen.split(" x ")[1].split()
        marked = page.eval_on_selector_all("#pa-table .pa-takes", "els => els.map(e => e.dataset.card)")
        assert sorted(marked) == sorted(taken)
        # The coach lists exactly this card's options.
        expect(page.locator("#coach-moves li")).to_have_count(n)
        expect(options.last).to_be_focused()  # nothing drew the bar again under the player's focus
        expect(options.last).to_be_enabled()
        before = table_info(page)["actions"]  # read before the key: the move may land before a read after it
        page.keyboard.press("Enter")
        page.wait_for_function("(a) => window.primi.tableInfo().actions > a", arg=before, timeout=STEP_TIMEOUT)
        settle(page)
        record = [ex for ex in replies(page) if ex["request"].get("op") == "act"]
        assert record[-1]["request"]["action"] == chosen
        return
    raise AssertionError("no capture choice in 200 steps")


@cache
def one_tap_seed() -> tuple[int, str, str]:
    """A 2-player deal whose human seat plays first, with a hand card that has exactly one capture
    and one with several: (seed, one, several). Found from the core the page runs."""
    from pygame_core.primiera.game import GAME

    for seed in range(1, 2000):
        state = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, "2p")
        if GAME.current_player(state) != 0:
            continue
        by: dict[str, list[str]] = {}
        for a in GAME.legal_actions(state):
            by.setdefault(a.split()[1], []).append(a)
        one = [c for c, acts in by.items() if len(acts) == 1 and " x " in acts[0]]
        several = [c for c, acts in by.items() if len(acts) > 1]
        if one and several:
            return seed, one[0], several[0]
    raise AssertionError("no deal with a single capture and a choice")


def test_one_tap_plays_a_single_capture_after_its_highlight(page: Page, server: str) -> None:
    """UX checklist (docs/ux-checklist.md) §2: a card with several captures waits for the choice; a card with one capture
    plays on one tap, after its capture has been marked for >= 200 ms (measured on the page), every
    control inert meanwhile, with reduced motion too (no movement); Undo takes it back. With
    Settings' "Confirm each play" on, the same card takes two taps."""
    seed, one, several = one_tap_seed()
    page.emulate_media(reduced_motion="reduce")  # the speed is Off: the highlight shows, nothing moves
    try:
        start(page, server, "2p", ["human", "easy"], seed=seed, target=0, max_rounds=1)
        settle(page)
        n = table_info(page)["actions"]
        legal = last_view(page)["legal"]
        only = next(a for a in legal if a.split()[1] == one)
        # Several captures: a tap picks the card, its options wait in the bar; nothing is played.
        many = page.locator(f'#my-hand button[data-card="{several}"]')
        expect(many).to_have_attribute("data-action", "pick")
        many.click()
        expect(many).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#actions button[data-action]")).to_have_count(sum(1 for a in legal if a.split()[1] == several))
        assert table_info(page)["actions"] == n
        many.click()
        expect(many).to_have_attribute("aria-pressed", "false")
        # One capture: one tap; the cards it takes are marked first, and a tap on the other card then does nothing.
        card = page.locator(f'#my-hand button[data-card="{one}"]')
        expect(card).to_have_attribute("data-action", only)
        page.evaluate(HOLD_PROBE, ["#pa-table .pa-takes", f'#my-hand button[data-card="{several}"]'])
        card.click()
        page.wait_for_function("(a) => window.primi.tableInfo().actions > a", arg=n, timeout=STEP_TIMEOUT)
        settle(page)
        hold = page.evaluate("window.__hold")
        assert hold["ms"] is not None and hold["ms"] >= 200, hold
        assert hold["inert"] and hold["tapped"] and hold["anims"] == 0, hold
        acts = [ex["request"]["action"] for ex in replies(page) if ex["request"].get("op") == "act"]
        assert acts == [only], acts
    finally:
        page.emulate_media(reduced_motion="no-preference")
    # Undo takes the play back (with the computer's reply).
    page.locator("#table-undo").click()
    page.wait_for_function("(a) => window.primi.tableInfo().actions === a", arg=n, timeout=STEP_TIMEOUT)
    settle(page)
    # Confirm each play: the first tap only picks the card (its capture marked), the second plays it.
    confirm_each_play(page, server, True)
    try:
        settle(page)
        card = page.locator(f'#my-hand button[data-card="{one}"]')
        expect(card).to_have_attribute("data-action", "pick")
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#pa-table .pa-takes")).not_to_have_count(0)
        expect(card).to_have_attribute("data-action", only)
        assert table_info(page)["actions"] == n
        card.click()
        page.wait_for_function("(a) => window.primi.tableInfo().actions > a", arg=n, timeout=STEP_TIMEOUT)
        acts = [ex["request"]["action"] for ex in replies(page) if ex["request"].get("op") == "act"]
        assert acts == [only, only], acts
    finally:
        confirm_each_play(page, server, False)


# Tap a card (its one-tap hold starts), leave the table for Settings and come back; then, frame by
# frame until the move is played, note any moment the table shows live controls while not busy.
# The hold's timer (the 250 ms timeout the tap sets) is held back until the table is shown again and
# then let go: the player is back before the move is sent however slow the machine, as a fast one
# would be (a timer that fires late is all a loaded machine does to it). {held: false}: the tap set none.
AWAY_AND_BACK = """async ([card, n]) => {
  const later = window.setTimeout;
  let hold = null;
  window.setTimeout = (f, ms, ...rest) => {
    if (ms === 250 && !hold) { hold = () => f(...rest); return 0; }
    return later(f, ms, ...rest);
  };
  try { document.querySelector(card).click(); } finally { window.setTimeout = later; }
  if (!hold) return { held: false };
  const screen = (id) => new Promise((ok) => { const f = () => document.getElementById(id) ? ok() : requestAnimationFrame(f); f(); });
  location.hash = "#/settings";
  await screen("screen-settings");
  location.hash = "#/table";
  await screen("screen-table");
  later(hold, 0);  // the hold ends now
  const live = [];
  await new Promise((ok) => {
    const f = () => {
      if (window.primi.tableInfo().actions > n) return ok();
      const el = document.querySelector("#screen-table");
      const open = [...document.querySelectorAll("#my-hand button.card, #actions [data-action]")].filter((b) => !b.disabled).length;
      if (el && el.getAttribute("aria-busy") === "false" && open) live.push(open);
      requestAnimationFrame(f);
    };
    f();
  });
  return { held: true, live: live.length };
}"""


def test_leaving_during_a_move_keeps_the_table_inert_until_it_lands(page: Page, server: str) -> None:
    """A player who taps a card's only move and goes to another screen and back before the move
    lands finds the table inert (busy, no live control) until it does, then plays on: the table
    drawn again used to clear the busy flag, so the old hand showed with live controls."""
    seed, one, _ = one_tap_seed()
    start(page, server, "2p", ["human", "easy"], seed=seed, target=0, max_rounds=1)
    settle(page)
    n = table_info(page)["actions"]
    got = page.evaluate(AWAY_AND_BACK, [f'#my-hand button[data-card="{one}"]', n])
    assert got["held"], "the tap set no 250 ms hold"
    assert got["live"] == 0, got
    settle(page)
    acts = [ex["request"]["action"] for ex in replies(page) if ex["request"].get("op") == "act"]
    assert acts[-1].split()[1] == one, acts
    assert table_info(page)["actions"] > n


def test_kaleidos_herald_reveal(page: Page, server: str) -> None:
    start(page, server, "kaleidos", ["human", "easy", "medium", "easy"], seed=8, target=0, max_rounds=1)
    settle(page)
    expect(page.locator("#pa-table")).to_contain_text("turned up together")
    for step in range(40):
        settle(page)
        if page.locator("#herald-reveal").count():
            break
        assert page.locator("#dealend").is_hidden(), "the round ended with no Herald shown"
        human_step(page, step)
    box = page.locator("#herald-reveal")
    expect(box).to_be_visible()
    mode = box.get_attribute("data-partnership")
    words = {"opposite": "opposite", "left": "left neighbour", "right": "right neighbour", "alone": "everyone alone"}
    expect(box).to_contain_text(words[mode or ""])
    expect(page.locator("#herald-sides")).to_contain_text("against" if mode != "alone" else "everyone alone")
    herald = last_view(page)["observation"]["herald"]
    assert herald["partnership"] == mode
    lines = page.locator("#log li").all_inner_texts()
    assert any("the first Herald" in line for line in lines), lines
    if mode != "alone":
        # Partners are marked on the seats.
        assert page.locator("#seats .badge.partner").count() + page.locator("#me .badge.partner").count() >= 1


def test_hot_seat_secret_table_choice_hides_every_hand(moving: Page, server: str) -> None:
    """Kaleidos hot-seat: each player's secret table card is chosen behind the hand-over and stays
    out of the DOM while the other chooses; nothing hidden reaches the page in the whole round."""
    page = moving
    start(page, server, "kaleidos", ["human", "human", "easy", "easy"], target=0, max_rounds=1)
    picks: list[str] = []
    snapshots: list[tuple[int, int, str]] = []
    for step in range(200):
        settle(page)
        info = table_info(page)
        snapshots.append((info["viewer"], info["actions"], page.content()))
        if not page.locator("#handover").is_hidden():
            assert page.locator("#my-hand [data-card]").count() == 0
            page.get_by_role("button", name="Show my hand").click()
            continue
        if not page.locator("#dealend").is_hidden():
            page.locator("#dealend-go").click()
            continue
        if page.locator("#game-end").count():
            break
        if last_view(page)["observation"]["phase"] == "pick":
            html = page.content()
            for card in picks:  # the other player's secret choice is nowhere on this screen
                assert f'data-card="{card}"' not in html
            expect(page.locator("#pa-hint")).to_contain_text("face down")
            action = human_step(page, step)
            assert action.startswith("pick ")
            picks.append(action.split()[1])
            continue
        human_step(page, step)
    assert len(picks) == 2
    expect(page.locator("#game-end")).to_be_visible()
    truth = check_exchanges(replies(page), seed_drawn=True)
    for seat, actions, html in snapshots:
        truth.check_html(seat, actions, html, "hot-seat DOM")


def test_nothing_hidden_reaches_the_page_against_the_computer(moving: Page, server: str) -> None:
    page = moving
    start(page, server, "2p", ["human", "hard" if _has_hard() else "medium"], target=0, max_rounds=1)
    snapshots: list[tuple[int, int, str]] = []
    seen = play(page, rounds=1, snapshots=snapshots)
    assert seen["rounds"] == 1
    page.locator("#dealend-go").click()
    expect(page.locator("#game-end")).to_be_visible()
    truth = check_exchanges(replies(page), seed_drawn=True)
    for seat, actions, html in snapshots:
        truth.check_html(seat, actions, html, "DOM")
    ops = [ex["request"]["op"] for ex in replies(page)]
    assert "view" not in ops and "game_op" in ops  # the coach asked the worker, for the seat shown


def _has_hard() -> bool:
    from pygame_core.primiera.game import GAME

    return "hard" in GAME.info.agents


def test_round_scorer_screen(page: Page, server: str) -> None:
    open_scorer(page, server)
    page.select_option("#pa-score-variant", "2p")
    mine = ["7D", "AS", "AH", "6C", "5D", "KD", "2D", "3S"]
    for card in mine:
        page.locator(f"#pa-score-deck [data-card='{card}']").click()
    expect(page.locator("#pa-score-deck [data-card='7D']")).to_have_attribute("data-side", "A")
    page.locator("input[name=pa-active][value='1']").check()
    page.get_by_role("button", name="Give the other cards to side B").click()
    expect(page.locator("#pa-score-left")).to_contain_text("0 cards not given")
    page.fill("#pa-sweeps-A", "2")
    page.fill("#pa-sweeps-B", "1")
    page.get_by_role("button", name="Score the round").click()
    expect(page.locator("#pa-score-breakdown")).to_be_visible()
    deck = json.loads(page.evaluate("fetch('./catalogue.json').then(r => r.text())"))["primiera_values"]
    want = score_request({"variant": "2p", "solo": False, "sides": {
        "A": {"cards": mine, "sweeps": 2}, "B": {"cards": [c for c in deck if c not in mine], "sweeps": 1}}})
    assert breakdown(page, "pa-score-breakdown") == [want["sides"]["A"], want["sides"]["B"]]
    # Bad input: the operation's own message.
    page.fill("#pa-sweeps-B", "-1")
    page.get_by_role("button", name="Score the round").click()
    expect(page.locator("#pa-score-message")).to_contain_text("the sweeps must be a whole number, 0 or more")
    page.fill("#pa-sweeps-B", "0")
    page.locator("input[name=pa-active][value='0']").check()
    page.locator("#pa-score-deck [data-card='7D']").click()  # side A's card, taken off side A
    page.get_by_role("button", name="Score the round").click()
    expect(page.locator("#pa-score-message")).to_contain_text("of the 40 cards are given")
    expect(page.locator("#pa-score-message")).to_contain_text("7D")


def test_phone_table_fits_without_scrolling(take: Callable[[str], Page], server: str) -> None:
    with motion_off(take("mobile"), server) as page:
        confirm_each_play(page, server, True, table=False)  # every card is picked first: its options show in the bar
        try:
            phone_tables(page, server)
        finally:
            confirm_each_play(page, server, False, table=False)


def phone_tables(page: Page, server: str) -> None:
    for variant, seats in (("kaleidos", ["human", "easy", "easy", "easy"]), ("2p", ["human", "easy"]),
                           ("classic", ["human", "easy", "easy", "easy"])):
        start(page, server, variant, seats, seed=5)
        for _ in range(3):
            settle(page)
            page.locator("#my-hand button.card").first.click()
            expect(page.locator("#actions button[data-action]").first).to_be_visible()
            page.evaluate("window.scrollTo(0, 0)")
            outside = page.evaluate(
                """() => [...document.querySelectorAll('#my-hand .card, #pa-table .card, #actions button, #herald-reveal')]
                      .map(e => [e.dataset.action || e.dataset.card || e.id, e.getBoundingClientRect()])
                      .filter(([, r]) => r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
                      .map(([n]) => n)"""
            )
            assert outside == [], f"{variant}: {outside} need scrolling at 360x740"
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), variant
            small = page.evaluate(
                """() => [...document.querySelectorAll('#my-hand button, #actions button')]
                      .map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length"""
            )
            assert small == 0, f"{variant}: a control smaller than 44x44"
            page.locator("#actions button[data-action]").first.click()


def test_primiera_screens_have_no_axe_violations(take: Callable[[str], Page], server: str) -> None:
    """The table (with a card selected and its options), the round's breakdown and the scorer, at
    phone and desktop sizes: the shared desktop page, at 360x740 first (tables.SIZES' "narrow": no
    touch, as that page has), no card moving (``motion_off``)."""
    with motion_off(take("desktop"), server) as page:
        try:
            for viewport in ("narrow", "desktop"):
                page.set_viewport_size(SIZES[viewport]["viewport"])
                screens_pass_axe(page, server, viewport)
        finally:
            page.set_viewport_size(SIZES["desktop"]["viewport"])


def screens_pass_axe(page: Page, server: str, viewport: str) -> None:
    start(page, server, "kaleidos", ["human", "easy", "easy", "easy"], seed=8, target=0, max_rounds=1)
    confirm_each_play(page, server, True)  # every card is picked first: its options show in the bar
    try:
        for step in range(6):
            settle(page)
            page.locator("#my-hand button.card").first.click()
            expect(page.locator("#actions button[data-action]").first).to_be_visible()
            if step in (0, 4):
                assert axe(page) == [], (viewport, step)
            page.locator("#actions button[data-action]").last.click()
        settle(page)  # the table, not Settings, while a move is in flight (the shell would show a stale hand)
    finally:
        confirm_each_play(page, server, False)
    assert page.locator("#herald-reveal").count() or page.locator("#pa-partners").count()
    seen = play(page, rounds=1)
    assert seen["rounds"] == 1
    assert axe(page) == [], (viewport, "round end")
    open_scorer(page, server)
    page.select_option("#pa-score-variant", "3p")
    page.locator("#pa-score-deck [data-card='7D']").click()
    page.get_by_role("button", name="Give the other cards to side A").click()
    page.get_by_role("button", name="Score the round").click()
    expect(page.locator("#pa-score-breakdown")).to_be_visible()
    assert axe(page) == [], (viewport, "scorer")


def test_learn_by_example(page: Page, server: str) -> None:
    """The rulebook's examples as lessons: the capture (the 8, not 2 + 6), the primiera totals 62
    and 75, and the Heralds' partnerships; the arrow keys step through them."""
    go(page, server, "/primiera/learn")
    expect(page.locator("#pa-lesson[data-lesson=capture]")).to_be_visible()
    page.get_by_role("link", name="Next").click()
    expect(page.locator("#pa-learn-text")).to_contain_text("must take the Jack of spades")
    expect(page.locator("#pa-lesson .pa-takes")).to_have_count(1)
    page.get_by_role("link", name="The primiera: 62 and 75").click()
    expect(page.locator("#pa-lesson[data-lesson=primiera][data-step='0']")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#pa-learn-text")).to_contain_text("= 62")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#pa-learn-text")).to_contain_text("= 75")
    page.get_by_role("link", name="The Heralds set the partners").click()
    expect(page.locator("#pa-lesson[data-lesson=heralds]")).to_be_visible()
    page.get_by_role("link", name="Next").click()
    expect(page.locator("#pa-learn-sides")).to_contain_text("Player 1 & Player 3 against Player 2 & Player 4")
    assert axe(page) == []

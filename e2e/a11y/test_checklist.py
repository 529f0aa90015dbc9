"""The UX checklist (docs/ux-checklist.md, issue 10's bar): the items no other test
covered, and at the top, which test covers each item.

Coverage (checklist item -> test):
  §1 fits 360x740, no h-scroll ........ test_primero_play/test_primiera/test_primo ::test_phone_table_fits_without_scrolling,
                                        test_shell::test_phone_portrait_has_no_horizontal_scroll, test_a11y (check_reach)
  §1 desktop fluid, log visible ....... test_desktop::test_desktop_table_fills_the_screen
  §1 targets >= 24, primary >= 44 ..... test_a11y::test_every_screen_..._no_small_target, test_shell::test_phone_portrait_...
  §1 overlapped cards, 24 px strip .... THIS FILE test_phone_checklist (elementFromPoint sampling)
  §1 Fold apart from betting .......... THIS FILE test_phone_checklist
  §1 bar keeps positions, 300 ms lock . THIS FILE test_phone_checklist (a tap on the locked bar the moment the human may act
                                        after an AI move is ignored; once the bar unlocks, the same tap plays)
  §1 phone chrome ..................... meta viewport: test_shell::test_phone_portrait_...; touch-action/user-select/dvh/safe-area:
                                        THIS FILE test_phone_checklist
  §1 no layout shift .................. test_primero_play::test_layout_stays_put_through_boot_and_ai_turns
  §2 tap / drag / keys ................ test_primo::test_a_turn_by_mouse_drag_taps_and_keys, test_keys
  §2 Primo runs, -/+, why ............. test_primo::test_touch_tap_cancel_and_drag_and_the_keys, ::test_a_wrong_colour_...
  §2 one tap plays the only move ...... test_primiera::test_one_tap_plays_a_single_capture_after_its_highlight (the capture
                                        marked >= 200 ms by a MutationObserver, controls inert, reduced motion; several wait),
                                        test_primo::test_one_tap_plays_a_card_with_one_place (its row lit >= 200 ms; Undo),
                                        test_primiera::test_a_capture_choice_among_several, test_keys (Enter), test_clicker
  §2 pointer-event drag, cancel, 3 px . test_primo::test_touch_tap_cancel_and_drag_and_the_keys
  §2 no HTML5 drag-and-drop ........... THIS FILE test_phone_checklist (no draggable=true)
  §2 up-event activation .............. THIS FILE test_phone_checklist (press, slide off, release); test_primo (pointercancel)
  §2 keyboard map ..................... test_keys::test_keys_focus_reading_and_errors_in_each_game
  §2 undo policy ...................... test_saves::test_undo_against_the_computer, ::test_undo_can_be_turned_off_in_setup
  §2 confirm Fold, cancel ............. THIS FILE test_phone_checklist (native confirm, dismissed); per-play confirmation,
                                        opt-in ("Confirm each play", off by default): the two one-tap tests above turn it on
  §2 bet amounts ...................... test_primero_table::test_every_betting_control_says_what_it_costs
  §3 animation speeds, click finishes . test_motion::test_cards_and_chips_move_at_normal_and_a_click_finishes_them
  §3 last play stays marked ........... THIS FILE test_phone_checklist (seat [data-last-play] while the human decides)
  §3 last-play panel, capture counts .. test_primiera::test_2p_whole_round_against_the_computer (tally) — partial: the panel
                                        is not compared with the last record entry
  §3 log names every seat ............. test_primero_table::test_rms_log_and_seat_boxes_speak_in_words, ::test_one_human_reads_you_and_plurals
  §3 end summary by category .......... test_primiera::test_round_scorer_screen, test_primero_table::test_waks_..._deal_end_that_explains
  §3 sound optional ................... test_motion::test_off_and_reduced_motion_move_nothing_and_sound_plays_when_on
  §4 hand-over hides all .............. test_primero_play::test_waks_hot_seat_deal_hides_every_hand, test_primo::test_hot_seat_...,
                                        test_primiera::test_hot_seat_secret_table_choice_hides_every_hand
  §4 face-down has no identity ........ test_card_art::test_face_down_cards_carry_no_identity, kit/hidden.py in the play tests
  §4 setup leaks nothing .............. THIS FILE test_zoom_and_reflow (no card face on any setup screen)
  §4 recap since your turn ............ test_primero_play::test_hot_seat_recap_shows_public_actions_since_your_turn
  §4 trust: seed replay link .......... test_links::test_the_end_screen_gives_a_share_link_and_a_replay_link
  §4 secret simultaneous choices ...... test_primiera::test_hot_seat_secret_table_choice_hides_every_hand
  §5 live regions ..................... test_keys (#live-polite)
  §5 role=log aria-live=off ........... THIS FILE test_phone_checklist
  §5 cards are buttons, aria-pressed .. test_a11y (axe), test_primo
  §5 focus ring, never body ........... test_keys, test_clicker, test_desktop (outline)
  §5 colour never the only cue ........ test_card_art::test_primo_colours_differ_in_greyscale
  §5 reduced motion ................... test_motion::test_off_and_reduced_motion_..., test_primo::test_a_row_clear_does_not_move_...
  §5 zoom and reflow .................. THIS FILE test_zoom_and_reflow (640x400, 320x568, 1280x800 at font-size 200%)
  §5 axe 0 violations ................. test_a11y, test_primiera, test_saves, test_learn
  §5 large index ...................... THIS FILE test_phone_checklist (the rank glyph >= 16 px at 360)
  §6 shell before Python, early Start . test_shell::test_shell_paints_and_reacts_before_python, ::test_early_picks_are_scored_once_ready
  §6 determinate boot bar ............. test_motion::test_the_boot_bar_follows_the_bytes
  §6 no long task ..................... bench/site/long_tasks.py (a figure per phase: a wall-clock bound is no test on a
                                        loaded machine)
  §6 tap feedback < 100 ms ............ THIS FILE test_phone_checklist (the selection in the DOM by the next animation frame
                                        after the click: counted in frames, not milliseconds)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from kit import STEP_TIMEOUT
from kit.a11y import motion_off
from kit.tables import address, boot, settle, start
from playwright.sync_api import Page, expect

# ---------------------------------------------------------------- §5 zoom and reflow
# The page never scrolls sideways, and no visible label, button or heading is wider than its box
# (.sr-only text is clipped on purpose, so it is skipped). A mark drawn over a box's corner on purpose
# (position: absolute, aria-hidden: the Primiera scorer's side letter on a card, half outside it) makes
# the box's scrollWidth larger but clips nothing: a box that fits without such marks fits. (The scorer
# keeps its cards' sides between visits, so whether a run saw one depended on the tests before it.)
OVERFLOW = """() => {
  const out = [];
  const fitsWithoutMarks = (el) => {
    const marks = [...el.querySelectorAll('[aria-hidden=true]')].filter((m) => getComputedStyle(m).position === 'absolute');
    if (!marks.length) return false;
    const was = marks.map((m) => m.style.display);
    marks.forEach((m) => { m.style.display = 'none'; });
    const fits = el.scrollWidth <= el.clientWidth + 1;
    marks.forEach((m, i) => { m.style.display = was[i]; });
    return fits;
  };
  const de = document.documentElement;
  if (de.scrollWidth > innerWidth) out.push({what: 'page', scroll: de.scrollWidth, width: innerWidth});
  for (const el of document.querySelectorAll('button, label, a.btn, [role=button], [data-action], select, legend, h1, h2, h3, .seat-name, .badge')) {
    if (!el.getClientRects().length || el.closest('.sr-only, [hidden]') || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.scrollWidth > el.clientWidth + 1 && !fitsWithoutMarks(el))
      out.push({what: el.id || el.className || el.tagName, text: el.textContent.trim().slice(0, 30), scroll: el.scrollWidth, client: el.clientWidth});
  }
  return out;
}"""

SCREENS = [("#/", ".game-tile"), ("#/rules", "#rules-title"), ("#/settings", "#settings-preview .card"),
           ("#/calc?rules=rms&cards=JH,AS,6S,2C&wild=1", "#calc-kind"), ("#/learn", "#screen-learn-index"),
           ("#/stats", "#screen-stats"), ("#/primiera/score", "#pa-score-title"),
           ("#/play/primero?variant=waks&players=6", "#seat-0"), ("#/play/primiera?variant=kaleidos", "#seat-0"),
           ("#/play/primo?players=6", "#seat-0")]
MAX_TABLES = [("primero", "waks", 6), ("primiera", "kaleidos", 4), ("primo", "base", 6)]

DOUBLE_TEXT = "() => { document.documentElement.style.fontSize = '200%'; }"  # text zoom: the rem-based layout grows


@pytest.mark.parametrize("size,zoom", [((640, 400), False), ((320, 568), False), ((1280, 800), True)],
                         ids=["640x400", "320x568", "1280x800-text200"])
def test_zoom_and_reflow(take: Callable[[str], Page], server: str, size: tuple[int, int], zoom: bool) -> None:
    """On the desktop page the tests share (no boot of its own), set to ``size`` (e2e/conftest.py
    ``take`` gives it back at its own size), no card moving (a card in flight is drawn where it is
    not); the text zoom undone after."""
    page = take("desktop")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    base = address(page, server)
    with motion_off(page, server):
        try:
            if zoom:  # set once: every screen below is a hash change in this same document
                page.evaluate(DOUBLE_TEXT)
                assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") >= 31
            found: dict[str, Any] = {}
            for route, ready in SCREENS:
                page.goto(base + route)
                expect(page.locator(ready).first).to_be_visible()
                if route == "#/primiera/score":  # a card given to a side, wearing its side's letter over its corner
                    card = page.locator("#pa-score-deck [data-card='7D']")
                    if not card.get_attribute("data-side"):
                        card.click()
                    expect(card.locator(".pa-owner")).to_be_visible()
                bad = page.evaluate(OVERFLOW)
                if bad:
                    found[route] = bad
                if route.startswith("#/play/"):  # §4 setup leaks nothing: no card face before the game starts
                    assert page.locator("#screen-setup .card svg, #screen-setup [data-card]").count() == 0, route
            for game, variant, n in MAX_TABLES:
                start(page, server, game, variant, ["human"] + ["easy"] * (n - 1), seed=n)
                settle(page)
                bad = page.evaluate(OVERFLOW)
                if bad:
                    found[f"{game} {variant} {n}p"] = bad
            assert found == {}, found
        finally:
            page.evaluate("() => { document.documentElement.style.fontSize = ''; }")


# ---------------------------------------------------------------- §1, §2, §5, §6 at phone size
# Every selectable card keeps an unobscured 24x24 square: elementFromPoint sampled every 2 px over
# its box, the largest all-hit square measured (in samples).
STRIPS = """() => {
  const out = [];
  const cards = [...document.querySelectorAll('button.card, button.po-card, .card[role=button]')]
    .filter((el) => el.getClientRects().length && !el.closest('[hidden], #actions') && !el.disabled);
  for (const el of cards) {
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = el.getBoundingClientRect(), step = 2;
    const cols = Math.floor(r.width / step), rows = Math.floor(r.height / step);
    let best = 0; const prev = new Array(cols + 1).fill(0);
    for (let j = 0; j < rows; j++) {
      let diag = 0;
      for (let i = 0; i < cols; i++) {
        const x = r.left + i * step + 1, y = r.top + j * step + 1;
        const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && el.contains(document.elementFromPoint(x, y));
        const up = prev[i + 1], keep = prev[i + 1];
        prev[i + 1] = hit ? Math.min(prev[i], up, diag) + 1 : 0;
        diag = keep;
        best = Math.max(best, prev[i + 1]);
      }
      prev[0] = 0;
    }
    if (best * step < 24) out.push({card: el.dataset.card || el.className, side: best * step, w: Math.round(r.width), h: Math.round(r.height)});
  }
  return {n: cards.length, small: out};
}"""

# Controls take taps at once (touch-action manipulation or none: no double-tap-zoom delay); cards
# are not HTML5-draggable and cannot be selected as text or long-pressed into a callout.
CHROME = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('button, a.btn, [role=button], [data-action], select')) {
    if (!el.getClientRects().length || el.closest('[hidden], .sr-only')) continue;
    const ta = getComputedStyle(el).touchAction;
    if (!['manipulation', 'none', 'pan-x pan-y pinch-zoom'].includes(ta)) bad.push({what: el.id || el.className || el.tagName, touchAction: ta});
  }
  for (const el of document.querySelectorAll('.card')) {
    const s = getComputedStyle(el);
    if (el.getAttribute('draggable') === 'true') bad.push({what: 'draggable card', card: el.dataset.card});
    if (s.userSelect !== 'none') bad.push({what: 'selectable card', card: el.dataset.card, userSelect: s.userSelect});
  }
  const body = getComputedStyle(document.body);
  return {bad: bad.slice(0, 12), count: bad.length, pad: body.paddingBottom, minH: body.minHeight};
}"""

# §1: the Fold button is not beside a betting button in DOM order, and sits >= 8 px from each.
FOLD = """() => {
  const fold = document.querySelector('#actions [data-action=fold]');
  if (!fold) return null;
  const bets = [...document.querySelectorAll('#actions [data-action]')].filter((b) => b !== fold && b.getClientRects().length);
  const sib = (el) => { let s = el; do { s = s.previousElementSibling; } while (s && !s.getClientRects().length); return s; };
  const nxt = (el) => { let s = el; do { s = s.nextElementSibling; } while (s && !s.getClientRects().length); return s; };
  const f = fold.getBoundingClientRect();
  const gaps = bets.map((b) => { const r = b.getBoundingClientRect();
    const dx = Math.max(r.left - f.right, f.left - r.right, 0), dy = Math.max(r.top - f.bottom, f.top - r.bottom, 0);
    return {action: b.dataset.action, gap: Math.max(dx, dy)}; });
  const beside = [sib(fold), nxt(fold)].filter((s) => s && (s.matches('[data-action]') || s.querySelector('[data-action]'))).map((s) => s.dataset.action);
  return {beside, near: gaps.filter((g) => g.gap < 8)};
}"""

# §2: the first time the human is to act behind a locked bar (it locks when a computer's move changes
# the options, web/shell/table.js lockBar, for 300 ms), its first non-Fold button is clicked at that
# moment: when the table stops being busy with the bar still locked (a MutationObserver's callback runs
# before any timer, so before the lock's own can end it). The tap must be ignored (no call starts:
# aria-busy stays false), and the boxes are the same then and after the lock ends.
LOCK_PROBE = """() => {
  window.__lock = null;
  const boxes = () => [...document.querySelectorAll('#actions [data-action]')].map((b) => {
    const r = b.getBoundingClientRect(); return [b.dataset.action, b.textContent.trim(), Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; });
  new MutationObserver(() => {
    const bar = document.querySelector('#actions');
    const screen = document.querySelector('#screen-table');
    if (window.__lock || !bar || !screen || !('locked' in bar.dataset) || screen.getAttribute('aria-busy') !== 'false') return;
    const btn = [...bar.querySelectorAll('button[data-action]:not([disabled])')].find((b) => b.dataset.action !== 'fold');
    if (!btn) return;  // not the human's turn
    const before = boxes();
    btn.click();
    window.__lock = {action: btn.dataset.action, before, locked: 'locked' in bar.dataset,
                     busy: screen.getAttribute('aria-busy'), log: document.querySelectorAll('#log > *').length};
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-locked', 'aria-busy']});
  window.__boxes = boxes;
}"""

# §6: from the click on a card (its first listener) to the selected state in the DOM, in animation
# frames (a counter ticks in requestAnimationFrame): the selection is drawn by the next frame, at the
# latest. Frames, not milliseconds: a loaded machine stretches both the click's task and the frame.
TAP_PROBE = """() => {
  window.__tap = {down: null, seen: null};
  let frame = 0;
  const tick = () => { frame += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  document.addEventListener('click', () => { window.__tap.down = frame; }, {capture: true});
  new MutationObserver(() => {
    if (window.__tap.down !== null && window.__tap.seen === null && document.querySelector('#my-hand [aria-pressed=true]'))
      window.__tap.seen = frame;
  }).observe(document.body, {subtree: true, attributes: true, childList: true});
}"""


# The tallest glyph on the hand's cards, in CSS px.
RANK = """() => Math.max(0, ...[...document.querySelectorAll('#my-hand .card svg text')].map((t) => t.getBoundingClientRect().height))"""


def bar_click(page: Page) -> None:
    """One safe human step in Primero: the hand-over or next deal, else the first action that is not Fold."""
    for sel in ("#handover:not([hidden]) #handover-go", "#dealend:not([hidden]) #dealend-go"):
        if page.locator(sel).count():
            page.locator(sel).click()
            return
    page.locator("#actions button[data-action]:not([disabled]):not([data-action=fold])").first.click()


def confirm_fold_cancelled(page: Page) -> str:
    """§2: Fold while Pass is free asks first (the page's own question); Esc cancels and leaves the
    state as it was."""
    log = page.evaluate("document.querySelectorAll('#log > *').length")
    bar = page.locator("#actions").inner_html()
    page.locator("#actions [data-action=fold]").click()
    ask = page.locator("#fold-ask")
    expect(ask).to_be_visible()
    message = ask.inner_text()
    assert message, "Fold with a free pass did not ask first"
    page.keyboard.press("Escape")  # Cancel
    expect(ask).to_have_count(0)
    settle(page)
    assert page.evaluate("document.querySelectorAll('#log > *').length") == log, "a cancelled Fold played"
    assert page.locator("#actions").inner_html() == bar
    return message


def test_phone_checklist(browser: Any, server: str) -> None:
    page = boot(browser, server, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True, bar_lock=True)
    # §1 phone chrome on the home screen: the dvh layout and the safe-area padding.
    assert page.evaluate("getComputedStyle(document.body).minHeight") not in ("", "auto", "0px")
    meta = page.get_attribute("meta[name=viewport]", "content") or ""
    assert "viewport-fit=cover" in meta and "user-scalable=no" not in meta and "maximum-scale" not in meta

    # §2 the tap lock, and §1 Fold apart, in a Primero deal against the computer.
    page.evaluate(LOCK_PROBE)
    folds: list[Any] = []
    asked = ""
    for _ in range(120):
        if not page.locator("#screen-table").count() or page.locator("#game-end").count():
            start(page, server, "primero", "waks", ["human", "easy"], seed=3, deals=1)
        settle(page)
        f = page.evaluate(FOLD)
        if f is not None:
            folds.append(f)
            if not asked and page.locator("#actions [data-action=pass]").count():
                asked = confirm_fold_cancelled(page)
        if page.evaluate("window.__lock"):
            break
        if not page.locator("#game-end").count():
            bar_click(page)
    lock = page.evaluate("window.__lock")
    assert lock, "no computer move left the human to act behind a locked bar"
    assert lock["locked"], lock
    assert lock["busy"] == "false", f"a tap on the locked bar, as the options changed, was taken: {lock}"
    settle(page)
    assert page.evaluate("window.__boxes()") == lock["before"], "the bar moved or relabelled after the lock"
    assert page.evaluate("document.querySelectorAll('#log > *').length") == lock["log"], "the ignored tap played"
    # §3 the computer's last play stays marked on its seat while the human decides.
    expect(page.locator('#board [data-seat="1"][data-last-play]')).to_have_count(1)
    # The lock over, the same tap plays.
    acted = page.evaluate("window.primi.tableInfo().actions")
    page.locator(f'#actions button[data-action="{lock["action"]}"]').click()
    page.wait_for_function("(n) => window.primi.tableInfo().actions > n", arg=acted, timeout=STEP_TIMEOUT)
    assert folds, "Fold was never offered"
    assert asked, "Fold with a free pass was never offered"
    for f in folds:
        assert f["beside"] == [] and f["near"] == [], f"Fold is beside a betting button: {f}"
    # §5 the log is read on demand.
    expect(page.locator("#log")).to_have_attribute("role", "log")
    expect(page.locator("#log")).to_have_attribute("aria-live", "off")

    # §1 overlapped cards and phone chrome at each game's full table; §6 tap feedback in Primo.
    found: dict[str, Any] = {}
    for game, variant, n in MAX_TABLES:
        start(page, server, game, variant, ["human"] + ["easy"] * (n - 1), seed=n)
        settle(page)
        strips = page.evaluate(STRIPS)
        if strips["small"]:
            found[f"{game} strips"] = strips["small"]
        chrome = page.evaluate(CHROME)
        if chrome["count"]:
            found[f"{game} chrome"] = chrome["bad"]
    assert found == {}, found

    start(page, server, "primo", "base", ["human", "easy"], seed=2)
    settle(page)
    card = page.locator("#my-hand button.po-hand-card.po-playable, #my-hand button.po-hand-card").first
    # §2 activation on the up-event: press a card, slide off it onto the heading, let go: nothing happens.
    log = page.evaluate("document.querySelectorAll('#log > *').length")
    box = card.bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, 4, steps=6)
    page.mouse.up()
    settle(page)
    expect(page.locator("#my-hand [aria-pressed=true], .po-ghost")).to_have_count(0)
    assert page.evaluate("document.querySelectorAll('#log > *').length") == log, "a slide-off played"
    # §5 large index: one big rank, >= 16 CSS px tall at 360 px wide (it is the small corner index when off).
    small = page.evaluate(RANK)
    page.goto(server + "#/settings")
    page.locator("#set-large").check()
    page.goto(server + "#/table")
    settle(page)
    big = page.evaluate(RANK)
    assert big >= 16 and big > small, f"the large index is {big:.1f} px tall (off: {small:.1f})"
    page.goto(server + "#/settings")
    page.locator("#set-large").uncheck()
    page.goto(server + "#/table")
    settle(page)
    # §6 tap feedback.
    page.evaluate(TAP_PROBE)
    card.click()
    page.wait_for_function("window.__tap.seen !== null", timeout=STEP_TIMEOUT)
    frames = page.evaluate("window.__tap.seen - window.__tap.down")
    assert frames <= 1, f"the selection showed {frames} animation frames after the tap"
    # §5 live regions: what the table still had queued to say is dropped when the player leaves it
    # (the queue says one item every 140 ms; a screen reader would read old moves on the next screen).
    page.evaluate("""() => { window.__said = [];
      new MutationObserver(() => window.__said.push(document.querySelector('#live-polite').textContent))
        .observe(document.querySelector('#live-polite'), {childList: true, characterData: true, subtree: true});
      for (let i = 1; i <= 12; i++) window.primi.announce('queued ' + i); }""")
    page.goto(server + "#/")
    expect(page.locator("#screen-home")).to_be_visible()
    page.evaluate("() => window.primi.announce('on the home screen')")
    page.wait_for_function("() => window.__said.some((t) => t.includes('on the home screen'))", timeout=STEP_TIMEOUT)
    said = page.evaluate("window.__said")
    assert not any("queued 12" in t for t in said), said
    page.context.close()

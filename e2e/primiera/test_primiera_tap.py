"""One tap plays, even while the table moves (issue 20, item 1): in Primiera a tap on a card with
one legal move, made while the computer's move is still animating, finishes the animation and plays
that move, exactly as the same tap on a still table does. It used to pick the card only: the bar's
300 ms tap lock after a computer's move (shell/table.js) swallowed the play that followed, and it
swallowed Primo's one-tap play the same way; the lock now holds the bar's own buttons only. And a
tap on a card that is itself moving (being dealt) is that card's, though finishing the motion moves
it from under the finger (shell/motion.js pressClick).

One page for the module, at the Slow speed (a computer's card travels 500 ms), on a touch screen:
the tap is a real one (Playwright's touchscreen, through the browser's own hit-testing), given the
moment the human's turn is drawn with an animation still playing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kit import STEP_TIMEOUT
from kit.hidden import replies
from kit.primiera import human_step
from kit.tables import boot, start_game
from playwright.sync_api import Page, expect

SLOW = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "slow", "speedChosen": True, "lang": "en"}

# At every pointerdown (before shell/motion.js's own capturing listener on document, which finishes
# the animations): how many animations were running then. window.__taps, one entry per tap.
TAP_WATCH = """{ window.__taps = [];
  window.addEventListener('pointerdown', (e) => { const bar = document.querySelector('#actions');
    const under = e.target instanceof Element ? e.target.closest('button') : null;
    window.__taps.push({running: document.getAnimations().filter((a) => a.playState === 'running').length,
                        locked: !!bar && 'locked' in bar.dataset, at: performance.now(),
                        card: under ? under.dataset.card || null : null,
                        moving: !!under && under.getAnimations().some((a) => a.playState === 'running')}); }, {capture: true}); }"""

# The human's turn has just been drawn (a hand card answers) while a computer's move still animates:
# the centre of a hand card whose one legal move a tap plays (its data-action), with that card.
MOVING_TURN = """(sel) => {
  if (!window.primi.motion.running()) return null;
  const info = window.primi.tableInfo();
  if (!info || info.terminal || !info.actions) return null;  // a computer has moved (not the first deal)
  const still = (b) => !b.getAnimations().some((a) => a.playState === 'running');  // a dealt card flies in: not that one
  const card = [...document.querySelectorAll(sel)].find((b) => !b.disabled && b.dataset.action && b.dataset.action !== 'pick' && still(b));
  if (!card) return null;
  const r = card.getBoundingClientRect();
  return {x: r.left + r.width / 2, y: r.top + r.height / 2, card: card.dataset.card, action: card.dataset.action, actions: info.actions,
          now: performance.now()};
}"""


@pytest.fixture(scope="module")
def slow(browser: Any, server: str) -> Iterator[Page]:
    """This module's own page: Slow motion, a phone's touch screen."""
    page = boot(browser, server, SLOW, debug=True, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                bar_lock=True)  # the lock is part of what is tested (e2e/conftest.py BAR_LOCK_OFF)
    page.add_init_script(TAP_WATCH)  # every load (tables.arrive loads the site afresh)
    page.reload()
    yield page
    page.context.close()


def tap_while_moving(page: Page, hand: str, tries: int, other_step: Any) -> dict[str, Any]:
    """Wait for a human turn drawn while a computer's move animates, tap a one-move card at once,
    and return what was tapped; a turn that came without a one-move card (or whose animation ended
    before the tap landed, on a slow machine) is played by ``other_step`` and the next one tried."""
    for _ in range(tries):
        # One round trip from the moment the turn is drawn to the tap: the target comes with the wait.
        target = page.wait_for_function(f"() => ({MOVING_TURN})({hand!r}) || document.querySelector('#dealend:not([hidden]), #game-end')"
                                        f" && 'other' || (document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && !window.primi.motion.running()"
                                        f" && document.querySelector('{hand}:not([disabled])') && 'other')",
                                        timeout=STEP_TIMEOUT, polling="raf").json_value()
        if target == "other":
            other_step(page)
            continue
        page.touchscreen.tap(target["x"], target["y"])
        seen = page.evaluate("(t0) => window.__taps.filter((t) => t.at >= t0)", target["now"])
        assert seen, "the tap did not reach the page"
        if not (seen[0]["running"] and seen[0]["locked"]):
            # The animation had ended, or the bar's 300 ms tap lock after the computer's move, before
            # the tap arrived (a loaded machine): this tap proves less; it must play all the same.
            page.wait_for_function("(a) => window.primi.tableInfo().actions > a", arg=target["actions"], timeout=STEP_TIMEOUT)
            continue
        return target
    raise AssertionError(f"no one-move card was tapped during an animation in {tries} turns")


def test_primiera_one_tap_during_the_computers_move_plays(slow: Page, server: str) -> None:
    page = slow
    start_game(page, server, "primiera", "2p", ["human", "easy"], seed=5, fixed_players=True)

    def step(p: Page) -> None:
        if p.locator("#dealend:not([hidden])").count():
            p.locator("#dealend-go").click()
            return
        human_step(p, 0)  # this turn proves nothing: played as a player would

    target = tap_while_moving(page, "#my-hand button.card", 12, step)
    # The move is played (its card leaves the hand), with no second tap on "Play X".
    expect(page.locator(f'#my-hand [data-card="{target["card"]}"]')).to_have_count(0)
    log = [ex["request"]["action"] for ex in replies(page) if ex["request"].get("op") == "act"]
    assert log[-1] == target["action"], (log, target)



# The first deal is still flying in and the human leads: a one-move hand card that is itself moving,
# with its centre where it is seen now (getBoundingClientRect includes the transform).
DEALT_CARD = """() => {
  const info = window.primi.tableInfo();
  if (!info || info.actions) return null;
  const moving = (b) => b.getAnimations().some((a) => a.playState === 'running' && a.currentTime > 0);
  const centre = (b) => { const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const seen = (b) => { const e = document.elementFromPoint(...centre(b)); return !!e && e.closest('button') === b; };  // on top there
  const card = [...document.querySelectorAll('#my-hand button.card')].find((b) => !b.disabled && b.dataset.action && b.dataset.action !== 'pick' && moving(b) && seen(b));
  if (!card) return null;
  const [x, y] = centre(card);
  return {x, y, card: card.dataset.card, action: card.dataset.action, now: performance.now()};
}"""


def test_a_tap_on_a_card_still_being_dealt_plays_that_card(slow: Page, server: str) -> None:
    # The tap lands where the card is seen; finishing the deal moves the card from under the finger,
    # and the tap must still be that card's (it used to reach nothing, or the card now lying there).
    page = slow
    for _ in range(3):
        start_game(page, server, "primiera", "2p", ["human", "easy"], seed=5, fixed_players=True)
        target = page.wait_for_function(DEALT_CARD, timeout=STEP_TIMEOUT, polling="raf").json_value()
        page.touchscreen.tap(target["x"], target["y"])
        seen = page.evaluate("(t0) => window.__taps.filter((t) => t.at >= t0)", target["now"])
        assert seen, "the tap did not reach the page"
        if seen[0]["moving"] and seen[0]["card"] == target["card"]:
            break
        # That card had landed before the tap arrived (a loaded machine): deal again.
    else:
        raise AssertionError("no tap landed on a card still being dealt")
    expect(page.locator(f'#my-hand [data-card="{target["card"]}"]')).to_have_count(0)
    log = [ex["request"]["action"] for ex in replies(page) if ex["request"].get("op") == "act"]
    assert log[-1] == target["action"], (log, target)

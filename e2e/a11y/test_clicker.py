"""A random clicker reaches the end of a game in each of the three games (issue 10), pressing only
controls that carry data-action (the hand-over and next-deal buttons carry it too; a card that is
picked first, its moves then shown, carries data-action="pick", and a card whose one move a tap
plays carries that move), and in a dialog that has none (Primero's "fold when passing is free?")
one of its answers: no other control is ever pressed, in any game. After every click the focus is
somewhere, never on <body>, and the page logs no error. One page for the three games (short
settings: two players, one deal), against the hard computer: the Long Tasks API watches the main
thread from the first script, through the boot and every hard-AI turn (the AI thinks in the
worker), and the longest task is printed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from kit.a11y import still
from kit.tables import FOCUS, settle, start
from playwright.sync_api import Page, expect

# Every visible, enabled control that plays (or goes on): the clicker's whole choice. While a
# dialog is open (a round's summary, the hand-over, Primero's "fold when passing is free?"), only its
# buttons: its data-action ones if it has any, else every one (the fold question's three answers).
CONTROLS = """() => {
  for (const el of document.querySelectorAll('[data-clicker-id]')) delete el.dataset.clickerId; // the last step's marks
  const shown = (el) => !el.disabled && !el.closest('[hidden]') && el.getClientRects().length;
  const dialogs = [...document.querySelectorAll('.overlay[role=dialog]')].filter(shown);
  const modal = dialogs[dialogs.length - 1];
  const acting = (el) => el.dataset.action !== '' && (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button');
  let found = [...(modal || document).querySelectorAll('[data-action]')].filter((el) => shown(el) && acting(el));
  if (modal && !found.length) found = [...modal.querySelectorAll('button')].filter(shown);
  return found.map((el, i) => { el.dataset.clickerId = String(i); return [i, el.dataset.action === 'pick', !!el.closest('#my-hand')]; });
}"""


GAMES = [
    ("primero", "waks", {"deals": 1}),
    ("primiera", "2p", {"max_rounds": 1}),
    ("primo", "base", {}),
]


def click_to_the_end(page: Page, game: str, rng: random.Random, steps: int = 400) -> dict[str, int]:
    seen = {"clicks": 0, "picks": 0, "hand": 0}
    for _ in range(steps):
        settle(page)
        if page.locator("#game-end").count():
            return seen
        found: list[list[Any]] = page.evaluate(CONTROLS)
        assert found, f"{game}: no data-action control to press"
        # A pick or a move, even odds (a hand of picks would otherwise drown the moves), then one at random.
        picks = [i for i, pick, _ in found if pick]
        moves = [i for i, pick, _ in found if not pick]
        pool = picks if picks and (not moves or rng.random() < 0.5) else moves
        chosen = rng.choice(pool)
        target = page.locator(f"[data-clicker-id='{chosen}']").first
        if pool is picks:
            seen["picks"] += 1
        if any(i == chosen and in_hand for i, _, in_hand in found):
            seen["hand"] += 1
        target.click()
        seen["clicks"] += 1
        page.wait_for_function("() => document.querySelector('#actions') === null || document.querySelector('#actions').getAttribute('aria-busy') !== 'true'")
        settle(page)
        f = page.evaluate(FOCUS)
        assert not f["body"], f"{game}: focus fell to <body>"
    raise AssertionError(f"{game}: no end after {steps} steps ({seen})")


@pytest.mark.parametrize("seed", [1])
def test_a_random_clicker_reaches_the_end_of_each_game(take: Callable[[str], Page], server: str, seed: int,
                                                       request: pytest.FixtureRequest) -> None:
    """On the phone page the tests share (no boot of its own), no card moving."""
    page = still(request, take("phone"), server)
    errors: list[str] = []

    def error(e: Any) -> None:
        errors.append(str(e))

    def console(m: Any) -> None:
        if m.type == "error":
            errors.append(m.text)

    page.on("pageerror", error)
    page.on("console", console)
    request.addfinalizer(lambda: (page.remove_listener("pageerror", error), page.remove_listener("console", console)))
    rng = random.Random(seed)
    for game, variant, opts in GAMES:
        start(page, server, game, variant, ["human", "hard"], seed=seed, **opts)
        seen = click_to_the_end(page, game, rng)
        expect(page.locator("#game-end")).to_be_visible()
        assert seen["clicks"] > 0, seen
        if game == "primiera":
            assert seen["hand"] > 0, seen  # its hand cards are data-action controls: a move (one tap plays it) or "pick"
    assert errors == []
    tasks = page.evaluate("window.__longtasks")
    boot_ms = page.evaluate("performance.getEntriesByName('primi:ready')[0].startTime")
    at_boot = max([x["ms"] for x in tasks if x["start"] < boot_ms], default=0)
    playing = max([x["ms"] for x in tasks if x["start"] >= boot_ms], default=0)
    print(f"longest main-thread task: boot {at_boot} ms, play {playing} ms ({len(tasks)} over 50 ms; the test's own DOM queries count too)")
    # Printed, not bounded: a task's wall time is stretched by the machine's load (448 ms seen on a
    # loaded 2-core machine). The main thread's tasks while the human plays random moves against the
    # hard AI in each game are bench/site/long_tasks.py's figures (issue 10's 50 ms, on the CPU).

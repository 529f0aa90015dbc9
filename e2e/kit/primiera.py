"""Playing Primiera through the page, as e2e/primiera/test_primiera.py does and the other files that
need a Primiera game (saves, offline, the tap test, motion, together): a game started from its setup
screen, a settled table, a human's card played through the controls, rounds played."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from kit import STEP_TIMEOUT, tables
from kit.tables import start_game, table_info


def start(page: Page, server: str, variant: str, seats: list[str], seed: int | None = None, **opts: int) -> None:
    """A Primiera game from its setup screen (tables.start_game; the variant fixes the players)."""
    start_game(page, server, "primiera", variant, seats, seed, fixed_players=True, **opts)


def settle(page: Page) -> None:
    tables.settle(page, "primiera")


def human_step(page: Page, step: int, last_option: bool = False) -> str:
    """Tap a hand card (a different one each step) and play it: a card with one move plays on that
    tap (its data-action is the move); else it is picked and one of its options is played. Return
    the action."""
    cards = page.locator("#my-hand button.card")
    card = cards.nth(step % cards.count())
    action = card.get_attribute("data-action") or ""
    if action != "pick":
        before = table_info(page)["actions"]
        card.click()
        page.wait_for_function("(a) => window.primi.tableInfo().actions > a", arg=before, timeout=STEP_TIMEOUT)
        return action
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    options = page.locator("#actions button[data-action]")
    expect(options.first).to_be_visible()
    button = options.last if last_option else options.first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action


def play(page: Page, rounds: int, max_steps: int = 400, snapshots: list[tuple[int, int, str]] | None = None,
         on_handover: Any = None) -> dict[str, Any]:
    """Play until ``rounds`` rounds have ended (or the game ends); return what happened."""
    seen: dict[str, Any] = {"rounds": 0, "handovers": 0, "actions": [], "ended": False}
    for step in range(max_steps):
        settle(page)
        if snapshots is not None:
            info = table_info(page)
            snapshots.append((info["viewer"], info["actions"], page.content()))
        if not page.locator("#handover").is_hidden():
            seen["handovers"] += 1
            assert page.locator("#my-hand [data-card]").count() == 0
            labels = page.eval_on_selector_all("#screen-table svg[role=img]", "els => els.map(e => e.getAttribute('aria-label'))")
            assert set(labels) <= {"Face-down card"}, labels
            if on_handover:
                on_handover(page)
            page.get_by_role("button", name="Show my hand").click()
            continue
        if not page.locator("#dealend").is_hidden():
            seen["rounds"] += 1
            expect(page.locator("#roundend-table")).to_be_visible()
            if seen["rounds"] >= rounds:
                return seen
            page.locator("#dealend-go").click()
            continue
        if page.locator("#game-end").count():
            seen["ended"] = True
            return seen
        seen["actions"].append(human_step(page, step))
    raise AssertionError(f"no end after {max_steps} steps: {seen}")

"""Playing Primero through the page, as e2e/primero/test_primero_play.py does and the other files
that need a Primero game (saves, links, offline, updates, motion, together...): its setup screen,
a game started from it, a settled table, a human's decision through the controls, deals played."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from kit import tables
from kit.tables import PLAY, start_game, table_info

FAST = json.dumps(PLAY)  # the settings e2e/boot/test_boot.py stores


def open_setup(page: Page, server: str, variant: str, players: int, seed: int | None = None, **opts: int) -> None:
    """Primero's setup screen for ``variant`` (tables.open_setup)."""
    tables.open_setup(page, server, "primero", variant, players, seed, **opts)


def start(page: Page, server: str, variant: str, players: int, seats: list[str], seed: int | None = None,
          **opts: int) -> None:
    """A Primero game from its setup screen (tables.start_game)."""
    assert players == len(seats), (players, seats)
    start_game(page, server, "primero", variant, seats, seed, **opts)


def settle(page: Page) -> None:
    tables.settle(page, "primero")


def fold(page: Page) -> bool:
    """Fold if the bar offers it; when passing is free the page asks first, and the player folds anyway."""
    button = page.locator("#actions button[data-action='fold']:not([disabled])")
    if not button.count():
        return False
    button.click()
    ask = page.locator("#fold-ask-fold")
    if ask.is_visible():
        ask.click()
    return True


def human_step(page: Page, step: int) -> str | None:
    """Play one human decision through the controls, as a cautious player would; return the action."""
    bar = page.locator("#actions")
    slots = page.locator("#felt button[data-action^='draw ']")
    enabled = bar.locator("button[data-action]:not([disabled])")
    actions = [enabled.nth(i).get_attribute("data-action") or "" for i in range(enabled.count())]
    if slots.count() and (step % 3 or "vada" not in actions):
        action = slots.first.get_attribute("data-action")
        slots.first.click()
        return action
    hand_buttons = page.locator("#my-hand button.card")
    only_trade = not actions and not page.locator("#claim-go").count()
    trade = bar.locator("[data-trade-start]")
    if trade.count() and only_trade:
        # Northpass, after the highest claim: trading is the only move, and the hint says so.
        expect(bar.locator("#card-hint")).to_contain_text("No higher claim")
    if trade.count() and (step % 2 or only_trade):
        trade.click()  # "Pass & trade…" (Northpass): pick a card, then confirm
        hand_buttons.first.click()
        expect(bar.locator("[data-primary]")).to_be_enabled()
    if hand_buttons.count() and bar.locator("[data-primary][data-action]").count():
        primary = bar.locator("[data-primary]")
        if primary.get_attribute("data-action") in ("discard", "trade") or primary.is_disabled():
            hand_buttons.first.click()
            expect(hand_buttons.first).to_have_attribute("aria-pressed", "true")
        expect(primary).to_be_enabled()
        action = primary.get_attribute("data-action")
        primary.click()
        return action
    for preferred in ("vada", "see", "match", "pass", "stay"):
        if preferred in actions and not (preferred == "vada" and step % 3):
            bar.locator(f"button[data-action='{preferred}']").click()
            return preferred
    if page.locator("#claim-go").count():
        action = page.locator("#claim-go").get_attribute("data-action")
        page.locator("#claim-go").click()
        return action
    others = [a for a in actions if a != "fold"]
    if others:
        bar.locator(f"button[data-action='{others[0]}']").first.click()
        return others[0]
    return None


def play(page: Page, deals: int, max_steps: int = 150, hot_seat: bool = False,
         snapshots: list[tuple[int, int, str]] | None = None) -> dict[str, Any]:
    """Play until ``deals`` deals have ended (or the game ends); return what happened.

    With ``snapshots``, the DOM at each step is kept with the seat on screen and the number of
    actions, to be checked against the hidden cards once the game's record is known."""
    seen: dict[str, Any] = {"deals": 0, "handovers": 0, "actions": [], "ended": False}
    for step in range(max_steps):
        settle(page)
        if snapshots is not None:
            info = table_info(page)
            snapshots.append((info["viewer"], info["actions"], page.content()))
        if not page.locator("#handover").is_hidden():
            seen["handovers"] += 1
            # Nothing private while the device changes hands.
            assert page.locator("[data-card]").count() == 0
            labels = page.eval_on_selector_all("svg[role=img]", "els => els.map(e => e.getAttribute('aria-label'))")
            assert set(labels) <= {"Face-down card"}, labels
            page.get_by_role("button", name="Show my hand").click()
            continue
        if not page.locator("#dealend").is_hidden():
            seen["deals"] += 1
            expect(page.locator("#dealend-body")).not_to_be_empty()
            if seen["deals"] >= deals:
                return seen
            page.locator("#dealend-go").click()
            continue
        if page.locator("#game-end").count():
            seen["ended"] = True
            return seen
        before = table_info(page)
        action = human_step(page, step)
        if action:
            seen["actions"].append(action)
        if hot_seat and action:
            assert before["viewer"] >= 0
    raise AssertionError(f"no end after {max_steps} steps: {seen}")

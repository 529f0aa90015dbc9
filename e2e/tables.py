"""Helpers shared by the keyboard, clicker and accessibility sweeps: one page, many games.

A game starts from its setup screen by a hash change, so the engine boots once per page."""

from __future__ import annotations

import json
from typing import Any

from conftest import READY_TIMEOUT, STEP_TIMEOUT
from playwright.sync_api import Page, expect

FAST = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "off", "lang": "en"}

# The table is settled: no call in flight, no tap lock, and something to do or read.
SETTLED = """() => document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && (
    !document.querySelector('#handover').hidden || !document.querySelector('#dealend').hidden
    || document.querySelector('#game-end') || document.querySelector('#my-hand button:not([disabled])')
    || document.querySelector('#actions [data-action]:not([disabled])') || document.querySelector('#felt button[data-action]'))"""

# Where the focus is: never <body> after a move.
FOCUS = """() => { const a = document.activeElement;
  return {body: !a || a === document.body, id: a ? a.id : '', tag: a ? a.tagName : '',
          action: a && a.dataset ? a.dataset.action || '' : '', inBar: !!(a && a.closest && a.closest('#actions')),
          inHand: !!(a && a.closest && a.closest('#my-hand')), inDialog: !!(a && a.closest && a.closest('.overlay'))}; }"""


# Every main-thread task over 50 ms from the first script on (the Long Tasks API), with when it began.
LONG_TASKS = """window.__longtasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push({start: Math.round(e.startTime), ms: Math.round(e.duration)}); })
  .observe({type: 'longtask', buffered: true});"""


def boot(browser: Any, server: str, settings: dict[str, Any] | None = None, **context: Any) -> Page:
    """A new page on the home screen with the engine ready (settings in place before any script)."""
    ctx = browser.new_context(**context)
    page: Page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(settings or FAST))})")
    page.add_init_script(LONG_TASKS)
    page.goto(server + "#/")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    return page


def start(page: Page, server: str, game: str, variant: str, seats: list[str], seed: int | None = None, **opts: int) -> None:
    """Start a game from its setup screen (a hash change: the worker stays up)."""
    query = f"variant={variant}&players={len(seats)}" + (f"&seed={seed}" if seed is not None else "")
    query += "".join(f"&opt-{k}={v}" for k, v in opts.items())
    page.goto(server + "#/")
    expect(page.locator("#screen-home")).to_be_visible()
    page.goto(server + f"#/play/{game}?{query}")
    expect(page.locator(f"#screen-setup[data-game={game}]")).to_be_visible()
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.locator("#setup-start").click()
    expect(page.locator(f"#screen-table[data-game={game}]")).to_be_visible(timeout=READY_TIMEOUT)


def settle(page: Page) -> None:
    page.wait_for_function(SETTLED, timeout=STEP_TIMEOUT)


def focus(page: Page) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(FOCUS)
    return got

"""axe-core (from node_modules, never a CDN) finds no WCAG 2.2 AA violation on any screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import READY_TIMEOUT, STEP_TIMEOUT
from playwright.sync_api import Page, expect

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
FAST = json.dumps({"suits": "french", "fourColour": False, "largeIndex": False, "speed": "fast"})


def axe(page: Page) -> list[dict[str, Any]]:
    page.evaluate(AXE.read_text())  # run by the test harness: the page's CSP refuses inline scripts
    result = page.evaluate(
        """() => axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
            rules: { 'target-size': { enabled: true } },
        })"""
    )
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5], "help": v["help"]}
        for v in result["violations"]
    ]


# What shows once each screen is fully drawn (the calculator: the scored hand).
SETTLED = {"#/": ".game-tile", "#/calc": "#calc-kind", "#/rules": "#rules-title", "#/settings": "#settings-preview .card",
           "#/play/primero": "#seat-0"}


@pytest.mark.parametrize(
    "route",
    ["#/", "#/calc?rules=rms&cards=JH,AS,6S,2C&wild=1", "#/rules", "#/settings", "#/play/primero?variant=northpass"],
)
@pytest.mark.parametrize("viewport", [(360, 740), (1280, 800)])
def test_screens_have_no_axe_violations(browser: Any, server: str, route: str, viewport: tuple[int, int]) -> None:
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    page.goto(server + route)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    expect(page.locator(SETTLED[route.split("?")[0]]).first).to_be_visible()  # the screen is drawn
    assert axe(page) == []
    context.close()


def test_table_and_handover_have_no_axe_violations(page: Page, server: str) -> None:
    page.goto(server)
    page.evaluate(f"localStorage.setItem('primi.settings.v1', {FAST!r})")
    page.goto(server + "#/play/primero?variant=waks&players=3&seed=9")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    page.select_option("#seat-1", "human")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#handover:not([hidden]), #actions [data-action]", timeout=30_000)
    assert axe(page) == []
    if not page.locator("#handover").is_hidden():
        page.get_by_role("button", name="Show my hand").click()
        page.wait_for_selector("#actions [data-action]", timeout=30_000)
        assert axe(page) == []


def test_deal_end_and_game_end_have_no_axe_violations(page: Page, server: str) -> None:
    """Two computer players play one deal: the deal-end dialog and the end screen (rematch, seed link)."""
    page.goto(server)
    page.evaluate(f"localStorage.setItem('primi.settings.v1', {FAST!r})")
    page.goto(server + "#/play/primero?variant=waks&players=2&seats=easy,medium&opt-deals=1")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_function(
        "document.querySelector('#screen-table[aria-busy=false]') && !document.querySelector('#dealend').hidden",
        timeout=STEP_TIMEOUT,
    )
    assert axe(page) == []
    page.locator("#dealend-go").click()
    expect(page.locator("#game-end")).to_be_visible()
    expect(page.locator("#end-seed")).to_be_visible()
    assert axe(page) == []

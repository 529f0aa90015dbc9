"""axe-core (from node_modules, never a CDN) on the page: the WCAG 2.2 AA violations it finds, for
e2e/a11y/test_a11y.py's sweep and every other file that checks a screen of its own."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from kit import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe(page: Page) -> list[dict[str, Any]]:
    if not page.evaluate("typeof axe !== 'undefined'"):  # once per document (a hash change keeps it)
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

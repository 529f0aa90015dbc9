"""axe-core (from node_modules, never a CDN) on the page: the WCAG 2.2 AA violations it finds, for
e2e/a11y/test_a11y.py's sweep and every other file that checks a screen of its own; and a shared
page with no motion (``motion_off``) for the tests that are not about motion."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Page

from kit import ROOT
from kit.tables import use_settings

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

# The run, and what the tests read of it, done in the page: every violation in full (each of its nodes
# checked), but only the violations (``resultTypes``: axe then builds no selector for the nodes that
# pass, the most of its work after the rules), and only their id, impact, help and first five targets
# sent back. About 0.3 CPU-s a run, against 0.75 for the whole result returned (a Primiera table).
RUN = """async () => {
  const result = await axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'target-size': { enabled: true } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target), help: v.help }));
}"""


def axe(page: Page) -> list[dict[str, Any]]:
    if not page.evaluate("typeof axe !== 'undefined'"):  # once per document (a hash change keeps it)
        page.evaluate(AXE.read_text())  # run by the test harness: the page's CSP refuses inline scripts
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return found


@contextmanager
def motion_off(page: Page, server: str) -> Iterator[Page]:
    """No card or chip moves on ``page`` while in the block (a test that is not about motion, on a
    shared page whose settings say "fast"): Settings' speed Off, in force at once (tables.py
    ``use_settings``), and the settings stored before put back after."""
    before = use_settings(page, {**json.loads(page.evaluate("localStorage.getItem('primi.settings.v1') || '{}'")),
                                 "speed": "off", "speedChosen": True})
    try:
        assert page.evaluate("window.primi.motion.speed()") == "off"
        yield page
    finally:
        if not page.is_closed():
            use_settings(page, before)


def still(request: pytest.FixtureRequest, page: Page, server: str) -> Page:
    """``page`` with no motion (``motion_off``) until the end of the test whose fixture asked (its
    ``request``): a fixture's shared page, with no block to hold."""
    block = motion_off(page, server)
    block.__enter__()
    request.addfinalizer(lambda: block.__exit__(None, None, None))
    return page

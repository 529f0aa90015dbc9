"""No word is broken inside on the game screens' side tables (issue 20, item 6): Primiera's counts
and score sheet, Primo's score sheet and every game's player list, at 360x740 and 1280x800, in
English, Italian and German. A name or a label wraps between words, or its table scrolls in its own
box; "Bian ca", "Card s" or "Mün zen" never. A word is broken when its characters lie on more than
one line box (Range.getClientRects)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from kit import STEP_TIMEOUT
from kit.tables import address, settled
from playwright.sync_api import Page, expect

# The side tables and the player list: every cell and seat, and the chart's names.
CELLS = ".side table th, .side table td, .seat, .pa-chart li"

# Each word (a run without a space, a hyphen or a slash: a break there is between words) whose
# characters lie on more than one line; and anything wider than the viewport.
BROKEN = r"""(sel) => {
  const out = [];
  for (const cell of document.querySelectorAll(sel)) {
    if (!cell.getClientRects().length) continue;
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const re = /[^\s\-\u2010-\u2015\/]+/gu;
      for (let m = re.exec(n.data); m; m = re.exec(n.data)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.bottom)));
        if (lines.size > 1) out.push(`${m[0]} (${cell.closest('[id]').id})`);
      }
    }
  }
  return out;
}"""
WIDE = "() => document.documentElement.scrollWidth - window.innerWidth"

GAMES = {
    "primiera": "variant=kaleidos&seats=human,easy,easy,easy&seed=3",
    "primo": "variant=rounds&players=6&seats=human,easy,easy,easy,easy,easy&seed=3",
    "primero": "variant=waks&players=6&seats=human,easy,easy,easy,easy,easy&seed=3",
}
TABLES = {"primiera": "#pa-tally-table", "primo": "#po-sheet-table"}  # Primero's side has the coach only


def language(page: Page, server: str, lang: str) -> None:
    """Settings › Language (``auto``: the browser's), which re-renders the page at once."""
    page.goto(address(page, server) + "#/settings")
    page.select_option("#set-lang", lang)
    expect(page.locator("#settings-message")).not_to_be_empty()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_word_breaks_in_the_side_tables(take: Callable[[str], Page], server: str, size: str) -> None:
    page = take(size)
    broken: dict[str, list[str]] = {}
    try:
        for lang in ("en", "it", "de"):
            language(page, server, lang)
            for game, query in GAMES.items():
                page.goto(address(page, server) + f"#/play/{game}?{query}")
                page.locator("#setup-start").click()
                expect(page.locator(f"#screen-table[data-game={game}]")).to_be_visible()
                page.wait_for_function(settled(game), timeout=STEP_TIMEOUT)
                if game in TABLES:
                    expect(page.locator(TABLES[game])).to_be_visible()
                found = page.evaluate(BROKEN, CELLS)
                if found:
                    broken[f"{lang} {game}"] = found
                assert page.evaluate(WIDE) <= 0, f"{lang} {game}: the page is wider than the screen"
    finally:
        language(page, server, "auto")
    assert not broken, f"words broken inside at {size}: {broken}"

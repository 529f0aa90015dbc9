"""axe-core (from node_modules, never a CDN) finds no WCAG 2.2 AA violation on any screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit import STEP_TIMEOUT
from kit.a11y import axe, motion_off
from kit.tables import address, settle, start
from playwright.sync_api import Page, expect

# ---------------------------------------------------------------- the sweep (issue 10)
# Every screen, every player count 2 to 6 of every game, in each language, at phone size (and the
# screens again at desktop size): axe finds nothing, and every interactive element is at least
# 24x24 CSS px (WCAG 2.5.8; a link inside a sentence is the standard's inline exception). One page,
# the phone page the tests share (e2e/conftest.py ``take``), with no motion (kit/a11y.py ``motion_off``:
# speed Off, as the page the sweep booted had; nothing in flight while axe reads the page): the
# language is switched in Settings (a table stays open through it: back on #/table it is drawn again
# in the new language) and games start by hash changes, so the engine does not boot for the sweep.
SMALL = """() => [...document.querySelectorAll('a[href], button, input, select, summary, [role=button], [data-action], [tabindex]:not([tabindex="-1"])')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden], .sr-only'))
  .filter((el) => !(el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement.textContent.trim() !== el.textContent.trim()))
  .map((el) => { const r = el.getBoundingClientRect(); return {what: el.id || el.className || el.tagName, text: el.textContent.trim().slice(0, 30), w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10}; })
  .filter((b) => b.w > 1 && b.h > 1 && (b.w < 23.5 || b.h < 23.5))"""

SCREENS = [("#/", ".game-tile"), ("#/rules", "#rules-title"), ("#/settings", "#settings-preview .card"),
           ("#/calc?rules=rms&cards=JH,AS,6S,2C&wild=1", "#calc-kind"), ("#/stats", "#screen-stats"),
           ("#/play/primero?variant=northpass", "#seat-0"), ("#/play/primiera", "#seat-0"), ("#/play/primo", "#seat-0")]
TABLES = [("primero", "waks", n) for n in range(2, 7)] + [("primiera", "2p", 2), ("primiera", "3p", 3), ("primiera", "kaleidos", 4)] + [
    ("primo", "base", n) for n in range(2, 7)]
LANGS = ("it", "de", "en")

# Every betting control Primero can offer (each verb with one- and two-digit amounts, all-in, the
# discard and trade buttons, the claim composer's go button), composed by the game's own
# composeActions into a probe bar beside the real one at the table's width, then measured: the
# number of text lines each button's label takes. Removed again after.
BET_LINES = """async () => {
  const { tableNow } = await import('./shell/table.js');
  const { gameModule } = await import('./games/index.js');
  const x = tableNow(), mod = gameModule('primero');
  const v = x.view, o = v.observation, me = o.seats[v.seat];
  const amounts = (verb) => [1, 2, 9, 12].map((n) => `${verb} ${n}`);
  const sets = [
    [...amounts('vie'), 'pass', 'fold'], [...amounts('revie'), 'see', 'fold'],
    [...amounts('bet'), 'match', 'refuse', 'stay', 'vada', 'fold'], [...amounts('raise'), 'match', 'refuse', 'fold'],
    ['see', 'match', 'fold', 'allin'], ['discard', 'discard 7D', 'fold'], ['trade 7D', 'trade', 'pass'],
    ['bet 1 primero 27', 'bet 12 chorus 55', 'fold'], ['vie 1 fluxus 40', 'vie 12 supremus 54', 'fold'],
  ];
  const bar = document.createElement('div');
  bar.className = 'action-bar';
  document.querySelector('#actions').after(bar);
  const out = [];
  for (const legal of sets) {
    const allIn = legal.includes('allin');
    const observation = { ...o, to_call: allIn ? me.chips + 5 : 13, forced_stake: 2 };
    const picked = legal.some((a) => a.endsWith(' 7D')) ? ['7D'] : [];
    mod.composeActions(bar, { ...v, observation, legal: legal.filter((a) => a !== 'allin') }, { local: { selected: picked } }, () => {});
    for (const b of bar.querySelectorAll('button')) {
      const range = document.createRange();
      range.selectNodeContents(b);
      const lines = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.bottom))).size;
      const r = b.getBoundingClientRect();
      out.push({ text: b.textContent.trim(), lines, right: r.right, width: innerWidth });
    }
  }
  bar.remove();
  return out;
}"""


# What the player needs to act, at the top of the page: every hand card above the sticky action
# bar, every bar control inside the viewport, and no sideways scroll.
REACH = """() => { scrollTo(0, 0);
  const bar = document.querySelector('#actions').getBoundingClientRect();
  const out = (r) => r.top < 0 || r.left < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
  return {sideways: document.scrollingElement.scrollWidth - innerWidth,
    hand: [...document.querySelectorAll('#my-hand .card')].map((c) => c.getBoundingClientRect()).filter((r) => out(r) || r.bottom > bar.top + 1).length,
    cards: document.querySelectorAll('#my-hand .card').length,
    bar: [...document.querySelectorAll('#actions button, #actions select')].map((c) => c.getBoundingClientRect()).filter((r) => r.width && out(r)).length}; }"""


def check_reach(page: Page, where: str) -> None:
    got = page.evaluate(REACH)
    assert got["cards"] > 0 and got["hand"] == 0 and got["bar"] == 0 and got["sideways"] <= 0, (where, got)


def check_bet_lines(page: Page, lang: str) -> None:
    """At 360 px every Primero betting control is at most two lines, and on screen (issue 10: German wrapped to three)."""
    got = page.evaluate(BET_LINES)
    assert len(got) > 30, got
    bad = [b for b in got if b["lines"] > 2 or b["lines"] < 1 or b["right"] > b["width"]]
    assert bad == [], (lang, bad)


def sweep(page: Page, where: str, found: dict[str, Any]) -> None:
    v = axe(page)
    small = page.evaluate(SMALL)
    if v:
        found[where + " axe"] = v
    if small:
        found[where + " small"] = small


def set_language(page: Page, server: str, lang: str) -> None:
    page.goto(address(page, server) + "#/settings")
    page.select_option("#set-lang", lang)
    expect(page.locator("html")).to_have_attribute("lang", "en" if lang == "auto" else lang)  # auto: the browser's, en-US


def screens(page: Page, server: str, where: str, found: dict[str, Any]) -> None:
    for route, ready in SCREENS:
        page.goto(address(page, server) + route)
        expect(page.locator(ready).first).to_be_visible()  # the screen is drawn
        sweep(page, f"{where} {route}", found)
    page.keyboard.press("?")  # the shortcuts dialog, from a screen without a table: every game's keys
    expect(page.locator("#keys-help")).to_be_visible()
    sweep(page, f"{where} keys", found)
    page.keyboard.press("Escape")


def check_handover_escape(page: Page) -> None:
    """Esc never closes the hand-over (that would show the next hand): it stays up, shows no card,
    and the focus comes back to "Show my hand" from wherever it had gone."""
    expect(page.locator("#handover")).to_be_visible()
    page.evaluate("document.activeElement.blur()")  # the focus wandered (a click on the backdrop)
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("Escape")
    expect(page.locator("#handover-go")).to_be_focused()
    expect(page.locator("#handover")).to_be_visible()
    assert page.locator("#my-hand .card svg").count() == 0, "a hand shows behind the hand-over"
    page.keyboard.press("Escape")  # again, with the focus on the button: still up
    expect(page.locator("#handover")).to_be_visible()
    expect(page.locator("#handover-go")).to_be_focused()


def test_every_screen_player_count_and_language_has_no_axe_violation_and_no_small_target(take: Callable[[str], Page], server: str) -> None:
    page = take("phone")
    try:
        with motion_off(page, server):
            sweep_all(page, server)
    finally:  # the shared page as the next test expects it: its language (the browser's) and size
        page.set_viewport_size({"width": 360, "height": 740})
        set_language(page, server, "auto")


def sweep_all(page: Page, server: str) -> None:
    found: dict[str, Any] = {}
    for lang in LANGS:
        set_language(page, server, lang)
        screens(page, server, lang, found)
    for route, ready in [("#/learn", "#screen-learn-index"), ("#/primiera/learn", "#pa-learn-title"), ("#/primo/learn", "#po-learn-title"),
                         ("#/primiera/score", "#pa-score-title")]:  # in English (the last language set)
        page.goto(address(page, server) + route)
        expect(page.locator(ready).first).to_be_visible()
        sweep(page, route, found)
    current = LANGS[-1]
    for game, variant, n in TABLES:
        start(page, server, game, variant, ["human"] + ["easy"] * (n - 1), seed=n)  # in the language last set
        for lang in [current] + [x for x in LANGS if x != current]:
            if lang != current:
                set_language(page, server, lang)
                current = lang
                page.goto(address(page, server) + "#/table")
            settle(page)
            sweep(page, f"{lang} {game} {variant} {n}p", found)
            if game == "primero" and n == 2:
                check_bet_lines(page, lang)
            if game == "primo":  # issue 10: the hand without scrolling at 360x740, 2 to 6 players
                check_reach(page, f"{lang} {game} {n}p")
    # Hot seat: the hand-over screen and the hand behind it.
    start(page, server, "primero", "waks", ["human", "human", "easy"], seed=9)
    page.wait_for_selector("#handover:not([hidden]), #actions [data-action]")
    sweep(page, "hand-over", found)
    check_handover_escape(page)
    if page.locator("#handover").is_visible():
        page.locator("#handover-go").click()
        settle(page)
        sweep(page, "after the hand-over", found)
    # Two computers play one deal: the deal-end dialog, then the end screen (rematch, seed link).
    start(page, server, "primero", "waks", ["easy", "medium"], deals=1)
    page.wait_for_function("document.querySelector('#screen-table[aria-busy=false]') && !document.querySelector('#dealend').hidden",
                           timeout=STEP_TIMEOUT)
    sweep(page, "deal end", found)
    page.keyboard.press("Escape")
    expect(page.locator("#game-end")).to_be_visible()
    expect(page.locator("#end-seed")).to_be_visible()
    sweep(page, "game end", found)
    # The screens and a full table at desktop size.
    page.set_viewport_size({"width": 1280, "height": 800})
    screens(page, server, "desktop", found)
    start(page, server, "primo", "base", ["human"] + ["easy"] * 5, seed=6)
    settle(page)
    sweep(page, "desktop primo 6p", found)
    assert found == {}, found

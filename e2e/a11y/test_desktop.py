"""The table's layout at phone and desktop size (issue 10): a desktop table that fills the screen with
readable seats, six players on a phone with no sideways scroll and no cut name, an end screen with
its standings in a table and the seats and coach cleared, an opaque Learn bar whose cards never
touch their labels, and the home and setup screens a phone player needs. One page per size (the
engine boots once: the pages the tests share); each size is then checked at a second, smaller viewport by a resize."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from kit import READY_TIMEOUT, ROOT, STEP_TIMEOUT, tables
from playwright.sync_api import Page, expect

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SETTLED = """() => document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && (
    !document.querySelector('#handover').hidden || !document.querySelector('#dealend').hidden
    || document.querySelector('#game-end') || document.querySelector('#actions [data-action]')
    || document.querySelector('#felt button[data-action]') || document.querySelector('#my-hand button.card'))"""


@pytest.fixture
def phone(take: Callable[[str], Page]) -> Page:
    """The phone page the tests share (e2e/conftest.py ``take``: no boot of its own; a mobile
    browser's, with touch), at 390x844; ``take`` gives it back at its own size."""
    page = take("mobile")
    page.set_viewport_size({"width": 390, "height": 844})
    return page


@pytest.fixture
def desktop(take: Callable[[str], Page]) -> Page:
    """The desktop page the tests share, at 1920x1080."""
    page = take("desktop")
    page.set_viewport_size({"width": 1920, "height": 1080})
    return page


def start(page: Page, server: str, game: str, variant: str, seats: list[str], seed: int, **opts: int) -> None:
    """A game from its setup screen (tables.start: a hash change, the engine stays up), settled on the human's turn."""
    tables.start(page, server, game, variant, seats, seed=seed, **opts)
    page.wait_for_function(SETTLED, timeout=STEP_TIMEOUT)
    still(page)


def still(page: Page) -> None:
    """No card or chip in flight (shell/motion.js): boxes are measured where things landed."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')", timeout=STEP_TIMEOUT)


def fits(page: Page) -> dict[str, Any]:
    """What a player sees of the seats: the page's sideways scroll, seats off screen, names cut or wrapped off."""
    got: dict[str, Any] = page.evaluate("""() => {
      const seats = [...document.querySelectorAll('#seats .seat')];
      return {
        scroll: document.scrollingElement.scrollWidth - innerWidth,
        seats: seats.length,
        off: seats.filter((s) => { const r = s.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth + 0.5 || r.width < 40; })
                  .map((s) => s.dataset.seat),
        cut: seats.map((s) => s.querySelector('.seat-name')).filter((n) => n.scrollWidth > n.clientWidth + 1
                  || getComputedStyle(n).textOverflow === 'ellipsis' && getComputedStyle(n).whiteSpace === 'nowrap')
                  .map((n) => n.textContent.trim()),
        font: Math.min(...seats.map((s) => parseFloat(getComputedStyle(s.querySelector('.seat-name')).fontSize))),
        hidden: (() => { scrollTo(0, 0); const bar = document.querySelector('#actions').getBoundingClientRect();
          return [...document.querySelectorAll('#my-hand .card')].filter((c) => { const r = c.getBoundingClientRect();
            return r.bottom > Math.min(innerHeight, bar.top) + 1 || r.width < 30; }).map((c) => [c.dataset.card || '?', Math.round(c.getBoundingClientRect().bottom), Math.round(bar.top)]); })(),
        scrollers: [...document.querySelectorAll('#board, #board *, #actions')].filter((e) => e.scrollWidth > e.clientWidth + 1
                  && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)).map((e) => e.id || e.className),
      };
    }""")
    return got


def check_phone_table(page: Page, what: str, players: int, hand: bool = True) -> None:
    still(page)
    got = fits(page)
    assert got["seats"] == players - 1, (what, got)
    assert got["scroll"] <= 0, (what, "the page scrolls sideways", got)
    assert got["off"] == [], (what, "seats off screen", got)
    assert got["cut"] == [], (what, "names cut", got)
    assert got["font"] >= 12, (what, got)
    assert got["scrollers"] == [], (what, "a sideways scroll box", got)
    if hand:
        assert got["hidden"] == [], (what, "hand cards under the action bar or off screen", got)


def table_box(page: Page) -> dict[str, float]:
    """The table's extent (seats to action bar) and the sizes a player reads from the chair."""
    got: dict[str, float] = page.evaluate("""() => {
      const parts = [...document.querySelectorAll('#board > *, #actions')].map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
      const top = Math.min(...parts.map((r) => r.top)), bottom = Math.max(...parts.map((r) => r.bottom));
      const screen = document.querySelector('#screen-table').getBoundingClientRect();
      const px = (sel) => Math.min(...[...document.querySelectorAll(sel)].map((e) => parseFloat(getComputedStyle(e).fontSize)));
      const backs = [...document.querySelectorAll('#seats .mini-back')].map((e) => e.getBoundingClientRect().height);
      const hand = [...document.querySelectorAll('#my-hand .card')].map((e) => e.getBoundingClientRect().height);
      return {h: (bottom - top) / innerHeight, w: screen.width / innerWidth, name: px('#seats .seat-name'),
              seat: px('#seats .seat-name, #seats .seat-kind, #seats .seat-chips, #seats .pa-pos, #seats .pa-seat-line, #seats .po-counts'),
              back: backs.length ? Math.min(...backs) : 0, hand: hand.length ? Math.min(...hand) : 0,
              scroll: document.scrollingElement.scrollWidth - innerWidth};
    }""")
    return got


def play_to_end(page: Page) -> None:
    """Play a short Primero game through the controls (see, pass, keep all) to its end screen."""
    for _ in range(80):
        page.wait_for_function(SETTLED, timeout=STEP_TIMEOUT)
        if page.locator("#game-end").count():
            return
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
            continue
        acts = page.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
        choice = next((a for a in ("see", "pass", "discard") if a in acts), acts[0] if acts else None)
        assert choice, "nothing to do"
        page.locator(f"#actions button[data-action='{choice}']").first.click()
    raise AssertionError("the game did not end")


def check_end_screen(page: Page, server: str) -> None:
    start(page, server, "primero", "waks", ["human", "easy", "easy"], seed=3, deals=1)
    play_to_end(page)
    expect(page.locator("#game-end")).to_be_visible()
    got = page.evaluate("""() => {
      const panel = document.querySelector('#game-end').getBoundingClientRect();
      const rows = [...document.querySelectorAll('#game-end .standings li')].map((li) => {
        const name = li.querySelector('.st-name').getBoundingClientRect(), score = li.querySelector('.st-score').getBoundingClientRect();
        return {nameLeft: name.left - panel.left, gap: score.left - name.right, scoreRight: score.right};
      });
      return {rows, rights: rows.map((r) => Math.round(r.scoreRight)), panel: panel.width,
              backs: document.querySelectorAll('#seats .mini-back').length,
              bets: [...document.querySelectorAll('#seats .seat-chips')].filter((e) => /·/.test(e.textContent)).length,
              last: [...document.querySelectorAll('#seats .seat-last')].map((e) => e.textContent.trim()).filter(Boolean),
              coach: !!document.querySelector('#coach-panel') && document.querySelector('#coach-panel').getClientRects().length > 0,
              hand: document.querySelectorAll('#my-hand .card').length};
    }""")
    assert len(got["rows"]) == 3, got
    for r in got["rows"]:
        assert r["nameLeft"] < 80, ("the standings start at the panel's left", got)
        assert 0 <= r["gap"] < 200, ("each score sits next to its name", got)
    assert len(set(got["rights"])) == 1, ("the scores line up on the right", got)
    assert got["backs"] == 0 and got["bets"] == 0 and got["last"] == [], ("the seats keep the last deal", got)
    assert not got["coach"], "the coach stays up with nothing to say"
    assert got["hand"] == 0


def check_learn(page: Page, server: str) -> None:
    """The Back/Next bar is opaque with a line above, and no card's ring touches a label."""
    # Each route waits for its own screen: the one before stays drawn while a game's module loads.
    routes = [("#/learn?name=waks-anna&step=15", "#learn-progress[data-step='15']"),
              ("#/learn?name=northpass-forced-stake&step=6", "#learn-progress[data-step='6']"),
              ("#/primiera/learn?lesson=capture&step=1", "#pa-lesson[data-lesson='capture']"),
              ("#/primiera/learn?lesson=primiera&step=1", "#pa-lesson[data-lesson='primiera']"),
              ("#/primo/learn", "#po-lesson")]
    for route, ready in routes:
        page.goto(server + "?debug" + route)
        page.wait_for_selector(ready, timeout=STEP_TIMEOUT)
        got = page.evaluate("""() => {
          const nav = document.querySelector('.learn-nav');
          const cs = nav && getComputedStyle(nav);
          const alpha = cs ? (cs.backgroundColor.match(/rgba\\([^)]*,\\s*([\\d.]+)\\)/) || [0, '1'])[1] : '0';
          const ring = (c) => { const r = c.getBoundingClientRect(), s = getComputedStyle(c.querySelector('svg') || c);
            const out = s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth) + Math.max(0, parseFloat(s.outlineOffset));
            return {top: r.top - out, bottom: r.bottom + out, left: r.left - out, right: r.right + out}; };
          const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const labels = [...document.querySelectorAll('.learn-value, .pa-value, .po-learn-hand > .help')].filter((l) => l.textContent.trim());
          const cards = [...document.querySelectorAll('#learn-seats .card, .pa-learn-cards .card, .po-learn-hand .card, .po-learn-rows .card')];
          const overlaps = [];
          for (const l of labels) { const lr = l.getBoundingClientRect();
            for (const c of cards) if (hit(ring(c), lr)) overlaps.push(l.textContent.trim()); }
          return {nav: !!nav, sticky: cs && cs.position, alpha: Number(alpha), line: cs && (parseFloat(cs.borderTopWidth) > 0 || cs.boxShadow !== 'none'),
                  labels: labels.length, overlaps, scroll: document.scrollingElement.scrollWidth - innerWidth};
        }""")
        assert got["nav"] and got["sticky"] == "sticky", (route, got)
        assert got["alpha"] == 1 and got["line"], (route, "the bar is see-through", got)
        assert got["overlaps"] == [], (route, got)
        assert got["scroll"] <= 0, (route, got)
        if "waks" in route or "lesson=primiera" in route:
            assert got["labels"] >= 2, (route, got)


def test_phone_tables_end_screen_learn_home_and_setup(phone: Page, server: str) -> None:
    page = phone
    # Home: every game listed, each "Rule sets" with a visible disclosure marker.
    page.goto(server + "?debug#/")
    expect(page.locator(".game-tile h2")).to_have_text(["Primero", "Primiera", "Primo"])
    markers = page.eval_on_selector_all(".variants summary", "els => els.map(e => getComputedStyle(e, '::before').content)")
    assert len(markers) == 3 and all(m not in ("none", "normal", '""') for m in markers), markers
    # Setup on a phone: the common choices, the rest behind "More options", Start on screen.
    page.goto(server + "?debug#/play/primero?variant=waks&players=6")
    expect(page.locator("#setup-more > summary")).to_have_text("More options")
    expect(page.locator("#setup-more")).not_to_have_attribute("open", re.compile(".*"))
    box = page.locator("#setup-start").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    page.locator("#setup-more > summary").click()
    expect(page.locator("#opt-deals")).to_be_visible()
    box = page.locator("#setup-start").bounding_box()
    assert box and box["y"] + box["height"] <= 844, ("Start stays within reach with the options open", box)
    # While the game starts, Start shows a spinner (read in the same task as the click).
    spin = page.evaluate("""() => { const b = document.querySelector('#setup-start'); b.click();
      return [b.getAttribute('aria-busy'), getComputedStyle(b, '::after').animationName]; }""")
    assert spin == ["true", "primi-spin"], spin
    expect(page.locator("#screen-table")).to_be_visible(timeout=READY_TIMEOUT)
    # Six at Primero, four at Primiera, six at Primo: at 390x844, then at 360x740.
    tables = [("primero", "waks", 6), ("primero", "waks", 4), ("primiera", "kaleidos", 4), ("primo", "base", 6)]
    for game, variant, n in tables:
        start(page, server, game, variant, ["human"] + ["medium"] * (n - 1), seed=4)
        for size in ((390, 844), (360, 740)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            check_phone_table(page, f"{game} {n}p at {size}", n)
        if game == "primo":
            # A card played (a tap on a card, a tap on a row; one tap for a card with one place): End
            # turn shows, and with the hand it is in view.
            card = page.locator("#my-hand button.po-playable").first
            one_tap = card.get_attribute("data-action") != "pick"
            card.click()
            if not one_tap:
                page.locator("#po-rows .po-row-label[data-action]").first.click()
            expect(page.locator("#po-end")).to_be_visible()
            page.wait_for_function(SETTLED, timeout=STEP_TIMEOUT)
            check_phone_table(page, f"primo {n}p at 360x740, a card played", n)
            end = page.evaluate("(() => { scrollTo(0, 0); const r = document.querySelector('#po-end').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()")
            assert end[0] >= 0 and end[1] <= end[2], ("End turn is off screen", end)
        page.set_viewport_size({"width": 390, "height": 844})
    # axe's scrollable-region-focusable on the six-player Primero table
    start(page, server, "primero", "waks", ["human"] + ["medium"] * 5, seed=4)
    page.evaluate(AXE.read_text())
    bad = page.evaluate("() => axe.run(document, {runOnly: {type: 'rule', values: ['scrollable-region-focusable']}}).then(r => r.violations.length)")
    assert bad == 0
    check_end_screen(page, server)
    page.set_viewport_size({"width": 360, "height": 740})
    check_learn(page, server)


def test_desktop_table_fills_the_screen(desktop: Page, server: str) -> None:
    page = desktop
    for game, variant, n in (("primero", "waks", 6), ("primiera", "kaleidos", 4), ("primo", "base", 4)):
        start(page, server, game, variant, ["human"] + ["medium"] * (n - 1), seed=4)
        for size in ((1920, 1080), (1366, 768)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.evaluate("window.scrollTo(0, 0)")
            still(page)
            got = table_box(page)
            what = f"{game} at {size}"
            assert got["h"] >= 0.7, (what, "the table uses most of the height", got)
            assert got["w"] >= 0.9, (what, "the table uses the width", got)
            assert got["name"] >= 14 and got["seat"] >= 14, (what, "seat text too small", got)
            assert got["hand"] >= (0.17 * size[1] if game == "primero" else 0.12 * size[1]), (what, "hand cards too small", got)
            if game != "primo":
                assert got["back"] >= 24, (what, "card backs too small", got)
            assert got["scroll"] <= 0, (what, got)
        page.set_viewport_size({"width": 1920, "height": 1080})
    check_end_screen(page, server)
    check_learn(page, server)


def test_screenshot_script_reads_its_arguments() -> None:
    """bench/site/screenshots.py (run by hand, not here): its selections parse, a bad one is refused."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "bench" / "site" / "screenshots.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    args = mod.parse_args(["--no-build", "--games", "primo,primero", "--langs", "de", "--sizes", "phone"])
    assert (args.no_build, args.games, args.langs, args.sizes) == (True, ["primo", "primero"], ["de"], ["phone"])
    assert mod.parse_args([]).langs == ["en", "it", "de"]
    with pytest.raises(SystemExit):
        mod.parse_args(["--langs", "fr"])
    assert "screenshots/" in (ROOT / ".gitignore").read_text().split()

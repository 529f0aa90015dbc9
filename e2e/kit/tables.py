"""Helpers shared by the keyboard, clicker and accessibility sweeps: one page, many games.

A game starts from its setup screen by a hash change, so the engine boots once per page."""

from __future__ import annotations

import json
import weakref
from typing import Any

from playwright.sync_api import Page, expect

from kit import READY_TIMEOUT, STEP_TIMEOUT

FAST = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "off", "lang": "en"}

# The table is settled: no call in flight, no tap lock, and something to do or read (a hand-over,
# a deal's summary, the end, or what the human acts with: READY, by game; None: any game).
READY: dict[str | None, str] = {
    None: """document.querySelector('#my-hand button:not([disabled])')
    || document.querySelector('#actions [data-action]:not([disabled])') || document.querySelector('#felt button[data-action]')""",
    "primero": """document.querySelector('#actions [data-action]') || document.querySelector('#felt button[data-action]')
    || document.querySelector('#actions #card-hint') && document.querySelector('#my-hand button.card:not([disabled])')""",
    "primiera": "document.querySelector('#my-hand button.card')",
    "primo": "document.querySelector('#my-hand button.po-hand-card')",
}


def settled(game: str | None = None) -> str:
    """The SETTLED predicate for ``game``'s table (page.wait_for_function)."""
    return f"""() => document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && (
    !document.querySelector('#handover').hidden || !document.querySelector('#dealend').hidden
    || document.querySelector('#game-end') || {READY[game]})"""


SETTLED = settled()


# Where the focus is: never <body> after a move.
FOCUS = """() => { const a = document.activeElement;
  return {body: !a || a === document.body, id: a ? a.id : '', tag: a ? a.tagName : '',
          action: a && a.dataset ? a.dataset.action || '' : '', inBar: !!(a && a.closest && a.closest('#actions')),
          inHand: !!(a && a.closest && a.closest('#my-hand')), inDialog: !!(a && a.closest && a.closest('.overlay'))}; }"""


# Every main-thread task over 50 ms from the first script on (the Long Tasks API), with when it began.
LONG_TASKS = """window.__longtasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push({start: Math.round(e.startTime), ms: Math.round(e.duration)}); })
  .observe({type: 'longtask', buffered: true});"""


def boot(browser: Any, server: str, settings: dict[str, Any] | None = None, debug: bool = False, **context: Any) -> Page:
    """A new page on the home screen with the engine ready (settings in place before any script;
    ``debug``: the page records the worker's replies, for e2e/kit/hidden.py)."""
    ctx = browser.new_context(**context)
    page: Page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(settings or FAST))})")
    page.add_init_script(LONG_TASKS)
    page.goto(server + ("?debug#/" if debug else "#/"))
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    return page


def setup_route(game: str, variant: str, players: int | None, seed: int | None, opts: dict[str, int]) -> str:
    """The route of ``game``'s setup screen (players: None when the variant fixes them)."""
    query = f"variant={variant}" + (f"&players={players}" if players is not None else "") + (f"&seed={seed}" if seed is not None else "")
    return f"/play/{game}?{query}" + "".join(f"&opt-{k}={v}" for k, v in opts.items())


def begin(page: Page, game: str, seats: list[str]) -> None:
    """On ``game``'s setup screen: each seat's kind, then Start (this game's worker replies only)."""
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    page.evaluate("() => { if (window.primi.replies) window.primi.replies.length = 0; }")
    button = page.locator("#setup-start")
    expect(button).to_be_enabled()
    button.click()
    expect(page.locator(f"#screen-table[data-game={game}]")).to_be_visible(timeout=READY_TIMEOUT)


def start(page: Page, server: str, game: str, variant: str, seats: list[str], seed: int | None = None, **opts: int) -> None:
    """Start a game from its setup screen on a page of its own (``boot``): hash changes from the
    page's own address, the worker stays up."""
    base = address(page, server)
    page.goto(base + "#/")
    expect(page.locator("#screen-home")).to_be_visible()
    page.goto(base + "#" + setup_route(game, variant, len(seats), seed, opts))
    expect(page.locator(f"#screen-setup[data-game={game}]")).to_be_visible()
    begin(page, game, seats)


def open_setup(page: Page, server: str, game: str, variant: str, players: int | None = None, seed: int | None = None,
               **opts: int) -> None:
    """The play tests' way to ``game``'s setup screen (?debug: the page records the worker's
    replies): a shared page gets there from the home screen by hash changes, the engine quiet and
    this game's replies only; a test's own page loads the site afresh (``arrive``)."""
    arrive(page, server)
    page.goto(address(page, server) + "#" + setup_route(game, variant, players, seed, opts))
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    expect(page.locator(f"#screen-setup[data-game={game}]")).to_be_visible()


def start_game(page: Page, server: str, game: str, variant: str, seats: list[str], seed: int | None = None,
               fixed_players: bool = False, **opts: int) -> None:
    """The play tests' start: ``open_setup``, then the seats and Start (``fixed_players``: the
    variant fixes the number of players, as Primiera's do, so the address gives none)."""
    open_setup(page, server, game, variant, None if fixed_players else len(seats), seed, **opts)
    begin(page, game, seats)


def settle(page: Page, game: str | None = None) -> None:
    """Until the table is settled (``settled``)."""
    page.wait_for_function(settled(game), timeout=STEP_TIMEOUT)


def table_info(page: Page) -> dict[str, Any]:
    """The shell's tableInfo(): game, session, viewer, seats, names, actions, terminal, busy."""
    info: dict[str, Any] = page.evaluate("window.primi.tableInfo()")
    return info


def watch_to_the_end(page: Page, deals: int) -> None:
    """An all-computer (or already decided) game: read each deal's summary until the end screen."""
    for _ in range(2 * deals + 1):
        settle(page)
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
        elif page.locator("#game-end").count():
            break
    expect(page.locator("#game-end")).to_be_visible()


def focus(page: Page) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(FOCUS)
    return got


def address(page: Page, server: str) -> str:
    """The page's own address without its route (``?debug`` kept): going there by hash changes
    only the route, and the engine stays up."""
    here = page.url.split("#", 1)[0]
    return here if here.startswith(server) else server


# ---------------------------------------------------------------- one tap (UX checklist (docs/ux-checklist.md) §2)
# Watches a one-tap play on the page, timed there: when the highlight (``lit``, a selector) first
# shows and when it goes; at that first moment, whether every hand card and action control is
# inert and how many animations run; and it taps ``tap`` (a selector: another control) then, in
# the highlight's time, which must do nothing. Read window.__hold after the play.
HOLD_PROBE = """([lit, tap]) => {
  const h = window.__hold = {on: null, off: null, ms: null, inert: null, anims: null, tapped: false};
  const seen = new MutationObserver(() => {
    const now = performance.now();
    const shown = !!document.querySelector(lit);
    if (shown && h.on === null) {
      h.on = now;
      h.inert = [...document.querySelectorAll('#my-hand button, #actions [data-action]')].every((b) => b.disabled);
      h.anims = document.getAnimations().filter((a) => a.playState === 'running').length;
      const other = tap && document.querySelector(tap);
      if (other) { other.click(); h.tapped = true; }
    } else if (!shown && h.on !== null && h.off === null) {
      h.off = now;
      h.ms = Math.round(h.off - h.on);
      seen.disconnect();
    }
  });
  seen.observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def confirm_each_play(page: Page, server: str, on: bool, table: bool = True) -> None:
    """Settings › "Confirm each play" on or off (it takes effect at once), then back to the table
    (``table``), else left on the settings screen."""
    base = address(page, server)
    page.goto(base + "#/settings")
    box = page.locator("#set-confirm")
    expect(box).to_be_visible()
    if box.is_checked() != on:
        box.set_checked(on)
        expect(page.locator("#settings-message")).not_to_be_empty()  # saved
    stored = json.loads(page.evaluate("localStorage.getItem('primi.settings.v1')"))
    assert stored.get("confirmPlay", False) is on, stored
    if table:
        page.goto(base + "#/table")
        expect(page.locator("#screen-table")).to_be_visible()


# ---------------------------------------------------------------- pages shared by many tests
# The play tests' settings (fast computer turns, animations on) and the sizes they run at.
PLAY = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "fast"}
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, "has_touch": True},
    "mobile": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
    "narrow": {"viewport": {"width": 360, "height": 740}},
}

# No game's turn under way (a computer's step, a move's call): the table's loop has stopped, and
# no card or chip is in flight (shell/motion.js empties #fx-layer when its moves are done).
QUIET = """() => { const t = window.primi.tableInfo(), fx = document.querySelector('#fx-layer');
  return (!t || !t.busy) && (!fx || fx.childElementCount === 0); }"""

# The live regions say a queue, one item at a time: once a mark said last is shown, all said
# before it has been; then both regions are emptied, as a fresh page has them.
SAID = "(mark) => document.querySelector('#live-polite').textContent.includes(mark)"
CLEAN = """() => { for (const id of ['live-polite', 'live-assertive']) document.getElementById(id).textContent = '';
  if (window.primi.replies) window.primi.replies.length = 0; }"""


def home(page: Page, server: str) -> None:
    """Back to the home screen from whatever a test left (a table mid-game, a dialog, a lesson),
    once the page is quiet: the game left behind makes no further call, every call made has been
    answered (the worker answers in order), nothing is in flight or left to be announced; then the
    live regions are empty and the recorded replies start afresh."""
    page.goto(address(page, server) + "#/")
    expect(page.locator("#screen-home")).to_be_visible()
    page.wait_for_function(QUIET, timeout=STEP_TIMEOUT)
    page.evaluate("() => window.primi.engineCall({op: 'ping'})")
    page.evaluate("(mark) => window.primi.announce(mark, false, true)", "(tables.home)")
    page.wait_for_function(SAID, arg="(tables.home)", timeout=STEP_TIMEOUT)
    page.evaluate(CLEAN)


def use_settings(page: Page, settings: dict[str, Any] | str | None) -> str | None:
    """The page's settings replaced by ``settings`` (a dict, or the stored text; None: none stored),
    in force at once (``?debug``'s ``window.primi.reloadSettings``: as if read at its load), without
    a reload; returns the text stored before."""
    text = settings if settings is None or isinstance(settings, str) else json.dumps(settings)
    before: str | None = page.evaluate("""async (text) => {
      const before = localStorage.getItem('primi.settings.v1');
      if (text === null) localStorage.removeItem('primi.settings.v1'); else localStorage.setItem('primi.settings.v1', text);
      await window.primi.reloadSettings();
      return before; }""", text)
    return before


SHARED: weakref.WeakSet[Page] = weakref.WeakSet()  # the pages Pages hands out


def arrive(page: Page, server: str) -> None:
    """Where a play test's game begins: a shared page goes home (``home``: a hash change, the engine
    stays up); any other page (a test's own) loads the site afresh with ``?debug``, the PLAY
    settings stored for its next load, as the play tests did before pages were shared."""
    if page in SHARED:
        home(page, server)
    else:
        page.goto(server + "?debug")
        page.evaluate(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(PLAY))})")


class Pages:
    """Booted pages kept for a whole pytest session, one per size in SIZES (``?debug``, the PLAY
    settings): each test takes one at the home screen (``home``), so the engine boots once per size
    and process, not once per test. A test that fails gives its page up (``drop``): the next test
    boots a fresh one, and no test inherits what a failure left."""

    def __init__(self, browser: Any, server: str) -> None:
        self.browser, self.server = browser, server
        self.pages: dict[str, Page] = {}

    def take(self, size: str) -> Page:
        page = self.pages.get(size)
        if page is not None and not page.url.startswith(self.server + "?debug"):
            self.drop(page)  # a test took it to another address (no ?debug, the settings unknown)
            page = None
        if page is not None and not page.is_closed():
            try:
                home(page, self.server)
                return page
            except Exception:  # a page the last test left unusable: a fresh one
                self.drop(page)
        page = self.pages[size] = boot(self.browser, self.server, PLAY, debug=True, **SIZES[size])
        SHARED.add(page)
        home(page, self.server)
        return page

    def rest(self, page: Page) -> None:
        """After a test: the page as it was handed out (its size, the PLAY settings, no media
        emulated: nothing a test changed is inherited by the next), and home, so that no game left on
        the page plays on behind the next tests."""
        try:
            size = next(size for size, p in self.pages.items() if p is page)
            page.set_viewport_size(SIZES[size]["viewport"])
            page.emulate_media(reduced_motion="no-preference")
            use_settings(page, PLAY)
            home(page, self.server)
        except Exception:  # a page that cannot get home is given up
            self.drop(page)

    def drop(self, page: Page) -> None:
        for size, p in list(self.pages.items()):
            if p is page:
                del self.pages[size]
        if not page.is_closed():
            page.context.close()

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()
        self.pages.clear()

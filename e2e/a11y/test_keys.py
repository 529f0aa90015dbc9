"""The keyboard at the table (issue 10), in each game at phone and desktop size: focus goes to the
next sensible control after every move (never to <body>), the action bar and the hand are one tab
stop each with the arrow keys inside, the "?" dialog lists the shortcuts, traps focus, closes
with Esc and gives the focus back, the deal end traps focus and goes on with Esc, "read the table"
says the whole public state in the live region (a key and a button), Primero's single keys
(P pass, S see, F fold, 1-9 amounts, Enter confirm) play, and engine errors reach an Italian
player in Italian, never in the engine's words. With "Single-key shortcuts" off in Settings, P, R
and ? do nothing (and the ? dialog says where the switch is); on again, the key plays. The log is
updated in place: an entry keeps its DOM node across a move and across "show older", which still
pages. One page for all of it: both sizes in it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from kit.a11y import still
from kit.tables import address, focus, settle, start, watch_to_the_end
from playwright.sync_api import Page, ViewportSize, expect

PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


def no_body(page: Page, what: str) -> dict[str, Any]:
    f = focus(page)
    assert not f["body"], f"focus fell to <body> after {what}"
    return f


def check_help_dialog(page: Page, game: str) -> None:
    """? opens the shortcuts list with this game's keys; Tab stays inside; Esc closes it and the focus comes back."""
    before = page.evaluate("document.activeElement.id || document.activeElement.dataset.action || document.activeElement.dataset.card || ''")
    page.keyboard.press("?")
    box = page.locator("#keys-help")
    expect(box).to_be_visible()
    expect(box.locator(f"section[data-game={game}]")).to_be_visible()
    assert focus(page)["inDialog"]
    for _ in range(6):
        page.keyboard.press("Tab")
        assert focus(page)["inDialog"], "Tab left the shortcuts dialog"
    page.keyboard.press("Shift+Tab")
    assert focus(page)["inDialog"]
    page.keyboard.press("Escape")
    expect(box).to_have_count(0)
    after = page.evaluate("document.activeElement.id || document.activeElement.dataset.action || document.activeElement.dataset.card || ''")
    assert after == before, (before, after)
    # The visible button opens it too, and closing gives the focus back to that button.
    page.locator("#keys-open").click()
    expect(box).to_be_visible()
    page.keyboard.press("Escape")
    expect(box).to_have_count(0)
    assert focus(page)["id"] == "keys-open"


def check_read(page: Page, must: list[str]) -> str:
    """R, with the focus on the table, says the whole table in the polite live region; so does the button.
    (The region speaks a queue: earlier announcements of the game may still pass through it first, so
    the check waits for the reading itself.)"""
    said = """(must) => { const el = document.querySelector('#live-polite');
        return must.every((w) => el.textContent.includes(w)) ? el.textContent : null; }"""
    page.evaluate("document.querySelector('#live-polite').textContent = ''")
    no_body(page, "the check")
    page.keyboard.press("r")
    text: str = page.wait_for_function(said, arg=must).json_value()
    page.evaluate("document.querySelector('#live-polite').textContent = ''")
    page.locator("#keys-read").click()
    page.wait_for_function(said, arg=must)
    return text


def check_bar_roving(page: Page) -> None:
    """The bar is one tab stop; ←/→ move within it."""
    items = page.locator("#actions button:not([disabled]), #actions select:not([disabled])")
    if items.count() < 2:
        return
    stops = page.eval_on_selector_all("#actions button:not([disabled]), #actions select:not([disabled])", "els => els.filter(e => e.tabIndex === 0).length")
    assert stops == 1, stops
    items.first.focus()
    first = page.evaluate("document.activeElement.outerHTML")
    page.keyboard.press("ArrowRight")
    f = focus(page)
    assert f["inBar"] and page.evaluate("document.activeElement.outerHTML") != first
    assert page.evaluate("document.activeElement.tabIndex") == 0
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.outerHTML") == first


def check_dealend(page: Page) -> None:
    """The deal end holds the focus (Tab stays in it) and Esc goes on."""
    assert focus(page)["inDialog"]
    for _ in range(4):
        page.keyboard.press("Tab")
        assert focus(page)["inDialog"], "Tab left the deal-end dialog"
    page.keyboard.press("Escape")
    expect(page.locator("#dealend")).to_be_hidden()


def set_shortcuts(page: Page, server: str, on: bool) -> None:
    """Settings' "Single-key shortcuts" switch, then back to the table."""
    page.goto(address(page, server) + "#/settings")
    box = page.locator("#set-keys")
    expect(box).to_be_checked(checked=not on)
    box.set_checked(on)
    expect(page.locator("#settings-message")).to_have_text("Settings saved.")
    assert page.evaluate("JSON.parse(localStorage.getItem('primi.settings.v1')).keys") is on
    page.goto(address(page, server) + "#/table")
    settle(page)


def moves(page: Page) -> int:
    n: int = page.evaluate("window.primi.tableInfo().actions")
    return n


def check_shortcuts_switch(page: Page, server: str, key: str) -> None:
    """Off: P (and R, ?, the key about to be used) play nothing; the dialog says how to turn them on.
    On again: the key plays (checked by the caller). Then a log entry is marked for check_log_kept."""
    set_shortcuts(page, server, on=False)
    before = moves(page)
    page.locator("#actions button[tabindex='0']").focus()
    page.evaluate("document.querySelector('#live-polite').textContent = ''")
    for k in ("p", key, "r", "?"):
        page.keyboard.press(k)
        # The keydown handlers run in the press: a move would have made the bar busy at once.
        assert page.evaluate("document.querySelector('#actions').getAttribute('aria-busy')") != "true", k
    assert moves(page) == before
    expect(page.locator("#keys-help")).to_have_count(0)
    assert page.evaluate("document.querySelector('#live-polite').textContent") == ""  # R read nothing
    page.locator("#keys-open").click()  # the button still opens the list: it says they are off and where
    expect(page.locator("#keys-offhow")).to_contain_text("Single-key shortcuts are off")
    page.keyboard.press("Escape")
    set_shortcuts(page, server, on=True)
    page.locator("#actions button[tabindex='0']").focus()
    page.keyboard.press("?")
    expect(page.locator("#keys-offhow")).to_contain_text("can be turned off in Settings")
    page.keyboard.press("Escape")
    page.evaluate("""() => { const li = document.querySelector('#log li'); li.primiMark = 'kept';
      window.__logFirst = li.dataset.i; window.__logCount = document.querySelectorAll('#log li').length; }""")


def check_log_kept(page: Page) -> None:
    """After a move the marked log entry is the same DOM node, and the new entries were appended."""
    got = page.evaluate("""() => { const li = document.querySelector(`#log li[data-i="${window.__logFirst}"]`);
      return {same: !!li && li.primiMark === 'kept', count: document.querySelectorAll('#log li').length, before: window.__logCount}; }""")
    assert got["same"], ("the log was redrawn: its first entry is a new node", got)
    assert got["count"] > got["before"], got


def log_pages(page: Page, server: str) -> None:
    """Four computers, three deals: more entries than an observation carries. "Show older" pages them
    in before the ones shown, which keep their nodes; the indices run on without a gap."""
    start(page, server, "primero", "waks", ["easy"] * 4, seed=1, deals=3)
    watch_to_the_end(page, deals=3)
    expect(page.locator("#dealend")).to_be_hidden()
    older = page.locator("#log-older")
    expect(older).to_be_visible()
    first = page.evaluate("""() => { const li = document.querySelector('#log li'); li.primiMark = 'kept';
      return {i: Number(li.dataset.i), n: document.querySelectorAll('#log li').length}; }""")
    assert first["i"] > 0, first
    older.click()
    expect(page.locator("#log li")).to_have_count(first["n"] + first["i"] if first["i"] <= 50 else first["n"] + 50)
    got = page.evaluate(f"""() => {{ const lis = [...document.querySelectorAll('#log li')];
      return {{same: document.querySelector('#log li[data-i="{first['i']}"]').primiMark === 'kept',
               idx: lis.map((li) => Number(li.dataset.i))}}; }}""")
    assert got["same"], "paging redrew the entries already shown"
    assert got["idx"] == list(range(got["idx"][0], got["idx"][0] + len(got["idx"]))), got["idx"]
    assert got["idx"][0] < first["i"]


def primero_by_keys(page: Page, server: str) -> None:
    page.set_viewport_size(PHONE)
    start(page, server, "primero", "waks", ["human", "medium"], seed=5, deals=2)  # medium vies: S sees
    used: set[str] = set()
    dealends = 0
    for step in range(80):
        if step == 12:
            page.set_viewport_size(DESKTOP)  # the same game at desktop size
        settle(page)
        if page.locator("#game-end").count():
            break
        if page.locator("#dealend").is_visible():
            dealends += 1
            check_dealend(page)
            continue
        f = no_body(page, f"step {step}")
        if step == 0:
            assert f["inBar"], f  # the game starts with the focus on the bar
            check_help_dialog(page, "primero")
            check_read(page, ["Deal 1", "You:", "Bianca:", "hand:", "your turn"])
            check_bar_roving(page)
        acts = page.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
        hand = page.locator("#my-hand button.card")
        if hand.count() >= 2 and "hand-arrows" not in used:
            hand.first.focus()
            page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement === document.querySelectorAll('#my-hand button.card')[1]")
            used.add("hand-arrows")
        key = None
        if "fold" in acts and "f" not in used and dealends:
            # F folds (with the page's question first when passing is free: "Fold anyway", by keys).
            key = "f"
        elif any(a in acts for a in ("see", "match", "stay")):
            key = "s"
        elif any(a in acts for a in ("pass", "refuse")):
            key = "p"
        else:
            amounts = [a for a in acts if re.fullmatch(r"\w+ [1-9]", a)]
            if amounts:
                key = amounts[0].split()[1]
        if key is None and page.locator("#actions [data-primary]:not([disabled])").count():
            page.evaluate("document.activeElement.blur()")  # Enter confirms from outside a control
            key = "Enter"
        assert key is not None, acts
        switch = (key in ("p", "s") or key.isdigit()) and "switch" not in used
        if switch:
            check_shortcuts_switch(page, server, key)
            used.add("switch")
            before = moves(page)
        page.keyboard.press(key)
        if key == "f" and page.locator("#fold-ask").count():
            expect(page.locator("#fold-ask-cancel")).to_be_focused()
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Shift+Tab")
            expect(page.locator("#fold-ask-fold")).to_be_focused()
            page.keyboard.press("Enter")
        used.add("digit" if key.isdigit() else key)
        page.wait_for_function("() => document.querySelector('#actions').getAttribute('aria-busy') !== 'true'")
        if switch:
            page.wait_for_function(f"window.primi.tableInfo().actions > {before}")  # on again: the key played
            settle(page)
            check_log_kept(page)
    assert dealends >= 1
    assert {"s", "f", "Enter", "hand-arrows", "switch"} <= used, used
    assert "p" in used or "digit" in used, used


def primiera_by_keys(page: Page, server: str) -> None:
    page.set_viewport_size(PHONE)
    start(page, server, "primiera", "2p", ["human", "easy"], seed=3, max_rounds=1)
    plays = 0
    for step in range(40):
        if step == 3:
            page.set_viewport_size(DESKTOP)
        settle(page)
        if page.locator("#game-end").count() or plays >= 5:
            break
        if page.locator("#dealend").is_visible():
            check_dealend(page)
            continue
        f = no_body(page, f"move {plays}")
        assert f["inHand"] or f["inBar"], f
        if step == 0:
            check_help_dialog(page, "primiera")
            check_read(page, ["Round 1", "on the table:", "You:", "hand:", "your turn"])
        # The hand is one tab stop: arrows move; Enter plays a card with one move (one tap), or
        # picks a card with several, and 1 plays its first option.
        page.locator("#my-hand button.card[tabindex='0']").focus()
        page.keyboard.press("ArrowRight")
        one = page.evaluate("document.activeElement.dataset.action") != "pick"
        before = page.evaluate("window.primi.tableInfo().actions")
        page.keyboard.press("Enter")
        if not one:
            expect(page.locator("#actions button[data-action]").first).to_be_visible()
            page.keyboard.press("1")
        page.wait_for_function(f"window.primi.tableInfo().actions > {before}")
        plays += 1
        page.wait_for_function("() => document.querySelector('#actions').getAttribute('aria-busy') !== 'true'")
    assert plays >= 3


def primo_by_keys(page: Page, server: str) -> None:
    page.set_viewport_size(PHONE)
    start(page, server, "primo", "base", ["human", "easy"], seed=4)
    turns = 0
    for step in range(40):
        if step == 3:
            page.set_viewport_size(DESKTOP)
        settle(page)
        if page.locator("#game-end").count() or turns >= 6:
            break
        no_body(page, f"turn {turns}")
        if step == 0:
            check_help_dialog(page, "primo")
            check_read(page, ["row A", "You:", "hand:", "your turn"])
            check_bar_roving(page)
        # Pass or end the turn by the keyboard alone: the bar's stop, then the arrows to the control.
        target = "end" if page.locator("#actions [data-action=end]").count() else "pass"
        page.locator("#actions button[tabindex='0']").focus()
        for _ in range(6):
            if page.evaluate("document.activeElement.dataset.action") == target:
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.action") == target
        page.keyboard.press("Enter")
        turns += 1
        page.wait_for_function("() => document.querySelector('#actions').getAttribute('aria-busy') !== 'true'")
    assert turns >= 2


def errors_in_italian(page: Page, server: str) -> None:
    """Illegal and stale requests of every kind the table can make: each reply's sentence is the
    Italian table's, and none of the engine's English reaches the player."""
    page.goto(address(page, server) + "#/settings")
    page.select_option("#set-lang", "it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    start(page, server, "primero", "waks", ["human", "easy", "easy"], seed=8)
    settle(page)
    got = page.evaluate("""async () => {
      const {errorText} = await import('./app.js');
      const {session, viewer} = window.primi.tableInfo();
      const call = window.primi.engineCall;
      const asks = [
        {op: 'act', session, seat: 1, action: 'pass'},
        {op: 'act', session, seat: viewer, action: 'vie 9999'},
        {op: 'act', session, seat: viewer, action: '!!'},
        {op: 'act', session, seat: 9, action: 'pass'},
        {op: 'undo', session, seat: viewer},
        {op: 'show', session, seat: 2},
        {op: 'record', session},
        {op: 'act', session: 'gone', seat: 0, action: 'pass'},
        {op: 'no-such-op'},
        {op: 'replay', record: {format: 1}},
        {op: 'import_record', record: {format: 1, game: 'primero'}},
      ];
      const out = [];
      for (const a of asks) { const r = await call(a); out.push({error: r.error, key: r.key, kind: r.kind, ok: r.ok, text: errorText(r)}); }
      const it = (await import('./i18n/it.js')).default;
      const de = (await import('./i18n/de.js')).default;
      const {ERROR_KEYS} = await import('./shell/errors.js');
      const untranslated = ERROR_KEYS.filter((k) => !(k in it) || !(k in de));
      return {out, values: Object.values(it), untranslated, keys: ERROR_KEYS.length};
    }""")
    assert got["untranslated"] == [] and got["keys"] > 20, got["untranslated"]  # every error key, in it and de
    values = [re.compile("".join(".+" if re.fullmatch(r"\{\w+\}", part) else re.escape(part) for part in re.split(r"(\{\w+\})", v)) + "$")
              for v in got["values"]]
    for r in got["out"]:
        assert r["ok"] is False, r
        assert any(v.match(r["text"]) for v in values), r  # a sentence of the Italian table
        assert r.get("error") is None and r["key"], r  # the wire carries a key, never the engine's English
        assert "seat" not in r["text"] and "'" not in r["text"].replace("l'", "").replace("c'", "").replace("un'", ""), r
    # A stale control on the table: the alert is Italian too.
    page.evaluate("""() => { const b = document.querySelector('#actions button[data-action]:not([disabled])');
      b.dataset.action = 'vie 9999'; b.click(); }""")
    expect(page.locator("#table-message")).to_have_text("Questa mossa ora non è possibile. Il tavolo mostra che cosa puoi fare.")


def test_keys_focus_reading_and_errors_in_each_game(take: Callable[[str], Page], server: str,
                                                    request: pytest.FixtureRequest) -> None:
    """One page, the phone page the tests share (no boot of its own), no card moving: Primero,
    Primiera and Primo by the keyboard, then Italian errors (its settings are put back after)."""
    page = still(request, take("phone"), server)
    primero_by_keys(page, server)
    primiera_by_keys(page, server)
    primo_by_keys(page, server)
    log_pages(page, server)
    errors_in_italian(page, server)

"""Playing together across devices (issue 22) through the real pages, for e2e/together/test_together.py
and test_together_games.py: a player's own device (a browser context with the settings and the hooks
that record every message its data channels deliver; the host's, the desktop page the pytest process
shares, ``hosting``; one guest's, the page of the context it keeps, ``kept_guest``), the guest's join
screen, and the play loop in which every player plays their turns until every table shows the end."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from playwright.sync_api import BrowserContext, Page, Request, expect

from kit import READY_TIMEOUT, STEP_TIMEOUT
from kit.hidden import views_in
from kit.tables import READY, SIZES, use_settings

SETTINGS = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "off", "lang": "en"}


# Every message a data channel delivers to the page (peer.js sets `onmessage`), and every
# RTCPeerConnection's ICE servers (none may be set while the setting is off).
HOOK = """
window.__netIn = [];
window.__iceLeak = [];
const Native = window.RTCPeerConnection;
if (Native) {
  window.RTCPeerConnection = function (config, ...rest) {
    if (config && Array.isArray(config.iceServers) && config.iceServers.length) window.__iceLeak.push(JSON.stringify(config.iceServers));
    return new Native(config, ...rest);
  };
  window.RTCPeerConnection.prototype = Native.prototype;
  const d = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true, get() { return d.get.call(this); },
    set(fn) { d.set.call(this, fn && ((e) => { window.__netIn.push(String(e.data)); return fn.call(this, e); })); },
  });
}
"""


def state_of(game: str) -> str:
    """A table's state for the play loops: a deal's end (the last one's too), the end, or its player's turn (else null)."""
    return f"""() => {{
  const over = document.querySelector('#dealend');
  if (over && !over.hidden) return 'dealend';
  if (document.querySelector('#game-end')) return 'end';
  if (document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && ({READY[game]})) return 'me';
  return null;
}}"""


# The host's table moved past ``n`` actions, ended, or shows a deal's summary (its loop waits there).
MOVED = """(n) => { const t = window.primi.tableInfo(), over = document.querySelector('#dealend');
  return t.terminal || t.actions > n || (over && !over.hidden); }"""


def player(browser: Any, server: str, size: str, url: str) -> tuple[BrowserContext, Page]:
    """A player's own device: a context of its own, the settings and the hooks before any script."""
    ctx: BrowserContext = browser.new_context(**SIZES[size])
    ctx.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(SETTINGS))})")
    ctx.add_init_script(HOOK)
    page = ctx.new_page()
    record_requests(page, ctx)
    page.goto(url)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    return ctx, page


def record_requests(page: Page, where: BrowserContext | Page) -> Any:
    """Every URL ``where`` asks for from now on, in ``requests_of(page)`` (none may be on another
    origin); the listener, to remove when the device is a kept one."""
    requests: list[str] = []
    page.requests = requests  # type: ignore[attr-defined]

    def seen(r: Request) -> None:
        requests.append(r.url)

    where.on("request", seen)
    return seen


def requests_of(page: Page) -> list[str]:
    got: list[str] = page.requests  # type: ignore[attr-defined]
    return got


NAME_KEY = "primi.net.name"  # the name a player typed in a lobby or a join screen (web/shell/net/guest.js)


@contextlib.contextmanager
def hosting(page: Page, server: str) -> Iterator[Page]:
    """The host's device for one test: the booted desktop page this pytest process shares (conftest's
    ``take``), another device than any guest's, at the home screen. While the test runs its speed is
    off, as every player's is here (``SETTINGS``), and every URL its context asks for is recorded
    (``requests_of``); its RTCPeerConnections are in conftest's ``window.__primiRtc``. After, its table
    is closed, and the speed and the name kept in its storage are as they were, for the tests that
    share the page next."""
    name = page.evaluate("(k) => localStorage.getItem(k)", NAME_KEY)
    settings = use_settings(page, {**json.loads(page.evaluate("localStorage.getItem('primi.settings.v1') || '{}'")),
                                   "speed": "off", "speedChosen": True})
    seen = record_requests(page, page.context)
    try:
        yield page
    finally:
        page.context.remove_listener("request", seen)
        if not page.is_closed():
            # The table closed as a host who leaves closes it (its guests told, its connections shut):
            # else the host finds its guests gone later, hands their seats to the computer and shows
            # its panel over the next tests' screens.
            page.evaluate("() => import('./shell/net/host.js').then((m) => m.closeTable())")
            page.evaluate("([k, v]) => v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)", [NAME_KEY, name])
            use_settings(page, settings)


@contextlib.contextmanager
def kept_guest(page: Page, url: str) -> Iterator[Page]:
    """A guest's device: the page of the context the pytest process keeps (conftest's ``kept_page``:
    another context than the host's, its storage emptied), at a phone's size, with the settings and
    the hooks before any script, opened at ``url`` (the invite); every URL its context asks for recorded
    while the test runs."""
    page.set_viewport_size(SIZES["phone"]["viewport"])
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(SETTINGS))})")
    page.add_init_script(HOOK)
    seen = record_requests(page, page.context)
    try:
        page.goto(url)
        page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
        yield page
    finally:
        page.context.remove_listener("request", seen)


def guest_answer(page: Page, name: str) -> str:
    """The guest's join screen: their name, then the answer to send back."""
    expect(page.locator("#screen-join")).to_be_visible(timeout=STEP_TIMEOUT)
    page.locator("#join-name").fill(name)
    page.locator("#join-name").dispatch_event("change")
    answer = page.locator("#join-answer-text")
    expect(answer).to_be_visible(timeout=STEP_TIMEOUT)
    expect(page.locator("#join-hostruns")).to_contain_text("The host's device runs the game")
    return answer.input_value()


def paste(page: Page, box: str, button: str, text: str) -> None:
    page.locator(box).fill(text)
    page.locator(button).click()


def fold_or_step(page: Page, step: int, game: str = "primero") -> None:
    """One move of the player on ``page``, as the game's own play tests make it."""
    if game == "primiera":
        from kit.primiera import human_step as primiera_step

        primiera_step(page, step)
        return
    if game == "primo":
        from kit.primo import do, policy

        do(page, policy(shown_view(page)))
        return
    from kit.primero import human_step

    assert human_step(page, step) is not None, "the player had nothing to do"


def play_all(host: Page, guests: list[Page], game: str, snapshots: dict[int, list[tuple[int, str]]],
             stop_after: int | None = None) -> int:
    """Every player plays their turns (the computers theirs, on the host's device) until every
    table shows the end, or until the guests have made ``stop_after`` moves; each guest's turn keeps
    its DOM, by guest. The host's table says whose turn it is, so the test waits on that player's
    page only (the guest's View arrives over the wire). The guests' moves made."""
    state = state_of(game)
    seat_of = {page.evaluate("window.primi.tableInfo().viewer"): i for i, page in enumerate(guests)}
    moves = 0
    for step in range(800):
        if host.evaluate(state) == "dealend":
            host.locator("#dealend-go").click()
            continue
        info = host.evaluate("window.primi.tableInfo()")
        if info["terminal"]:
            break
        cur, before = info["current"], info["actions"]
        if cur in seat_of:
            k = seat_of[cur]
            page = guests[k]
            got = page.wait_for_function(state, timeout=STEP_TIMEOUT).json_value()
            if got == "dealend":
                page.locator("#dealend-go").click()
                continue
            assert got == "me", (got, info)
            snapshots.setdefault(k, []).append((page.evaluate("window.primi.tableInfo().actions"), page.content()))
            fold_or_step(page, step, game)
            moves += 1
        elif cur == 0:
            got = host.wait_for_function(state, timeout=STEP_TIMEOUT).json_value()
            if got != "me":
                continue
            fold_or_step(host, step, game)
        # The move (or a computer's) reached the host's table; or a deal's summary stops it there.
        host.wait_for_function(MOVED, arg=before, timeout=STEP_TIMEOUT)
        if stop_after is not None and moves >= stop_after:
            return moves
    else:
        raise AssertionError("no end")
    # The end: every guest's table shows it, each closing its last deal's summary first.
    for page in guests:
        for _ in range(3):
            got = page.wait_for_function(state, timeout=STEP_TIMEOUT).json_value()
            if got == "end":
                break
            if got == "dealend":
                page.locator("#dealend-go").click()
    return moves


def shown_view(page: Page) -> dict[str, Any]:
    """The View on a page's table: the host's last own View (its worker's replies, ?debug), a
    guest's last View received (the latest few are read: the whole history grows with the game)."""
    seat = page.evaluate("window.primi.tableInfo().viewer")
    for last in (12, None):
        if page.evaluate("!!window.primi.replies"):
            texts = page.evaluate("(n) => window.primi.replies.slice(n ? -n : 0).map((r) => r.reply)", last)
        else:
            texts = page.evaluate("(n) => window.__netIn.slice(n ? -n : 0)", last)
        views = [v for text in texts for v in views_in(json.loads(text)) if v["seat"] == seat]
        if views:
            return views[-1]
    raise AssertionError(f"no View of seat {seat} on the page")


def received(page: Page) -> list[dict[str, Any]]:
    return [json.loads(m) for m in page.evaluate("window.__netIn")]

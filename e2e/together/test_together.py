"""Playing together across devices (issue 22), through the real pages: one Chromium, one browser
context per player, the test carrying the invite and the answer between them as a person would
(read from one page, pasted or opened in the other). The host plays on the desktop page this pytest
process shares (kit.together.hosting; the tampering host on a context of its own), the guest on the
page of the context it keeps (kit.together.kept_guest), or on a context of its own where the test
closes it.

- A whole Primero (Waks, one deal) game between a host and one guest on a phone: every message the
  guest's data channel received, and its DOM at each of its turns, holds no card of the host's
  hand (e2e/kit/hidden.py against the record the host reveals); the guest's own worker verifies the deal.
  Both end screens offer "Review this game". A host that deals another seed is caught, and its
  guest's review is refused (a deal that cannot be trusted).
- A guest dropped mid-game (their context closed): the host's table says the computer took the
  seat and shows a new invite; the guest comes back through it and sees their hand, plays to the
  end, and once its device says "Deal verified" reviews its own seat in its own worker.
- A guest's reload: "Ask the host for a new link", never a broken table.

Every context's init script fails the test if an RTCPeerConnection is made with ICE servers while
"Play across the internet" is off (the default)."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from kit import READY_TIMEOUT, STEP_TIMEOUT, foreign
from kit.hidden import Truth, views_in
from kit.review import marks_and_chart
from kit.tables import SIZES, address
from kit.together import SETTINGS, guest_answer, hosting, kept_guest, paste, play_all, player, received, requests_of
from playwright.sync_api import BrowserContext, Page, expect


def host_lobby(page: Page, server: str, seed_route: str, host_name: str = "") -> str:
    """The host sets up a table with one friend (and types their name, if given): the invite link the lobby shows."""
    page.goto(address(page, server) + "#" + seed_route)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    expect(page.locator("#screen-setup")).to_be_visible()
    page.locator("#setup-together").check()
    expect(page.locator("#seat-1")).to_have_value("remote")
    expect(page.locator("#setup-fallback")).to_have_value("medium")
    page.locator("#setup-start").click()
    expect(page.locator("#screen-together")).to_be_visible(timeout=STEP_TIMEOUT)
    expect(page.locator("#together-note")).to_contain_text("Your device runs the game")
    if host_name:
        page.locator("#together-name").fill(host_name)
        page.locator("#together-name").blur()
    link = page.locator("#together-seats li[data-state=waiting] input.net-link")
    expect(link).to_have_count(1, timeout=STEP_TIMEOUT)
    return link.input_value()


def play_to_the_end(host: Page, guest: Page, snapshots: list[tuple[int, str]], stop_after: int | None = None) -> int:
    """A host and one guest play (Primero) until the end, or until the guest made ``stop_after``
    moves; the guest's DOM at each of its turns goes to ``snapshots``. The guest's moves made."""
    by_guest: dict[int, list[tuple[int, str]]] = {}
    moves = play_all(host, [guest], "primero", by_guest, stop_after)
    snapshots.extend(by_guest.get(0, []))
    return moves


@contextlib.contextmanager
def connect(server: str, host: Page, kept: Page, route: str, name: str = "Anna", audit: bool = False,
            host_name: str = "") -> Iterator[Page]:
    """A host (``host``, at its home screen: the shared desktop page under ``hosting``, or a context
    of its own) and a guest (``kept``: kept_guest, at a phone's size) at one table, started; the
    guest's page. ``audit``: axe on the lobby and the join screen."""
    invite = host_lobby(host, server, route, host_name)
    with kept_guest(kept, invite) as guest:
        start_together(host, guest, name, audit)
        yield guest


def start_together(host: Page, guest: Page, name: str, audit: bool = False) -> None:
    """The guest answers the invite it opened, the host takes the answer and starts the table."""
    answer = guest_answer(guest, name)
    if audit:
        from kit.a11y import axe

        for page, where in ((host, "the lobby"), (guest, "the join screen")):
            assert axe(page) == [], where
    paste(host, "#together-answer", "#together-accept", answer)
    expect(host.locator("#together-seats li[data-state=ready]")).to_contain_text(name, timeout=STEP_TIMEOUT)
    expect(host.locator("#together-start")).to_have_text("Start")
    host.locator("#together-start").click()
    expect(host.locator("#screen-table[data-game=primero]")).to_be_visible(timeout=READY_TIMEOUT)
    expect(guest.locator("#screen-table[data-game=primero]")).to_be_visible(timeout=READY_TIMEOUT)


Take = Callable[[str], Page]


def test_a_whole_primero_game_between_two_devices(server: str, take: Take, kept_page: Page) -> None:
    errors: list[str] = []

    def error(m: Any) -> None:
        if m.type == "error":
            errors.append(m.text)

    with contextlib.ExitStack() as stack:
        host = stack.enter_context(hosting(take("desktop"), server))
        guest = stack.enter_context(connect(server, host, kept_page, "/play/primero?variant=waks&players=2&opt-deals=1",
                                            audit=True, host_name="Marta"))
        for page in (host, guest):
            page.on("console", error)
            stack.callback(page.remove_listener, "console", error)
        # Names: the guest is "You" on their own screen and Anna on the host's; no undo at a net table.
        assert guest.evaluate("window.primi.tableInfo().names") == ["Marta", "You"]  # the name the host typed
        assert host.evaluate("window.primi.tableInfo().names") == ["You", "Anna"]
        expect(host.locator("#table-undo")).to_be_hidden()
        snapshots: list[tuple[int, str]] = []
        play_to_the_end(host, guest, snapshots)
        expect(guest.locator("#game-end")).to_be_visible(timeout=STEP_TIMEOUT)
        # The guest's own worker checked the deal against the host's reveal.
        expect(guest.locator("#end-verify")).to_have_attribute("data-verify", "ok", timeout=STEP_TIMEOUT * 2)
        expect(guest.locator("#end-verify")).to_contain_text("Deal verified")
        # Each player's end screen offers the review of their own game (the guest's: test_a_host_that_deals_…).
        for page in (host, guest):
            expect(page.locator("#end-review")).to_be_visible()
        messages = received(guest)
        reveal = next(m for m in messages if m.get("t") == "reveal")
        truth = Truth.of(reveal["record"])
        last = 0  # the actions of the last View received: the coach's answers speak of that table
        for i, m in enumerate(messages):
            if m.get("t") in ("reveal",):
                continue
            for v in views_in(m):
                if v["terminal"]:
                    continue
                assert v["seat"] == 1, f"message {i} carries the View of seat {v['seat']}"
                assert v["record"] is None and v["seed"] is None, f"message {i} tells the record or the seed early"
                truth.check(1, v["actions"], m, f"message {i} ({m.get('t')})")
                last = v["actions"]
            if m.get("t") == "op":
                truth.check(1, last, m, f"message {i} (the coach)")
        # The guest's coach (on by default) is answered by the host's worker, for the guest's seat.
        coach = [m for m in messages if m.get("t") == "op"]
        assert coach and all(m.get("name") == "coach" and "result" in m for m in coach), coach[:3]
        assert snapshots, "the guest played"
        for actions, html in snapshots:
            truth.check_html(1, actions, html, "the guest's page")
        # A rematch once both accept, the seats kept.
        sessions = [p.evaluate("window.primi.tableInfo().session") for p in (host, guest)]
        expect(host.locator("#game-end")).to_be_visible()
        host.locator("#end-rematch").click()
        expect(host.locator("#end-verify")).to_contain_text("waiting for Anna")
        guest.locator("#end-rematch").click()
        for page, before in zip((host, guest), sessions, strict=True):
            page.wait_for_function("(s) => { const t = window.primi.tableInfo(); return t && t.session !== s && !t.terminal; }",
                                   arg=before, timeout=STEP_TIMEOUT)
        assert guest.evaluate("window.primi.tableInfo().names") == ["Marta", "You"]
        assert guest.evaluate("window.__iceLeak") == [], "an ICE server was set while the setting is off"
        assert host.evaluate("window.__primiRtc.filter((m) => m.servers)") == [], "an ICE server was set while the setting is off"
        for page in (host, guest):
            assert foreign(requests_of(page), server) == [], "a request to another origin"
        assert errors == []


def new_invite(host: Page) -> str:
    """The new invite the host's table shows for a friend who left."""
    link = host.locator("#net-panel input.net-link")
    expect(link).to_have_count(1, timeout=STEP_TIMEOUT)
    return link.input_value()


def come_back(host: Page, guest: Page, name: str, tab_of: BrowserContext | None = None) -> None:
    """The guest answers the new invite; the host pastes the answer on the table's panel, or
    (``tab_of``: the host's context) opens its link in a new tab. The guest has their seat and hand back."""
    answer = guest_answer(guest, name)
    if tab_of is None:
        paste(host, "#net-panel-answer", "#net-panel-accept", answer)
    else:
        other = tab_of.new_page()
        other.goto(answer)
        expect(other.locator("#answer-status")).to_have_text("The answer went to your table in the other tab. You can close this one.",
                                                             timeout=READY_TIMEOUT)
        other.close()
    expect(host.locator("#table-net")).to_contain_text(f"{name} is back", timeout=STEP_TIMEOUT)
    expect(guest.locator("#screen-table[data-game=primero]")).to_be_visible(timeout=READY_TIMEOUT)
    expect(guest.locator("#my-hand [data-card]").first).to_be_visible(timeout=STEP_TIMEOUT)


def test_a_dropped_guest_is_replaced_and_comes_back(browser: Any, server: str, take: Take, kept_page: Page) -> None:
    with hosting(take("desktop"), server) as host:
        # The guest's first phone: a context of its own, closed mid-game.
        invite = host_lobby(host, server, "/play/primero?variant=waks&players=2&opt-deals=2")
        phone, guest = player(browser, server, "phone", invite)
        try:
            start_together(host, guest, "Bruno")
            play_to_the_end(host, guest, [], stop_after=1)
        finally:
            phone.close()  # the phone is gone
        expect(host.locator("#table-net")).to_contain_text("Bruno left", timeout=20_000)
        # Back through the new invite, on another phone; the host opens the answer's link in a new
        # tab, which hands it to the table's tab.
        with kept_guest(kept_page, new_invite(host)) as guest:
            come_back(host, guest, "Bruno", host.context)
            expect(host.locator("#net-panel")).to_have_count(0)
            # To the end: the friend's device checks the deal, and only then reviews its own seat, from the
            # record it verified, in its own worker: the replay viewer names the host "Player 1" (a player on
            # another device) and reviews "You" at once.
            play_to_the_end(host, guest, [])
            expect(guest.locator("#end-verify")).to_have_attribute("data-verify", "ok", timeout=STEP_TIMEOUT * 2)
            expect(guest.locator("#end-review")).to_be_enabled()
            guest.locator("#end-review").click()
            expect(guest.locator("#screen-replay[data-game=primero]")).to_be_visible(timeout=STEP_TIMEOUT)
            expect(guest.locator("#review-seat")).to_have_count(0)
            expect(guest.locator("#replay-seat option[value='0']")).to_contain_text("Player 1")
            reviewed = marks_and_chart(guest)
            assert reviewed["seat"] == 1, reviewed


def test_the_host_reloads_and_the_guest_rejoins(server: str, take: Take, kept_page: Page) -> None:
    with hosting(take("desktop"), server) as host, \
            connect(server, host, kept_page, "/play/primero?variant=waks&players=2&opt-deals=2", name="Dario") as guest:
        play_to_the_end(host, guest, [], stop_after=1)
        actions = host.evaluate("window.primi.tableInfo().actions")
        host.reload()
        host.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
        # The game goes on from the host's save, the friend's seat the computer's until they are back.
        expect(host.locator("#screen-table[data-game=primero]")).to_be_visible(timeout=READY_TIMEOUT)
        assert host.evaluate("window.primi.tableInfo().actions") >= actions
        expect(host.locator("#table-net")).to_contain_text("Send your friends new invites", timeout=STEP_TIMEOUT)
        expect(guest.locator("#table-net")).to_contain_text("Ask the host for a new link", timeout=20_000)
        guest.goto(new_invite(host))
        come_back(host, guest, "Dario")
        assert host.evaluate("window.primi.tableInfo().names")[1] == "Dario"


def test_a_host_that_deals_another_seed_is_caught(browser: Any, server: str, kept_page: Page) -> None:
    """The host's worker deals from another seed than the one every secret chose (?debug&tamper):
    the guest's page warns at the end. The host's device a context of its own (its address is not
    the shared pages')."""
    host_ctx, host = player(browser, server, "desktop", server + "?debug&tamper#/")
    try:
        with connect(server, host, kept_page, "/play/primero?variant=waks&players=2&opt-deals=1", name="Elsa") as guest:
            play_to_the_end(host, guest, [])
            verdict = guest.locator("#end-verify")
            expect(verdict).to_have_attribute("data-verify", "net.verify.seed", timeout=STEP_TIMEOUT * 2)
            expect(verdict).to_contain_text("Warning")
            # A deal that cannot be trusted is not reviewed as the guest's game (the host's review stays).
            expect(guest.locator("#end-review")).to_be_disabled()
            expect(guest.locator("#end-review")).to_have_attribute("aria-describedby", "end-verify")
            expect(host.locator("#end-review")).to_be_enabled()
            # "Play this deal again" on one screen: the host's seat a player's there too (not a refused link).
            expect(guest.locator("#end-replay")).to_have_attribute("href", re.compile(r"[?&]seats=human,human(&|$)"))
    finally:
        host_ctx.close()


def test_a_guest_reload_asks_for_a_new_link(server: str, take: Take, kept_page: Page) -> None:
    with hosting(take("desktop"), server) as host, \
            connect(server, host, kept_page, "/play/primero?variant=waks&players=2&opt-deals=1", name="Carla") as guest:
        guest.reload()
        expect(guest.locator("#join-message")).to_have_text("This page no longer holds that table. Ask the host for a new link.",
                                                            timeout=READY_TIMEOUT)
        expect(guest.locator("#screen-table")).to_have_count(0)


@pytest.mark.parametrize("lang", ["it", "de"])
def test_the_screens_speak_the_players_language(server: str, kept_page: Page, lang: str) -> None:
    """No engine words and no English on the setup's choice, the lobby, an answer with no table. A
    player's first load in their language: the page of the context this pytest process keeps (its
    storage emptied), at a phone's size, the setting stored before any script."""
    page = kept_page
    page.set_viewport_size(SIZES["phone"]["viewport"])
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps({**SETTINGS, 'lang': lang}))})")
    page.goto(server + "#/answer?a=nothing")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    words = {"it": "nessun tavolo", "de": "kein Tisch"}[lang]
    expect(page.locator("#answer-status")).to_contain_text(words)
    page.goto(server + "#/together")
    expect(page.locator("#together-none")).to_contain_text(words)
    page.goto(server + "#/play/primero?variant=waks&players=2")
    page.locator("#setup-together").check()
    options = page.locator("#seat-1 option").all_inner_texts()
    assert not any("remote" in o for o in options), options
    # Settings: playing across the internet is off, and says which server it would contact.
    page.goto(server + "#/settings")
    expect(page.locator("#set-internet")).not_to_be_checked()
    expect(page.locator("#set-stun")).to_have_value("stun:stun.l.google.com:19302")
    expect(page.locator("#set-net legend")).to_have_text({"it": "Gioca via internet", "de": "Übers Internet spielen"}[lang])

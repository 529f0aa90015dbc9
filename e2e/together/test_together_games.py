"""Playing together across devices (issue 22): a whole game of the other tables, one browser
context per player, the invites and answers carried between them as a person would (the helpers
are e2e/kit/together.py's, which e2e/together/test_together.py uses too; a file of its own so that
the two xdist workers share the long games).

- Primiera Kaleidos: the host and three friends on phones.
- Primo, three players: the host, a friend and a computer on the host's device.
- Primero Northpass, four players: the host, two friends and a computer.

Each guest sees only its own hand in every message and on its page, and every guest's worker
verifies the deal."""

from __future__ import annotations

import json
from typing import Any

from kit import READY_TIMEOUT, STEP_TIMEOUT, foreign
from kit.hidden import Truth, views_in
from kit.together import guest_answer, paste, play_all, player, received
from playwright.sync_api import BrowserContext, Page, expect


def friends_join(browser: Any, server: str, host: Page, names: list[str]) -> list[tuple[BrowserContext, Page]]:
    """Each waiting invite of the lobby opened on a phone of its own, its answer pasted back; all in."""
    links = host.locator("#together-seats li[data-state=waiting] input.net-link")
    expect(links).to_have_count(len(names), timeout=STEP_TIMEOUT)
    invites = [links.nth(i).input_value() for i in range(len(names))]
    guests: list[tuple[BrowserContext, Page]] = []
    for name, invite in zip(names, invites, strict=True):
        ctx, page = player(browser, server, "phone", invite)
        guests.append((ctx, page))
        paste(host, "#together-answer", "#together-accept", guest_answer(page, name))
    expect(host.locator("#together-seats li[data-state=ready]")).to_have_count(len(names), timeout=STEP_TIMEOUT)
    return guests


def check_guests(guests: list[tuple[BrowserContext, Page]], snapshots: dict[int, list[tuple[int, str]]], server: str,
                 game: str = "primero") -> None:
    """Every guest verified the deal, and saw only its own seat's View in every message and on its
    page (Primo's cards and DOM checked as e2e/primo/test_primo.py checks a local table)."""
    for k, (ctx, page) in enumerate(guests):
        assert foreign(ctx.requests, server) == [], f"guest {k} asked another origin"
        assert page.evaluate("window.__iceLeak") == [], "an ICE server was set while the setting is off"
        seat = page.evaluate("window.primi.tableInfo().viewer")
        expect(page.locator("#end-verify")).to_have_attribute("data-verify", "ok", timeout=STEP_TIMEOUT * 2)
        messages = received(page)
        record = next(m for m in messages if m.get("t") == "reveal")["record"]
        views = [(i, m, v) for i, m in enumerate(messages) if m.get("t") != "reveal" for v in views_in(m) if not v["terminal"]]
        assert all(v["seat"] == seat for _, _, v in views), f"guest {k} got another seat's View"
        if game == "primo":
            from kit.primo import GAME, check_dom, primo_tokens, states_of

            states = states_of(record)
            for i, m, v in views:
                n = v["actions"]
                assert v["observation"] == json.loads(json.dumps(GAME.observation(states[n], seat))), f"guest {k} message {i}"
                leaked = primo_tokens(m) & set(GAME.hidden_cards(states[n], seat))
                assert not leaked, f"guest {k} message {i} holds hidden cards {sorted(leaked)}"
            check_dom([(seat, n, html) for n, html in snapshots.get(k, [])], states)
            continue
        truth = Truth.of(record)
        for i, m, v in views:
            truth.check(seat, v["actions"], m, f"guest {k} message {i}")
        for actions, html in snapshots.get(k, []):
            truth.check_html(seat, actions, html, f"guest {k}'s page")


def a_whole_game(browser: Any, server: str, game: str, route: str, names: list[str], computer: int | None = None) -> None:
    """The host sets up ``route`` with friends (``names``, each on a phone) and, at seat ``computer``, a
    computer; everyone plays to the end; then check_guests on every friend."""
    host_ctx, host = player(browser, server, "desktop", server + "?debug#/")
    guests: list[tuple[BrowserContext, Page]] = []
    try:
        host.goto(server + "?debug#" + route)
        expect(host.locator("#screen-setup")).to_be_visible()
        host.locator("#setup-together").check()
        if computer is not None:
            host.select_option(f"#seat-{computer}", "medium")
        host.locator("#setup-start").click()
        guests = friends_join(browser, server, host, names)
        expect(host.locator("#together-start")).to_have_text("Start", timeout=STEP_TIMEOUT)
        host.locator("#together-start").click()
        for _, page in guests:
            expect(page.locator(f"#screen-table[data-game={game}]")).to_be_visible(timeout=READY_TIMEOUT)
        snapshots: dict[int, list[tuple[int, str]]] = {}
        play_all(host, [p for _, p in guests], game, snapshots)
        assert snapshots, "the friends played"
        check_guests(guests, snapshots, server, game)
    finally:
        for ctx, _ in guests:
            ctx.close()
        host_ctx.close()


def test_primiera_kaleidos_with_three_friends(browser: Any, server: str) -> None:
    """Four devices at one Kaleidos table (one round): each guest sees only its own hand in every
    message and on its page, and every guest's worker verifies the deal."""
    a_whole_game(browser, server, "primiera", "/play/primiera?variant=kaleidos&opt-target=0&opt-max_rounds=1",
                 ["Guest 1", "Guest 2", "Guest 3"])


def test_primo_with_a_friend_and_a_computer(browser: Any, server: str) -> None:
    """Primo, three players: the host, a friend and a computer on the host's device; one round."""
    a_whole_game(browser, server, "primo", "/play/primo?variant=rounds&players=3&opt-rounds=1", ["Fede"], computer=2)


def test_primero_northpass_with_two_friends_and_a_computer(browser: Any, server: str) -> None:
    """Northpass, four players, one deal: the host, two friends on phones and a computer."""
    a_whole_game(browser, server, "primero", "/play/primero?variant=northpass&players=4&opt-deals=1", ["Gina", "Ivo"], computer=3)

"""Playing together across devices (issue 22): a whole game of the other tables, one browser
context per player, the invites and answers carried between them as a person would (the helpers
are e2e/kit/together.py's, which e2e/together/test_together.py uses too; a file of its own so that
the two xdist workers share the long games). The host plays on the desktop page this pytest process
shares (kit.together.hosting), the first friend on the page of the context it keeps (kept_guest),
each other friend on a new context of their own: every player's device is another context.

- Primiera Kaleidos: the host and three friends on phones.
- Primo, three players: the host, a friend and a computer on the host's device.
- Primero Northpass, four players: the host, two friends and a computer.

Each guest sees only its own hand in every message and on its page, and every guest's worker
verifies the deal."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

from kit import READY_TIMEOUT, STEP_TIMEOUT, foreign
from kit.hidden import Truth, views_in
from kit.tables import address
from kit.together import guest_answer, hosting, kept_guest, paste, play_all, player, received, requests_of
from playwright.sync_api import Page, expect


def friends_join(browser: Any, server: str, host: Page, names: list[str], devices: contextlib.ExitStack,
                 kept: Page | None = None) -> list[Page]:
    """Each waiting invite of the lobby opened on a phone of its own (the first on ``kept``, the page
    of the context this pytest process keeps, if given; the others each on a new context), its answer
    pasted back; all in."""
    links = host.locator("#together-seats li[data-state=waiting] input.net-link")
    expect(links).to_have_count(len(names), timeout=STEP_TIMEOUT)
    invites = [links.nth(i).input_value() for i in range(len(names))]
    guests: list[Page] = []
    for name, invite in zip(names, invites, strict=True):
        if kept is not None and not guests:
            page = devices.enter_context(kept_guest(kept, invite))
        else:
            ctx, page = player(browser, server, "phone", invite)
            devices.callback(ctx.close)
        guests.append(page)
        paste(host, "#together-answer", "#together-accept", guest_answer(page, name))
    expect(host.locator("#together-seats li[data-state=ready]")).to_have_count(len(names), timeout=STEP_TIMEOUT)
    return guests


def check_guests(guests: list[Page], snapshots: dict[int, list[tuple[int, str]]], server: str, game: str = "primero") -> None:
    """Every guest verified the deal, and saw only its own seat's View in every message and on its
    page (Primo's cards and DOM checked as e2e/primo/test_primo.py checks a local table)."""
    for k, page in enumerate(guests):
        assert foreign(requests_of(page), server) == [], f"guest {k} asked another origin"
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


def a_whole_game(browser: Any, server: str, host: Page, game: str, route: str, names: list[str], computer: int | None = None,
                 kept: Page | None = None) -> None:
    """The host (``host``: the shared desktop page, ``hosting``) sets up ``route`` with friends
    (``names``, each on a phone: the first on ``kept`` if given) and, at seat ``computer``, a
    computer; everyone plays to the end; then check_guests on every friend."""
    with contextlib.ExitStack() as devices:
        devices.enter_context(hosting(host, server))
        host.goto(address(host, server) + "#" + route)
        expect(host.locator("#screen-setup")).to_be_visible()
        host.locator("#setup-together").check()
        if computer is not None:
            host.select_option(f"#seat-{computer}", "medium")
        host.locator("#setup-start").click()
        guests = friends_join(browser, server, host, names, devices, kept)
        expect(host.locator("#together-start")).to_have_text("Start", timeout=STEP_TIMEOUT)
        host.locator("#together-start").click()
        for page in guests:
            expect(page.locator(f"#screen-table[data-game={game}]")).to_be_visible(timeout=READY_TIMEOUT)
        snapshots: dict[int, list[tuple[int, str]]] = {}
        play_all(host, guests, game, snapshots)
        assert snapshots, "the friends played"
        check_guests(guests, snapshots, server, game)


def test_primiera_kaleidos_with_three_friends(browser: Any, server: str, take: Callable[[str], Page], kept_page: Page) -> None:
    """Four devices at one Kaleidos table (one round): each guest sees only its own hand in every
    message and on its page, and every guest's worker verifies the deal."""
    a_whole_game(browser, server, take("desktop"), "primiera", "/play/primiera?variant=kaleidos&opt-target=0&opt-max_rounds=1",
                 ["Guest 1", "Guest 2", "Guest 3"], kept=kept_page)


def test_primo_with_a_friend_and_a_computer(browser: Any, server: str, take: Callable[[str], Page], kept_page: Page) -> None:
    """Primo, three players: the host, a friend and a computer on the host's device; one round."""
    a_whole_game(browser, server, take("desktop"), "primo", "/play/primo?variant=rounds&players=3&opt-rounds=1", ["Fede"],
                 computer=2, kept=kept_page)


def test_primero_northpass_with_two_friends_and_a_computer(browser: Any, server: str, take: Callable[[str], Page],
                                                           kept_page: Page) -> None:
    """Northpass, four players, one deal: the host, two friends on phones and a computer."""
    a_whole_game(browser, server, take("desktop"), "primero", "/play/primero?variant=northpass&players=4&opt-deals=1",
                 ["Gina", "Ivo"], computer=3, kept=kept_page)

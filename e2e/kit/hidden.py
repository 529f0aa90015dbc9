"""Hidden-information checks for the e2e tests: what the page received from the worker, and what
it put in the DOM, against the cards each seat may not see.

The page is opened with ``?debug``, so it keeps every request and reply text in
``window.primi.replies``. The hidden cards are never asked from the page: once the game is
over, its record (in the final View) is replayed in CPython, and each seat's hidden cards after
each action come from ``Game.hidden_cards``, less the cards that seat has held itself and the
cards shown at a showdown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from pygame_core.records import Record, start

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
CARD = re.compile(r"^(10|[2-9AJQK])[SHDC]$")


def card_name(card: str) -> str:
    rank, suit = card[:-1], card[-1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


def replies(page: Page) -> list[dict[str, Any]]:
    """Every {request, reply} the page exchanged with the worker so far (needs ``?debug``)."""
    got = page.evaluate("window.primi.replies")
    assert isinstance(got, list), "open the page with ?debug so that it records the worker's replies"
    return [{"request": json.loads(r["request"]), "reply": json.loads(r["reply"]), "text": r["reply"]} for r in got]


def views_in(data: Any) -> Iterator[dict[str, Any]]:
    """Every View inside a reply (a new_game result holds one under ``view``)."""
    if isinstance(data, dict):
        if "observation" in data and "actions" in data and "seat" in data:
            yield data
        for v in data.values():
            yield from views_in(v)
    elif isinstance(data, list):
        for v in data:
            yield from views_in(v)


def strings_in(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from strings_in(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings_in(v)


def card_tokens(data: Any) -> set[str]:
    """Card texts (``7S``, ``10H``) anywhere in the strings of a JSON value."""
    return {tok for s in strings_in(data) for tok in re.split(r"[\s,;]+", s) if CARD.match(tok)}


def keyed(data: Any, key: str) -> Iterator[Any]:
    """Values of ``key`` anywhere in a JSON value."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k == key:
                yield v
            yield from keyed(v, key)
    elif isinstance(data, list):
        for v in data:
            yield from keyed(v, key)


@dataclass
class Truth:
    """A finished game replayed in CPython: per (seat, number of actions), the cards that seat may not know."""

    record: dict[str, Any]
    forbidden: dict[tuple[int, int], set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, record_json: dict[str, Any]) -> Truth:
        record = Record.from_json(record_json)
        game, state = start(record)
        players = dict(record.options)["players"]
        seats = list(range(-1, players))
        held: dict[int, set[str]] = {s: set() for s in seats}
        public: set[str] = set()
        truth = cls(record_json)
        for n in range(len(record.actions) + 1):
            spectator = game.observation(state, -1)
            last = spectator.get("last_deal") or {}
            public |= {c for shown in last.get("shown") or [] for c in shown.get("cards") or []}
            for s in seats:
                if s >= 0:
                    held[s] |= set(game.observation(state, s).get("hand") or [])
                hidden = set(game.hidden_cards(state, s)) - held[s] - public
                truth.forbidden[(s, n)] = hidden
            if n < len(record.actions):
                state = game.apply(state, record.actions[n])
        return truth

    def check(self, seat: int, actions: int, data: Any, where: str) -> None:
        leaked = card_tokens(data) & self.forbidden[(seat, actions)]
        assert not leaked, f"{where}: seat {seat} after {actions} actions received hidden cards {sorted(leaked)}"

    def check_html(self, seat: int, actions: int, html: str, where: str) -> None:
        for card in self.forbidden[(seat, actions)]:
            assert f'data-card="{card}"' not in html, f"{where}: {card} is in the DOM (seat {seat}, {actions} actions)"
            assert card_name(card) not in html, f"{where}: {card_name(card)} is in the DOM (seat {seat}, {actions} actions)"


def final_view(exchanges: list[dict[str, Any]]) -> dict[str, Any]:
    """The first View that says the game is over."""
    for ex in exchanges:
        for v in views_in(ex["reply"]):
            if v["terminal"]:
                return v
    raise AssertionError("no reply held the end of the game")


def check_exchanges(exchanges: list[dict[str, Any]], seed_drawn: bool) -> Truth:
    """Every reply before the end: no hidden card of the seat on screen, no record, no seed the
    worker drew. Returns the replayed game for further checks (the DOM snapshots)."""
    end = final_view(exchanges)
    assert end["record"], "the final View carries the record"
    truth = Truth.of(end["record"])
    seed = end["record"]["seed"]
    assert end["seed"] == seed, "the final View reveals the seed"
    seat, actions = -1, 0
    for i, ex in enumerate(exchanges):
        reply = ex["reply"]
        views = list(views_in(reply))
        if any(v["terminal"] for v in views):
            break
        for v in views:
            seat, actions = v["seat"], v["actions"]
            assert v["record"] is None, f"reply {i} ({ex['request'].get('op')}) carries the record"
            if seed_drawn:
                assert v["seed"] is None, f"reply {i} ({ex['request'].get('op')}) carries the seed"
        assert all(r is None for r in keyed(reply, "record")), f"reply {i} carries a record"
        if seed_drawn:
            assert all(s is None for s in keyed(reply, "seed")), f"reply {i} carries the seed"
            if seed >= 100_000:
                assert not re.search(rf"(?<!\d){seed}(?!\d)", ex["text"]), f"reply {i} holds the seed {seed}"
        truth.check(seat, actions, reply, f"reply {i} ({ex['request'].get('op')})")
    return truth

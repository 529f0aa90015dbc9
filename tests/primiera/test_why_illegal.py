"""Primiera: the one line on why a computer played its move (ai/explain.py), and the cards behind each round point."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core.primiera.ai import FACTORIES
from pygame_core.primiera.ai.explain import WHY_KEYS, explain
from pygame_core.primiera.game import GAME
from pygame_core.primiera.rules import DECK
from pygame_core.primiera.scoring import score_request, score_round
from pygame_core.rng import AgentRandom
from tests import string_tables

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r"^(?:[A2-7JQK])[CDHS]$")


def _obs(table: list[str], seat: int = 0, *, variant: str = "2p", players: int = 2, sides: Any = None,
         herald: Any = None, captured: list[list[str]] | None = None, hand_sizes: list[int] | None = None,
         stock_size: int = 20) -> dict[str, Any]:
    """A public observation (a spectator's, no hand) with ``seat`` to act."""
    return {"variant": variant, "players": players, "seat": -1, "hand": None, "to_act": seat, "table": table,
            "captured": captured or [[] for _ in range(players)], "sides": sides, "herald": herald,
            "hand_sizes": hand_sizes or [3] * players, "stock_size": stock_size}


def test_a_sweep_the_settebello_and_the_primiera_are_named() -> None:
    assert explain(_obs(["3C", "4H"]), "play 7S x 3C 4H") == {
        "key": "primiera.why.sweep", "seat": 0, "args": {"card": "7S", "captured": ["3C", "4H"]}}
    assert explain(_obs(["7D", "KC"]), "play 7S x 7D")["key"] == "primiera.why.sette"  # type: ignore[index]
    got = explain(_obs(["6H", "KC"], captured=[["2H"], []]), "play 6S x 6H")
    assert got is not None and got["key"] == "primiera.why.prim" and got["args"]["before"] == 12
    assert got["args"]["after"] == 18 + 18  # the 6 of cups over the 2, and the 6 of swords
    # The last card of the round clears the table but is no sweep (D-PA8).
    last = explain(_obs(["3C"], hand_sizes=[1, 0], stock_size=0), "play 3S x 3C")
    assert last is not None and last["key"] == "primiera.why.take"


def test_a_card_that_takes_nothing_blocks_feeds_or_is_cheap() -> None:
    # 5 on the table can be swept by a 5; with a king it adds up to 15: nothing sweeps it.
    assert explain(_obs(["5C"]), "play KS")["key"] == "primiera.why.block"  # type: ignore[index]
    # The next player is a partner (Kaleidos, the Herald of coins: partner on the right): 2 + 3 = 5.
    feed = explain(_obs(["2S"], variant="kaleidos", players=4, sides=[[0, 1], [2, 3]],
                        herald={"seat": 0, "card": "AD", "partnership": "right"}), "play 3H")
    assert feed is not None and feed["key"] == "primiera.why.feed" and feed["args"]["partner"] == 1
    assert explain(_obs(["KC", "QC"]), "play 2S")["key"] == "primiera.why.cheap"  # type: ignore[index]
    assert explain(_obs(["KC", "QC"]), "play 7S")["key"] == "primiera.why.safe"  # type: ignore[index]
    assert explain(_obs([]), "play 7S")["key"] == "primiera.why.throw"  # type: ignore[index]


def test_the_first_herald_names_the_partner_and_a_pick_stays_secret() -> None:
    obs = _obs(["5C"], seat=1, variant="kaleidos", players=4)
    assert explain(obs, "play AH") == {"key": "primiera.why.herald", "seat": 1, "args": {"card": "AH", "partner": 3}}
    assert explain(obs, "play AS")["key"] == "primiera.why.herald.alone"  # type: ignore[index]
    # Once a Herald has been played, an ace is a plain card.
    played = _obs(["5C"], seat=1, variant="kaleidos", players=4, sides=[[0, 2], [1, 3]],
                  herald={"seat": 0, "card": "AH", "partnership": "opposite"})
    assert explain(played, "play AS")["key"] != "primiera.why.herald.alone"  # type: ignore[index]
    assert explain(_obs([], variant="kaleidos", players=4), "pick 5C") is None


@pytest.mark.parametrize("variant", ["kaleidos", "classic", "2p", "3p"])
def test_every_ai_move_is_explained_from_public_cards_only(variant: str) -> None:
    """Whatever the level, the line names only the card played and cards that were on the table."""
    for seed, level in ((1, "easy"), (2, "medium"), (3, "hard")):
        agent = FACTORIES[level]()
        rng = AgentRandom(seed)
        s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
        while not GAME.is_terminal(s):
            seat = GAME.current_player(s)
            action = agent.choose(GAME.observation(s, seat), GAME.legal_actions(s), rng)
            public = GAME.observation(s, -1)
            why = agent.explain(public, action)  # type: ignore[attr-defined]
            if action.startswith("pick"):
                assert why is None
            else:
                assert why is not None and why["key"] in WHY_KEYS and why["seat"] == seat
                named = {c for v in why["args"].values() for c in (v if isinstance(v, list) else [v])
                         if isinstance(c, str) and CARD.match(c)}
                assert named <= set(s.table) | {action.split()[1]}
            s = GAME.apply(s, action)


def test_every_why_key_has_its_english_text_with_its_args() -> None:
    strings = string_tables.strings("en")
    for key in WHY_KEYS:
        assert key in strings, key
        assert "{name}" in strings[key] and "{card}" in strings[key]


# --- the cards behind each round point -------------------------------------------------------------


def test_the_breakdown_names_the_coins_the_settebello_and_the_primiera_cards() -> None:
    a = ["7D", "2D", "6S", "AH", "5C", "KS"]
    b = [c for c in DECK if c not in a]
    got = score_round([a, b], [0, 0])
    ev = got[0].evidence()
    assert ev == {"cards": 6, "coins": ["2D", "7D"], "settebello": True, "primiera": ["6S", "AH", "7D", "5C"]}
    assert got[1].evidence()["settebello"] is False and "7D" not in got[1].evidence()["coins"]
    line = score_request({"variant": "2p", "sides": {"us": {"cards": a}, "them": {"cards": b}}})
    assert line["evidence"]["us"]["primiera"] == ["6S", "AH", "7D", "5C"]


def test_the_score_sheet_line_carries_the_evidence_of_each_side() -> None:
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, 5, "classic")
    rng = AgentRandom(5)
    while not GAME.is_terminal(s):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    line = GAME.observation(s, 0)["sheet"][-1]
    coins = [c for side in line["sides"] for c in side["evidence"]["coins"]]
    assert sorted(coins) == sorted(c for c in DECK if c.endswith("D") and c not in s.unclaimed)
    for side in line["sides"]:
        assert side["evidence"]["cards"] == side["counts"]["cards"]
        assert (side["settebello"] > 0) == side["evidence"]["settebello"]

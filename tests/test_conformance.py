"""Every registered game passes the protocol's conformance check in every variant (random play, every
check at every step of the first game, every third step after): one test over ``registry`` x every
variant, so a new game is checked the moment it is registered (tests/toy/test_toy.py runs the same
``conform`` on a game registered from outside). A game's own extra runs stay with its other tests."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import registry
from pygame_core.conformance import random_playthrough
from pygame_core.protocol import Game

CASES = [(name, v.name) for name in registry.game_names() for v in registry.load(name).info.variants]


def conform(game: Game[Any], variant: str) -> None:
    """Random games of ``variant`` at every player count it takes (at least three games), with the game's
    quick options (``GameInfo.quick_options``); each record names the game and variant and replays."""
    info = game.info.variant(variant)
    counts = range(info.min_players, info.max_players + 1)
    for i in range(max(3, len(counts))):
        players = counts[i % len(counts)]
        options = {**game.info.quick_options, "players": players}
        rec = random_playthrough(game, variant, 7 * i + players, options, check_every=1 if i == 0 else 3)
        assert rec.game == game.info.name and rec.variant == variant and rec.actions


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_every_game_conforms_in_every_variant(name: str, variant: str) -> None:
    conform(registry.load(name), variant)


def test_every_registered_game_is_checked() -> None:
    assert {n for n, _ in CASES} == set(registry.game_names()) and len(CASES) > len(registry.game_names())

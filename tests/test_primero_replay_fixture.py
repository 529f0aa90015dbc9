"""Random games recorded on the engine before the refactor replay to the same end.

The fixture (tests/data/primero_random_games.json, written by tests/primero_fixture.py on
the old engine) holds 30 random games per variant: options, seed, actions and the final
chips, deal, carried pot and hands. Games that a deliberate rules fix changes are listed
in ``CHANGED`` with the fix that changes them.
"""

from __future__ import annotations

import contextlib
import json

import pytest

from pygame_core.errors import IllegalActionError
from pygame_core.primero.game import GAME
from tests.primero_fixture import PATH, summary

GAMES = json.loads(PATH.read_text())

# index in the fixture -> the rules fix that changes that game (see test_primero_rules_fixes.py)
CHANGED: dict[int, str] = {}


def _replay(game: dict[str, object]) -> dict[str, object]:
    s = GAME.initial_state(game["options"], game["seed"], game["variant"])  # type: ignore[arg-type]
    for a in str(game["actions"]).split(" | "):
        s = GAME.apply(s, a)
    return summary(s)


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_recorded_game_replays_to_the_same_end(index: int) -> None:
    game = GAMES[index]
    if index in CHANGED:
        with contextlib.suppress(IllegalActionError):
            assert _replay(game) != game["final"], f"game {index} no longer changes: {CHANGED[index]}"
        return
    assert _replay(game) == game["final"]

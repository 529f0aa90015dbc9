"""Primo's own conformance runs beyond the one every game passes in every variant (tests/test_conformance.py):
its registration, and long games biased to play cards."""

from __future__ import annotations

from pygame_core import registry
from pygame_core.conformance import check_observations
from pygame_core.primo.game import GAME
from pygame_core.rng import AgentRandom


def test_primo_is_registered() -> None:
    assert "primo" in registry.game_names() and registry.load("primo") is GAME
    listed = next(g for g in registry.catalogue() if g["name"] == "primo")
    assert [v["name"] for v in listed["variants"]] == ["base", "rounds", "alternate", "mono"]
    assert {"why", "coach", "lessons"} <= set(listed["operations"])
    assert {"easy", "medium"} <= set(listed["agents"])


def test_long_play_biased_games_conform() -> None:
    """Uniform random play mostly exchanges; these games play cards whenever they can, with checks along the way."""
    for seed, variant in enumerate(["base", "alternate", "rounds"]):
        s = GAME.initial_state({"players": 3, **({"rounds": 2} if variant == "rounds" else {})}, seed, variant)
        rng = AgentRandom(seed)
        step = 0
        while not GAME.is_terminal(s):
            if step % 17 == 0:
                check_observations(GAME, s, 3, f"{variant} step {step}", step, whole_log=step % 68 == 0)
            legal = GAME.legal_actions(s)
            plays = [a for a in legal if not a.startswith(("exchange", "pass", "end", "move"))]
            s = GAME.apply(s, rng.choice(plays) if plays and rng.random() < 0.95 else rng.choice(legal))
            step += 1
        check_observations(GAME, s, 3, f"{variant} end", 1, whole_log=True)

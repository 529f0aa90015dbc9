"""Primo passes the protocol's conformance check in every variant (random play, every check at every step)."""

from __future__ import annotations

import pytest

from pygame_core import registry
from pygame_core.conformance import check_observations, random_playthrough
from pygame_core.primo.game import GAME
from pygame_core.rng import AgentRandom


def test_primo_is_registered() -> None:
    assert "primo" in registry.game_names() and registry.load("primo") is GAME
    listed = next(g for g in registry.catalogue() if g["name"] == "primo")
    assert [v["name"] for v in listed["variants"]] == ["base", "rounds", "alternate", "mono"]
    assert {"why", "coach", "lessons"} <= set(listed["operations"])
    assert {"easy", "medium"} <= set(listed["agents"])


@pytest.mark.parametrize("variant", ["base", "rounds", "alternate", "mono"])
def test_random_playthroughs_conform(variant: str) -> None:
    for seed in range(3):
        rec = random_playthrough(GAME, variant, seed, {"players": 2 + 2 * seed}, check_every=1 if seed == 0 else 3)
        assert rec.game == "primo" and rec.variant == variant and rec.actions


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

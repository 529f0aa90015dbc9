"""Random Primero games recorded on the engine before the "engines as objects" refactor.

``python3 -m tests.primero.random_games`` (from the repository root) rewrites
tests/data/primero_random_games.json from the current engine: run it only when a
rules change is meant to change these games, and say which and why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygame_core.primero.game import GAME, PrimeroState
from pygame_core.rng import AgentRandom

PATH = Path(__file__).resolve().parents[1] / "data" / "primero_random_games.json"
VARIANTS = ("waks", "italian", "suzuki", "roman", "losing", "rms", "northpass")
PER_VARIANT = 30


def cases(variant: str) -> list[tuple[dict[str, Any], int]]:
    """(options, seed) of the recorded games of a variant: varied players, short and default stacks."""
    players = [4, 5, 6] if variant == "rms" else [2, 3, 4, 5, 6]
    out = []
    for i in range(PER_VARIANT):
        opts: dict[str, Any] = {"players": players[i % len(players)], "deals": 3 + i % 3}
        if i % 3 != 2:
            opts["chips"] = (4, 8)[i % 2]  # short stacks: all-ins, side pots, players going out
        out.append((opts, 1000 * i + len(variant)))
    return out


def summary(s: PrimeroState) -> dict[str, Any]:
    """What a replay must reproduce: the final chips, deal, carried pot and hands."""
    return {
        "chips": list(s.chips),
        "deal": s.deal,
        "dealer": s.dealer,
        "carried": GAME.result(s)["carried"],
        "hands": [[str(c) for c in h] for h in s.hands],
        "over": GAME.is_terminal(s),
    }


def play(variant: str, opts: dict[str, Any], seed: int) -> tuple[list[str], PrimeroState]:
    """A random game: the agent's choices from the seed, to the end."""
    s = GAME.initial_state(opts, seed, variant)
    rng = AgentRandom(seed + 1)
    actions = []
    while not GAME.is_terminal(s):
        a = rng.choice(GAME.legal_actions(s))
        actions.append(a)
        s = GAME.apply(s, a)
    return actions, s


def generate() -> list[dict[str, Any]]:
    """Every recorded game with its actions and final summary."""
    games = []
    for variant in VARIANTS:
        for opts, seed in cases(variant):
            actions, s = play(variant, opts, seed)
            games.append({"variant": variant, "options": opts, "seed": seed, "actions": " | ".join(actions),
                          "final": summary(s)})
    return games


if __name__ == "__main__":
    PATH.write_text(json.dumps(generate(), indent=0) + "\n")
    print(PATH, PATH.stat().st_size)

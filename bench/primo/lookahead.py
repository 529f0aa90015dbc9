"""Experiments with hard's look-ahead (pygame_core/primo/ai/lookahead.py): one configured hard player
against three of another level, 4-player base games, seats rotated as in bench/primo/strength.py.

Run from the repository root (nice it on a shared machine):
    nice -n 10 python3 -m bench.primo.lookahead --deals 50 --seed 2000 --cfg '{"samples": 8}'
    nice -n 10 python3 -m bench.primo.lookahead --deals 50 --seed 2000 --cfg '{"samples": 1, "oracle": 1}'

``--cfg`` (JSON): ``budget`` (search states), ``samples`` (determinizations; 0: no look-ahead),
``cands`` (end states re-scored), ``ex`` (exchanges re-scored), ``w`` (search.Weights
overrides), ``lw`` (lookahead.Weights overrides), ``oracle`` (1: the look-ahead is given the
others' real hands and hard's real draws instead of samples: a cheating upper bound of what
a one-turn look-ahead can add). It prints one line: wins, rate, Wilson 95% interval, stalled
games, hard's mean cards left. It is not a test.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bench.primo import strength as ps
from pygame_core.primo.ai import lookahead, search
from pygame_core.primo.ai.hard import HardAgent
from pygame_core.primo.game import GAME
from pygame_core.protocol import Agent

ORACLE: list[tuple[list[tuple[str, ...]], tuple[str, ...]]] = []
_sampled = lookahead.make_samples


def _value(card: str) -> int:
    return 0 if card in ("TOP", "TAKE") else int(card[:-1])


def _samples(unseen: Sequence[int], specials: int, sizes: Sequence[int], draws: int, n: int,
             seed: int) -> list[lookahead.Sample]:
    """The real hands and draws when the oracle is on, else the sampled ones."""
    if not ORACLE:
        return _sampled(unseen, specials, sizes, draws, n, seed)
    hands, pile = ORACLE[-1]
    out = []
    for h in hands:
        cnt = [0] * 14
        sp = 0
        for c in h:
            if _value(c):
                cnt[_value(c)] += 1
            else:
                sp += 1
        out.append((cnt, sp))
    return [lookahead.Sample(out, [_value(c) for c in pile])]


lookahead.make_samples = _samples  # type: ignore[assignment]


def make(kind: str, cfg: dict[str, Any]) -> Agent:
    """``X``: hard configured by ``cfg``; else a level by name."""
    if kind != "X":
        return ps.make(kind)
    agent = HardAgent()
    weights = type("W", (search.Weights,), cfg.get("w", {}))
    la = type("LW", (lookahead.Weights,), cfg.get("lw", {}))
    agent.planner = search.Planner(cfg.get("budget", HardAgent.budget), weights, cfg.get("samples", 0),
                                   cfg.get("cands", 6), cfg.get("ex", 2), la)
    return agent


def play(args: tuple[int, int, str, str]) -> tuple[int, bool, int]:
    """One game: (hard won, stalled, hard's cards left)."""
    seed, seat, b, cfg_text = args
    cfg = json.loads(cfg_text)
    kinds = ["X" if i == seat else b for i in range(4)]
    agents, rngs, s = ps.table(seed, kinds, make_agent=lambda k: make(k, cfg))
    while not GAME.is_terminal(s):
        p = GAME.current_player(s)
        ORACLE[:] = [([s.hands[(p + t) % 4] for t in range(1, 4)], s.piles[p])] if kinds[p] == "X" and cfg.get("oracle") else []
        s = GAME.apply(s, agents[p].choose(GAME.observation(s, p), GAME.legal_actions(s), rngs[p]))
    rr = s.round_results[-1]
    return (1 if seat in s.winners else 0, rr.ender < 0, rr.left[seat])


def main() -> None:
    """Play the deals and print the line."""
    _, _, line = ps.trial(__doc__, play, chunksize=2)
    print(line, flush=True)


if __name__ == "__main__":
    main()

"""Benchmark Primiera's engines: random-playout moves per second for 2-player games (CPython).

Run from the repository root:  python3 -m bench.primiera.speed [--seconds 5] [--variant 2p]
It prints figures; it is not a test. ``fast`` is pygame_core.primiera.ai.fast (the internal
form for search: whole games, dealing and round scoring included); ``protocol`` is the
Game protocol (game.py) driven the same way, for reference. tests/primiera/test_ai_fast.py
proves the two agree move by move.
"""

from __future__ import annotations

import argparse
import json
import time

from pygame_core.primiera.ai import fast
from pygame_core.primiera.game import GAME
from pygame_core.rng import AgentRandom


def bench_fast(variant: str, seconds: float) -> tuple[int, int, float]:
    """Random whole games in the fast form for about ``seconds``; (moves, games, elapsed)."""
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        played, _ = fast.random_game(variant, games)
        moves += played
        games += 1
    return moves, games, time.perf_counter() - start


def bench_protocol(variant: str, seconds: float) -> tuple[int, int, float]:
    """Random whole games through the Game protocol (legal_actions + apply) for about ``seconds``."""
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = GAME.initial_state(None, games, variant)
        rng = AgentRandom(games)
        while not GAME.is_terminal(s):
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start


def main() -> None:
    """Print one JSON line per engine."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--variant", default="2p")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs for the fast engine")
    args = parser.parse_args()
    best: tuple[int, int, float] | None = None
    for _ in range(args.repeat):
        got = bench_fast(args.variant, args.seconds)
        if best is None or got[0] / got[2] > best[0] / best[2]:
            best = got
    assert best is not None
    moves, games, elapsed = best
    print(json.dumps({"engine": "fast", "variant": args.variant, "moves": moves, "games": games,
                      "moves_per_second": round(moves / elapsed), "games_per_second": round(games / elapsed, 1),
                      "goal_moves_per_second": 150_000}))
    moves, games, elapsed = bench_protocol(args.variant, args.seconds)
    print(json.dumps({"engine": "protocol", "variant": args.variant, "moves": moves, "games": games,
                      "moves_per_second": round(moves / elapsed), "games_per_second": round(games / elapsed, 1)}))


if __name__ == "__main__":
    main()

"""Benchmark the Primero AI: time per decision (p50/p95/max) per level and variant.

Run from the repository root:  python3 -m bench.primero.latency [--decisions N] [--levels easy,medium,hard] [--cpu]
Each level plays seeded games against the other levels; every decision of the measured
level is timed. Tables are built once per process before timing (``--cold`` times the
first decisions too, table building included). It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import sys
import time

from bench.kit.figures import pct, seat_rngs, table_head
from pygame_core.agents import make_agent
from pygame_core.primero.game import GAME

VARIANTS: list[tuple[str, dict[str, object]]] = [
    ("waks", {"players": 2}), ("waks", {"players": 4}), ("italian", {"players": 3}), ("roman", {"players": 2}),
    ("losing", {"players": 3}), ("suzuki", {"players": 3}), ("northpass", {"players": 2}),
    ("northpass", {"players": 4}), ("rms", {"players": 4}), ("rms", {"players": 4, "wild": True, "table": "stock"}),
]


CLOCK = [time.perf_counter]  # --cpu: time.process_time (this process's CPU time: fair on a loaded machine)


def measure(level: str, variant: str, options: dict[str, object], decisions: int) -> list[float]:
    """Seconds per decision of ``level`` over about ``decisions`` decisions."""
    n = int(str(options["players"]))
    others = ["medium", "easy", "hard", "random", "medium"]
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        seed += 1
        kinds = [level] + others[: n - 1]
        rot = seed % n
        kinds = kinds[rot:] + kinds[:rot]
        agents = [make_agent("primero", k) for k in kinds]
        rngs = seat_rngs(seed, n, stride=31)
        s = GAME.initial_state({**options, "deals": 3}, seed, variant)
        while not GAME.is_terminal(s) and len(times) < decisions:
            p = GAME.current_player(s)
            obs = GAME.observation(s, p)
            legal = GAME.legal_actions(s)
            t = CLOCK[0]()
            a = agents[p].choose(obs, legal, rngs[p])
            dt = CLOCK[0]() - t
            if kinds[p] == level and len(legal) > 1:
                times.append(dt)
            s = GAME.apply(s, a)
    return times


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=300, help="decisions timed per level and variant")
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--cold", action="store_true", help="do not build the tables before timing")
    parser.add_argument("--cpu", action="store_true",
                        help="time CPU seconds of this process (wall time counts other work on a shared machine)")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    levels = args.levels.split(",")
    if not args.cold:
        for variant, options in VARIANTS:  # warm the per-process tables
            measure("hard", variant, options, 30)
            measure("medium", variant, options, 30)
    print(f"python {sys.version.split()[0]} on {sys.platform}; {args.decisions} decisions per row; ms per decision")
    table_head(["level", "variant", "players", "p50 ms", "p95 ms", "max ms"])
    worst: dict[str, float] = {}
    for level in levels:
        for variant, options in VARIANTS:
            ts = measure(level, variant, options, args.decisions)
            label = variant + ("".join(f" {k}={v}" for k, v in options.items() if k != "players"))
            p95 = pct(ts, 0.95) * 1000
            worst[level] = max(worst.get(level, 0.0), p95)
            print(f"| {level} | {label} | {options['players']} | {pct(ts, 0.5) * 1000:.1f} | {p95:.1f} | {max(ts) * 1000:.1f} |")
    print()
    for level, w in worst.items():
        print(f"{level}: worst p95 {w:.1f} ms ({'ok' if w <= 300 else 'OVER'} against 300 ms)")


if __name__ == "__main__":
    main()

"""Benchmark the Primiera AI: time per decision (p50/p95/max) per level and mode, on CPython.

Run from the repository root:
    python bench/primiera_latency.py [--rounds 6] [--levels easy,medium,hard,ref-ab] [--variants 2p,3p,classic,kaleidos]
    python bench/primiera_latency.py --calibrate      # search nodes per second, and ref-ab's 50 ms as nodes

The measured level plays one-round games against medium players (seats rotated); every
decision it makes with more than one legal action is timed (a forced move costs nothing).
Times are this process's CPU time (time.process_time), so that other work on a shared
machine does not inflate them; on an idle machine they match the wall clock.
Pyodide in the browser runs this code about 3-5x slower than CPython: the hard move's goal
of 300 ms p95 in the browser is about 60-80 ms p95 here. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.primiera_strength import OVERRIDES, make  # noqa: E402
from pygame_core.primiera.ai import hard  # noqa: E402
from pygame_core.primiera.ai.search import Search, View, exact_value, root_moves  # noqa: E402
from pygame_core.primiera.game import GAME  # noqa: E402
from pygame_core.rng import AgentRandom  # noqa: E402


def measure(level: str, variant: str, rounds: int) -> list[float]:
    """Seconds per decision of ``level`` (with a choice to make) over ``rounds`` rounds."""
    n = GAME.info.variant(variant).default_players
    times: list[float] = []
    for seed in range(rounds):
        me = seed % n
        agents = [make(level if s == me else "medium") for s in range(n)]
        rngs = [AgentRandom(seed * 31 + s) for s in range(n)]
        state = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            obs = GAME.observation(state, seat)
            start = time.process_time()
            action = agents[seat].choose(obs, legal, rngs[seat])
            spent = time.process_time() - start
            if seat == me and len(legal) > 1:
                times.append(spent)
            state = GAME.apply(state, action)
    return times


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (nearest rank) in milliseconds."""
    s = sorted(xs)
    return 1000 * s[min(len(s) - 1, int(q * len(s)))]


def calibrate(rounds: int) -> None:
    """Nodes per second of the search (ref-ab's leaf and hard's), from 2p positions of real rounds."""
    for name, leaf in (("ref-ab", hard.greedy_value), ("hard", hard.HardAgent().leaf())):
        nodes = 0
        spent = 0.0
        for seed in range(rounds):
            state = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, "2p")
            rng = AgentRandom(seed)
            while not GAME.is_terminal(state):
                seat = GAME.current_player(state)
                view = View(GAME.observation(state, seat))
                ms = root_moves(view)
                w = view.world(random.Random(seed))
                t = time.process_time()
                search = Search(w, view.me, leaf, exact_value, 10**9)
                search.root(ms, min(4, sum(view.hand_sizes) + view.stock_size))
                spent += time.process_time() - t
                nodes += search.nodes
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        rate = nodes / spent
        print(f"{name}: {rate:,.0f} nodes/s; 50 ms = {rate * 0.05:,.0f} nodes")


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=6, help="rounds per level and mode")
    parser.add_argument("--levels", default="easy,medium,hard,ref-ab")
    parser.add_argument("--variants", default="2p,3p,classic,kaleidos")
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=JSON",
                        help="set an attribute of every hard agent, e.g. settled_nodes=12000 (a trial)")
    args = parser.parse_args()
    OVERRIDES.update({k: json.loads(v) for k, v in (item.split("=", 1) for item in args.set)})
    if args.calibrate:
        calibrate(args.rounds)
        return
    measure("hard", "2p", 1)  # warm the caches (tables of sums) before timing
    print(f"python {sys.version.split()[0]}, {args.rounds} rounds per level and mode, against medium")
    print()
    print("| level | mode | decisions | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for level in args.levels.split(","):
        for variant in args.variants.split(","):
            t = measure(level, variant, args.rounds)
            print(f"| {level} | {variant} | {len(t)} | {pct(t, 0.5):.1f} | {pct(t, 0.95):.1f} | {max(t) * 1000:.1f} |",
                  flush=True)


if __name__ == "__main__":
    main()

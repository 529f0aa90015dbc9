"""Benchmark the Primiera AI: time per decision (p50/p95/max) per level and mode, on CPython.

Run from the repository root:
    python3 -m bench.primiera.latency [--rounds 6] [--levels easy,medium,hard,ref-ab] [--variants 2p,3p,classic,kaleidos]
    python3 -m bench.primiera.latency --calibrate      # search nodes per second, and ref-ab's 50 ms as nodes

The measured level plays one-round games against medium players (seats rotated); every
decision it makes with more than one legal action is timed (a forced move costs nothing).
Times are this process's CPU time (time.process_time), so that other work on a shared
machine does not inflate them; on an idle machine they match the wall clock.
Pyodide in the browser runs this code about 3-5x slower than CPython: the hard move's goal
of 300 ms p95 in the browser is about 60-80 ms p95 here. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bench.kit.figures import pct, seat_rngs, table_head
from bench.primiera.strength import OVERRIDES, add_set_arg, make, overrides_of
from pygame_core.primiera.ai import hard
from pygame_core.primiera.ai.search import Search, View, exact_value, root_moves
from pygame_core.primiera.game import GAME
from pygame_core.rng import AgentRandom


def measure(level: str, variant: str, rounds: int) -> list[float]:
    """Seconds per decision of ``level`` (with a choice to make) over ``rounds`` rounds."""
    n = GAME.info.variant(variant).default_players
    times: list[float] = []
    for seed in range(rounds):
        me = seed % n
        agents = [make(level if s == me else "medium") for s in range(n)]
        rngs = seat_rngs(seed, n, stride=31)
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
    add_set_arg(parser)
    args = parser.parse_args()
    OVERRIDES.update(overrides_of(args.set))
    if args.calibrate:
        calibrate(args.rounds)
        return
    measure("hard", "2p", 1)  # warm the caches (tables of sums) before timing
    print(f"python {sys.version.split()[0]}, {args.rounds} rounds per level and mode, against medium")
    print()
    table_head(["level", "mode", "decisions", "p50 ms", "p95 ms", "max ms"])
    for level in args.levels.split(","):
        for variant in args.variants.split(","):
            t = measure(level, variant, args.rounds)
            print(f"| {level} | {variant} | {len(t)} | {1000 * pct(t, 0.5):.1f} | {1000 * pct(t, 0.95):.1f} | {max(t) * 1000:.1f} |",
                  flush=True)


if __name__ == "__main__":
    main()

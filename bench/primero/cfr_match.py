"""Heads-up Waks: hard with the equilibrium table (cfr.py) against hard without it (today's hard).

Run from the repository root, under ``nice -n 10`` (the machine is shared):
    nice -n 10 python3 -m bench.primero.cfr_match --seeds 200 --jobs 2

Duplicate deals: every seed is played in both seatings (table first, then second), and the pair
is one sample. Games of ``--deals`` deals (default 10, 50 chips, default options). Prints the
table player's chips per deal, the zero-sum edge (a - b) / 2 and their 95% intervals.
"""

from __future__ import annotations

import argparse
import time

from bench.kit.figures import mean_ci, pool_map, seat_rngs
from pygame_core.primero.ai import PrimeroAgent
from pygame_core.primero.game import GAME


def play(seed: int, table_seat: int, deals: int, other: str) -> tuple[list[int], int]:
    opts = {"players": 2, "deals": deals}
    state = GAME.initial_state(opts, seed, "waks")
    agents = [PrimeroAgent("hard"), PrimeroAgent(other)]
    agents[1].table = False
    if table_seat == 1:
        agents.reverse()
    for ag in agents:
        ag.prepare("waks", opts)
    rngs = seat_rngs(seed, 2)
    while not GAME.is_terminal(state):
        p = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, agents[p].choose(GAME.observation(state, p), legal, rngs[p]))
    r = GAME.result(state)
    return [int(x) for x in r["chips"]], int(r["deals"])


def run_seed(args: tuple[int, int, str]) -> tuple[float, float]:
    seed, deals, other = args
    a = b = 0
    n = 0
    for seat in (0, 1):
        chips, d = play(seed, seat, deals, other)
        a += chips[seat]  # the result's chips are each seat's gain
        b += chips[1 - seat]
        n += d
    return a / n, b / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--other", default="hard", help="the level without the table (hard, medium, easy)")
    args = ap.parse_args()
    t0 = time.time()
    work = [(s, args.deals, args.other) for s in range(args.first_seed, args.first_seed + args.seeds)]
    got = list(pool_map(run_seed, work, args.jobs, chunksize=4))
    a, ca = mean_ci([x for x, _ in got])
    e, ce = mean_ci([(x - y) / 2 for x, y in got])
    print(f"table vs {args.other} (no table), waks 2p, {args.seeds} seeds x 2 seatings x {args.deals} deals: "
          f"a/deal {a:+.3f} ± {ca:.3f}, edge {e:+.3f} ± {ce:.3f}  ({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()

"""Strength table of the Primo AI levels: one player of level a against three of level b, 4-player games.

Run from the repository root (nice it on a shared machine):
    nice -n 10 python3 -m bench.primo.strength                        # every pairing, 500 games each
    nice -n 10 python3 -m bench.primo.strength --pairings hard-medium --games 1000 --jobs 2
    nice -n 10 python3 -m bench.primo.strength --quick                # 40 games per pairing, a smoke run

Method: a deal (a seed) is played 4 times, with the level-a player in seat 0, 1, 2 and 3 in
turn and level b in the other seats (the same cards each time: seats rotated, so no seat's
deal or turn order favours a). Seat 0 starts. A game is won by the player who goes out (a
stalled game, D-PO13: the fewest cards left; a tie there counts as a win for each tied
player). The table gives a's win rate with its Wilson 95% interval; by chance alone it
would be 25%. Also a's mean cards left at the end and the mean number of turns. It prints
figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.kit.figures import add_run_args, machine, pool_map, seat_rngs, table_head, wilson, write_json
from pygame_core.agents import RandomAgent
from pygame_core.primo.game import GAME
from pygame_core.primo.state import PrimoState
from pygame_core.protocol import Agent
from pygame_core.rng import AgentRandom

PAIRINGS = ["hard-medium", "medium-easy", "hard-easy"]


def make(kind: str) -> Agent:
    """An agent by name: the game's levels and ``random``."""
    if kind == "random":
        return RandomAgent()
    return GAME.info.agents[kind]()


def table(seed: int, kinds: Sequence[str], variant: str = "base",
          make_agent: Callable[[str], Agent] = make) -> tuple[list[Agent], list[AgentRandom], PrimoState]:
    """A game dealt from ``seed``: one agent per seat (``make_agent`` of its kind), each with its own
    seeded generator (the same for a seat whatever the others), and the first state."""
    agents = [make_agent(k) for k in kinds]
    rngs = seat_rngs(seed, len(kinds))
    return agents, rngs, GAME.initial_state({"players": len(kinds)}, seed, variant)


def play(variant: str, kinds: list[str], seed: int) -> dict[str, Any]:
    """One game dealt from ``seed`` with one agent kind per seat: winners, cards left, turns."""
    agents, rngs, state = table(seed, kinds, variant)
    turns = 0
    last = -1
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        if seat != last:
            turns += 1
            last = seat
        legal = GAME.legal_actions(state)
        action = agents[seat].choose(GAME.observation(state, seat), legal, rngs[seat])
        state = GAME.apply(state, action)
    res = GAME.result(state)
    left = list(state.round_results[-1].left)
    return {"winners": list(res["winners"]), "left": left, "turns": turns}


def deal_games(variant: str, a: str, b: str, seed: int, players: int) -> list[tuple[float, int, int]]:
    """The deal played with a in each seat: (a won, a's cards left, turns) per game."""
    out = []
    for seat in range(players):
        kinds = [a if i == seat else b for i in range(players)]
        g = play(variant, kinds, seed)
        out.append((1.0 if seat in g["winners"] else 0.0, g["left"][seat], g["turns"]))
    return out


def _chunk(args: tuple[str, str, str, int, int, int]) -> list[tuple[float, int, int]]:
    variant, a, b, lo, hi, players = args
    return [x for s in range(lo, hi) for x in deal_games(variant, a, b, s, players)]


def trial(doc: str | None, play: Any, chunksize: int = 1) -> tuple[argparse.Namespace, list[Any], str]:
    """The trial benches' command line (bench/primo/lookahead.py, rollout.py): hard configured by
    ``--cfg`` against three of ``--vs``, each deal played 4 times with hard in each seat. ``play``
    takes (seed, hard's seat, the others' level, cfg text) and returns (won, stalled, cards left, ...).
    Returns the arguments, every game's result and the summary line's common part."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=50, help="deals, each played 4 times (seats rotated)")
    parser.add_argument("--seed", type=int, default=2000, help="first deal seed")
    parser.add_argument("--vs", default="medium", help="the other three players' level")
    parser.add_argument("--cfg", default="{}", help="hard's configuration (JSON, see above)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    tasks = [(sd, st, args.vs, args.cfg) for sd in range(args.seed, args.seed + args.deals) for st in range(4)]
    res = list(pool_map(play, tasks, args.jobs, chunksize=chunksize))
    wins = sum(r[0] for r in res)
    n = len(res)
    lo, hi = wilson(wins, n)
    line = (f"{args.cfg} vs 3 {args.vs}, deals {args.seed}..{args.seed + args.deals - 1}: {wins}/{n} = "
            f"{100 * wins / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%), stalled {sum(r[1] for r in res)}, "
            f"hard's cards left {sum(r[2] for r in res) / n:.1f}")
    return args, res, line


def run(pairing: str, games: int, seed: int, jobs: int, variant: str, players: int) -> dict[str, Any]:
    """One pairing ``a-b`` over ``games`` games (rounded up to whole deals)."""
    a, b = pairing.split("-")
    deals = math.ceil(games / players)
    start = time.perf_counter()
    step = max(1, math.ceil(deals / max(1, jobs * 4)))
    tasks = [(variant, a, b, lo, min(lo + step, seed + deals), players) for lo in range(seed, seed + deals, step)]
    parts = list(pool_map(_chunk, tasks, jobs))
    xs = [x for p in parts for x in p]
    wins = sum(x[0] for x in xs)
    lo, hi = wilson(wins, len(xs))
    return {"pairing": pairing, "a": a, "b": b, "variant": variant, "players": players, "games": len(xs),
            "wins": wins, "rate": wins / len(xs), "lo": lo, "hi": hi,
            "left": sum(x[1] for x in xs) / len(xs), "turns": sum(x[2] for x in xs) / len(xs),
            "seed": seed, "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    """Run the pairings and print the markdown table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500, help="games per pairing (whole deals of 4 seatings)")
    parser.add_argument("--quick", action="store_true", help="40 games per pairing")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="comma-separated a-b (a: the one, b: the rest)")
    parser.add_argument("--variant", default="base")
    parser.add_argument("--players", type=int, default=4)
    add_run_args(parser)
    args = parser.parse_args()
    games = 40 if args.quick else args.games
    rows = []
    wall = time.perf_counter()
    for pairing in args.pairings.split(","):
        row = run(pairing, games, args.seed, args.jobs, args.variant, args.players)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    deals = math.ceil(games / args.players)
    print(f"{machine(args.jobs)}, "
          f"{time.perf_counter() - wall:.0f} s wall, variant {args.variant}, {args.players} players, "
          f"deal seeds {args.seed}..{args.seed + deals - 1}, each dealt {args.players} times (seats rotated)")
    print()
    chance = 100 / args.players
    table_head([f"one a vs {args.players - 1} b", "games", "a's wins", "a's win rate (Wilson 95% CI)", "chance",
                "a's cards left", "turns per game"])
    for r in rows:
        print(f"| {r['a']} vs {r['b']} | {r['games']} | {r['wins']:g} | {100 * r['rate']:.1f}% "
              f"({100 * r['lo']:.1f}-{100 * r['hi']:.1f}%) | {chance:.0f}% | {r['left']:.1f} | {r['turns']:.1f} |")
    write_json(args.json, rows)


if __name__ == "__main__":
    main()

"""Strength table of the Primiera AI levels: round points per round, a minus b, with 95% confidence intervals.

Run from the repository root (nice it on a shared machine):
    nice -n 10 python3 -m bench.primiera.strength                       # every pairing, 500 deals each (1,000 rounds)
    nice -n 10 python3 -m bench.primiera.strength --pairings hard-ref-ab:2p --deals 1000 --jobs 2
    nice -n 10 python3 -m bench.primiera.strength --quick               # 50 deals per pairing, a smoke run
    nice -n 10 python3 -m bench.primiera.strength --pairings hard-medium:kaleidos:one --deals 1000 --jobs 2 --log k.log
    nice -n 10 python3 -m bench.primiera.strength --pairings hard-medium:kaleidos:one --set settled_nodes=12000  # a trial

Method: each deal (a seed) is played twice, as one-round games (target 0, max_rounds 1),
with the seats swapped: in 2p a-b then b-a; in 4p a-b-a-b then b-a-b-a (classic: a's two
seats are partners, so it is a team result; Kaleidos: the first Herald played sets the
partnerships, so a's seats may play together, against each other, or alone). The figure
of a deal is the mean, over its two plays, of (a's round points per seat minus b's); the
table gives its mean over the deals and the 95% interval 1.96 * sd / sqrt(deals). Rounds
= 2 * deals.

``a-b:variant:one`` (4 players): a at ONE seat against three b, the seat rotated over the
four positions with the same deal (rounds = 4 * deals). The figure of a deal is the mean,
over its four plays, of a's round points minus the mean of the three others'. In Kaleidos
this shows a's edge whatever partnership the first Herald sets (with a-b-a-b seating a
neighbour partnership puts one a and one b on each side, a difference of 0 by construction).
``--set name=json`` sets an attribute of every ``hard`` agent (a tuning trial). ``ref-ab`` is the bench-only reference (pygame_core/primiera/ai/hard.py). It
prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.kit.figures import add_run_args, machine, mean_ci, pool_map, seat_rngs, significant, table_head, write_json
from pygame_core.agents import RandomAgent
from pygame_core.primiera.ai import FACTORIES
from pygame_core.primiera.ai.hard import RefAbAgent
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.protocol import Agent

PAIRINGS = ["hard-ref-ab:2p", "hard-easy:2p", "hard-medium:2p", "medium-easy:2p", "ref-ab-easy:2p",
            "hard-medium:classic", "hard-medium:kaleidos", "medium-easy:classic", "medium-easy:kaleidos"]


OVERRIDES: dict[str, Any] = {}
"""Attributes set on every ``hard`` agent made (``--set``): a tuning trial, never the committed agent."""


def make(kind: str) -> Agent:
    """An agent by name: the game's levels, ``random`` and the bench-only ``ref-ab``."""
    if kind == "ref-ab":
        return RefAbAgent()
    if kind == "random":
        return RandomAgent()
    agent = FACTORIES[kind]()
    if kind == "hard":
        for name, value in OVERRIDES.items():
            if not hasattr(agent, name):
                raise SystemExit(f"hard has no attribute {name!r}")
            setattr(agent, name, value)
    return agent


def add_set_arg(parser: argparse.ArgumentParser) -> None:
    """``--set NAME=JSON`` (repeatable): an attribute of every hard agent, for a trial (``overrides_of`` reads it)."""
    parser.add_argument("--set", action="append", default=[], metavar="NAME=JSON",
                        help="set an attribute of every hard agent, e.g. settled_nodes=12000 (a trial)")


def overrides_of(items: list[str]) -> dict[str, Any]:
    """The ``--set`` items as attribute values: ``settled_nodes=12000`` -> {"settled_nodes": 12000}."""
    return {k: json.loads(v) for k, v in (item.split("=", 1) for item in items)}


def play_out(variant: str, kinds: list[str], seed: int,
             watch: Callable[[PrimieraState, str, PrimieraState], None] | None = None) -> PrimieraState:
    """One round (a one-round game) dealt from ``seed`` with one agent kind per seat, to its end;
    ``watch(before, action, after)`` sees every action."""
    agents = [make(k) for k in kinds]
    rngs = seat_rngs(seed, len(kinds))
    state = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        action = agents[seat].choose(GAME.observation(state, seat), legal, rngs[seat])
        before, state = state, GAME.apply(state, action)
        if watch is not None:
            watch(before, action, state)
    return state


def play_round(variant: str, kinds: list[str], seed: int) -> tuple[int, ...]:
    """One round dealt from ``seed`` with one agent kind per seat; each seat's points."""
    return play_out(variant, kinds, seed).sheet[-1].points


def deal_figure(variant: str, a: str, b: str, seed: int) -> float:
    """The deal's figure: over the two seatings, the mean of a's points per seat minus b's."""
    n = GAME.info.variant(variant).default_players
    out = 0.0
    for first, second in ((a, b), (b, a)):
        kinds = [first if i % 2 == 0 else second for i in range(n)]
        points = play_round(variant, kinds, seed)
        pa = [p for p, k in zip(points, kinds, strict=True) if k == a]
        pb = [p for p, k in zip(points, kinds, strict=True) if k == b]
        out += sum(pa) / len(pa) - sum(pb) / len(pb)
    return out / 2


def one_seat_figure(variant: str, a: str, b: str, seed: int) -> float:
    """The deal's figure with a at one seat: over a's four seats, a's points minus the others' mean."""
    n = GAME.info.variant(variant).default_players
    out = 0.0
    for seat in range(n):
        kinds = [a if i == seat else b for i in range(n)]
        points = play_round(variant, kinds, seed)
        out += points[seat] - (sum(points) - points[seat]) / (n - 1)
    return out / n


def _chunk(args: tuple[str, str, str, int, int, bool, dict[str, Any]]) -> list[float]:
    variant, a, b, lo, hi, one, overrides = args
    OVERRIDES.clear()
    OVERRIDES.update(overrides)
    figure = one_seat_figure if one else deal_figure
    return [figure(variant, a, b, s) for s in range(lo, hi)]


def run(pairing: str, deals: int, seed: int, jobs: int, log: str = "",
        overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """One pairing ``a-b:variant[:one]`` over ``deals`` deals (``log``: append each deal's figure to this file as it comes)."""
    names, variant, *mode = pairing.split(":")
    if mode not in ([], ["one"]):
        raise SystemExit(f"cannot read the pairing {pairing!r}: write e.g. hard-medium:kaleidos:one")
    one = mode == ["one"]
    a, b = _split_names(names)
    start = time.perf_counter()
    step = math.ceil(deals / max(1, jobs)) if not log else 1
    tasks = [(variant, a, b, lo, min(lo + step, seed + deals), one, dict(overrides or {}))
             for lo in range(seed, seed + deals, step)]
    parts: list[list[float]] = []
    tag = "".join(f" {k}={json.dumps(v)}" for k, v in sorted((overrides or {}).items()))
    for task, part in zip(tasks, pool_map(_chunk, tasks, jobs), strict=True):
        parts.append(part)
        if log:
            with open(log, "a") as f:
                f.write(json.dumps({"pairing": pairing + tag, "seed": task[3], "x": part[0]}) + "\n")
    xs = [x for p in parts for x in p]
    mean, ci = mean_ci(xs)
    rounds = (GAME.info.variant(variant).default_players if one else 2) * len(xs)
    return {"pairing": pairing, "a": a, "b": b, "variant": variant + (" (one a v three b)" if one else ""),
            "deals": len(xs), "rounds": rounds,
            "mean": mean, "ci95": ci if len(xs) > 1 else None, "seed": seed,
            "seconds": round(time.perf_counter() - start, 1)}


def _split_names(names: str) -> tuple[str, str]:
    """``hard-ref-ab`` -> (hard, ref-ab): agent names may hold a dash."""
    known = ["ref-ab", "hard", "medium", "easy", "random"]
    for a in known:
        if names.startswith(a + "-") and names[len(a) + 1:] in known:
            return a, names[len(a) + 1:]
    raise SystemExit(f"cannot read the pairing {names!r}: write e.g. hard-ref-ab:2p")


def main() -> None:
    """Run the pairings and print the markdown table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=500, help="deals per pairing; each is played twice (seats swapped)")
    parser.add_argument("--quick", action="store_true", help="50 deals per pairing")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="comma-separated a-b:variant")
    add_run_args(parser)
    parser.add_argument("--log", default="", help="append each deal's figure to this file as it comes (a partial run "
                        "stays usable: bench/primiera/log.py summarises it)")
    add_set_arg(parser)
    args = parser.parse_args()
    overrides = overrides_of(args.set)
    deals = 50 if args.quick else args.deals
    rows = []
    wall = time.perf_counter()
    for pairing in args.pairings.split(","):
        row = run(pairing, deals, args.seed, args.jobs, args.log, overrides)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    print(f"{machine(args.jobs)}, {overrides or ''}"
          f"{time.perf_counter() - wall:.0f} s wall, seeds {args.seed}..{args.seed + deals - 1}")
    print()
    table_head(["mode", "a vs b", "rounds", "a minus b: round points per round ± 95% CI", "significant"])
    for r in rows:
        ci = r["ci95"] or 0.0
        sig = "yes" if significant(r["mean"], ci) else "no"
        print(f"| {r['variant']} | {r['a']} vs {r['b']} | {r['rounds']} | {r['mean']:+.3f} ± {ci:.3f} | {sig} |")
    write_json(args.json, rows)


if __name__ == "__main__":
    main()

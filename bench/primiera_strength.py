"""Strength table of the Primiera AI levels: round points per round, a minus b, with 95% confidence intervals.

Run from the repository root (nice it on a shared machine):
    nice -n 10 python bench/primiera_strength.py                       # every pairing, 500 deals each (1,000 rounds)
    nice -n 10 python bench/primiera_strength.py --pairings hard-ref-ab:2p --deals 1000 --jobs 2
    nice -n 10 python bench/primiera_strength.py --quick               # 50 deals per pairing, a smoke run

Method: each deal (a seed) is played twice, as one-round games (target 0, max_rounds 1),
with the seats swapped: in 2p a-b then b-a; in 4p a-b-a-b then b-a-b-a (classic: a's two
seats are partners, so it is a team result; Kaleidos: the first Herald played sets the
partnerships, so a's seats may play together, against each other, or alone). The figure
of a deal is the mean, over its two plays, of (a's round points per seat minus b's); the
table gives its mean over the deals and the 95% interval 1.96 * sd / sqrt(deals). Rounds
= 2 * deals. ``ref-ab`` is the bench-only reference (pygame_core/primiera/hard.py). It
prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pygame_core.agents import RandomAgent  # noqa: E402
from pygame_core.primiera.agents import FACTORIES  # noqa: E402
from pygame_core.primiera.game import GAME  # noqa: E402
from pygame_core.primiera.hard import RefAbAgent  # noqa: E402
from pygame_core.protocol import Agent  # noqa: E402
from pygame_core.rng import AgentRandom  # noqa: E402

PAIRINGS = ["hard-ref-ab:2p", "hard-easy:2p", "hard-medium:2p", "medium-easy:2p", "ref-ab-easy:2p",
            "hard-medium:classic", "hard-medium:kaleidos", "medium-easy:classic", "medium-easy:kaleidos"]


def make(kind: str) -> Agent:
    """An agent by name: the game's levels, ``random`` and the bench-only ``ref-ab``."""
    if kind == "ref-ab":
        return RefAbAgent()
    if kind == "random":
        return RandomAgent()
    return FACTORIES[kind]()


def play_round(variant: str, kinds: list[str], seed: int) -> tuple[int, ...]:
    """One round (a one-round game) dealt from ``seed`` with one agent kind per seat; each seat's points."""
    agents = [make(k) for k in kinds]
    rngs = [AgentRandom(seed * 1_000_003 + i) for i in range(len(kinds))]
    state = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        action = agents[seat].choose(GAME.observation(state, seat), legal, rngs[seat])
        state = GAME.apply(state, action)
    return state.sheet[-1].points


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


def _chunk(args: tuple[str, str, str, int, int]) -> list[float]:
    variant, a, b, lo, hi = args
    return [deal_figure(variant, a, b, s) for s in range(lo, hi)]


def run(pairing: str, deals: int, seed: int, jobs: int, log: str = "") -> dict[str, Any]:
    """One pairing ``a-b:variant`` over ``deals`` deals (``log``: append each deal's figure to this file as it comes)."""
    names, variant = pairing.split(":")
    a, b = _split_names(names)
    start = time.perf_counter()
    step = math.ceil(deals / max(1, jobs)) if not log else 1
    tasks = [(variant, a, b, lo, min(lo + step, seed + deals)) for lo in range(seed, seed + deals, step)]
    parts: list[list[float]] = []
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for task, part in zip(tasks, pool.map(_chunk, tasks), strict=True):
            parts.append(part)
            if log:
                with open(log, "a") as f:
                    f.write(json.dumps({"pairing": pairing, "seed": task[3], "x": part[0]}) + "\n")
    xs = [x for p in parts for x in p]
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1) if len(xs) > 1 else 0.0
    return {"pairing": pairing, "a": a, "b": b, "variant": variant, "deals": len(xs), "rounds": 2 * len(xs),
            "mean": mean, "ci95": 1.96 * math.sqrt(var / len(xs)) if len(xs) > 1 else None, "seed": seed,
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
    parser.add_argument("--jobs", type=int, default=2, help="processes (this machine: 2 cores, shared)")
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--json", default="", help="also write the rows to this file")
    parser.add_argument("--log", default="", help="append each deal's figure to this file as it comes (a partial run "
                        "stays usable: bench/primiera_log.py summarises it)")
    args = parser.parse_args()
    deals = 50 if args.quick else args.deals
    rows = []
    wall = time.perf_counter()
    for pairing in args.pairings.split(","):
        row = run(pairing, deals, args.seed, args.jobs, args.log)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, {args.jobs} jobs, "
          f"{time.perf_counter() - wall:.0f} s wall, seeds {args.seed}..{args.seed + deals - 1}")
    print()
    print("| mode | a vs b | rounds | a minus b: round points per round ± 95% CI | significant |")
    print("|---|---|---|---|---|")
    for r in rows:
        ci = r["ci95"] or 0.0
        sig = "yes" if abs(r["mean"]) > ci else "no"
        print(f"| {r['variant']} | {r['a']} vs {r['b']} | {r['rounds']} | {r['mean']:+.3f} ± {ci:.3f} | {sig} |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()

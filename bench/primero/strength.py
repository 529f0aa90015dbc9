"""Strength table of the Primero AI levels: chips won per deal, with 95% confidence intervals.

Run from the repository root:
    python3 -m bench.primero.strength                 # 2,000 deals per pairing, all rule sets, 2 processes
    python3 -m bench.primero.strength --quick         # 200 deals per pairing (a smoke run)
    python3 -m bench.primero.strength --deals 3000 --rules waks --jobs 1 --json out.json

Pairings: hard-medium, hard-easy, medium-easy and each level against random.
Waks, Northpass and Suzuki are heads-up (2 players); RMS seats four players as a, b, a, b.
Seats are rotated game by game (pygame_core.simulate), in duplicate mode by default:
each seed's shuffles are replayed in every seat rotation, which cancels most of the luck
of the deal (``--no-duplicate`` for fresh shuffles every game). Games have ``--deals-per-game``
deals (default 10) so that there are enough games for the interval; chips per deal and
its 95% interval come from simulate (Primero declares the figure ``Figure("chips", per="deals")``,
so simulate reports ``chips_per_deal`` and ``chips_per_deal_ci95`` from per-game means, normal
approximation). A pairing is
significant when the interval excludes zero. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from bench.kit.figures import add_run_args, machine, pool_map, significant, table_head, write_json
from pygame_core.simulate import simulate

PAIRINGS = [("hard", "medium"), ("hard", "easy"), ("medium", "easy"),
            ("hard", "random"), ("medium", "random"), ("easy", "random")]
RULESETS = {"waks": 2, "rms": 4, "northpass": 2, "suzuki": 2}


def run_pairing(rules: str, a: str, b: str, deals: int, per_game: int, seed: int, duplicate: bool = True) -> dict[str, Any]:
    """Simulate one pairing; return the first agent's chips per deal and its interval.

    A game ends early when one player holds all the chips, so games are added (with fresh
    seeds) until at least ``deals`` deals are played; the parts are pooled (chips per
    seat-deal; the interval from the parts' intervals weighted by their numbers of games)."""
    players = RULESETS[rules]
    kinds = [a, b] * (players // 2)
    games = max(2, math.ceil(deals / per_game))
    parts: list[dict[str, Any]] = []
    played = 0
    next_seed = seed
    while played < deals:
        games += (-games) % players  # every agent sits in every seat equally often
        r = simulate("primero", rules, players, kinds, games=games, seed=next_seed, options={"deals": per_game},
                     duplicate=duplicate)
        if "chips_per_deal" not in r["per_agent"][a]:
            raise SystemExit("Primero's GameInfo declares no Figure('chips', per='deals'): no chips per deal to report")
        parts.append(r)
        played += r["deals"]
        next_seed += games  # fresh shuffles for the next part
        games = max(players, math.ceil((deals - played) / per_game * 1.1))
    n_games = sum(r["games"] for r in parts)

    def pooled(kind: str) -> tuple[float, float]:
        chips = sum(r["per_agent"][kind]["chips"] for r in parts)
        seat_deals = played * (players // 2)  # each kind holds half the seats of every game
        ci = math.sqrt(sum(((r["games"] / n_games) * (r["per_agent"][kind]["chips_per_deal_ci95"] or 0.0)) ** 2
                           for r in parts))
        return chips / seat_deals if seat_deals else 0.0, ci

    ma, ca = pooled(a)
    mb, _ = pooled(b)
    if len(parts) == 1:
        ma, ca = parts[0]["per_agent"][a]["chips_per_deal"], parts[0]["per_agent"][a]["chips_per_deal_ci95"]
        mb = parts[0]["per_agent"][b]["chips_per_deal"]
    return {
        "rules": rules, "a": a, "b": b, "players": players, "games": n_games, "deals": played,
        "chips_per_deal": ma, "ci95": ca, "b_chips_per_deal": mb,
        "seconds": round(sum(r["elapsed_seconds"] for r in parts), 1), "seed": seed, "duplicate": duplicate,
    }


def _task(args: tuple[str, str, str, int, int, int, bool]) -> dict[str, Any]:
    return run_pairing(*args)


def main() -> None:
    """Run the pairings and print the markdown table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000, help="deals per pairing (at least)")
    parser.add_argument("--quick", action="store_true", help="200 deals per pairing")
    parser.add_argument("--deals-per-game", type=int, default=10)
    parser.add_argument("--rules", default=",".join(RULESETS), help="comma-separated rule sets")
    parser.add_argument("--pairings", default="", help="e.g. hard-medium,hard-easy (default: all)")
    parser.add_argument("--no-duplicate", action="store_true",
                        help="fresh shuffles for every game instead of replaying each seed in every seat rotation")
    add_run_args(parser)
    args = parser.parse_args()
    deals = 200 if args.quick else args.deals
    pairings = PAIRINGS
    if args.pairings:
        pairings = [tuple(p.split("-")) for p in args.pairings.split(",")]  # type: ignore[misc]
    tasks = []
    for rules in args.rules.split(","):
        for i, (a, b) in enumerate(pairings):
            tasks.append((rules, a, b, deals, args.deals_per_game, args.seed * 1000 + i * 7919, not args.no_duplicate))
    start = time.perf_counter()
    rows = list(pool_map(_task, tasks, args.jobs))
    wall = time.perf_counter() - start
    print(f"{machine(args.jobs)}, {wall:.0f} s wall, "
          f"{args.deals_per_game} deals per game, duplicate={not args.no_duplicate}")
    print()
    table_head(["rule set", "pairing (a vs b)", "deals", "a: chips/deal ± 95% CI", "significant"])
    for r in rows:
        ci = r["ci95"] or 0.0
        m = r["chips_per_deal"]
        seats = f"{r['players']}p" if r["players"] == 2 else "a,b,a,b"
        sig = "yes" if significant(m, ci) else "no"
        if sig == "yes":
            sig += f" ({r['a'] if m > 0 else r['b']} ahead)"
        print(f"| {r['rules']} ({seats}) | {r['a']} vs {r['b']} | {r['deals']} | {m:+.3f} ± {ci:.3f} | {sig} |")
    write_json(args.json, rows)


if __name__ == "__main__":
    main()

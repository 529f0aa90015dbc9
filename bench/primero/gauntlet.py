"""The Primero gauntlet: one AI level against scripted betting styles (bench/primero/styles.py).

Run from the repository root (long runs under ``nice -n 10``; the machine is shared):
    nice -n 10 python3 -m bench.primero.gauntlet --level hard                 # every rule set, every style
    nice -n 10 python3 -m bench.primero.gauntlet --level medium --rules waks2 --seeds 300
    python3 -m bench.primero.gauntlet --quick                                 # smoke run: a few seeds per cell

Rule sets: waks2 (Waks heads-up), waks4, rms4, np2 (Northpass heads-up), np4. Heads-up the level
(a) and the style (b) sit a,b then b,a; with four players a,b,a,b then b,a,b,a. Duplicate deals:
every seed is played in both seatings (the same shuffles), and the pair is one sample.
Games have ``--deals-per-game`` deals (default 10, 50 starting chips).

Figures per cell, with 95% intervals (normal approximation over the seeds' pairs):
- ``a/deal``: the level's chips won per deal per seat it holds;
- ``edge``: the zero-sum edge (a − b) / 2 per seat-deal. Chips leave the table (Waks swigs, a
  pot still carried when the game ends), so a/deal alone is not zero-sum: both can lose.
A cell is a win when the interval of a/deal lies above zero. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from bench.kit.figures import add_run_args, machine, mean_ci, pool_map, seat_rngs, table_head, write_json
from bench.primero.styles import StyleAgent, styles_for
from pygame_core.primero.ai import PrimeroAgent
from pygame_core.primero.game import GAME

RULESETS: dict[str, tuple[str, int]] = {
    "waks2": ("waks", 2), "waks4": ("waks", 4), "rms4": ("rms", 4), "np2": ("northpass", 2), "np4": ("northpass", 4),
}
# seeds per cell by default (each seed = 2 games of 10 deals); heads-up hard runs ~3x faster than 4p
DEFAULT_SEEDS = {"waks2": 250, "waks4": 80, "rms4": 60, "np2": 200, "np4": 60}


def play(variant: str, seats: list[str], level: str, seed: int, deals: int) -> tuple[list[int], int]:
    """One game; ``seats`` holds "a" (the level) or a style name per seat. Returns (chips per seat, deals)."""
    opts = {"players": len(seats), "deals": deals}
    state = GAME.initial_state(opts, seed, variant)
    agents: list[Any] = [PrimeroAgent(level) if k == "a" else StyleAgent(k) for k in seats]
    for ag in agents:
        ag.prepare(variant, opts)
    rngs = seat_rngs(seed, len(seats))
    for _ in range(200_000):
        if GAME.is_terminal(state):
            break
        p = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        a = agents[p].choose(GAME.observation(state, p), legal, rngs[p])
        if a not in legal:
            raise RuntimeError(f"{seats[p]} played {a!r}, not legal in {variant}")
        state = GAME.apply(state, a)
    r = GAME.result(state)
    return [int(x) for x in r["chips"]], int(r["deals"])


def run_seed(rules: str, level: str, style: str, seed: int, deals: int) -> tuple[float, float, int]:
    """One duplicate sample: (a chips per seat-deal, b chips per seat-deal, deals played)."""
    variant, n = RULESETS[rules]
    a_chips = b_chips = 0
    seat_deals = 0
    total_deals = 0
    for flip in (0, 1):
        seats = ["a" if (i + flip) % 2 == 0 else style for i in range(n)]
        chips, d = play(variant, seats, level, seed, deals)
        total_deals += d
        seat_deals += d * (n // 2)
        for i, k in enumerate(seats):
            if k == "a":
                a_chips += chips[i]
            else:
                b_chips += chips[i]
    return a_chips / seat_deals, b_chips / seat_deals, total_deals


def _chunk(args: tuple[str, str, str, list[int], int]) -> list[tuple[float, float, int]]:
    rules, level, style, seeds, deals = args
    return [run_seed(rules, level, style, s, deals) for s in seeds]


def main() -> None:
    """Run the cells and print the markdown table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--rules", default=",".join(RULESETS), help="comma-separated: " + ", ".join(RULESETS))
    parser.add_argument("--styles", default="", help="comma-separated styles (default: all of the rule set)")
    parser.add_argument("--seeds", type=int, default=0, help="seeds per cell (default: per rule set, see DEFAULT_SEEDS)")
    parser.add_argument("--deals-per-game", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="2 seeds per cell, 3 deals per game (a smoke run)")
    add_run_args(parser)
    args = parser.parse_args()
    deals = 3 if args.quick else args.deals_per_game
    tasks: list[tuple[str, str, str, list[int], int]] = []
    cells: list[tuple[str, str]] = []
    for rules in args.rules.split(","):
        variant, _ = RULESETS[rules]
        styles = args.styles.split(",") if args.styles else list(styles_for(variant))
        n_seeds = 2 if args.quick else (args.seeds or DEFAULT_SEEDS[rules])
        for style in styles:
            if style not in styles_for(variant):
                continue
            cells.append((rules, style))
            seeds = [args.seed * 100_000 + i for i in range(n_seeds)]
            step = max(1, math.ceil(len(seeds) / 8))
            for i in range(0, len(seeds), step):
                tasks.append((rules, args.level, style, seeds[i:i + step], deals))
    start = time.perf_counter()
    parts = list(pool_map(_chunk, tasks, args.jobs))
    wall = time.perf_counter() - start
    got: dict[tuple[str, str], list[tuple[float, float, int]]] = {c: [] for c in cells}
    for t, res in zip(tasks, parts, strict=True):
        got[(t[0], t[2])].extend(res)
    print(f"level {args.level}; {machine(args.jobs)}, "
          f"{wall:.0f} s wall, {deals} deals per game, duplicate (both seatings per seed)")
    print()
    table_head(["rule set", "style", "seeds", "deals", "a chips/deal ± 95%", "edge (a−b)/2 ± 95%", "a wins"])
    rows = []
    for rules, style in cells:
        res = got[(rules, style)]
        ma, ca = mean_ci([r[0] for r in res], alone=math.nan)
        me, ce = mean_ci([(r[0] - r[1]) / 2 for r in res], alone=math.nan)
        d = sum(r[2] for r in res)
        win = "yes" if ma - ca > 0 else ("LOSES" if ma + ca < 0 else "no")
        print(f"| {rules} | {style} | {len(res)} | {d} | {ma:+.3f} ± {ca:.3f} | {me:+.3f} ± {ce:.3f} | {win} |")
        rows.append({"rules": rules, "style": style, "seeds": len(res), "deals": d, "a": ma, "a_ci": ca,
                     "edge": me, "edge_ci": ce})
    write_json(args.json, {"level": args.level, "rows": rows})


if __name__ == "__main__":
    main()

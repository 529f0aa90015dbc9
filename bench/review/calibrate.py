"""Calibration of the game review (issue 23): does the value lost per decision order the AI levels?

Run from the repository root (nice it on a shared machine):
    nice -n 10 python3 -m bench.review.calibrate --game primiera --variant 2p --games 12
    nice -n 10 python3 -m bench.review.calibrate --game primero --variant waks --games 10 --option deals=6
    nice -n 10 python3 -m bench.review.calibrate --game primo --variant base --players 3 --games 10 --jobs 2

Method: for each level (``--levels``, default easy, medium, hard) and each game i, one seat plays at
that level against ``--opponents`` (default hard) at every other seat; the reviewed seat rotates
over the seats (i mod players) and game i is dealt from seed ``--seed + i`` for every level, so the
levels meet the same deals. The whole game is recorded, then that seat's decisions are reviewed
(pygame_core.review, the game's reviewer: only what the seat knew). The table gives, per level, the
mean value lost per decision over all its games' reviewed decisions (the value lost over the
decisions: ``bench.kit.figures.ratio_ci``) with its 95% interval, the games taken as the
independent samples (the decisions within one game are not), the decisions, the loss percentiles
over all decisions (p50, p90, p99) and the marks. The review must order the levels easy > medium >
hard with intervals that do not overlap. It prints figures; it is not a test.

The column "mean of games' means" is the figure used up to session 16: each game's mean loss per
decision, averaged over games (1.96 * sd / sqrt(games)). Where a level's decisions per game hardly
vary the two agree (every game but RMS: bench/review/RESULTS.md); where they do (RMS: hard stays in
a deal and decides twice as often as medium, a seat that folds out early decides a few times) it
weighs a short game's few decisions like a long game's many, so it is not the mean per decision.

``--rows FILE`` appends every game's figures to FILE (JSON lines, one game a line, with the run's
game, variant and options) as each game ends, so a long calibration can be run in parts (other
seeds, one level at a time) and ``--merge FILE ...`` prints the table over all the parts' games
(a game counted once per level and seed, the latest part winning). A part that starts later in a
run gives ``--first`` (the index of its first game) so that its games review the same seats:
``--seed 118 --first 17`` continues a run begun at seed 101.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.kit.figures import add_run_args, machine, mean_ci, pct, pool_map, ratio_ci, seat_rngs, table_head, write_json
from pygame_core.agents import make_agent
from pygame_core.cli import parse_option
from pygame_core.records import Record
from pygame_core.registry import load
from pygame_core.review import MARKS, Review

Task = tuple[str, str, dict[str, Any], str, str, int, int]


def play_record(game_name: str, variant: str, options: dict[str, Any], kinds: Sequence[str], seed: int) -> Record:
    """A whole seeded game between agents, as a record."""
    game = load(game_name)
    state = game.initial_state(dict(options), seed, variant)
    agents = [make_agent(game_name, k) for k in kinds]
    rngs = seat_rngs(seed, len(agents))
    actions: list[str] = []
    while not game.is_terminal(state):
        seat = game.current_player(state)
        action = agents[seat].choose(game.observation(state, seat), game.legal_actions(state), rngs[seat])
        state = game.apply(state, action)
        actions.append(action)
    return Record(game_name, variant, tuple(sorted(options.items())), seed, tuple(actions), seats=tuple(kinds))


def one(task: Task) -> dict[str, Any]:
    """Play one game with the level at one seat and review that seat."""
    game_name, variant, options, level, opponents, seed, index = task
    players = int(options["players"])
    seat = index % players
    kinds = [level if s == seat else opponents for s in range(players)]
    record = play_record(game_name, variant, options, kinds, seed)
    began = time.perf_counter()
    review = Review(record, seat)
    lines = list(review.lines())
    took = time.perf_counter() - began
    losses = [float(line["loss"]) for line in lines]
    return {"level": level, "seed": seed, "seat": seat, "losses": losses,
            "marks": [line["mark"] for line in lines], "kinds": [line.get("kind") for line in lines],
            "actions": len(record.actions), "review_s": took}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="", help="the game (required unless --merge)")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=10, help="games per level")
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--opponents", default="hard")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's index (the reviewed seat is index mod players): a part of a longer run")
    parser.add_argument("--rows", default="", help="append every game's figures to this file (JSON lines)")
    parser.add_argument("--merge", nargs="+", default=[], metavar="FILE",
                        help="print the table over the games in these --rows files (plays nothing)")
    add_run_args(parser)
    args = parser.parse_args(argv)
    if args.merge:
        merged: dict[tuple[str, int], dict[str, Any]] = {}
        heads: list[str] = []
        for path in args.merge:
            for text in Path(path).read_text(encoding="utf-8").splitlines():
                if text.strip():
                    row = json.loads(text)
                    merged[(row["level"], row["seed"])] = row
                    head = f"{row['game']} {row['variant']} {row['options']}"
                    if head not in heads:
                        heads.append(head)
        levels = [lv for lv in args.levels.split(",") if any(k[0] == lv for k in merged)]
        unit = load(next(iter(merged.values()))["game"]).info.reviewer().unit
        print(f"# review calibration, merged from {', '.join(args.merge)}: {'; '.join(heads)}")
        _table(levels, list(merged.values()), unit, args.json)
        return
    if not args.game:
        parser.error("--game is required (unless --merge)")
    game = load(args.game)
    variant = game.info.variant(args.variant)
    options: dict[str, Any] = dict(parse_option(o) for o in args.option)
    if args.players is not None:
        options["players"] = args.players
    options = variant.resolve_options(options)
    levels = [lv for lv in args.levels.split(",") if lv]
    tasks: list[Task] = [(args.game, variant.name, options, lv, args.opponents, args.seed + i, args.first + i)
                         for lv in levels for i in range(args.games)]
    began = time.perf_counter()
    rows = []
    for row in pool_map(one, tasks, args.jobs):
        rows.append(row)
        if args.rows:
            with open(args.rows, "a", encoding="utf-8") as out_file:
                out_file.write(json.dumps({"game": args.game, "variant": variant.name, "options": options, **row}) + "\n")
    print(f"# review calibration: {args.game} {variant.name} {options} · {args.games} games a level against "
          f"{args.opponents} · {machine(args.jobs)} · {time.perf_counter() - began:.0f} s")
    unit = game.info.reviewer().unit if game.info.reviewer else "?"
    _table(levels, rows, unit, args.json)


def _table(levels: Sequence[str], rows: Sequence[dict[str, Any]], unit: str, json_path: str) -> None:
    """The calibration table over ``rows`` (one per game), level by level, and whether it is ordered."""
    table_head(["level", "games", "decisions", f"mean loss/decision ({unit}) ± 95%", "mean of games' means ± 95%",
                "p50", "p90", "p99", *MARKS, "review s/game"])
    out = []
    for lv in levels:
        mine = [r for r in rows if r["level"] == lv]
        allx = [x for r in mine for x in r["losses"]]
        if not allx:
            print(f"| {lv} | {len(mine)} | 0 | - | - | | | |" + " |" * len(MARKS))
            continue
        mean, ci = ratio_ci([sum(r["losses"]) for r in mine], [len(r["losses"]) for r in mine])
        games_mean, games_ci = mean_ci([sum(r["losses"]) / len(r["losses"]) for r in mine if r["losses"]])
        marks = Counter(m for r in mine for m in r["marks"])
        secs = sum(r["review_s"] for r in mine) / len(mine)
        print(f"| {lv} | {len(mine)} | {len(allx)} | {mean:.4f} ± {ci:.4f} | {games_mean:.4f} ± {games_ci:.4f} | "
              f"{pct(allx, 0.5):.3f} | {pct(allx, 0.9):.3f} | {pct(allx, 0.99):.3f} | "
              + " | ".join(str(marks[m]) for m in MARKS) + f" | {secs:.1f} |")
        kinds = Counter(k for r in mine for k in r["kinds"] if k)
        out.append({"level": lv, "mean": mean, "ci": ci, "games_mean": games_mean, "games_ci": games_ci,
                    "decisions": len(allx), "marks": dict(marks), "kinds": dict(kinds), "review_s_per_game": secs})
    ordered = all(a["mean"] - a["ci"] > b["mean"] + b["ci"] for a, b in zip(out, out[1:], strict=False))
    print(f"\nordered {' > '.join(levels)} with intervals apart: {'yes' if ordered else 'NO'}")
    write_json(json_path, out)


if __name__ == "__main__":
    main()

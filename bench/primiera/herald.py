"""Kaleidos, one hard against three medium, round by round: who set the partnership, with which Herald, and hard's edge.

    nice -n 10 python3 -m bench.primiera.herald run --seed 60001 --deals 500 --log base.jsonl
    nice -n 10 python3 -m bench.primiera.herald run --seed 60001 --deals 1000 --held AS --set bonus_for='{"AS": 5}' --log solo.jsonl
    python3 -m bench.primiera.herald summary base.jsonl             # by the Herald hard held, by who set the sides, by partnership
    python3 -m bench.primiera.herald compare base.jsonl trial.jsonl # the same rounds, paired: trial minus base

Each deal is played four times, hard at each seat in turn (as ``bench/primiera/strength.py``'s
``hard-medium:kaleidos:one``); a line of the log is one of those rounds: the seed, hard's seat,
the Herald hard was dealt, who played the first Herald (relative to hard: hard, next, opposite,
previous) and which, at which play, hard's captured-card lead then, the partnership, and hard's
edge (its round points minus the others' mean). ``--held AS`` plays only the rounds in which hard
holds that Herald: a change to how hard plays one Herald is measured four times cheaper, and
``bonus_for={"AS": 5}`` makes hard play it at once (every such round is then everyone-alone from
the first plays: a measure of hard's play alone). Paired comparisons (the same seed and seat)
are much tighter than the two runs' own intervals. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from bench.kit.figures import mean_ci, pool_map
from bench.primiera.strength import OVERRIDES, add_set_arg, overrides_of, play_out
from pygame_core.primiera.game import GAME, PrimieraState

WHO = {0: "hard", 1: "next", 2: "opposite", 3: "previous"}


def play(task: tuple[int, int, dict[str, Any]]) -> dict[str, Any]:
    """One round of the deal ``seed`` with hard at ``seat`` and medium elsewhere (the bench's seeding)."""
    seed, seat, overrides = task
    OVERRIDES.clear()
    OVERRIDES.update(overrides)
    kinds = ["hard" if i == seat else "medium" for i in range(4)]
    held = next(c for c in GAME.initial_state({"target": 0, "max_rounds": 1}, seed, "kaleidos").hands[seat] if c[0] == "A")
    out: dict[str, Any] = {"seed": seed, "seat": seat, "held": held, "setter": None, "herald": None, "ply": None, "lead": None}
    plays = 0

    def watch(before: PrimieraState, action: str, after: PrimieraState) -> None:
        nonlocal plays
        plays += action.startswith("play")
        if before.herald is None and after.herald is not None:
            cnt = [len(p) for p in after.piles]
            out.update(setter=WHO[(after.herald[0] - seat) % 4], herald=after.herald[1], ply=plays,
                       lead=cnt[seat] - (sum(cnt) - cnt[seat]) / 3)

    line = play_out("kaleidos", kinds, seed, watch).sheet[-1]
    out.update(partnership=line.partnership, edge=line.points[seat] - (sum(line.points) - line.points[seat]) / 3)
    return out


def ci(xs: list[float]) -> str:
    """Mean ± 95% interval (n)."""
    mean, half = mean_ci(xs)
    return f"{mean:+.3f} ± {half:.3f} (n={len(xs)})"


def load(path: str) -> dict[tuple[int, int], dict[str, Any]]:
    """A log's rounds by (seed, seat)."""
    with open(path) as f:
        return {(r["seed"], r["seat"]): r for r in map(json.loads, filter(str.strip, f))}


def groups(rows: Iterable[dict[str, Any]], key: str) -> dict[str, list[float]]:
    """Edges grouped by a field."""
    out: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        out[str(r[key])].append(r["edge"])
    return out


def main() -> None:
    """run / summary / compare."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--seed", type=int, default=60001)
    r.add_argument("--deals", type=int, default=500)
    r.add_argument("--held", default="", help="only the rounds where hard was dealt this Herald (AS, AH, AD, AC)")
    r.add_argument("--jobs", type=int, default=2)
    add_set_arg(r)
    r.add_argument("--log", required=True, help="append one JSON line per round")
    s = sub.add_parser("summary")
    s.add_argument("log")
    c = sub.add_parser("compare")
    c.add_argument("base")
    c.add_argument("trial")
    args = parser.parse_args()
    if args.cmd == "run":
        overrides = overrides_of(args.set)
        tasks = [(seed, seat, overrides) for seed in range(args.seed, args.seed + args.deals) for seat in range(4)]
        if args.held:
            tasks = [t for t in tasks
                     if args.held in GAME.initial_state({"target": 0, "max_rounds": 1}, t[0], "kaleidos").hands[t[1]]]
        with open(args.log, "a") as f:
            for row in pool_map(play, tasks, args.jobs, chunksize=4):
                f.write(json.dumps(row) + "\n")
                f.flush()
        rows = list(load(args.log).values())
        print("all rounds in the log:", ci([x["edge"] for x in rows]))
    elif args.cmd == "summary":
        rows = list(load(args.log).values())
        print("hard's edge, round points per round:", ci([x["edge"] for x in rows]))
        for key in ("held", "setter", "partnership"):
            for name, xs in sorted(groups(rows, key).items()):
                print(f"  {key} {name}: {ci(xs)}")
    else:
        a, b = load(args.base), load(args.trial)
        keys = sorted(set(a) & set(b))
        print("base ", ci([a[k]["edge"] for k in keys]))
        print("trial", ci([b[k]["edge"] for k in keys]))
        print("trial minus base, paired:", ci([b[k]["edge"] - a[k]["edge"] for k in keys]))


if __name__ == "__main__":
    main()

"""Where a level's review losses come from, by (move played, best move) verbs, in RMS or any Primero rule set.

Run from the repository root (nice it on a shared machine):
    nice -n 10 python3 -m bench.review.by_kind hard 20                  # RMS, 4 players, 4 deals, seeds 1-20
    nice -n 10 python3 -m bench.review.by_kind medium 10 --variant waks --players 2

Each game seats the level at seat (seed mod players) against hard players, as bench.review.calibrate
does, and reviews that seat. It prints every decision that lost more than 2 chips (seed, step,
played, best, loss, the value of the move played) and the losses summed by pair of verbs. Figures,
not a test.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from bench.review.calibrate import play_record
from pygame_core.review import Review


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("level")
    parser.add_argument("games", type=int)
    parser.add_argument("--variant", default="rms")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=4)
    args = parser.parse_args()
    agg: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    for seed in range(1, args.games + 1):
        seat = seed % args.players
        kinds = ["hard"] * args.players
        kinds[seat] = args.level
        rec = play_record("primero", args.variant, {"players": args.players, "deals": args.deals}, kinds, seed)
        for ln in Review(rec, seat).lines():
            key = (str(ln["played"]).split()[0], str(ln["best"]).split()[0])
            agg[key][0] += 1
            agg[key][1] += float(ln["loss"])  # type: ignore[arg-type]
            if float(ln["loss"]) > 2:  # type: ignore[arg-type]
                print(f"  big: seed {seed} step {ln['step']} {ln['played']} -> {ln['best']} loss {ln['loss']} value {ln['value']}", flush=True)
    total = sum(v[0] for v in agg.values())
    lost = sum(v[1] for v in agg.values())
    print(f"{args.level}: {int(total)} decisions, mean loss {lost / max(1, total):.3f}")
    for (played, best), (n, loss) in sorted(agg.items(), key=lambda kv: -kv[1][1]):
        print(f"  {played:8} best {best:8} n={int(n):4} lost={loss:7.1f} mean={loss / n:.3f}")


if __name__ == "__main__":
    main()

"""Summarise a ``bench/primiera/strength.py --log`` file (whole or partial): per pairing, deals, mean and 95% CI.

    python3 -m bench.primiera.log FILE
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict

from bench.kit.figures import mean_ci
from pygame_core.primiera.game import GAME


def main() -> None:
    """Print one markdown row per pairing."""
    rows: dict[str, dict[int, float]] = defaultdict(dict)
    with open(sys.argv[1]) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                rows[r["pairing"]][r["seed"]] = r["x"]
    for pairing, got in rows.items():
        xs = list(got.values())
        n = len(xs)
        mean, ci = mean_ci(xs)
        seats = GAME.info.variant(pairing.split()[0].split(":")[1]).default_players
        per = seats if ":one" in pairing else 2  # rounds per deal: a at each seat, or two seatings
        print(f"| {pairing} | {per * n} rounds, seeds {min(got)}-{max(got)} | {mean:+.3f} ± {ci:.3f} |")


if __name__ == "__main__":
    main()

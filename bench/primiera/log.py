"""Summarise a ``bench/primiera_strength.py --log`` file (whole or partial): per pairing, deals, mean and 95% CI.

    python bench/primiera_log.py FILE
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_core.primiera.game import GAME  # noqa: E402


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
        mean = sum(xs) / n
        ci = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n) if n > 1 else 0.0
        seats = GAME.info.variant(pairing.split()[0].split(":")[1]).default_players
        per = seats if ":one" in pairing else 2  # rounds per deal: a at each seat, or two seatings
        print(f"| {pairing} | {per * n} rounds, seeds {min(got)}-{max(got)} | {mean:+.3f} ± {ci:.3f} |")


if __name__ == "__main__":
    main()

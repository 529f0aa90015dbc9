"""Benchmark Primero hand evaluation: hands/second per rule set, and the CLI's stdin mode over every hand.

Run from the repository root:  python3 -m bench.primero.hands [--repeat N]
It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path

from pygame_core.cards import DECK_40
from pygame_core.primero.hands import RULESETS, evaluate, get_rules

ROOT = Path(__file__).resolve().parents[2]


def bench_evaluate(rules_name: str, repeat: int, wild: bool = False) -> tuple[int, float]:
    """Evaluate every hand of the rule set's deck ``repeat`` times; return (hands, best seconds)."""
    rules = get_rules(rules_name, wild=wild)
    all_hands = list(itertools.combinations(rules.deck, 4))
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in all_hands:
            evaluate(hand, rules)
        best = min(best, time.perf_counter() - start)
    return len(all_hands), best


def bench_cli_stdin(rules_name: str = "waks") -> tuple[int, float, int]:
    """Wall time of ``python -m pygame_core primero-hand`` reading all 91,390 hands on stdin."""
    text = "".join(" ".join(map(str, h)) + "\n" for h in itertools.combinations(DECK_40, 4))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pygame_core", "primero-hand", "--rules", rules_name],
        input=text, capture_output=True, text=True, cwd=ROOT, env=env, check=False,
    )
    elapsed = time.perf_counter() - start
    return len(proc.stdout.splitlines()), elapsed, proc.returncode


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="runs per rule set; the best is reported")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]} on {sys.platform}")
    print(f"{'rule set':<16}{'hands':>9}{'seconds':>10}{'hands/s':>12}")
    cases = [(name, False) for name in RULESETS] + [("rms", True)]
    for name, wild in cases:
        n, secs = bench_evaluate(name, args.repeat, wild)
        label = name + (" (wild JH)" if wild else "")
        print(f"{label:<16}{n:>9}{secs:>10.3f}{n / secs:>12,.0f}")
    for name in ("waks", "rms"):
        lines, secs, rc = bench_cli_stdin(name)
        print(f"CLI stdin, {name}: {lines} lines in {secs:.2f} s wall ({lines / secs:,.0f} lines/s), exit {rc}")


if __name__ == "__main__":
    main()

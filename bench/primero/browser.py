"""How long the computer players think in the browser (Pyodide in the worker), per level.

    python3 -m bench.primero.browser [--decisions 150] [--levels easy,medium,hard] [--variants waks,northpass,rms] [--players 2,4]

Builds dist/ if needed, serves it on 127.0.0.1, and in headless chromium lets
computer players of one level (2 and 4 at a table; RMS takes 4-6) play each other through the real page; it
prints p50/p95/max of the time each decision took inside the worker. Figures,
not a test (the goal: the default level answers within 300 ms at p95).
"""

from __future__ import annotations

import argparse
import statistics
import sys

from bench.kit.browser import open_setup, served_browser, think_times
from bench.kit.figures import p95_interpolated, table_head


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--variants", default="waks,northpass,rms")
    parser.add_argument("--players", default="2,4", help="table sizes (a variant skips sizes it does not take)")
    args = parser.parse_args()
    with served_browser() as (browser, base):
        table_head(["variant", "players", "level", "decisions", "p50 ms", "p95 ms", "max ms"])
        tables = [(v, int(n)) for v in args.variants.split(",") for n in args.players.split(",")
                  if not (v == "rms" and int(n) < 4)]
        for variant, players in tables:
            for level in args.levels.split(","):
                page = browser.new_page()
                open_setup(page, base, "primero", f"variant={variant}&players={players}&seed=1", [level] * players)
                page.click("#setup-start")
                times = think_times(page, args.decisions)
                print(f"| {variant} | {players} | {level} | {len(times)} | {statistics.median(times):.1f} "
                      f"| {p95_interpolated(times):.1f} | {max(times):.1f} |")
                page.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

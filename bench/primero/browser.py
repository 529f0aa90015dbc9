"""How long the computer players think in the browser (Pyodide in the worker), per level.

    python bench/ai_browser.py [--decisions 150] [--levels easy,medium,hard] [--variants waks,northpass,rms] [--players 2,4]

Builds dist/ if needed, serves it on 127.0.0.1, and in headless chromium lets
computer players of one level (2 and 4 at a table; RMS takes 4-6) play each other through the real page; it
prints p50/p95/max of the time each decision took inside the worker. Figures,
not a test (the goal: the default level answers within 300 ms at p95).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.browser_kit import launch, open_setup, think_times  # noqa: E402


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--variants", default="waks,northpass,rms")
    parser.add_argument("--players", default="2,4", help="table sizes (a variant skips sizes it does not take)")
    args = parser.parse_args()
    server, base = build.serve_in_background()
    print("| variant | players | level | decisions | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|---|---|")
    try:
        with sync_playwright() as p:
            browser = launch(p)
            tables = [(v, int(n)) for v in args.variants.split(",") for n in args.players.split(",")
                      if not (v == "rms" and int(n) < 4)]
            for variant, players in tables:
                for level in args.levels.split(","):
                    page = browser.new_page()
                    open_setup(page, base, "primero", f"variant={variant}&players={players}&seed=1", [level] * players)
                    page.click("#setup-start")
                    times = think_times(page, args.decisions)
                    q = statistics.quantiles(times, n=20) if len(times) >= 20 else [max(times)] * 19
                    print(f"| {variant} | {players} | {level} | {len(times)} | {statistics.median(times):.1f} | {q[18]:.1f} | {max(times):.1f} |")
                    page.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

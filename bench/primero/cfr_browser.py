"""Heads-up Waks, hard against hard, through the built page (Pyodide in the worker): the table
(pygame_core/primero/ai/data/cfr_waks2.json, in pygame_core.zip) loads there, and each decision's time.

    python3 -m bench.primero.cfr_browser [--decisions 120]

Builds dist/ if needed, serves it, plays in headless chromium and prints p50/p95/max of the time
each decision took inside the worker; fails if the page reports an
error (a table that did not load would stop the game with one). Figures, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from bench.kit.browser import open_setup, served_browser, think_times
from bench.kit.figures import p95_interpolated


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=120)
    args = parser.parse_args()
    errors: list[str] = []
    with served_browser() as (browser, base):
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_setup(page, base, "primero", "variant=waks&players=2&seed=3", ["hard", "hard"])
        page.click("#setup-start")
        times = think_times(page, args.decisions, stop=lambda: bool(errors))
        alerts = page.locator("[role=alert]").all_inner_texts()
    print(f"waks 2p hard vs hard in the page: {len(times)} decisions, p50 {statistics.median(times or [0.0]):.1f} ms, "
          f"p95 {p95_interpolated(times):.1f} ms, max {max(times or [0.0]):.1f} ms")
    if errors or any(a.strip() for a in alerts):
        print("errors:", errors, alerts)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

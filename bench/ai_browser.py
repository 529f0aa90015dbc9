"""How long the computer players think in the browser (Pyodide in the worker), per level.

    python bench/ai_browser.py [--decisions 150] [--levels easy,medium,hard] [--variants waks,northpass,rms] [--players 2,4]

Builds dist/ if needed, serves it on 127.0.0.1, and in headless chromium lets
computer players of one level (2 and 4 at a table; RMS takes 4-6) play each other through the real page; it
prints p50/p95/max of the time each decision took inside the worker. Figures,
not a test (the goal: the default level answers within 300 ms at p95).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
FAST = json.dumps({"suits": "french", "fourColour": False, "largeIndex": False, "speed": "fast"})


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
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            tables = [(v, int(n)) for v in args.variants.split(",") for n in args.players.split(",")
                      if not (v == "rms" and int(n) < 4)]
            for variant, players in tables:
                for level in args.levels.split(","):
                    page = browser.new_page()
                    page.goto(base)
                    page.evaluate(f"localStorage.setItem('primi.settings.v1', {FAST!r})")
                    page.goto(base + f"#/play/primero?variant={variant}&players={players}&seed=1")
                    page.wait_for_selector("html.ready", state="attached", timeout=120_000)
                    for i in range(players):
                        page.select_option(f"#seat-{i}", level)
                    page.click("#setup-start")
                    times: list[float] = []
                    while len(times) < args.decisions:
                        page.wait_for_timeout(500)
                        if not page.locator("#dealend").is_hidden():
                            page.click("#dealend-go")
                        if page.locator("#game-end").count():
                            break
                        times = page.evaluate("window.primi.thinkTimes.slice()")
                    times = times[: args.decisions]
                    q = statistics.quantiles(times, n=20) if len(times) >= 20 else [max(times)] * 19
                    print(f"| {variant} | {players} | {level} | {len(times)} | {statistics.median(times):.1f} | {q[18]:.1f} | {max(times):.1f} |")
                    page.evaluate("window.primi.thinkTimes.length = 0")
                    page.close()
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What a new browser context costs the test suite: CPU and wall time for a context of the e2e tests'
kind (the engine's snapshot seeded into its Cache Storage, e2e/kit/snapshot_seed.py) to boot the page
to ``html.ready``, per browser (issue 33: the e2e tests open about a hundred such contexts a run).

    nice -n 10 python3 -m bench.site.context_cpu [--contexts 4] [--browser /usr/bin/chromium ...]

Each browser is launched as the e2e tests launch theirs (bench.kit.browser ``launch``: CHROMIUM_ARGS), one context
first to warm the browser up, then ``--contexts`` in turn: each seeded, the page opened on a Primero
setup link and waited for until ready, then closed. CPU is every process under this one (the static
server, Playwright's driver, the browser and its renderers), read from /proc (tools/pytest_cpu.py Tree).
Figures, not a test. 2026-12-07, 2 cores, quiet: chromium 11.1 CPU-s and 5.1 s to ready a context,
chromium-headless-shell 6.5 CPU-s and 3.2 s (the seeding alone 1.4 to 2.1 CPU-s against 0.4).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

from bench.kit.browser import CHROMIUM, E2E_CHROMIUM, ROOT, launch, static_server
from bench.net.table import seeder
from tools.pytest_cpu import Tree

ROUTE = "#/play/primero?variant=waks&players=2&seed=7"


def measure(playwright: Any, tree: Tree, url: str, executable: str, contexts: int) -> dict[str, float]:
    """Median CPU-s and seconds per context for ``executable``: seeding, to ready, and in all (closed)."""
    browser = launch(playwright, executable)
    seed = seeder(browser, url, ROOT / "dist")  # the kept snapshot, or made at the first put (the warm-up)
    rows: list[tuple[float, float, float, float]] = []
    try:
        for i in range(contexts + 1):
            c0, t0 = tree.cpu(), time.monotonic()
            ctx = browser.new_context()
            seed.put(ctx)
            c_seed = tree.cpu() - c0
            page = ctx.new_page()
            page.goto(url + ROUTE)
            page.wait_for_selector("html.ready", state="attached", timeout=120_000)
            c_ready, t_ready = tree.cpu() - c0, time.monotonic() - t0
            ctx.close()
            time.sleep(0.6)  # the closed renderers' last figures reach the tree
            if i:  # the first warms the browser up
                rows.append((c_seed, c_ready, t_ready, tree.cpu() - c0))
    finally:
        seed.close()
        browser.close()
    return {name: statistics.median(r[k] for r in rows) for k, name in enumerate(("seed_cpu", "ready_cpu", "ready_s", "all_cpu"))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contexts", type=int, default=4)
    parser.add_argument("--browser", action="append", help=f"a Chromium to measure (default: {CHROMIUM} and {E2E_CHROMIUM})")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    tree = Tree(os.getpid())
    tree.watch()
    with static_server(build_first=not (ROOT / "dist" / "index.html").exists()) as url, sync_playwright() as p:
        for exe in args.browser or [CHROMIUM, E2E_CHROMIUM]:
            f = measure(p, tree, url, exe, args.contexts)
            print(f"{exe}: a context seeded {f['seed_cpu']:.2f} CPU-s; to ready {f['ready_cpu']:.2f} CPU-s, "
                  f"{f['ready_s']:.2f} s; in all {f['all_cpu']:.2f} CPU-s (median of {args.contexts})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark Primo's hard AI: planning time per full turn (p50/p95/max), on CPython and in Pyodide in the browser.

Run from the repository root:
    python3 -m bench.primo.latency [--games 12] [--variants base,alternate,mono] [--level hard]
    python3 -m bench.primo.latency --browser [--games 4]   # the same code in Pyodide, in headless chromium
    python3 -m bench.primo.latency --page [--decisions 300]  # four hard players through the built site's worker

The measured player plays 4-player games against three medium players (its seat rotated
with the deal). A turn's time is the sum of the time of every ``choose`` call it makes in
that turn: hard plans the whole turn at the first call and replays its plan after that
(it plans again only if the table is not as it expected). Times are this process's CPU
time on CPython (time.process_time, so that other work on a shared machine does not
inflate them); in the browser, wall time (time.perf_counter) inside Pyodide.

``--browser`` serves the repository on 127.0.0.1, opens a page in /usr/bin/chromium that
loads Pyodide from node_modules/pyodide (no network), copies pygame_core/ into Pyodide's
file system, and runs this file's ``measure`` there. It measures the engine and the AI in
Pyodide on the main thread of a bare page, not through the built site's worker.
``--page`` builds dist/ if needed and lets four hard players play each other through the
real page (the worker's ``ai_step``, as bench/primero/browser.py does for Primero); the worker
reports each decision's time, and a turn's plan is made in its first decision, so these
are per decision, not per turn.
Goal: p95 <= 300 ms per full turn in Pyodide (Pyodide runs this code about 3-5x slower
than CPython: about 60 ms p95 here). It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

from bench.kit.figures import pct, seat_rngs, table_head

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_FILES = ["bench/__init__.py", "bench/kit/__init__.py", "bench/kit/figures.py", "bench/primo/__init__.py",
                 "bench/primo/latency.py"]
"""What ``--browser`` copies into Pyodide besides pygame_core: this module and what it imports."""


def measure(level: str, variant: str, games: int, clock: str = "process") -> dict[str, Any]:
    """Per-turn times (ms) of ``level`` against three medium players over ``games`` games, with their stats."""
    from pygame_core.primo.game import GAME

    tick = time.process_time if clock == "process" else time.perf_counter
    turns: list[float] = []
    nodes: list[int] = []
    for seed in range(games):
        me = seed % 4
        agents = [GAME.info.agents[level if s == me else "medium"]() for s in range(4)]
        rngs = seat_rngs(seed, 4, stride=31)
        state = GAME.initial_state({"players": 4}, seed, variant)
        spent = 0.0
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            obs = GAME.observation(state, seat)
            start = tick()
            action = agents[seat].choose(obs, legal, rngs[seat])
            took = tick() - start
            if seat == me:
                if obs["turn"]["phase"] == "start" and spent:
                    turns.append(spent * 1000)
                    spent = 0.0
                spent += took
                if obs["turn"]["phase"] == "start":
                    planner = getattr(agents[seat], "planner", None)
                    if planner is not None:
                        nodes.append(planner.nodes)
            state = GAME.apply(state, action)
        if spent:
            turns.append(spent * 1000)
    return {"level": level, "variant": variant, "turns": len(turns), "p50": pct(turns, 0.5), "p95": pct(turns, 0.95),
            "max": max(turns), "nodes_p95": sorted(nodes)[int(0.95 * len(nodes))] if nodes else 0}


def table(rows: list[dict[str, Any]]) -> None:
    """Print the markdown table."""
    table_head(["level", "variant", "turns", "p50 ms", "p95 ms", "max ms", "search nodes p95"])
    for r in rows:
        print(f"| {r['level']} | {r['variant']} | {r['turns']} | {r['p50']:.1f} | {r['p95']:.1f} | {r['max']:.1f} | "
              f"{r['nodes_p95']} |", flush=True)


PAGE = """<!doctype html><meta charset="utf-8"><title>primo latency</title>
<script type="module">
import { loadPyodide } from "/node_modules/pyodide/pyodide.mjs";
const out = {};
try {
  const py = await loadPyodide({ indexURL: "/node_modules/pyodide/" });
  const files = await (await fetch("/__files__")).json();
  for (const f of files) {
    const dir = f.split("/").slice(0, -1).join("/");
    py.FS.mkdirTree("/home/pyodide/" + dir);
    py.FS.writeFile("/home/pyodide/" + f, await (await fetch("/" + f)).text());
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  out.version = py.runPython("import sys; sys.version.split()[0]");
  out.rows = JSON.parse(py.runPython(`
import json
from bench.primo.latency import measure
json.dumps([measure(l, v, G, "wall") for l, v in JOBS])
`.replace("G", new URLSearchParams(location.search).get("games"))
 .replace("JOBS", new URLSearchParams(location.search).get("jobs"))));
} catch (e) { out.error = String(e); }
window.result = out;
</script>"""


def browser(jobs: list[tuple[str, str]], games: int) -> None:
    """Run ``measure`` in Pyodide in headless chromium and print the table."""
    from playwright.sync_api import sync_playwright

    from bench.kit.browser import launch

    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pygame_core").rglob("*.py"))
    files += PYODIDE_FILES

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

        def do_GET(self) -> None:  # noqa: N802
            if self.path.startswith("/__page__"):
                body = PAGE.encode()
                ctype = "text/html"
            elif self.path == "/__files__":
                body = json.dumps(files).encode()
                ctype = "application/json"
            else:
                super().do_GET()
                return
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = (f"http://127.0.0.1:{server.server_address[1]}/__page__?games={games}"
           f"&jobs={json.dumps([list(j) for j in jobs])}")
    try:
        with sync_playwright() as p:
            b = launch(p)
            page = b.new_page()
            page.goto(url)
            page.wait_for_function("window.result !== undefined", timeout=1_800_000)
            result = page.evaluate("window.result")
            b.close()
    finally:
        server.shutdown()
    if "error" in result:
        raise SystemExit(f"Pyodide run failed: {result['error']}")
    print(f"Pyodide (Python {result['version']}) in headless chromium, {games} games per row, against medium, wall time")
    print()
    table(result["rows"])


def through_page(decisions: int, variant: str) -> None:
    """Four hard players through the built site: p50/p95/max of the worker's time per decision."""
    import statistics

    from bench.kit.browser import FAST, served_browser

    settings = json.dumps(FAST)
    times: list[float] = []
    with served_browser() as (b, base):
        page = b.new_page()
        page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(settings)})")
        seed = 1
        while len(times) < decisions:
            page.goto(base + f"#/play/primo?variant={variant}&players=4&seed={seed}")
            page.wait_for_selector("html.ready", state="attached", timeout=300_000)
            for i in range(4):
                page.select_option(f"#seat-{i}", "hard")
            page.get_by_role("button", name="Start the game").click()
            page.wait_for_function(f"window.primi.thinkTimes.length >= {decisions} || "
                                   "document.querySelector('#game-end') !== null",
                                   timeout=1_800_000, polling=1000)
            times = page.evaluate("window.primi.thinkTimes.slice()")
            seed += 1
    times = times[:decisions]
    q = statistics.quantiles(times, n=20)
    print(f"Built site in headless chromium (the worker's Pyodide), four hard players, variant {variant}")
    print()
    table_head(["level", "variant", "decisions", "p50 ms", "p95 ms", "max ms"])
    print(f"| hard | {variant} | {len(times)} | {statistics.median(times):.1f} | {q[18]:.1f} | {max(times):.1f} |")


def main() -> None:
    """Parse the arguments and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12, help="games per variant (the measured seat rotates)")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--variants", default="base,alternate,mono")
    parser.add_argument("--browser", action="store_true", help="measure in Pyodide in headless chromium")
    parser.add_argument("--page", action="store_true", help="measure through the built site (four hard players)")
    parser.add_argument("--decisions", type=int, default=300, help="with --page: decisions to time")
    args = parser.parse_args()
    if args.page:
        through_page(args.decisions, args.variants.split(",")[0])
        return
    jobs = [(args.level, v) for v in args.variants.split(",")]
    if args.browser:
        browser(jobs, args.games)
        return
    measure(args.level, "base", 1)  # warm up
    print(f"python {sys.version.split()[0]}, {args.games} games per row, against medium, CPU time")
    print()
    table([measure(level, v, args.games) for level, v in jobs])


if __name__ == "__main__":
    main()

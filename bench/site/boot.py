"""Boot time of the built site against a bare Pyodide page, measured in the same run.

    nice -n 10 python3 -m bench.site.boot [--runs 5] [--games 2] [--settle 3]

Builds dist/ if needed, serves it (plus bare Pyodide pages) on 127.0.0.1, and
opens the pages interleaved (bare, bare in a worker, Primi, then again) in
headless chromium: cold (a fresh browser profile, empty cache, the service
worker installing), warm (a reload once the service worker is active) and new
tab (a second tab in that profile). It prints medians from navigation start:
first contentful paint, ``ready`` (Primi: ``html.ready``, the worker answered
a ping; bare: 1+1 ran), Primi's home screen interactive (the page's `primi:home` mark: the game list's
links rendered, before the engine), the first Primero AI decision after ready (new 4-seat game with the
hard AI + one ai_step, timed in the page), and the worker's wasm heap after
boot and after each 20-deal all-AI game (it must not grow from game to game).
Every figure is also given as a ratio to the bare Pyodide page's ready time of
the same kind (cold/warm/new tab). Figures, not a test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import sys
import tempfile
import threading
import time
from typing import Any

import build
from bench.kit.browser import launch_profile

# The bare page: Pyodide's own loader on the main thread, then 1+1 (the recipe's baseline).
BARE = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><p>bare</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
py.runPython("1+1");
performance.mark("bare:ready");
document.documentElement.classList.add("ready");
</script></body></html>"""

# The same, with Pyodide in a plain web worker: the floor for any page that keeps Python off the main thread.
# It also reports its wasm heap (the module's memory) for the memory figures.
BARE_WORKER = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare worker</title></head><body><p>bare worker</p>
<script type="module">
const base = new URL("./pyodide/", location.href).href;
const src = `import { loadPyodide } from "${base}pyodide.mjs"; import create from "${base}pyodide.asm.mjs";
let M; const py = await loadPyodide({ indexURL: "${base}", createPyodideModule: async (s) => (M = await create(s)) });
py.runPython("1+1"); postMessage(M.HEAP8.length);`;
const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
w.onmessage = (e) => { window.bareHeap = e.data; document.documentElement.classList.add("ready"); };
</script></body></html>"""



class Handler(build.Handler):
    def do_GET(self) -> None:  # noqa: N802
        pages = {"/bench-bare.html": BARE, "/bench-bare-worker.html": BARE_WORKER}
        if self.path in pages:
            body = pages[self.path]
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


FCP_JS = "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || -1"
SW_ACTIVE = """async () => { if (!navigator.serviceWorker || !navigator.serviceWorker.getRegistration) return true;
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg) return true;
    return !!reg.active && !reg.installing; }"""
HOME_JS = "document.querySelector('#game-list a[data-primary]') !== null"
# The first AI decision: a new Primero game, four hard AI seats, and one ai_step (ms in the page).
FIRST_AI = """async () => { const t = performance.now();
    const g = await window.primi.engineCall({op: 'new_game', game: 'primero', seats: ['hard', 'hard', 'hard', 'hard']});
    const s = await window.primi.engineCall({op: 'ai_step', session: g.result.session});
    if (!g.ok || !s.ok) throw new Error(JSON.stringify([g, s]));
    await window.primi.engineCall({op: 'close', session: g.result.session});
    return performance.now() - t; }"""
# A whole 20-deal game, all seats AI; then the worker's heap.
GAME_20 = """async () => {
    const g = await window.primi.engineCall({op: 'new_game', game: 'primero', seats: ['hard', 'medium', 'easy', 'hard'],
        options: {deals: 20}});
    for (let i = 0; i < 20000; i++) {
      const s = await window.primi.engineCall({op: 'ai_step', session: g.result.session});
      if (!s.ok) throw new Error(JSON.stringify(s));
      if (s.result.terminal) break;
    }
    await window.primi.engineCall({op: 'close', session: g.result.session});
    const h = await window.primi.heap();
    return h ? h.wasm : -1; }"""


def measure_once(p: Any, url: str, wait_js: str, ours: bool, games: int, settle: float) -> dict[str, float]:
    """One cold visit, one warm reload and one new tab in a fresh profile; Primi's extra figures."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as profile:
        ctx = launch_profile(p, profile)
        page = ctx.new_page()
        page.goto(url)
        if ours:
            page.wait_for_function(HOME_JS, timeout=120_000, polling=10)
            # When the page drew the game list (its mark); Playwright's goto returns only after the
            # load event, so "now" would add the wait for every preloaded module to the figure.
            out["home_cold"] = page.evaluate(
                "(performance.getEntriesByName('primi:home')[0] || {startTime: performance.now()}).startTime")
        page.wait_for_function(wait_js, timeout=120_000)
        out["cold"] = page.evaluate("performance.now()")
        out["fcp_cold"] = page.evaluate(FCP_JS)
        # A real warm visit comes after the service worker finished precaching; wait for it.
        page.wait_for_function(SW_ACTIVE, timeout=120_000)
        if ours:
            # And after the page kept the engine's snapshot (made in the browser once the engine is
            # quiet, web/shell/snapshot.js): a later visit boots from it.
            page.wait_for_function("['kept', 'failed'].includes(document.documentElement.dataset.snapshot)", timeout=300_000)
            made = page.evaluate("window.primiSnapshot || null")
            if made and made.get("ok"):
                out["maker_wall"] = float(made["wall"])
                out["maker_kept_bytes"] = float(made.get("bytes", 0))
                for step, ms in made["ms"].items():
                    out[f"maker_{step}"] = float(ms)
        # Chrome is still settling the fresh install for a second or two (a reload then waits up to
        # 2.5 s in serviceWorker.register); a bench may pause, and every page gets the same pause.
        time.sleep(settle)
        page.reload()
        page.wait_for_function(wait_js, timeout=120_000)
        out["warm"] = page.evaluate("performance.now()")
        out["fcp_warm"] = page.evaluate(FCP_JS)
        tab = ctx.new_page()
        tab.goto(url)
        tab.wait_for_function(wait_js, timeout=120_000)
        out["tab"] = tab.evaluate("performance.now()")
        if ours:
            out["first_ai"] = tab.evaluate(FIRST_AI)
            heap = tab.evaluate("window.primi.heap()")
            out["heap_boot"] = heap["wasm"] if heap else -1
            out["boot_snapshot"] = 1.0 if tab.evaluate("document.documentElement.dataset.boot") == "snapshot" else 0.0
            # The new tab's snapshot boot, step by step (engine-boot.mjs): read, check, unpack, restore.
            steps = tab.evaluate("window.primi.engineCall({op: 'boot'})")["result"].get("ms", {})
            for step, ms in steps.items():
                out[f"snap_{step}"] = float(ms)
            for i in range(games):
                out[f"heap_game{i + 1}"] = tab.evaluate(GAME_20)
        else:
            heap = tab.evaluate("window.bareHeap || -1")
            out["heap_boot"] = heap
        ctx.close()
    return out


def main_measure(base: str, runs: int, games: int, settle: float) -> dict[str, dict[str, list[float]]]:
    """The three pages interleaved, ``runs`` times: bare, bare in a worker, Primi."""
    from playwright.sync_api import sync_playwright

    ready_js = "document.documentElement.classList.contains('ready')"
    pages = {
        "bare": (base + "bench-bare.html", ready_js, False),
        "bare_worker": (base + "bench-bare-worker.html", ready_js, False),
        "ours": (base + "index.html", ready_js, True),
    }
    res: dict[str, dict[str, list[float]]] = {k: {} for k in pages}
    with sync_playwright() as p:
        for run in range(runs):
            for name, (url, js, ours) in pages.items():
                one = measure_once(p, url, js, ours, games if run == 0 else 0, settle)
                for k, v in one.items():
                    res[name].setdefault(k, []).append(v)
            print(f"run {run + 1}/{runs} done", file=sys.stderr, flush=True)
    return res


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds between the install and the warm reload")
    parser.add_argument("--games", type=int, default=2, help="20-deal games for the heap figures (first run only)")
    args = parser.parse_args()
    if build.needs_build():
        build.build()
    handler = functools.partial(Handler, directory=str(build.DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    load = os.getloadavg()
    try:
        res = main_measure(base, args.runs, args.games, args.settle)
    finally:
        server.shutdown()
    med = {name: {k: statistics.median(v) for k, v in r.items()} for name, r in res.items()}
    bare, bw, ours = med["bare"], med["bare_worker"], med["ours"]
    print(f"runs per page: {args.runs}, interleaved (medians, ms from navigation start); "
          f"load average before {load[0]:.1f}, after {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"warm reload {args.settle:g} s after the service worker is active and the snapshot kept")
    maker = {k[6:]: v for k, v in ours.items() if k.startswith("maker_")}
    if maker:
        print(f"snapshot made in the browser after the cold visit: {maker.pop('wall') / 1000:.1f} s wall, kept "
              f"{maker.pop('kept_bytes') / 1e6:.2f} MB; steps, ms: " + ", ".join(f"{k} {v:.0f}" for k, v in maker.items()))
    print(f"Primi booted from the snapshot in {sum(res['ours']['boot_snapshot'])}/{args.runs} runs")
    steps = {k[5:]: v for k, v in ours.items() if k.startswith("snap_")}
    if steps:
        print("snapshot boot in the new tab, ms (worker): " + ", ".join(f"{k} {v:.0f}" for k, v in steps.items()))
    print("| figure | bare Pyodide | bare in a worker | Primi | Primi / bare | Primi / bare worker |")
    print("|---|---|---|---|---|---|")

    def row(label: str, key: str, ref: str | None = None) -> None:
        r = ref or key
        print(f"| {label} | {bare.get(key, float('nan')):.0f} | {bw.get(key, float('nan')):.0f} | {ours[key]:.0f} "
              f"| {ours[key] / bare[r]:.2f}x | {ours[key] / bw[r]:.2f}x |")

    row("ready, cold", "cold")
    row("ready, warm (reload)", "warm")
    row("ready, new tab", "tab")
    row("first contentful paint, cold", "fcp_cold")
    row("first contentful paint, warm", "fcp_warm")
    print(f"| home interactive, cold (vs bare ready cold) | | | {ours['home_cold']:.0f} "
          f"| {ours['home_cold'] / bare['cold']:.2f}x | {ours['home_cold'] / bw['cold']:.2f}x |")
    print(f"| first Primero AI decision after ready (vs bare ready, new tab) | | | {ours['first_ai']:.0f} "
          f"| {ours['first_ai'] / bare['tab']:.2f}x | {ours['first_ai'] / bw['tab']:.2f}x |")
    mb = 1024 * 1024
    heaps = [ours["heap_boot"]] + [ours[f"heap_game{i + 1}"] for i in range(args.games)]
    print(f"| worker wasm heap after boot, MiB (bare in a worker: after 1+1) | | {bw['heap_boot'] / mb:.1f} "
          f"| {ours['heap_boot'] / mb:.1f} | | {ours['heap_boot'] / bw['heap_boot']:.2f}x |")
    for i in range(args.games):
        h = ours[f"heap_game{i + 1}"]
        print(f"| worker wasm heap after 20-deal game {i + 1}, MiB | | | {h / mb:.1f} | | {h / bw['heap_boot']:.2f}x |")
    if args.games > 1:
        print("heap grows from game to game: " + ("yes" if heaps[-1] > heaps[1] else "no"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

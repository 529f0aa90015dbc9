"""Boot time of the built site against a bare Pyodide page, measured in the same run.

    python bench/boot.py [--runs 5]

Builds dist/ if needed, serves it (plus a bare Pyodide page) on 127.0.0.1, and
opens both pages in headless chromium: cold (a fresh browser profile, empty
cache) and warm (a reload in the same profile). It prints, per page, the median
time from navigation start to first contentful paint and to ``ready`` (the
calculator answers), and the ratio ready/bare. Figures, not a test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

# The bare page: Pyodide's own loader on the main thread, then 1+1 (the recipe's baseline).
BARE = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><p>bare</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
py.runPython("1+1");
document.documentElement.classList.add("ready");
</script></body></html>"""

# The same, with Pyodide in a plain web worker: the floor for any page that keeps Python off the main thread.
BARE_WORKER = b"""<!doctype html><html><head><meta charset="utf-8"><title>bare worker</title></head><body><p>bare worker</p>
<script type="module">
const mjs = new URL("./pyodide/pyodide.mjs", location.href).href, index = new URL("./pyodide/", location.href).href;
const src = `import { loadPyodide } from "${mjs}"; const py = await loadPyodide({ indexURL: "${index}" });
py.runPython("1+1"); postMessage("ok");`;
const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
w.onmessage = () => document.documentElement.classList.add("ready");
</script></body></html>"""

# Our page is "ready" when the calculator has scored a hand through the worker.
CALC = "#/calc?rules=waks&cards=7S,6H,AD,KC"


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


def measure(url: str, runs: int, wait_js: str) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    out: dict[str, list[float]] = {"cold": [], "warm": [], "fcp_cold": []}
    with sync_playwright() as p:
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as profile:
                ctx = p.chromium.launch_persistent_context(
                    profile, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, headless=True
                )
                page = ctx.new_page()
                page.goto(url)
                page.wait_for_function(wait_js, timeout=120_000)
                out["cold"].append(page.evaluate("performance.now()"))
                fcp = page.evaluate(
                    "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || -1"
                )
                out["fcp_cold"].append(fcp)
                # A real warm visit comes after the service worker finished precaching; wait for it.
                page.wait_for_function(
                    """async () => { if (!navigator.serviceWorker || !navigator.serviceWorker.getRegistration) return true;
                        const reg = await navigator.serviceWorker.getRegistration();
                        if (!reg) return true;
                        return !!reg.active && !reg.installing; }""",
                    timeout=120_000,
                )
                page.reload()
                page.wait_for_function(wait_js, timeout=120_000)
                out["warm"].append(page.evaluate("performance.now()"))
                ctx.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if build.needs_build():
        build.build()
    handler = functools.partial(Handler, directory=str(build.DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        ours_js = "document.querySelector('#calc-kind[data-points=\"65\"]') !== null"
        ready_js = "document.documentElement.classList.contains('ready')"
        bare = measure(base + "bench-bare.html", args.runs, ready_js)
        bare_worker = measure(base + "bench-bare-worker.html", args.runs, ready_js)
        ours = measure(base + "index.html" + CALC, args.runs, ours_js)
    finally:
        server.shutdown()
    med = {k: statistics.median(v) for k, v in ours.items()}
    bmed = {k: statistics.median(v) for k, v in bare.items()}
    wmed = {k: statistics.median(v) for k, v in bare_worker.items()}
    print(f"runs per page: {args.runs} (medians, ms from navigation start)")
    print("| page | cold ready | warm ready | cold first paint |")
    print("|---|---|---|---|")
    print(f"| bare Pyodide (loadPyodide + 1+1) | {bmed['cold']:.0f} | {bmed['warm']:.0f} | {bmed['fcp_cold']:.0f} |")
    print(f"| bare Pyodide in a web worker | {wmed['cold']:.0f} | {wmed['warm']:.0f} | {wmed['fcp_cold']:.0f} |")
    print(f"| Primi calculator scored (html.ready) | {med['cold']:.0f} | {med['warm']:.0f} | {med['fcp_cold']:.0f} |")
    print(f"ratio Primi/bare: cold {med['cold'] / bmed['cold']:.2f}x, warm {med['warm'] / bmed['warm']:.2f}x")
    print(f"ratio Primi/bare worker: cold {med['cold'] / wmed['cold']:.2f}x, warm {med['warm'] / wmed['warm']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

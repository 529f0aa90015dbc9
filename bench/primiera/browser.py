"""Primiera's AI in the browser: how long a decision takes in Pyodide (the worker), and the main thread's longest task.

    nice -n 10 python3 -m bench.primiera.browser [--decisions 120] [--level hard] [--variants 2p,3p,classic,kaleidos]

Builds dist/ if needed, serves it on 127.0.0.1, and in headless chromium (/usr/bin/chromium)
lets computer players of one level play each other through the real page (every seat that
level), one page per mode. It prints, per mode, p50/p95/max of the ``think_ms`` each
``ai_step`` reply carries (the time ``choose`` took inside the worker, every decision
counted, forced ones and Kaleidos's table picks included), and the longest main-thread task
while the computers played, from a PerformanceObserver on 'longtask' entries (a task of 50 ms
or more; "none" when no task reached 50 ms); with ``--trace``, also the longest main-thread task
in thread CPU time from a timeline trace, which the machine's load does not stretch. Figures, not a test; the goals: a hard move
within 300 ms at p95, the main thread never blocked for more than 50 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from bench.kit.browser import open_setup, served_browser, think_times
from bench.kit.figures import pct, table_head

LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
} catch (e) { window.__longtasks = null; }
"""
PLAYERS = {"2p": 2, "3p": 3, "classic": 4, "kaleidos": 4}


def longest_cpu_task(trace: bytes) -> float:
    """The longest top-level task on the page's main thread (CrRendererMain), in thread CPU time (ms)."""
    events = json.loads(trace)
    events = events.get("traceEvents", events) if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    cpu = [e.get("tdur", 0) / 1000 for e in events
           if e.get("ph") == "X" and e.get("name") == "RunTask" and (e.get("pid"), e.get("tid")) in main]
    return max(cpu, default=0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=120, help="decisions measured per mode")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--variants", default="2p,3p,classic,kaleidos")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", action="store_true",
                        help="also record a timeline trace: the longest main-thread task in CPU time (not stretched by load)")
    args = parser.parse_args()
    with served_browser() as (browser, base):
        table_head(["mode", "level", "decisions", "p50 ms", "p95 ms", "max ms", "longest main-thread task during play"]
                   + (["longest main-thread task, CPU time"] if args.trace else []))
        for variant in args.variants.split(","):
            page = browser.new_page()
            page.add_init_script(LONGTASKS)
            open_setup(page, base, "primiera", f"variant={variant}&seed={args.seed}&opt-target=99",
                       [args.level] * PLAYERS[variant])
            started = page.evaluate("performance.now()")
            if args.trace:
                browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
            page.click("#setup-start")
            times = think_times(page, args.decisions)
            cpu = ""
            if args.trace:
                cpu = f" | {longest_cpu_task(browser.stop_tracing()):.0f} ms"
            tasks = page.evaluate("window.__longtasks")
            during = [t["ms"] for t in tasks or [] if t["start"] >= started]
            longest = "not measured" if tasks is None else (f"{max(during):.0f} ms ({len(during)} over 50 ms)"
                                                             if during else "none over 50 ms")
            print(f"| {variant} | {args.level} | {len(times)} | {statistics.median(times):.1f} | "
                  f"{pct(times, 0.95):.1f} | {max(times):.1f} | {longest}{cpu} |", flush=True)
            page.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

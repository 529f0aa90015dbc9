"""The engine's snapshot made in the browser (issue 21): what making it costs a first visit, and
what it saves the later ones.

    nice -n 10 python3 -m bench.site.snapshot [--runs 3]

Serves the built site (dist/, built if needed) on 127.0.0.1 and drives Debian's chromium. A fresh
context (the maker on) makes a first visit and waits until the page has kept the snapshot: the
maker's wall time and steps (web/snapshot-maker.mjs), the size kept, the main thread's long tasks
while it ran (Long Tasks API) and the engine's answer time meanwhile (a ping every 250 ms: the maker
is a second Python beside the engine). Then later visits, interleaved: in that context (booting from
the snapshot) and in a context whose maker is off (booting plainly), ``runs`` each: ready (the
page's ``primi:ready`` mark, ms from navigation start) and the worker's own boot steps. Medians.
Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
from typing import Any

from bench.kit.browser import FAST, READY_TIMEOUT, served_browser

OBSERVE = """window.__long = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push({start: e.startTime, ms: e.duration}); })
  .observe({type: 'longtask', buffered: true});"""
SETTINGS = f"try {{ localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(FAST))}); }} catch (e) {{}}"
# While the maker runs: the engine's answer time to a ping, every 250 ms.
PINGS = """async () => { const out = [];
  while (document.documentElement.dataset.snapshot === 'making') {
    const t = performance.now();
    await window.primi.engineCall({op: 'ping'});
    out.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 250));
    if (out.length > 2400) break;
  }
  return out; }"""
MAKING = """() => { const s = performance.getEntriesByName('primi:snapshot')[0];
  return s ? {start: s.startTime, end: s.startTime + s.duration,
              long: window.__long.filter((e) => e.start >= s.startTime && e.start <= s.startTime + s.duration)} : null; }"""


def visit(page: Any, base: str) -> dict[str, Any]:
    """A new visit in the page's context; ready (ms from navigation start) and the worker's boot answer."""
    page.goto("about:blank")
    page.goto(base)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    ready = page.evaluate("performance.getEntriesByName('primi:ready')[0].startTime")
    how = page.evaluate("window.primi.engineCall({op: 'boot'})")["result"]
    return {"ready": ready, **how}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load = os.getloadavg()
    with served_browser() as (browser, base):
        made = browser.new_context(snapshot_maker=True)
        plain = browser.new_context()
        for ctx in (made, plain):
            ctx.add_init_script(SETTINGS)
            ctx.add_init_script(OBSERVE)
        page, other = made.new_page(), plain.new_page()
        first = visit(page, base)
        page.wait_for_function("document.documentElement.dataset.snapshot === 'making'", timeout=READY_TIMEOUT)
        pings = page.evaluate(PINGS)
        page.wait_for_function("['kept', 'failed'].includes(document.documentElement.dataset.snapshot)", timeout=600_000)
        report = page.evaluate("window.primiSnapshot")
        window = page.evaluate(MAKING)
        visit(other, base)  # the plain context's first visit (its service worker installs)
        later: dict[str, list[dict[str, Any]]] = {"snapshot": [], "plain": []}
        for _ in range(args.runs):
            later["snapshot"].append(visit(page, base))
            later["plain"].append(visit(other, base))
        made.close()
        plain.close()
    print(f"load average before {load[0]:.1f}, after {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"first visit: ready {first['ready']:.0f} ms ({first['mode']}, Python started in {first['ms'].get('start')} ms)")
    if not report or not report.get("ok"):
        print(f"the maker failed: {report}")
        return 1
    long = window["long"] if window else []
    print(f"maker: {report['wall'] / 1000:.1f} s wall from its start ({(window or {}).get('start', 0) / 1000:.1f} s after "
          f"navigation), steps ms {report['ms']}; kept {report['bytes'] / 1e6:.2f} MB gzipped ({report['raw'] / 1e6:.1f} MB)")
    print(f"main thread while it ran: {len(long)} long tasks, longest {max((e['ms'] for e in long), default=0):.0f} ms, "
          f"total {sum(e['ms'] for e in long):.0f} ms")
    if pings:
        print(f"engine ping while it ran: median {statistics.median(pings):.0f} ms, max {max(pings):.0f} ms ({len(pings)} pings)")
    for mode, runs in later.items():
        assert all(r["mode"] == mode for r in runs), runs
        steps: dict[str, list[float]] = {}
        for r in runs:
            for k, v in r.get("ms", {}).items():
                steps.setdefault(k, []).append(v)
        each = ", ".join(f"{r['ready']:.0f}" for r in runs)
        print(f"later visit, {mode}: ready median {statistics.median(r['ready'] for r in runs):.0f} ms "
              f"({each}); worker steps median "
              + ", ".join(f"{k} {statistics.median(v):.0f}" for k, v in steps.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

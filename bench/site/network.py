"""A first visit on a phone network: Primi against bare Pyodide, through a throttled server.

    nice -n 10 python3 -m bench.site.network [--profiles 3g,4g,wifi] [--runs 3] [--dist DIR]
    python3 -m bench.site.network --profiles wifi --runs 1      # smoke: about a minute

Builds dist/ if needed (or uses DIR as built) and a bare Pyodide folder (build.py's Pyodide files,
with build.write_gzip's precompressed copies, and bench/site/boot.py's bare page: ``loadPyodide()``,
then ``runPython("1+1")``), and serves each through bench/site/throttle.py: one bandwidth shared by
all connections and a round-trip delay per response (3g 1.6 Mbit/s + 300 ms, 4g 9 Mbit/s + 170 ms,
wifi 30 Mbit/s + 40 ms, none: loopback as it is). Each run opens a fresh chromium profile for Primi,
then one for bare Pyodide (interleaved, run after run).

Primi's visit is a shared link (``LINK``: Primero, the human and three easy computers, a fixed seed),
as most players first meet it. The player presses Start as soon as the setup screen shows it. The
settings stored before the first script turn the computers' pace off (the e2e tests' settings), so
"can act" measures loading, not the pace.

Figures, in ms from navigation start in the page's own clock (marks and a MutationObserver there,
never Python's clock), for the FIRST visit and a SECOND visit (a new page in the same profile, once
the first visit's background work is done: ``html[data-offline=ready]`` and ``html[data-snapshot]``
kept or failed, when the page sets them; the service worker active; no request in flight; the first tab
then closed). A visit that fails (a timeout) is reported and its figures are left out:

- paint: the ``first-contentful-paint`` entry;
- usable: the first screen can be used: the setup screen's Start button (a link's visit) or the home
  screen's Play links (``#game-list a[data-primary]``); bare Pyodide has none;
- ready: Primi's engine answered (``primi:ready`` mark, ``html.ready``); bare: after ``1+1``;
- act (Primi): Primero's table has settled with the human to act: no call in flight, no tap lock,
  and the human's action bar (or the felt, or the hand) has an enabled control; the condition of
  e2e/kit/tables.py's ``settled`` for Primero with the hand-over, deal summary and end left out;
- bytes: every byte the server wrote for the visit (headers and bodies; the first visit until its
  background work is done; "bytes at act": what had been written when the player could act).

It prints medians, every run, and the ratios to bare Pyodide in the same run: first visit act / bare
ready, first-visit bytes / bare bytes, second visit ready / bare second visit ready (and act).
Figures, not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import build
from bench.kit.browser import launch_profile
from bench.site.boot import BARE, SW_ACTIVE
from bench.site.first_visit import Counter, wait_until
from bench.site.throttle import PROFILES, Profile, serve

LINK = "#/play/primero?variant=waks&players=4&seats=human,easy,easy,easy&seed=7"
SETTINGS = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "off", "lang": "en"}
TIMEOUT_S = 400
"""The longest a visit may take to reach a figure (3g on a loaded machine, the snapshot shipped)."""
BACKGROUND_S = 300
"""The longest the first visit's background work (offline copy, snapshot) is waited for."""

# Page side: the first time each state holds, in the page's clock (a MutationObserver sees every
# change of the DOM as it happens, so no polling delay is counted).
MARKS = """(() => {
  const B = window.__bench = {};
  const html = () => document.documentElement;
  const checks = {
    usable: () => document.querySelector('#setup-start:not([disabled])') || document.querySelector('#game-list a[data-primary]'),
    ready: () => html() && html().classList.contains('ready'),
    act: () => document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && (
      document.querySelector('#actions [data-action]:not([disabled])') || document.querySelector('#felt button[data-action]:not([disabled])')
      || document.querySelector('#actions #card-hint') && document.querySelector('#my-hand button.card:not([disabled])')),
  };
  const look = () => {
    const t = performance.now();
    for (const [k, f] of Object.entries(checks)) if (!(k in B) && f()) B[k] = t;
    if (Object.keys(B).length === Object.keys(checks).length) seen.disconnect();
  };
  const seen = new MutationObserver(look);
  seen.observe(document, {subtree: true, childList: true, attributes: true});
})();"""
READ = """() => { const mark = (n) => (performance.getEntriesByName(n)[0] || {}).startTime;
  const B = window.__bench;
  return {paint: mark('first-contentful-paint'), usable: B.usable, ready: mark('primi:ready') ?? mark('bare:ready') ?? B.ready,
          act: B.act, boot: document.documentElement.dataset.boot || null}; }"""
# The first visit's background work, as the page reports it (absent attributes: nothing to wait for).
BACKGROUND = """() => { const d = document.documentElement.dataset;
  return (d.offline === undefined || d.offline === 'ready') && (d.snapshot === undefined || ['kept', 'failed'].includes(d.snapshot)); }"""


def bare_folder(folder: Path) -> Path:
    """Bare Pyodide as build.py ships it: its Pyodide files, their precompressed copies, and the page."""
    (folder / "pyodide").mkdir(parents=True)
    # Pyodide as npm ships it: its runtime, its whole standard library and its lock file (the build
    # copies the runtime as it is and writes its own trimmed library and empty lock file).
    for name in (*build.PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(build.NODE / "pyodide" / name, folder / "pyodide" / name)
    (folder / "index.html").write_bytes(BARE)
    build.write_gzip(folder)
    return folder


def wait_background(page: Any, counter: Counter) -> bool:
    """The first visit's background work done (page attributes, the service worker active), then no
    request in flight; False when it did not finish in time (the figures are still read)."""
    deadline = time.monotonic() + BACKGROUND_S
    done = True
    for js in (BACKGROUND, SW_ACTIVE):
        try:
            wait_until(lambda js=js: bool(page.evaluate(js)), max(1.0, deadline - time.monotonic()))
        except TimeoutError:
            done = False
    try:
        wait_until(lambda: counter.in_flight == 0, 30)
    except TimeoutError:
        done = False
    if not done:
        state = page.evaluate("({...document.documentElement.dataset})")
        print(f"  background work not done: offline={state.get('offline')} snapshot={state.get('snapshot')}"
              f" requests in flight={counter.in_flight}", flush=True)
    return done


def visit(page: Any, url: str, counter: Counter, primi: bool) -> dict[str, Any]:
    """One visit in ``page``: the figures and the bytes served until the player could act (Primi) or
    Pyodide was ready (bare)."""
    before = counter.total()
    page.goto(url, wait_until="commit", timeout=TIMEOUT_S * 1000)
    if primi:
        page.click("#setup-start", timeout=TIMEOUT_S * 1000)
        page.wait_for_function("window.__bench.act !== undefined", timeout=TIMEOUT_S * 1000)
    else:
        page.wait_for_function("performance.getEntriesByName('bare:ready').length > 0", timeout=TIMEOUT_S * 1000)
    fig: dict[str, Any] = page.evaluate(READ)
    fig["bytes_act"] = counter.total() - before
    fig["_before"] = before
    return fig


def run_once(p: Any, base: str, counter: Counter, primi: bool) -> dict[str, dict[str, Any]]:
    """A fresh profile: the first visit, its background work, then a second visit in a new page."""
    url = base + (LINK if primi else "")
    with tempfile.TemporaryDirectory() as folder:
        ctx = launch_profile(p, folder)
        try:
            if primi:
                ctx.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(SETTINGS))})")
            ctx.add_init_script(MARKS)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            first = visit(page, url, counter, primi)
            first["background_done"] = wait_background(page, counter)
            first["bytes"] = counter.total() - first.pop("_before")
            page.close()  # a later visit: the first tab is gone, its worker with it
            second = visit(ctx.new_page(), url, counter, primi)
            with contextlib.suppress(TimeoutError):
                wait_until(lambda: counter.in_flight == 0, 30)
            second["bytes"] = counter.total() - second.pop("_before")
        finally:
            ctx.close()
    return {"first": first, "second": second}


KEYS = ("paint", "usable", "ready", "act", "bytes_act", "bytes")


def measure(profile: Profile, runs: int, dist: Path, bare: Path) -> dict[str, list[dict[str, dict[str, Any]]]]:
    """``runs`` runs through ``profile``, Primi then bare Pyodide in each."""
    from playwright.sync_api import sync_playwright

    counters = {"primi": Counter(), "bare": Counter()}
    servers = {"primi": serve(dist, profile, counters["primi"]), "bare": serve(bare, profile, counters["bare"])}
    res: dict[str, list[dict[str, dict[str, Any]]]] = {"primi": [], "bare": []}
    try:
        with sync_playwright() as p:
            for run in range(runs):
                for name in ("primi", "bare"):
                    try:
                        res[name].append(run_once(p, servers[name][1], counters[name], name == "primi"))
                    except Exception as e:  # noqa: BLE001 (a visit that never got there: its figures are missing)
                        print(f"{profile.name}: {name} run {run + 1} failed: {str(e).splitlines()[0]}", file=sys.stderr, flush=True)
                        res[name].append({"first": {}, "second": {}})
                print(f"{profile.name}: run {run + 1}/{runs} done (load {os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    finally:
        for server, _ in servers.values():
            server.shutdown()
    return res


def secs(ms: float | None) -> str:
    return "–" if ms is None else f"{ms / 1000:.1f} s"


def mb(n: float | None) -> str:
    if n is None:
        return "–"
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def med(values: list[Any]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


def report(profile: Profile, res: dict[str, list[dict[str, dict[str, Any]]]]) -> None:
    runs = len(res["primi"])
    print(f"\n### {profile.name}: {profile.mbit or 'unthrottled'}{' Mbit/s' if profile.mbit else ''}, "
          f"{profile.rtt_ms:g} ms per response; {runs} runs each, interleaved (medians, then each run)\n")
    print("| page | visit | first paint | usable | ready | can act | bytes at act/ready | bytes |")
    print("|---|---|---|---|---|---|---|---|")
    for name, label in (("primi", "Primi"), ("bare", "bare Pyodide")):
        for v in ("first", "second"):
            rows = [r[v] for r in res[name]]
            m = {k: med([r.get(k) for r in rows]) for k in KEYS}
            each = {k: " / ".join((secs if not k.startswith("bytes") else mb)(r.get(k)) for r in rows) for k in KEYS}
            print(f"| {label} | {v} | {secs(m['paint'])} | {secs(m['usable'])} | {secs(m['ready'])} | {secs(m['act'])} "
                  f"| {mb(m['bytes_act'])} | {mb(m['bytes'])} |")
            print(f"| | each run | {each['paint']} | {each['usable']} | {each['ready']} | {each['act']} "
                  f"| {each['bytes_act']} | {each['bytes']} |")
    def each_run(visit: str, key: str, bare_visit: str, bare_key: str) -> list[float]:
        return [float(p[visit][key]) / b[bare_visit][bare_key] for p, b in zip(res["primi"], res["bare"], strict=True)
                if p[visit].get(key) is not None and b[bare_visit].get(bare_key)]

    ratios = {
        "first visit can act / bare ready": each_run("first", "act", "first", "ready"),
        "first visit ready / bare ready": each_run("first", "ready", "first", "ready"),
        "first-visit bytes / bare bytes": each_run("first", "bytes", "first", "bytes"),
        "first-visit bytes at act / bare bytes": each_run("first", "bytes_act", "first", "bytes"),
        "second visit ready / bare second ready": each_run("second", "ready", "second", "ready"),
        "second visit can act / bare second ready": each_run("second", "act", "second", "ready"),
    }
    print("\n| ratio (same run) | median | each run |\n|---|---|---|")
    for label, values in ratios.items():
        middle = f"{statistics.median(values):.2f}x" if values else "–"
        print(f"| {label} | {middle} | {' / '.join(f'{v:.2f}' for v in values)} |")
    boots = [r["second"].get("boot") for r in res["primi"]]
    unfinished = sum(not r["first"].get("background_done") for rs in res.values() for r in rs)
    print(f"\nPrimi's second visit booted: {', '.join(str(b) for b in boots)}"
          + (f"; background work not finished in {BACKGROUND_S} s in {unfinished} visit(s)" if unfinished else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profiles", default="3g,4g,wifi,none", help=f"comma-separated, of {', '.join(PROFILES)}")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=build.DIST)
    args = parser.parse_args()
    profiles = [PROFILES[name] for name in args.profiles.split(",")]
    dist = args.dist.resolve()
    if dist == build.DIST and build.needs_build():
        build.build()
    snap = [f for f in build.site_files(dist) if f.endswith(".snapshot")]
    print(f"build {json.loads((dist / 'build.json').read_text()).get('hash', '?')} ({'with' if snap else 'without'} "
          f"a shipped snapshot); Primi's link {LINK}; load average before {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
          flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        bare = bare_folder(Path(tmp) / "bare")
        for profile in profiles:
            report(profile, measure(profile, args.runs, dist, bare))
            print(f"\nload average after {profile.name}: {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

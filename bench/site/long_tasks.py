"""The main thread's longest tasks, phase by phase: boot (cold and warm), each game's table opened,
and turns against the hard AI in each of the three games; then, on the page loaded again with
?debug, a Primero deal at the Slow speed with its pot and the next deal (3 players, medium), and
Primo's turns up to a row clear at Normal (e2e/kit/primo.py's ``clear_seed`` and simple player, easy
computers). These are the phases the e2e tests bounded in wall and CPU time before those bounds came
here as figures (e2e/a11y/test_motion.py, e2e/primero/test_primero_play.py: a bound on a shared,
loaded machine is a guess).

    nice -n 10 python3 -m bench.site.long_tasks [--runs 3] [--clicks 30] [--dist DIR]

Serves the built site (dist/, built if needed; or DIR as it is) on 127.0.0.1 and drives Debian's
chromium (headless, a fresh browser context per run: the service worker installs, as on a first
visit). The Long Tasks API gives every main-thread task over 50 ms; the Long Animation Frames API
names the scripts that ran in a long frame (invoker, file and function, ms, the style and layout
they forced). A Chrome trace of each phase gives every task of the page's main thread with its
wall time and its CPU time (the thread's own time: on a loaded machine a task's wall time is mostly
waiting for a core, its CPU time is about what an idle machine would see). Per phase it prints the
longest task (wall, and the most CPU any task took), the longest script of ours (web/), the longest
of PyScript's and Pyodide's own (``core-*``, ``pyodide*``), as the maximum over the runs, with the
machine's load average before and after. Scripts without a file are the harness's (Playwright's
polling, the observers); they are left out. Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

import build
from bench.kit.browser import launch

ROOT = build.ROOT

# From the page's first script: every long task and every long animation frame with its scripts.
OBSERVE = """(() => { window.__long = []; window.__loaf = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push({start: e.startTime, ms: e.duration}); })
    .observe({type: 'longtask', buffered: true});
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push({start: e.startTime, ms: e.duration,
    scripts: e.scripts.map((s) => [s.invoker, s.sourceURL.split('/').pop() + ':' + s.sourceFunctionName, s.duration, s.forcedStyleAndLayoutDuration])}); })
    .observe({type: 'long-animation-frame', buffered: true}); } catch {} })()"""
SETTINGS = json.dumps(json.dumps({"suits": "french", "speed": "normal", "speedChosen": True, "lang": "en"}))
SW_ACTIVE = """async () => { const reg = await navigator.serviceWorker.getRegistration();
    return !!reg && !!reg.active && !reg.installing && !!navigator.serviceWorker.controller; }"""
SETTLED = """() => document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && (
    !document.querySelector('#handover').hidden || !document.querySelector('#dealend').hidden
    || document.querySelector('#game-end') || document.querySelector('#my-hand button:not([disabled])')
    || document.querySelector('#actions [data-action]:not([disabled])') || document.querySelector('#felt button[data-action]'))"""
CONTROLS = """() => [...(document.querySelector('.overlay:not([hidden])') || document).querySelectorAll('[data-action]')].filter((el) => !el.disabled
  && !el.closest('[hidden]') && el.getClientRects().length && el.dataset.action !== ''
  && (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button'))
  .map((el, i) => { el.dataset.clickerId = String(i); return i; })"""
TASK_EVENTS = ("ThreadControllerImpl::RunTask", "RunTask")  # a task of the thread, by Chrome's version
THIRD_PARTY = re.compile(r"^(core-|pyodide)")
# Each game against three (Primiera: one) hard computer seats; the long games so the turns go on.
GAMES = [("primero", "waks", 4), ("primiera", "2p", 2), ("primo", "base", 4)]
TIMEOUT = 120_000


def since(page: Any, t0: float) -> dict[str, Any]:
    """The longest task and the longest scripts (ours, third party) since t0 (performance.now())."""
    got: dict[str, Any] = page.evaluate(
        """(t0) => ({long: window.__long.filter((e) => e.start >= t0).map((e) => e.ms),
                    scripts: window.__loaf.filter((e) => e.start >= t0).flatMap((e) => e.scripts)})""", t0)
    named = [s for s in got["scripts"] if not s[1].startswith(":")]
    ours = sorted((s for s in named if not THIRD_PARTY.match(s[1])), key=lambda s: -s[2])
    theirs = sorted((s for s in named if THIRD_PARTY.match(s[1])), key=lambda s: -s[2])
    return {"task": max(got["long"], default=0.0), "tasks": len(got["long"]), "ours": ours[:3], "theirs": theirs[:1]}


def trace_tasks(raw: bytes) -> tuple[float, float]:
    """From a Chrome trace: the longest main-thread task of the page's renderer (wall ms) and the
    most CPU time any of its tasks took (ms)."""
    data = json.loads(raw)
    events = data["traceEvents"] if isinstance(data, dict) else data
    threads = {(e["pid"], e["tid"]): e["args"].get("name") for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    # The page's renderer is the one running the engine's worker (Chrome's own pages have renderers too).
    page = {pid for (pid, _), name in threads.items() if name == "DedicatedWorker thread"}
    main = {key for key, name in threads.items() if name == "CrRendererMain" and key[0] in page}
    tasks = [e for e in events if e.get("ph") == "X" and e.get("name") in TASK_EVENTS and (e["pid"], e["tid"]) in main]
    return (max((e.get("dur", 0) for e in tasks), default=0) / 1000, max((e.get("tdur", 0) for e in tasks), default=0) / 1000)


class Traced:
    """A phase under a Chrome trace of the page (toplevel tasks, with thread time)."""

    def __init__(self, browser: Any, page: Any, out: dict[str, Any], key: str) -> None:
        self.browser, self.page, self.out, self.key = browser, page, out, key

    def __enter__(self) -> None:
        self.browser.start_tracing(page=self.page, categories=["toplevel"])

    def __exit__(self, *exc: object) -> None:
        self.out[self.key] = trace_tasks(self.browser.stop_tracing())


def settle(page: Any) -> None:
    page.wait_for_function(SETTLED, timeout=TIMEOUT)


def open_table(page: Any, base: str, game: str, variant: str, players: int) -> None:
    """The game's setup (a hash change: the engine stays up), the hard computer in every other seat, Start."""
    page.goto(base + f"#/play/{game}?variant={variant}&players={players}&seed=7")
    page.wait_for_selector(f"#screen-setup[data-game={game}]", timeout=TIMEOUT)
    page.select_option("#seat-0", "human")
    for i in range(1, players):
        page.select_option(f"#seat-{i}", "hard")
    page.locator("#setup-start").click()
    page.wait_for_selector(f"#screen-table[data-game={game}]", timeout=TIMEOUT)
    settle(page)


def play(page: Any, clicks: int, rng: random.Random) -> None:
    """`clicks` random moves of the human seat (through data-action controls), the AI playing between."""
    for _ in range(clicks):
        settle(page)
        if page.locator("#game-end").count():
            break
        ids = page.evaluate(CONTROLS)
        if ids:
            page.locator(f"[data-clicker-id='{rng.choice(ids)}']").first.click()
        else:  # Primiera: a card of the hand first, its moves then show as data-action buttons
            cards = page.locator("#my-hand button.card:not([disabled])")
            if not cards.count():
                break
            cards.nth(rng.randrange(cards.count())).click()
    settle(page)


def phase(browser: Any, page: Any, out: dict[str, dict[str, Any]], name: str, act: Any, load: bool = False) -> None:
    """Run act() under a trace; keep the phase's figures (Long Tasks, LoAF scripts, trace). A phase
    that loads the page counts from the new document's start."""
    t0 = 0.0 if load else page.evaluate("performance.now()")
    cpu: dict[str, Any] = {}
    with Traced(browser, page, cpu, "trace"):
        act()
    out[name] = {**since(page, t0), "wall": cpu["trace"][0], "cpu": cpu["trace"][1]}


def speed(page: Any, base: str, value: str) -> None:
    """Settings › Speed (the page stays up: hash changes)."""
    page.goto(base + "?debug#/settings")
    page.wait_for_selector("#set-speed", timeout=TIMEOUT)
    page.select_option("#set-speed", value)


def slow_deal(page: Any, base: str, rng: random.Random) -> None:
    """Primero Waks, 3 players (two medium computers), at Slow: the deal, random moves of the human
    up to the deal's end, its pot, and the next deal dealt."""
    page.goto(base + "?debug#/play/primero?variant=waks&players=3&seed=11")
    page.wait_for_selector("#screen-setup[data-game=primero]", timeout=TIMEOUT)
    for i, kind in enumerate(["human", "medium", "medium"]):
        page.select_option(f"#seat-{i}", kind)
    page.locator("#setup-start").click()
    page.wait_for_selector("#screen-table[data-game=primero]", timeout=TIMEOUT)
    for _ in range(60):
        settle(page)
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
            settle(page)
            return
        ids = page.evaluate(CONTROLS)
        if ids:
            page.locator(f"[data-clicker-id='{rng.choice(ids)}']").first.click()
    raise RuntimeError("Primero at Slow: no deal's end in 60 moves")


def primo_kit() -> Any:
    """e2e/kit/primo.py (its seeds found by web/worker.py in this process, its simple player)."""
    for path in (ROOT / "web", ROOT / "e2e"):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    import kit.primo  # type: ignore[import-not-found,unused-ignore]

    return kit.primo


def row_clear(page: Any, base: str, seed: int, players: int) -> None:
    """Primo from the deal ``clear_seed`` found (easy computers), the human playing e2e/kit/primo.py's
    simple player, up to the first row clear and the table settled after it."""
    primo = primo_kit()
    page.goto(base + f"?debug#/play/primo?variant=base&players={players}&seed={seed}")
    page.wait_for_selector("#screen-setup[data-game=primo]", timeout=TIMEOUT)
    for i in range(players):
        page.select_option(f"#seat-{i}", "human" if i == 0 else "easy")
    page.evaluate("window.primi.replies.length = 0")
    page.locator("#setup-start").click()
    page.wait_for_selector("#screen-table[data-game=primo]", timeout=TIMEOUT)
    for _ in range(60):
        page.wait_for_function(f"() => document.querySelector('#po-rows[data-clears]') || ({SETTLED})()", timeout=TIMEOUT)
        if page.locator("#po-rows[data-clears]").count():
            settle(page)
            return
        primo.do(page, primo.policy(primo.last_view(page)))
    raise RuntimeError(f"Primo: no row cleared in 60 moves (seed {seed}, {players} players)")


def one_run(p: Any, base: str, clicks: int, seed: int) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    browser = launch(p)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(f"localStorage.setItem('primi.settings.v1', {SETTINGS})")
    ctx.add_init_script(OBSERVE)
    page = ctx.new_page()

    def cold() -> None:
        page.goto(base + "#/")
        page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT)

    phase(browser, page, out, "boot, cold (first visit)", cold, load=True)
    page.wait_for_function(SW_ACTIVE, timeout=TIMEOUT)
    time.sleep(2)  # the fresh install settles (as in bench/site/boot.py)

    def warm() -> None:
        page.reload()
        page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT)

    phase(browser, page, out, "boot, warm (reload)", warm, load=True)
    rng = random.Random(seed)
    for game, variant, players in GAMES:
        phase(browser, page, out, f"{game}: table opened", lambda: open_table(page, base, game, variant, players))  # noqa: B023
        phase(browser, page, out, f"{game}: {clicks} moves v hard AI", lambda: play(page, clicks, rng))
    # The page again with ?debug (its replies kept: the Primo player reads its legal moves there).
    page.goto(base + "?debug#/")
    page.wait_for_selector("html.ready", state="attached", timeout=TIMEOUT)
    speed(page, base, "slow")
    phase(browser, page, out, "primero: a Slow deal, its pot, the next deal", lambda: slow_deal(page, base, rng))
    speed(page, base, "normal")
    deal = primo_kit().clear_seed()
    phase(browser, page, out, "primo: turns up to a row clear (Normal)", lambda: row_clear(page, base, *deal))
    browser.close()
    return out


def fmt(scripts: list[list[Any]]) -> str:
    return "; ".join(f"{s[1]} ({s[0]}) {s[2]:.0f}" + (f" +{s[3]:.0f} layout" if s[3] else "") for s in scripts) or "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=30, help="moves of the human seat per game")
    parser.add_argument("--dist", type=Path, default=build.DIST, help="a built site to serve as it is")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = build.serve_in_background(args.dist.resolve())
    load = os.getloadavg()
    runs: list[dict[str, dict[str, Any]]] = []
    try:
        with sync_playwright() as p:
            for run in range(args.runs):
                runs.append(one_run(p, base, args.clicks, run))
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
    finally:
        server.shutdown()
    print(f"{args.runs} runs, a fresh browser context each; load average before {load[0]:.1f}, after {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores; ms, the maximum over the runs (each run's value in brackets)")
    print("| phase | longest task, wall | most CPU in a task | tasks > 50 ms | longest script of ours | its top 3 (worst run) | PyScript/Pyodide's longest |")
    print("|---|---|---|---|---|---|---|")
    for name in runs[0]:
        rs = [r[name] for r in runs]
        ours = [r["ours"][0][2] if r["ours"] else 0.0 for r in rs]
        worst = max(rs, key=lambda r: r["ours"][0][2] if r["ours"] else 0.0)
        theirs = max((r["theirs"][0] for r in rs if r["theirs"]), key=lambda s: s[2], default=None)
        mine = ", ".join(f"{x:.0f}" for x in ours)
        walls = ", ".join(f"{r['wall']:.0f}" for r in rs)
        cpus = ", ".join(f"{r['cpu']:.0f}" for r in rs)
        print(f"| {name} | {max(r['wall'] for r in rs):.0f} [{walls}] | {max(r['cpu'] for r in rs):.0f} [{cpus}] "
              f"| {sum(r['tasks'] for r in rs)} | {max(ours):.0f} [{mine}] "
              f"| {fmt(worst['ours'])} | {fmt([theirs]) if theirs else '-'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

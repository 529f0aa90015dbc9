"""Playing together (issue 22) through the real pages, on loopback: how long a guest takes from
opening the invite to seeing the table, how long a guest's move takes to reach the host's table and
to come back drawn on the guest's own, and how many data-channel bytes a move costs each way.

    nice -n 10 python3 -m bench.net.table [--games primero,primiera,primo] [--moves 20] [--cold] [--dist DIR]

Builds dist/ if needed and serves it in this process; one chromium (WebRtcHideLocalIpsWithMdns off, as
the e2e tests run it: ``bench.kit.browser.loopback_webrtc_args``), a context for the host (desktop) and
one for the guest (phone), each seeded with the engine's snapshot as the e2e contexts are
(e2e/kit/snapshot_seed.py: a returning visitor's boot; ``--cold``: the guest's is a first visit's). The
host sets up a two-player table with "Play with friends", the guest's page opens the invite link, the
answer is carried back at once and the host's page presses Start as soon as the friend is in: the
people's time is left out, and so is this script's (every time below is the pages' own, read from
``performance.timeOrigin + performance.now()`` in each page; the two pages share the machine's clock).

- set-up, per table: invite opened (the guest's navigation start) -> join screen -> answer shown (the
  guest's engine booted and its ICE gathered); answer pasted on the host -> friend ready -> both
  tables shown; the total, invite opened -> guest's table shown with the carrying left out;
- a guest's move: from the guest's click on it to the host's table having it (``tableInfo().actions``)
  and to the guest's own table showing the View after it; p50/p95/max over at least ``--moves`` guest
  moves per game (Primero Waks, Primiera and Primo, two players: the host and the guest, who both play
  a simple policy; tables are set up again until enough moves are made). The deal itself cannot be
  seeded: its seed comes from the host's and the guest's secrets (the fair deal);
- bytes: every data-channel message each way (an init script wraps ``RTCDataChannel.send`` and
  ``onmessage``), counted as UTF-8 bytes by message type from the Start to the last measured move:
  the host's bytes to the guest per action of the game (any seat's: each one sends the guest a View)
  and the guest's bytes per own move; heartbeats (ping/pong) apart.

The figures go in bench/net/RESULTS.md. Figures, not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import build
from bench.kit.browser import CHROMIUM, CHROMIUM_ARGS, READY_TIMEOUT, ROOT, loopback_webrtc_args, maker_off
from bench.kit.figures import pct
from bench.site.screenshots import LEGAL, step_primero

# A two-player table of each game, set up with "Play with friends": the second seat is the guest's.
GAMES: dict[str, str] = {
    "primero": "/play/primero?variant=waks&players=2&opt-deals=3",
    "primiera": "/play/primiera?variant=2p&opt-target=0&opt-max_rounds=1",
    "primo": "/play/primo?variant=rounds&players=2&opt-rounds=1",
}
NAMES = {"primero": "Primero Waks 2p", "primiera": "Primiera 2p", "primo": "Primo 2p"}
SETTINGS = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "off", "lang": "en"}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}
STEP_TIMEOUT = 60_000
MAX_STEPS = 600
HEARTBEAT = ("ping", "pong")

# Before any script of the page: its clock, the marks of what it showed first and when, each click,
# every data-channel message each way (bytes and type), the legal actions of the last View received
# (a guest's page has no worker replies to read them from), and ``__after(n)``: a promise of the time
# the page's table first shows more than n actions. The marks are checked on every DOM change.
HOOK = """(() => {
const now = () => performance.timeOrigin + performance.now();
const W = window;
W.__now = now; W.__marks = {}; W.__net = []; W.__legal = []; W.__waits = []; W.__lastClick = null; W.__act = null;
const shown = (s) => { const e = document.querySelector(s); return !!e && e.getClientRects().length > 0; };
const MARKS = {
  engine: () => document.documentElement.classList.contains('ready'),
  join: () => shown('#screen-join'),
  answer: () => shown('#join-answer-text'),
  ready: () => !!document.querySelector('#together-seats li[data-state=ready]'),
  table: () => shown('#screen-table'),
};
const actions = () => { const t = W.primi && W.primi.tableInfo && W.primi.tableInfo(); return t ? t.actions : -1; };
const check = () => {
  const t = now();
  for (const [k, f] of Object.entries(MARKS)) if (!(k in W.__marks) && f()) W.__marks[k] = t;
  if (W.__autoStart && !('start' in W.__marks) && W.__marks.ready) {
    const b = document.querySelector('#together-start');
    if (b && !b.disabled && b.textContent.trim() === 'Start') { W.__marks.start = now(); b.click(); }
  }
  if (W.__waits.length) { const a = actions(); W.__waits = W.__waits.filter((w) => (a > w.n ? (w.done(t), false) : true)); }
};
W.__after = (n) => new Promise((done) => { W.__waits.push({n, done}); check(); });
new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
document.addEventListener('click', (e) => {
  W.__lastClick = now();
  if (e.target instanceof Element && e.target.closest('#together-accept')) W.__marks.paste = W.__lastClick;
}, true);
const size = (d) => (typeof d === 'string' ? new TextEncoder().encode(d).length : (d && d.byteLength) || 0);
const kind = (d) => { try { return JSON.parse(d).t || '?'; } catch { return '?'; } };
const findLegal = (d) => {
  if (d && typeof d === 'object') {
    if (Array.isArray(d.legal) && 'observation' in d && 'seat' in d) return d.legal;
    for (const v of Object.values(d)) { const f = findLegal(v); if (f) return f; }
  }
  return null;
};
if (W.RTCDataChannel) {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (d) {
    const t = now(), k = kind(d);
    W.__net.push(['out', k, size(d), t]);
    if (k === 'act') W.__act = {click: W.__lastClick, sent: t};
    return send.call(this, d);
  };
  const p = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true, get() { return p.get.call(this); },
    set(fn) {
      p.set.call(this, fn && ((e) => {
        W.__net.push(['in', kind(e.data), size(e.data), now()]);
        try { const l = findLegal(JSON.parse(e.data)); if (l) W.__legal = l; } catch { /* not ours */ }
        return fn.call(this, e);
      }));
    },
  });
}
})();"""

# Whose move on a page: a deal's summary, the end, this page's player's (the table idle), or null.
STATE = """() => {
  const over = document.querySelector('#dealend');
  if (over && !over.hidden) return 'dealend';
  if (document.querySelector('#game-end')) return 'end';
  const t = window.primi.tableInfo();
  if (t && t.current === t.viewer && document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])')
      && document.querySelector('#my-hand button:not([disabled]), #actions [data-action]:not([disabled]), #felt button[data-action], #my-hand button.po-hand-card')) return 'me';
  return null;
}"""

# The host's table moved past n actions, ended, or shows a deal's summary.
MOVED = """(n) => { const t = window.primi.tableInfo(), over = document.querySelector('#dealend');
  return t.terminal || t.actions > n || (over && !over.hidden); }"""

# The page's table has the move armed for (``__after``), or shows a deal's summary or the end instead.
GOT = """() => window.__got !== null || !!document.querySelector('#game-end')
  || document.querySelector('#dealend')?.hidden === false"""

ARM = """(n) => { window.__got = null; window.__act = null; window.__after(n).then((t) => { window.__got = t; }); }"""


def step_primo(page: Any, legal_js: str) -> None:
    """bench/site/screenshots.py's Primo player, its legal actions read by ``legal_js``: the first card
    that fits a row (a card with one place to go plays on its tap), else end the turn, else pass."""
    legal: list[str] = page.evaluate(legal_js)
    action = next((a for a in legal if a.split()[0] in ("add", "open", "head")), "end" if "end" in legal else "pass")
    verb, *rest = action.split()
    if verb in ("add", "open", "head"):
        card = page.locator(f'#my-hand button[data-card="{rest[0]}"]').first
        one_tap = card.get_attribute("data-action") == action  # its only place: one tap plays it
        card.click()
        if not one_tap:
            page.locator(f'#po-rows [data-action="{action}"]').first.click()
    else:
        page.locator(f'#actions [data-action="{action}"]').first.click()


def step_primiera(page: Any, n: int) -> None:
    """A hand card (a different one each time): a card with one move plays on that tap (its
    data-action is the move), else it is picked and its first option played."""
    cards = page.locator("#my-hand button.card:not([disabled])")
    card = cards.nth(n % cards.count())
    if card.get_attribute("data-action") == "pick":
        card.click()
        page.locator("#actions button[data-action]:not([disabled])").first.click()
    else:
        card.click()


def step(page: Any, game: str, n: int, guest: bool) -> None:
    if game == "primero":
        step_primero(page, n)
    elif game == "primiera":
        step_primiera(page, n)
    else:
        step_primo(page, "() => window.__legal" if guest else LEGAL)


@dataclass
class Setup:
    """One table's set-up, in ms: on the guest's clock from its navigation start, on the host's from
    the answer's paste (both pages read the same machine clock)."""

    join: float  # invite opened -> join screen shown
    engine: float | None  # invite opened -> the guest's engine ready (None: not by the table shown)
    answer: float  # invite opened -> answer shown
    ready: float  # answer pasted -> the friend is in (the channel open, the secret and name received)
    host_table: float  # answer pasted -> the host's table shown (Start pressed at once)
    guest_table: float  # answer pasted -> the guest's table shown

    @property
    def total(self) -> float:
        """Invite opened -> the guest's table shown, the carrying of the answer left out."""
        return self.answer + self.guest_table


@dataclass
class Run:
    """What one game's tables gave: set-ups, each guest move's two times, the messages each way."""

    game: str
    setups: list[Setup] = field(default_factory=list)
    to_host: list[float] = field(default_factory=list)  # click -> the host's table has the move
    back: list[float] = field(default_factory=list)  # click -> the guest's table shows the View after it
    click_to_send: list[float] = field(default_factory=list)  # click -> the act message sent
    sent_to_host: list[float] = field(default_factory=list)  # the act sent -> the host's table has the move
    sent_back: list[float] = field(default_factory=list)  # the act sent -> the guest's table shows the View after it
    actions: int = 0  # actions of the game played while bytes were counted (every seat's)
    moves: int = 0  # the guest's moves among them
    seconds: float = 0.0  # how long that took (for the heartbeats' share)
    host_out: list[tuple[str, int]] = field(default_factory=list)  # the host's messages to the guest: (type, bytes)
    guest_out: list[tuple[str, int]] = field(default_factory=list)  # the guest's to the host
    setup_host: list[tuple[str, int]] = field(default_factory=list)  # the first table's messages before the play
    setup_guest: list[tuple[str, int]] = field(default_factory=list)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    def games(text: str) -> list[str]:
        names = [g.strip() for g in text.split(",") if g.strip()]
        bad = [g for g in names if g not in GAMES]
        if bad or not names:
            raise argparse.ArgumentTypeError(f"games are among {', '.join(GAMES)}: not {', '.join(bad) or 'none'}")
        return names

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=games, default=list(GAMES), help="comma-separated, among " + ", ".join(GAMES))
    parser.add_argument("--moves", type=int, default=20, help="the guest's moves measured per game, at least")
    parser.add_argument("--cold", action="store_true", help="the guest's context is not seeded: a first visit's boot")
    parser.add_argument("--dist", type=Path, default=build.DIST)
    args = parser.parse_args(argv)
    if args.moves < 1:
        parser.error("--moves must be at least 1")
    return args


def summary(xs: Sequence[float]) -> tuple[float, float, float]:
    """p50, p95 (nearest rank: a measured value) and max; zeros when there is nothing."""
    if not xs:
        return 0.0, 0.0, 0.0
    return pct(xs, 0.5), pct(xs, 0.95), max(xs)


def by_type(messages: Sequence[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    """Messages and bytes per message type, the biggest share first."""
    out: dict[str, list[int]] = {}
    for kind, size in messages:
        c = out.setdefault(kind, [0, 0])
        c[0] += 1
        c[1] += size
    return {k: (c[0], c[1]) for k, c in sorted(out.items(), key=lambda kv: -kv[1][1])}


def per_move(messages: Sequence[tuple[str, int]], n: int) -> float:
    """Bytes per move of the messages that are not heartbeats."""
    return sum(size for kind, size in messages if kind not in HEARTBEAT) / n if n else 0.0


def seeder(browser: Any, base: str, dist: Path) -> Any:
    """e2e/kit/snapshot_seed.py's SnapshotSeed for this build (e2e/ is on pytest's path only: loaded by its path)."""
    spec = importlib.util.spec_from_file_location("snapshot_seed", ROOT / "e2e" / "kit" / "snapshot_seed.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SnapshotSeed(browser.new_context, base, dist)


def device(browser: Any, seed: Any, options: dict[str, Any], name: str = "") -> Any:
    """A player's context: the snapshot put in (unless ``seed`` is None), the settings and the hook
    before any script; its page."""
    ctx = browser.new_context(**options)
    if seed is not None:
        seed.put(ctx)
    ctx.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(SETTINGS))})")
    if name:
        ctx.add_init_script(f"localStorage.setItem('primi.net.name', {json.dumps(name)})")
    ctx.add_init_script(HOOK)
    return ctx.new_page()


def set_up(browser: Any, base: str, seed: Any, cold: bool, game: str) -> tuple[Any, Any, Setup]:
    """A table of ``game`` with one friend, from the host's setup to both tables shown; the host's
    page, the guest's, and the set-up's times."""
    from playwright.sync_api import expect

    host = device(browser, seed, DESKTOP)
    host.goto(base + "?debug#" + GAMES[game])
    host.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    expect(host.locator("#screen-setup")).to_be_visible(timeout=STEP_TIMEOUT)
    host.locator("#setup-together").check()
    host.locator("#setup-start").click()
    link = host.locator("#together-seats li[data-state=waiting] input.net-link")
    expect(link).to_have_count(1, timeout=STEP_TIMEOUT)
    invite = link.input_value()
    host.evaluate("window.__autoStart = true")
    guest = device(browser, None if cold else seed, PHONE, name="Anna")
    guest.goto(invite)
    answer = guest.locator("#join-answer-text")
    expect(answer).to_be_visible(timeout=READY_TIMEOUT)
    host.locator("#together-answer").fill(answer.input_value())
    host.locator("#together-accept").click()
    for page in (host, guest):
        page.wait_for_function("() => 'table' in window.__marks && window.primi.tableInfo()", timeout=READY_TIMEOUT)
    g = guest.evaluate("({o: performance.timeOrigin, ...window.__marks})")
    h = host.evaluate("window.__marks")
    t0, paste = g["o"], h["paste"]
    return host, guest, Setup(join=g["join"] - t0, engine=g["engine"] - t0 if "engine" in g else None, answer=g["answer"] - t0, ready=h["ready"] - paste,
                              host_table=h["table"] - paste, guest_table=g["table"] - paste)


def messages(page: Any, direction: str, since: float, until: float) -> list[tuple[str, int]]:
    net = page.evaluate("window.__net")
    return [(k, n) for d, k, n, t in net if d == direction and since <= t <= until]


def play(host: Any, guest: Any, game: str, run: Run, wanted: int) -> None:
    """Both players play until the game ends or the guest made ``wanted`` moves; each guest move timed.
    The host's table says whose turn it is, so the script waits on that player's page only."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    me = guest.evaluate("window.primi.tableInfo().viewer")
    start, first = host.evaluate("window.__now()"), host.evaluate("window.primi.tableInfo().actions")
    moves = 0
    for n in range(MAX_STEPS):
        if moves >= wanted:
            break
        if host.evaluate(STATE) == "dealend":
            host.locator("#dealend-go").click()
            continue
        info = host.evaluate("window.primi.tableInfo()")
        if info["terminal"]:
            break
        cur, before = info["current"], info["actions"]
        if cur == me:
            if guest.wait_for_function(STATE, timeout=STEP_TIMEOUT).json_value() == "dealend":
                guest.locator("#dealend-go").click()
                continue
            shown = guest.evaluate("window.primi.tableInfo().actions")
            for page in (host, guest):
                page.evaluate(ARM, shown)
            step(guest, game, n, guest=True)
            try:
                guest.wait_for_function("() => window.__act", timeout=10_000)
            except PlaywrightTimeout:
                continue  # the step made no move (a choice opened): the loop looks again
            for page in (host, guest):
                page.wait_for_function(GOT, timeout=STEP_TIMEOUT)
            act, back, got = guest.evaluate("window.__act"), guest.evaluate("window.__got"), host.evaluate("window.__got")
            run.click_to_send.append(act["sent"] - act["click"])
            if got is not None:  # else the move ended a deal: its summary came first (not a move's time)
                run.to_host.append(got - act["click"])
                run.sent_to_host.append(got - act["sent"])
            if back is not None:
                run.back.append(back - act["click"])
                run.sent_back.append(back - act["sent"])
            moves += 1
        elif cur == 0:
            if host.wait_for_function(STATE, timeout=STEP_TIMEOUT).json_value() != "me":
                continue
            step(host, game, n, guest=False)
        host.wait_for_function(MOVED, arg=before, timeout=STEP_TIMEOUT)
    with contextlib.suppress(PlaywrightTimeout):  # the last View reached the guest (its bytes counted), unless a summary holds it
        guest.wait_for_function("(n) => window.primi.tableInfo().actions >= n", arg=host.evaluate("window.primi.tableInfo().actions"),
                                timeout=10_000)
    end = max(host.evaluate("window.__now()"), guest.evaluate("window.__now()"))
    run.actions += host.evaluate("window.primi.tableInfo().actions") - first
    run.moves += moves
    run.seconds += (end - start) / 1000
    run.host_out += messages(host, "out", start, end)
    if not run.setup_host:
        run.setup_host, run.setup_guest = messages(host, "out", 0, start), messages(guest, "out", 0, start)
    run.guest_out += messages(guest, "out", start, end)


def measure(browser: Any, base: str, seed: Any, cold: bool, game: str, wanted: int) -> Run:
    run = Run(game)
    for _ in range(20):
        if len(run.click_to_send) >= wanted:
            break
        host, guest, setup = set_up(browser, base, seed, cold, game)
        run.setups.append(setup)
        try:
            before = len(run.click_to_send)
            play(host, guest, game, run, wanted - before)
            if len(run.click_to_send) == before:
                raise RuntimeError(f"{game}: a whole table and the guest made no move")
        finally:
            guest.context.close()
            host.context.close()
    return run


def report(runs: list[Run], cold: bool) -> None:
    setups = [s for r in runs for s in r.setups]
    who = "a first visit (no snapshot)" if cold else "a returning visitor's (snapshot seeded)"
    print(f"set-up, {len(setups)} tables, the guest's boot {who} (ms: p50 / max):")
    rows = [
        ("invite opened -> join screen shown", [s.join for s in setups]),
        ("invite opened -> guest's engine ready", [s.engine for s in setups if s.engine is not None]),
        ("invite opened -> answer shown", [s.answer for s in setups]),
        ("answer pasted -> friend in (host)", [s.ready for s in setups]),
        ("answer pasted -> host's table shown", [s.host_table for s in setups]),
        ("answer pasted -> guest's table shown", [s.guest_table for s in setups]),
        ("invite opened -> guest's table shown", [s.total for s in setups]),
    ]
    for label, xs in rows:
        if not xs:
            print(f"  {label:40}      (not before the table)")
            continue
        print(f"  {label:40} {statistics.median(xs):8.1f}  {max(xs):8.1f}")
    print("a guest's move (ms: p50 / p95 / max; in brackets, the moves timed):")
    print(f"  {'game':16} {'from':6} {'-> act sent':>22}  {'-> host has it':>28}  {'-> guest shows it':>28}")
    for r in runs:
        for since, xs in (("click", (r.click_to_send, r.to_host, r.back)), ("sent", ([], r.sent_to_host, r.sent_back))):
            cells = [f"({len(x):3}) {a:6.1f} {b:6.1f} {c:7.1f}" if x else " " * 28 for x, (a, b, c) in ((x, summary(x)) for x in xs)]
            print(f"  {NAMES[r.game] if since == 'click' else '':16} {since:6} {cells[0][-22:]}  {cells[1]}  {cells[2]}")
    print("data-channel bytes (UTF-8 JSON), heartbeats apart:")
    for r in runs:
        beats = sum(n for k, n in r.host_out + r.guest_out if k in HEARTBEAT)
        print(f"  {NAMES[r.game]}: {r.actions} actions, {r.moves} of them the guest's, {r.seconds:.1f} s; "
              f"host -> guest {per_move(r.host_out, r.actions):,.0f} bytes per action, "
              f"guest -> host {per_move(r.guest_out, r.moves):,.0f} bytes per guest move; heartbeats {beats / max(r.seconds, 1e-9):,.0f} bytes/s")
        for side, msgs in (("host -> guest", r.host_out), ("guest -> host", r.guest_out),
                           ("set-up, host -> guest", r.setup_host), ("set-up, guest -> host", r.setup_guest)):
            parts = ", ".join(f"{k} {c}x {b / c:,.0f}" for k, (c, b) in by_type(msgs).items())
            print(f"    {side} (type, messages, bytes each): {parts}")


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}, {os.cpu_count()} cpus, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    server, base = build.serve_in_background(args.dist)
    try:
        with sync_playwright() as p:
            browser = maker_off(p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *loopback_webrtc_args()]))
            seed = seeder(browser, base, args.dist)
            try:
                runs = [measure(browser, base, seed, args.cold, game, args.moves) for game in args.games]
            finally:
                seed.close()
                browser.close()
    finally:
        server.shutdown()
    report(runs, args.cold)
    print(f"load average after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

"""Playing together on one network (issue 22), on loopback: how long two pages take to connect, how
long a message takes there and back, and how many bytes a move's messages carry.

    nice -n 10 python3 -m bench.net.connect [--connections 10] [--trips 200] [--dist DIR]

Builds dist/ if needed and serves it in this process; one chromium (WebRtcHideLocalIpsWithMdns off, as
the e2e tests run it: ``bench.kit.browser.loopback_webrtc_args``) with a context for the host and one
for the guest, each at the site's icon with web/shell/net/peer.js imported (no table: the transport
alone). The texts are carried at once (a person takes seconds; that is not measured).

- set-up, per connection, in each page's own clock: the host's invite made (its ICE gathering), the
  guest's answer made (the same), and from the host taking the answer to the channel open there; and
  their sum, what a connection costs apart from the people;
- a message there and back: the host sends a guest's View ({"t":"view"}, a real one: see below), the
  guest answers a move ({"t":"act"}) on receiving it; p50/p95/max over ``--trips``;
- bytes per message: the JSON text of {"t":"view", "view": View} for the View the worker gives a seat
  of a typical table of each game (Primero Northpass 4p, Primiera Kaleidos 4p, Primo 4p, each dealt from
  seed 7 and played a few moves by the computers), and of a move.

The figures go in bench/net/RESULTS.md. Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

import build
from bench.kit.browser import CHROMIUM, CHROMIUM_ARGS, READY_TIMEOUT, loopback_webrtc_args, maker_off

# A typical table of each game: the first seat is the one looked at (a guest's), the others computers.
TABLES = {
    "primero": {"game": "primero", "variant": "northpass", "seats": ["human", "easy", "easy", "easy"], "seed": 7},
    "primiera": {"game": "primiera", "variant": "kaleidos", "seats": ["human", "easy", "easy", "easy"], "seed": 7},
    "primo": {"game": "primo", "seats": ["human", "easy", "easy", "easy"], "seed": 7},
}

# The View a seat of a fresh table sees once the computers before it have played (new_game, then
# ai_step until the human is to act or 40 steps).
VIEW = """async (req) => {
  const call = async (r) => { const a = await window.primi.engineCall(r); if (!a.ok) throw new Error(JSON.stringify(a)); return a.result; };
  const started = await call({op: 'new_game', ...req, names: req.seats.map((_, i) => 'Player ' + (i + 1))});
  let view = started.view;
  for (let i = 0; i < 40 && !(view.legal && view.legal.length) && !view.over; i++) view = await call({op: 'ai_step', session: started.session});
  return view;
}"""

LOAD = """async (path) => {
  const peer = await import(new URL(path, location.href).href);
  window.net = {peer, waiting: null, open: null};
  return true;
}"""

HOST_INVITE = """async () => {
  const net = window.net;
  if (net.link) net.link.close();
  let opened;
  net.open = new Promise((r) => { opened = r; });
  const t = performance.now();
  net.link = await net.peer.hostInvite({
    onState: (s) => { if (s === 'open') opened(performance.now()); },
    onMessage: (m) => { if (net.waiting && m.at === net.waiting.n) net.waiting.done(performance.now()); },
  });
  return {invite: net.link.invite, ms: performance.now() - t};
}"""

GUEST_JOIN = """async (invite) => {
  const net = window.net;
  if (net.link) net.link.close();
  localStorage.removeItem('primi.net.used');  // the bench answers many invites in one browser
  const t = performance.now();
  net.link = await net.peer.guestJoin(invite, {
    onMessage: (m) => { if (m.t === 'view') net.link.send({t: 'act', action: 'play 7C', at: m.n}); },
  });
  return {answer: net.link.answer, ms: performance.now() - t};
}"""

HOST_ACCEPT = """async (answer) => {
  const t = performance.now();
  await window.net.link.accept(answer);
  return (await window.net.open) - t;
}"""

TRIPS = """async ({view, trips}) => {
  const net = window.net, out = [];
  for (let n = 0; n < trips; n++) {
    const done = new Promise((r) => { net.waiting = {n, done: r}; });
    const t = performance.now();
    net.link.send({t: 'view', view, n});
    out.push((await done) - t);
  }
  return out;
}"""


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def typical_views(browser: Any, base: str) -> dict[str, Any]:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(base + "#/")
        page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
        return {game: page.evaluate(VIEW, req) for game, req in TABLES.items()}
    finally:
        ctx.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=int, default=10)
    parser.add_argument("--trips", type=int, default=200)
    parser.add_argument("--dist", type=Path, default=build.DIST)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = build.serve_in_background(args.dist)
    try:
        with sync_playwright() as p:
            browser = maker_off(p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *loopback_webrtc_args()]))
            views = typical_views(browser, base)
            host, guest = (browser.new_context().new_page() for _ in range(2))
            for page in (host, guest):
                page.goto(base + "icon.svg")
                page.evaluate(LOAD, "shell/net/peer.js")
            rows = []
            for _ in range(args.connections):
                made = host.evaluate(HOST_INVITE)
                joined = guest.evaluate(GUEST_JOIN, made["invite"])
                opened = host.evaluate(HOST_ACCEPT, joined["answer"])
                rows.append((made["ms"], joined["ms"], opened, len(made["invite"]), len(joined["answer"])))
            trips = {game: host.evaluate(TRIPS, {"view": view, "trips": args.trips}) for game, view in views.items()}
            browser.close()
    finally:
        server.shutdown()

    def med(i: int) -> float:
        return statistics.median(r[i] for r in rows)

    print(f"set-up on loopback, {args.connections} connections (median, ms; max):")
    print(f"  invite made (host's ICE gathering)   {med(0):7.1f}   max {max(r[0] for r in rows):.1f}")
    print(f"  answer made (guest's ICE gathering)  {med(1):7.1f}   max {max(r[1] for r in rows):.1f}")
    print(f"  answer taken -> channel open (host)  {med(2):7.1f}   max {max(r[2] for r in rows):.1f}")
    total = [r[0] + r[1] + r[2] for r in rows]
    print(f"  invite started -> channel open       {statistics.median(total):7.1f}   max {max(total):.1f}")
    print(f"  texts: invite {min(r[3] for r in rows)}-{max(r[3] for r in rows)} characters, "
          f"answer {min(r[4] for r in rows)}-{max(r[4] for r in rows)}")
    move = len(json.dumps({"t": "act", "action": "play 7C", "at": 12}, separators=(",", ":")).encode())
    print(f"a View there, a move back ({args.trips} trips; ms) and bytes per message (a move: {move} bytes):")
    for game, xs in trips.items():
        size = len(json.dumps({"t": "view", "view": views[game]}, separators=(",", ":"), ensure_ascii=False).encode())
        print(f"  {game:9} p50 {quantile(xs, 0.5):5.2f}  p95 {quantile(xs, 0.95):5.2f}  max {max(xs):6.2f}   view {size:6d} bytes")


if __name__ == "__main__":
    main()

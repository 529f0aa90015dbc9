"""How long a replay link is, and what one step of the replay viewer costs in the worker.

For whole games of each game's default rule set (the computer plays every seat, easy level,
seeds 1..N), print the record's JSON size, the replay link's payload (deflate-raw + base64url,
as the page packs it; links over 8,000 characters are offered as a file instead), and the
worker's ``replay`` op: the first call (the checks of ``python -m pygame_core replay`` and every
state kept) and one step after that (every hand shown), in CPython.

    python3 -m bench.site.replay_links               # 3 games per setup
    python3 -m bench.site.replay_links --games 10
"""

from __future__ import annotations

import argparse
import base64
import importlib.util
import json
import statistics
import sys
import time
import types
import zlib
from pathlib import Path
from typing import Any

from pygame_core.agents import make_agent
from pygame_core.records import Record, start
from pygame_core.rng import AgentRandom

ROOT = Path(__file__).resolve().parents[2]

SETUPS: list[tuple[str, str, dict[str, Any]]] = [
    ("primero", "waks", {"players": 4}),  # the default: 20 deals
    ("primero", "waks", {"players": 4, "deals": 1}),  # the daily deal
    ("primiera", "kaleidos", {"players": 4}),  # to 21 points
    ("primiera", "kaleidos", {"players": 4, "target": 0, "max_rounds": 1}),  # the daily deal
    ("primo", "base", {"players": 4}),
]


def worker() -> Any:
    if str(ROOT / "web") not in sys.path:
        sys.path.insert(0, str(ROOT / "web"))  # web/worker.py imports the bridge package (web/bridge)
    sys.modules.setdefault("pyscript", types.ModuleType("pyscript"))
    spec = importlib.util.spec_from_file_location("primi_worker", ROOT / "web" / "worker.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play(game: str, variant: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    rec = Record(game, variant, tuple(sorted(options.items())), seed)
    g, state = start(rec)
    agent, rng = make_agent(game, "easy"), AgentRandom(seed)
    actions = []
    while not g.is_terminal(state):
        action = agent.choose(g.observation(state, g.current_player(state)), g.legal_actions(state), rng)
        actions.append(action)
        state = g.apply(state, action)
    data: dict[str, Any] = Record(game, variant, rec.options, seed, tuple(actions)).with_final(g, state).to_json()
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    w = worker()
    print("game      variant   options                         actions  json B  link chars  first ms  step ms")
    for game, variant, options in SETUPS:
        rows = []
        for seed in range(1, args.games + 1):
            record = play(game, variant, options, seed)
            text = json.dumps(record)
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            link = base64.urlsafe_b64encode(c.compress(text.encode()) + c.flush()).rstrip(b"=")
            w.BRIDGE.replays.kept.clear()
            t0 = time.perf_counter()
            first = json.loads(w.call(json.dumps({"op": "replay", "record": text, "step": 0})))
            t1 = time.perf_counter()
            assert first["ok"], first
            steps = first["result"]["steps"]
            t2 = time.perf_counter()
            for k in range(steps + 1):
                w.call(json.dumps({"op": "replay", "record": first["result"]["record"], "step": k, "seat": "all"}))
            t3 = time.perf_counter()
            rows.append((len(record["actions"]), len(text), len(link), (t1 - t0) * 1000, (t3 - t2) * 1000 / (steps + 1)))
        med = [statistics.median(r[i] for r in rows) for i in range(5)]
        opts = ",".join(f"{k}={v}" for k, v in options.items())
        print(f"{game:9} {variant:9} {opts:31} {med[0]:7.0f} {med[1]:7.0f} {med[2]:11.0f} {med[3]:9.1f} {med[4]:8.2f}")
    print(f"(medians of {args.games} games each; a link over 8000 characters becomes a file)")


if __name__ == "__main__":
    main()

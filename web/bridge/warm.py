"""The engine's warm-up before its memory snapshot is taken: the one recipe, run by the page's snapshot
maker (web/snapshot-maker.mjs, in the player's browser) and by web/boot-snapshot.mjs (the same
snapshot under Node, for measuring). A snapshot of a warmed engine boots with the AI's tables built,
so a later visit's first computer turns do not build them.

The warm-up goes through the bridge's ``call`` (JSON in, JSON out), as the page's requests do, and leaves
no session open: a restored engine starts with none.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import Bridge


def warm(bridge: Bridge) -> int:
    """Warm the engine behind ``bridge`` (web/worker.py's ``BRIDGE``); return how many sessions it
    has left open (0: the snapshot carries none)."""

    def ask(req: dict[str, Any]) -> Any:
        answer = json.loads(bridge.call(json.dumps(req)))
        if not answer["ok"]:
            raise RuntimeError(f"the warm-up's {req['op']} failed: {answer}")
        return answer["result"]

    def play_out(session: str) -> None:
        for _ in range(200):
            if ask({"op": "ai_step", "session": session})["terminal"]:
                break
        ask({"op": "close", "session": session})

    ask({"op": "ping"})
    info = ask({"op": "info"})
    # The AI: one Primero deal per level the catalogue offers, then nothing kept.
    for game in info["games"]:
        if game["name"] != "primero":
            continue
        for level in game["agents"]:
            s = ask({"op": "new_game", "game": "primero", "seats": [level] * 4, "seed": 1, "options": {"deals": 1}})
            play_out(s["session"])
    # The rule sets whose tables cost the snapshot little (issue 12): heads-up Waks loads hard's CFR
    # table; Roman's 52-card deck has no hand table, so its first hard decision sums percentiles over
    # every draw (1.5 s in Pyodide); Losing shares Waks's raw keys (ai.eval.evaluator), as Italian and
    # Suzuki share all of Waks's tables. Northpass's and RMS's own tables (and the claim index of
    # Italian, Suzuki and Northpass) would add 4 MB to the snapshot: the setup screen has the worker
    # build them while the player reads it (the worker op "prepare").
    for variant in ("waks", "roman", "losing"):
        s = ask({"op": "new_game", "game": "primero", "variant": variant, "seats": ["hard"] * 2, "seed": 1,
                 "options": {"deals": 1, "players": 2}})
        play_out(s["session"])
    # Roman's draw sums, every one (2.5 MB; built as played, its first decisions took up to 1 s).
    from pygame_core.primero.ai.eval import evaluator

    evaluator("roman").warm_keeps(big=True)
    return len(bridge.sessions.open)

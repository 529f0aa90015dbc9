"""The worker bridge: it holds the rules core (and the AI) off the main thread.

The page's UI module calls ``call(request_json)``; every request and answer is
JSON text, so only plain data crosses the thread boundary. This file and the
UI module are the only code that touches PyScript.
"""

import json
import time

from pyscript import sync

import pygame_core
from pygame_core import PrimiError, registry
from pygame_core.cards import Card
from pygame_core.decisions import explain
from pygame_core.primero import hands
from pygame_core.rng import Rng


def _hand(req):
    """Evaluate one Primero hand under the chosen rule set, and under every other one."""
    texts = req.get("cards") or []
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise pygame_core.InvalidCardError("cards must be a list of card texts")
    name = req.get("rules", "waks")
    wild = bool(req.get("wild", False))
    rules = hands.get_rules(name, wild=wild and name == "rms")
    cards = [Card.parse(t) for t in texts]
    main = hands.evaluate(cards, rules).to_json(rules)
    main["label"] = rules.label
    main["decisions"] = explain(rules.decisions)
    across = []
    for other_name in hands.RULESETS:
        other = hands.get_rules(other_name, wild=wild and other_name == "rms")
        row = {"rules": other_name, "label": other.label}
        try:
            row.update(hands.evaluate(cards, other).to_json(other))
        except PrimiError as exc:
            row["error"] = str(exc)
        across.append(row)
    # Where the hand stands in its deck: how many hands it beats under these rules.
    return {"hand": main, "across": across}


def _deal_preview(req):
    """The first cards of a seeded shuffle of the 40-card deck (proves the browser deals like CPython)."""
    seed = int(req["seed"])
    count = int(req.get("count", 16))
    deck, _ = Rng.from_seed(seed).shuffle(hands.RULESETS["waks"].deck)
    return [str(c) for c in deck[:count]]


def _info(req):
    import sys

    return {"python": sys.version.split()[0], "core": pygame_core.__version__, "games": registry.catalogue()}


HANDLERS = {
    "ping": lambda req: "pong",
    "info": _info,
    "hand": _hand,
    "deal_preview": _deal_preview,
}


def call(request_json):
    """Answer one JSON request with JSON: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": ...}``."""
    started = time.perf_counter()
    try:
        req = json.loads(request_json)
        handler = HANDLERS.get(req.get("op"))
        if handler is None:
            raise PrimiError(f"unknown request {req.get('op')!r}")
        answer = {"ok": True, "result": handler(req)}
    except PrimiError as exc:
        answer = {"ok": False, "error": str(exc), "kind": type(exc).__name__}
    except Exception as exc:  # a bug in the core must not kill the worker; the UI reports it
        answer = {"ok": False, "error": f"internal error: {exc!r}", "kind": "InternalError"}
    answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
    return json.dumps(answer)


sync.call = call

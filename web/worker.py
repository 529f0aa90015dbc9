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
from pygame_core.agents import make_agent
from pygame_core.records import Record, replay
from pygame_core.rng import AgentRandom
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


# Games in progress, by session id. The bridge holds them; the core itself keeps no state.
SESSIONS = {}


class Session:
    """One game in progress: its record (the whole truth), the current state and the seats' agents."""

    def __init__(self, record, seats):
        self.game, self.state = replay(record)
        self.record = record
        self.seats = seats  # "human" or an agent name, per seat
        self.agents = {i: make_agent(record.game, k) for i, k in enumerate(seats) if k != "human"}
        self.rngs = {i: AgentRandom(record.seed * 7919 + i) for i in self.agents}

    def view(self, seat):
        """What ``seat`` may see, plus its legal actions when it is to act."""
        game, state = self.game, self.state
        to_act = game.current_player(state)
        legal = list(game.legal_actions(state)) if to_act == seat and seat >= 0 else []
        return {
            "observation": game.observation(state, seat),
            "legal": legal,
            "current": to_act,
            "terminal": game.is_terminal(state),
            "result": game.result(state) if game.is_terminal(state) else None,
            "actions": len(self.record.actions),
            "record": self.record.to_json(),
        }

    def apply(self, action):
        text = self.game.parse_action(action)
        self.state = self.game.apply(self.state, text)
        self.record = self.record.with_action(text)
        return text


def _session(req):
    sid = req.get("session")
    if sid not in SESSIONS:
        raise PrimiError("that game is no longer open in this tab; start it again from its record")
    return SESSIONS[sid]


def _seats(req, players):
    seats = req.get("seats") or ["human"] + ["medium"] * (players - 1)
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(k, str) for k in seats):
        raise pygame_core.OptionsError(f"give one player kind per seat ({players} seats)")
    return seats


def _new_game(req):
    """Start a game (or resume one from a record) and return the view of the first human seat."""
    if "record" in req:
        record = Record.from_json(req["record"])
    else:
        game = registry.load(req.get("game", "primero"))
        info = game.info.variant(req.get("variant"))
        options = info.resolve_options(req.get("options") or {})
        seed = req.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise pygame_core.OptionsError("the seed must be a whole number")
        record = Record(game.info.name, info.name, tuple(sorted(options.items())), seed)
    players = dict(record.options)["players"]
    session = Session(record, _seats(req, players))
    if session.agents and record.game == "primero":
        # Build the computer players' hand tables now, while the cards are dealt, not on their first move.
        from pygame_core.primero.ai_eval import evaluator

        ev = evaluator(record.variant, bool(dict(record.options).get("wild", False)))
        ev.pct((0, 1, 2, 3))  # builds the percentile table
        if "hard" in session.seats and record.variant in ("northpass", "suzuki", "italian"):
            ev.hands_by_claim()  # the hard player's claim reading
    sid = f"s{len(SESSIONS) + 1}"
    SESSIONS[sid] = session
    return {"session": sid, "seats": session.seats, "current": session.game.current_player(session.state)}


def _view(req):
    return _session(req).view(int(req.get("seat", -1)))


def _act(req):
    """A human's action: refused unless it is that seat's turn and the action is legal."""
    session = _session(req)
    seat = int(req["seat"])
    current = session.game.current_player(session.state)
    if seat != current:
        raise pygame_core.IllegalActionError(f"it is not seat {seat + 1}'s turn")
    if session.seats[seat] != "human":
        raise pygame_core.IllegalActionError("that seat is played by the computer")
    before = session.state
    text = session.apply(req["action"])
    return {"action": text, "seat": seat, "text": session.game.describe_action(before, text)}


def _ai_step(req):
    """Let the computer seat to act choose and play one action, from its own observation only."""
    session = _session(req)
    game, state = session.game, session.state
    seat = game.current_player(state)
    if seat < 0 or session.seats[seat] == "human":
        return {"action": None, "seat": seat}
    started = time.perf_counter()
    action = session.agents[seat].choose(game.observation(state, seat), game.legal_actions(state), session.rngs[seat])
    think = (time.perf_counter() - started) * 1000
    text = session.apply(action)
    return {"action": text, "seat": seat, "text": game.describe_action(state, text), "think_ms": round(think, 1)}


def _coach(req):
    """The viewing seat's hand value and its odds for a discard it is considering (its own view only)."""
    from pygame_core.primero.coach import draw_outlook, unseen_cards

    session = _session(req)
    seat = int(req["seat"])
    obs = session.game.observation(session.state, seat)
    hand = [Card.parse(c) for c in obs.get("hand") or []]
    discard = [Card.parse(c) for c in req.get("discard") or []]
    rules = session.state.hand_rules
    out = {"value": obs.get("hand_value"), "outlook": None}
    if hand and len(hand) <= 4 and not obs.get("phase") == "over":
        out["outlook"] = draw_outlook(hand, discard, unseen_cards(rules, hand), rules, seed=len(session.record.actions))
    return out


def _walkthrough(req):
    """A "Learn by example" lesson step ({name, step}); without a name, the list of lessons."""
    from pygame_core.primero.walkthroughs import list_walkthroughs, walkthrough_step

    if req.get("name") is None:
        return list_walkthroughs()
    return walkthrough_step(req.get("name"), req.get("step", 0))


def _close(req):
    SESSIONS.pop(req.get("session"), None)
    return True


HANDLERS = {
    "new_game": _new_game,
    "view": _view,
    "act": _act,
    "ai_step": _ai_step,
    "close": _close,
    "coach": _coach,
    "ping": lambda req: "pong",
    "info": _info,
    "hand": _hand,
    "deal_preview": _deal_preview,
    "walkthrough": _walkthrough,
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

"""Learn by example: the rulebook's Elisabeth, Svenja and Michael turns (seed 000) step by step.

The scenario is the golden test's (tests/primo/test_golden.py, G004-G007): the layout the
printed figure leaves out is the one reconstructed in rulebook-examples.json, and every step
is played through the engine, so the lesson shows what the engine does. Each step is plain
data: ``{say: Description of the action (primo.* key, seat), note?: a primo.learn.* Description,
seat, action, rows: [{name, cards}], hand: the actor's hand after it, cleared: [rows]}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import OptionsError, plain, quote
from ..protocol import JSON
from .board import parse
from .describe import describe_action
from .engine import apply_action, arrange, legal
from .rules import ROWS
from .state import PrimoState, log_slice

NAMES = ("Elisabeth", "Svenja", "Michael")

# G004: the layout before Elisabeth's turn (colours are free choices: the base game ignores them).
ROWS_BEFORE: dict[str, tuple[str, ...]] = {
    "A": ("13Y", "12Y", "11Y"),
    "B": ("4B", "3B"),
    "C": ("7Y", "6Y", "5Y"),
    "D": ("3Y", "2Y"),
    "E": ("12B", "11B", "10B", "9B", "8B", "7B", "6B"),
    "F": ("9Y", "8Y"),
}
HANDS: tuple[tuple[str, ...], ...] = (
    ("10Y", "9Y", "5B", "5Y", "2B", "1B"),  # Elisabeth: 10, 9, 5, 5, 2, 1
    ("13Y", "13B", "13Y", "12Y", "12B", "12B"),  # Svenja: only 12s and 13s
    ("TAKE", "13B", "12B", "TOP", "8B", "9B"),  # Michael
)
# What each draws next: Elisabeth and Svenja refill; Michael's Take sends a card onto their piles.
PILE_TOPS: tuple[tuple[str, ...], ...] = (
    ("4Y", "7Y", "11Y", "2Y", "6B", "13B"),
    ("1Y", "3Y", "8Y", "10B"),
    ("5B", "6Y", "7B", "9Y", "11B", "1Y"),
)

STEPS: tuple[tuple[int, str, str | None], ...] = (
    (0, "add 5B E", None),
    (0, "move B:4 E", "primo.learn.esm.move"),
    (0, "add 2B E", None),
    (0, "add 1B E", None),
    (0, "move E:10 A", "primo.learn.esm.clear"),
    (0, "open 10Y A", "primo.learn.esm.reuse"),
    (0, "add 9Y A", None),
    (0, "open 5Y B", "primo.learn.esm.empty"),
    (1, "exchange 12B 12B 13B 13Y", "primo.learn.esm.svenja"),
    (2, "take A", "primo.learn.esm.take"),
    (2, "open 13B B", None),
    (2, "add 12B B", None),
    (2, "top C", "primo.learn.esm.top"),
    (2, "head 8B C", None),
    (2, "head 9B C", "primo.learn.esm.end"),
)
"""(seat, action, commentary key or None) for every step of the example."""


def start_state() -> PrimoState:
    """The table before Elisabeth's turn: three players, Elisabeth (seat 0) to play."""
    return arrange("base", 3, ROWS_BEFORE, HANDS, PILE_TOPS, to_act=0)


def _rows(state: PrimoState) -> list[JSON]:
    return [{"name": n, "cards": list(r)} for n, r in zip(ROWS, state.rows, strict=True)]


def esm_lesson() -> dict[str, JSON]:
    """The Elisabeth/Svenja/Michael lesson, every step played through the engine (each one legal there)."""
    state = start_state()
    steps: list[JSON] = [{
        "say": {"key": "primo.learn.esm.intro", "args": {"names": list(NAMES)}},
        "seat": 0, "action": None, "rows": _rows(state), "hand": list(state.hands[0]), "cleared": [],
    }]
    for seat, action, note in STEPS:
        assert state.to_act == seat, (action, state.to_act)
        played = parse(action)  # canonical text, as the page would send it (the order of an exchange)
        assert played in legal(state), action
        say = describe_action(state, played)
        before = len(state.log)
        state = apply_action(state, played)
        step: dict[str, JSON] = {
            "say": say, "seat": seat, "action": action, "rows": _rows(state),
            "hand": list(state.hands[seat]),
            "cleared": [e["args"]["row"] for e in log_slice(state.log, before, len(state.log)) if e["key"] == "primo.clear"],
        }
        if note is not None:
            step["note"] = {"key": note, "args": {"decision": _NOTE_DECISION.get(note, "")}}
        steps.append(step)
    return {"id": "esm", "title": {"key": "primo.learn.esm.title", "args": {}}, "source": {"key": "primo.learn.esm.source", "args": {}},
            "names": list(NAMES), "steps": steps}


_NOTE_DECISION = {
    "primo.learn.esm.move": "D-PO6",
    "primo.learn.esm.clear": "D-PO12",
    "primo.learn.esm.reuse": "D-PO12",
    "primo.learn.esm.empty": "D-PO10",
    "primo.learn.esm.svenja": "X-PO1",
    "primo.learn.esm.take": "D-PO8",
    "primo.learn.esm.top": "D-PO7",
    "primo.learn.esm.end": "D-PO10",
}


def lessons() -> list[JSON]:
    """Every lesson, each with its steps."""
    return [esm_lesson()]


def lessons_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    """Operation ``lessons``: ``{}`` -> every lesson; ``{name}`` -> that one; ``{name, step}`` -> one step."""
    want = request.get("name", request.get("lesson"))
    every = lessons()
    if want is None:
        return every
    for lesson in every:
        if isinstance(lesson, dict) and lesson["id"] == want:
            step = request.get("step")
            if step is None:
                return lesson
            steps = lesson["steps"]
            if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(steps):
                raise OptionsError(f"the lesson {quote(want)} has steps 0 to {len(steps) - 1}, not {quote(step)}",
                                   key="err.lesson.step", n=len(steps) - 1)
            return steps[step]
    raise OptionsError(f"there is no Primo lesson {quote(want)}; choose esm", key="err.lesson", name=plain(want))

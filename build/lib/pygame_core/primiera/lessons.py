"""Learn by example: the rulebook's Primiera worked examples as step-by-step lessons.

Every fact a step shows is computed by the rules core (captures, the primiera table, the
Heralds' sides, the last card that is no sweep), so a lesson shows what the engine does.
Each step is plain data: ``{text: {key, args}, table?, played?, mark?, values?, sides?}``,
whose ``text`` key is a key of the page's translation table.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from ..errors import OptionsError, plain, quote
from ..protocol import JSON
from .engine import apply_play, arrange, captures, new_game
from .rules import HERALD_MODES, PRIMIERA, VALUE, herald_sides, sort_cards
from .scoring import primiera_total


def _sums(table: list[str], card: str) -> list[list[str]]:
    """Every set of two or more table cards adding up to ``card``'s value (the same-rank rule aside)."""
    v = VALUE[card]
    return [list(c) for n in range(2, len(table) + 1) for c in combinations(sort_cards(table), n)
            if sum(VALUE[x] for x in c) == v]


def _msg(key: str, **args: Any) -> dict[str, JSON]:
    return {"key": key, "args": args}


def _capture_lesson() -> dict[str, JSON]:
    table, played = ["2D", "6H", "JS", "3C"], "JD"  # G011
    legal = [list(c) for c in captures(sort_cards(table), played)]
    sums = _sums(table, played)
    after = [c for c in sort_cards(table) if c not in legal[0]]
    # G017: the last card of the round clears the table, but is no sweep (D-PA8).
    state = arrange(new_game("2p", 2, 11, 0, 1), [["7S"], []], ["3D", "4H"], to_act=0, rest_to_pile=1)
    end = apply_play(state, "7S", ("3D", "4H"))
    swept = end.sheet[-1].sides[0][1].sweeps if end.sheet else 0
    return {"id": "capture", "title": _msg("primiera.learn.capture.title"), "source": _msg("primiera.learn.capture.source"), "steps": [
        {"text": _msg("primiera.learn.capture.1", card=played, value=VALUE[played]), "table": sort_cards(table),
         "played": played},
        {"text": _msg("primiera.learn.capture.2", card=played, same=legal[0], sums=sums[0] if sums else []),
         "table": sort_cards(table), "played": played, "mark": legal[0], "dim": sums[0] if sums else []},
        {"text": _msg("primiera.learn.capture.3", cards=after), "table": after, "played": None},
        {"text": _msg("primiera.learn.capture.4", card="7S", cards=["3D", "4H"], sweeps=swept, decision="D-PA8"),
         "table": ["3D", "4H"], "played": "7S", "mark": ["3D", "4H"]},
    ]}


def _primiera_lesson() -> dict[str, JSON]:
    steps: list[JSON] = []
    for cards in (["7D", "AH", "KS", "5C"], ["6D", "6H", "6S", "7C"]):  # G012, G013
        total = primiera_total(cards)
        steps.append({"text": _msg("primiera.learn.primiera.total", cards=cards, values=[PRIMIERA[c] for c in cards],
                                   total=total),
                      "table": cards, "values": {c: PRIMIERA[c] for c in cards}})
    steps.insert(0, {"text": _msg("primiera.learn.primiera.1", decision="D-PA1"),
                     "table": ["7D", "6H", "AS", "5C", "4D", "3H", "2S", "KC"],
                     "values": {c: PRIMIERA[c] for c in ["7D", "6H", "AS", "5C", "4D", "3H", "2S", "KC"]}})
    missing = ["7D", "7H", "7S", "6D"]
    steps.append({"text": _msg("primiera.learn.primiera.missing", cards=missing, decision="D-PA5"), "table": missing,
                  "values": {c: PRIMIERA[c] for c in missing}, "total": primiera_total(missing)})
    return {"id": "primiera", "title": _msg("primiera.learn.primiera.title"), "source": _msg("primiera.learn.primiera.source"), "steps": steps}


def _herald_lesson() -> dict[str, JSON]:
    steps: list[JSON] = [{"text": _msg("primiera.learn.herald.1", decision="D-PA14"), "sides": [[0], [1], [2], [3]]}]
    for card in ("AH", "AC", "AD", "AS"):  # G016: seat 0 plays the first Herald
        mode = HERALD_MODES[card]
        sides = [list(s) for s in herald_sides(mode, 0)]
        steps.append({"text": _msg("primiera.learn.herald." + mode, card=card), "played": card, "sides": sides})
    return {"id": "heralds", "title": _msg("primiera.learn.herald.title"), "source": _msg("primiera.learn.herald.source"), "steps": steps}


def lessons() -> list[JSON]:
    """Every lesson, each with its steps."""
    return [_capture_lesson(), _primiera_lesson(), _herald_lesson()]


def lessons_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    """Operation ``lessons``: ``{}`` -> every lesson; ``{lesson}`` -> that one."""
    want = request.get("lesson")
    every = lessons()
    if want is None:
        return every
    for lesson in every:
        if isinstance(lesson, dict) and lesson["id"] == want:
            return lesson
    raise OptionsError(f"there is no Primiera lesson {quote(want)}; choose capture, primiera or heralds",
                       key="err.lesson", name=plain(want))

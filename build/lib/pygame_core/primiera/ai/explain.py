"""Why a computer player played its move: one line, a Description (``primiera.why.*``), for the worker's ``ai_step``.

``explain(public, action)`` classifies the move from the public observation before it (a
spectator's: no hand in it) and the card played, so it names nothing the table could not
see. Every level gets it through ``Explains``. It reads the shared evaluation (eval.card_worth:
what counts as a cheap card) and the coach's ``leaves`` (what a table offers the next player).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...protocol import Description, message
from ..coach import leaves
from ..rules import HERALD_MODES, PRIMIERA, RULES, SETTEBELLO, SUIT, VALUE, herald_sides
from .eval import card_worth


class Explains:
    """The one line on why a computer player played a move (``explain``), for the worker's ``ai_step``."""

    def explain(self, observation: Mapping[str, Any], action: str) -> Mapping[str, Any] | None:
        """Why ``action`` was played, from the public observation before it (a spectator's): a Description or None."""
        return explain(observation, action)


WHY_KEYS: tuple[str, ...] = (
    "primiera.why.herald",  # plays the first Herald {card} to pair with {partner} (a seat)
    "primiera.why.herald.alone",  # plays the Herald of swords {card}: everyone alone, base points doubled
    "primiera.why.sweep",  # sweeps the table with {card}: a point
    "primiera.why.sette",  # takes the settebello with {card}
    "primiera.why.prim",  # takes {captured} with {card} for the primiera: {before} -> {after}
    "primiera.why.coins",  # takes {coins} coins with {card} ({captured})
    "primiera.why.take.safe",  # takes {captured} with {card} and leaves {sum}, which nothing sweeps
    "primiera.why.take",  # takes {captured} with {card}: {count} cards
    "primiera.why.feed",  # plays {card} and leaves {sum} for its partner {partner} to sweep
    "primiera.why.block",  # plays {card} and blocks a sweep: leaves {sum}
    "primiera.why.cheap",  # gives up {card}, a card of little worth, leaving {sum}
    "primiera.why.safe",  # plays {card}; the table ({sum}) stays safe from a sweep
    "primiera.why.throw",  # plays {card} without taking; leaves {sum}
)
"""The keys ``explain`` answers with; every one has the acting seat and {card}."""

CHEAP = 1.5
"""A thrown card worth less than this (eval.card_worth: no coin, no 7, 6 or ace) is of little worth."""
PRIM_CARD = 18
"""A capture that takes a 6 or a 7 (primiera 18, 21) better than its side's best of that suit is made for the primiera."""


def _side_of(observation: Mapping[str, Any], seat: int) -> list[int]:
    sides: list[list[int]] | None = observation.get("sides")
    return next((list(side) for side in sides or [] if seat in side), [seat])


def explain(observation: Mapping[str, Any], action: str) -> Description | None:
    """Why the seat to act in ``observation`` (the public one, before the move) played ``action``; None for a pick.

    The first reason that holds, in this order: a Herald that sets the partnerships, a sweep,
    the settebello, a capture that raises its side's primiera, one of two or more coins, a
    capture that leaves nothing to sweep, any capture; for a card that takes nothing: a table
    left for its partner (next to play) to sweep, a sweepable table made safe (a block), a
    cheap card given up, a table that stays safe, else just what it leaves. Only the table, the public piles and sides and the
    card played are read.
    """
    words = action.split()
    if len(words) < 2 or words[0] != "play":
        return None  # a Kaleidos pick is secret
    seat = observation.get("to_act")
    if not isinstance(seat, int) or seat < 0:
        return None
    card = words[1]
    captured = tuple(words[3:]) if len(words) > 3 and words[2] == "x" else ()
    table: list[str] = list(observation["table"])
    n: int = observation["players"]
    left = [t for t in table if t not in captured] if captured else [*table, card]
    total = sum(VALUE[c] for c in left)
    last_card = sum(observation["hand_sizes"]) == 1 and not observation.get("stock_size")
    if observation.get("herald") is None and RULES[observation["variant"]].heralds and card in HERALD_MODES:
        mode = HERALD_MODES[card]
        if mode == "alone":
            return message("primiera.why.herald.alone", seat, card=card)
        side = next(s for s in herald_sides(mode, seat) if seat in s)
        return message("primiera.why.herald", seat, card=card, partner=next(s for s in side if s != seat))
    if captured:
        taken = [card, *captured]
        if not left and not last_card:
            return message("primiera.why.sweep", seat, card=card, captured=list(captured))
        if SETTEBELLO in taken:
            return message("primiera.why.sette", seat, card=card, captured=list(captured))
        pile = [c for s in _side_of(observation, seat) for c in observation["captured"][s]]
        best = {u: max((PRIMIERA[c] for c in pile if SUIT[c] == u), default=0) for u in "SHDC"}
        after = dict(best)
        for c in taken:
            after[SUIT[c]] = max(after[SUIT[c]], PRIMIERA[c])
        if any(PRIMIERA[c] >= PRIM_CARD and PRIMIERA[c] > best[SUIT[c]] for c in taken):
            return message("primiera.why.prim", seat, card=card, captured=list(captured), before=sum(best.values()),
                           after=sum(after.values()))
        coins = sum(1 for c in taken if SUIT[c] == "D")
        if coins >= 2:
            return message("primiera.why.coins", seat, card=card, captured=list(captured), coins=coins)
        if left and not last_card and not leaves(left)["sweep_ranks"]:
            return message("primiera.why.take.safe", seat, card=card, captured=list(captured), sum=total)
        return message("primiera.why.take", seat, card=card, captured=list(captured), count=len(taken))
    nxt = (seat + 1) % n
    ranks = leaves(left)["sweep_ranks"] if not last_card else []
    if ranks and nxt in _side_of(observation, seat) and observation["hand_sizes"][nxt] > 0:
        return message("primiera.why.feed", seat, card=card, sum=total, partner=nxt)
    if not last_card and not ranks and table and leaves(table)["sweep_ranks"]:
        return message("primiera.why.block", seat, card=card, sum=total)
    if card_worth(card) < CHEAP:
        return message("primiera.why.cheap", seat, card=card, sum=total)
    if not last_card and not ranks:
        return message("primiera.why.safe", seat, card=card, sum=total)
    return message("primiera.why.throw", seat, card=card, sum=total)

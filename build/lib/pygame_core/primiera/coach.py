"""Primiera's coach and the running tally, computed from one seat's observation only.

``coach(view)``: for the seat to act, what each legal move gains (cards, coins, the
settebello, the change in its side's primiera total, a sweep) and what it leaves for the
next player (the table, its sum, the ranks that capture from it or sweep it, and the chance,
from the cards that seat cannot see, that the next player holds a sweeping rank).

``tally(...)``: each side's running counts this round (cards, coins, settebello, primiera
total, sweeps), from the public piles; part of every observation.

Why a computer player played its move is the AI's (ai/explain.py): it reads ``leaves`` here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from ..errors import OptionsError
from ..protocol import JSON
from .engine import captures, play_text
from .rules import DECK, RULES, SETTEBELLO, SUIT, VALUE, sort_cards
from .scoring import primiera_cards, primiera_total

RANKS: tuple[int, ...] = tuple(range(1, 11))
"""Capture values A=1 .. K=10."""


def tally(sides: Sequence[Sequence[int]], piles: Sequence[Sequence[str]], sweeps: Sequence[int]) -> list[JSON]:
    """Each side's counts so far: ``{seats, cards, coins, settebello, primiera, primiera_cards, sweeps}``."""
    out: list[JSON] = []
    for side in sides:
        pile = [c for s in side for c in piles[s]]
        out.append({
            "seats": list(side),
            "cards": len(pile),
            "coins": sum(1 for c in pile if SUIT[c] == "D"),
            "settebello": SETTEBELLO in pile,
            "primiera": primiera_total(pile),
            "primiera_cards": list(primiera_cards(pile)),
            "sweeps": sum(sweeps[s] for s in side),
        })
    return out


def _rank_card(rank: int) -> str:
    """A card of capture value ``rank`` (its suit does not change what it captures)."""
    return next(c for c in DECK if VALUE[c] == rank)


def leaves(table: Sequence[str]) -> dict[str, JSON]:
    """What a table offers the next player: its sum, the ranks that capture from it, and those that sweep it."""
    left = sort_cards(table)
    capture_ranks: list[int] = []
    sweep_ranks: list[int] = []
    for rank in RANKS:
        caps = captures(left, _rank_card(rank))
        if caps:
            capture_ranks.append(rank)
            if any(len(cap) == len(left) for cap in caps):
                sweep_ranks.append(rank)
    return {"table": list(left), "sum": sum(VALUE[c] for c in left), "capture_ranks": capture_ranks,
            "sweep_ranks": sweep_ranks}


def _chance_holds(ranks: Sequence[int], unseen: Sequence[str], hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` cards drawn from ``unseen`` holds a card of one of ``ranks``."""
    u = len(unseen)
    h = min(hand_size, u)
    if not ranks or h <= 0:
        return 0.0
    k = sum(1 for c in unseen if VALUE[c] in ranks)
    return 1.0 - comb(u - k, h) / comb(u, h)


def coach(view: Mapping[str, Any]) -> dict[str, JSON]:
    """The coach's answer for the seat in ``view`` (its own observation): ``{phase, seat, moves}``.

    ``moves`` is empty unless that seat is to act. Each play move: ``action, card, captured,
    cards, coins, settebello, primiera_before, primiera_after, sweep, next`` where ``next``
    is None after the last card of the round, else ``{seat, partner, table, sum,
    capture_ranks, sweep_ranks, sweep_chance}``.
    """
    seat = view.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or "hand" not in view:
        raise OptionsError("the coach needs a Primiera table", key="err.nogame")
    phase = view.get("phase")
    answer: dict[str, JSON] = {"phase": phase, "seat": seat, "moves": []}
    if seat < 0 or view.get("to_act") != seat or phase not in ("pick", "play"):
        return answer
    hand: list[str] = list(view.get("hand") or [])
    if phase == "pick":
        answer["moves"] = [{"action": f"pick {c}", "card": c} for c in hand]
        return answer
    table: list[str] = list(view["table"])
    n: int = view["players"]
    piles: list[list[str]] = view["captured"]
    sides: list[list[int]] = view.get("sides") or [[s] for s in range(n)]
    mine = next((side for side in sides if seat in side), [seat])
    my_pile = [c for s in mine for c in piles[s]]
    before = primiera_total(my_pile)
    seen = set(hand) | set(table) | {c for p in piles for c in p} | set(view.get("unclaimed") or [])
    unseen = [c for c in DECK if c not in seen]
    hand_sizes: list[int] = view["hand_sizes"]
    nxt = (seat + 1) % n
    last_card = sum(hand_sizes) == 1 and not view.get("stock_size")
    # The next player's hand after this move: theirs now, or a fresh deal when every hand empties (2p/3p).
    if sum(hand_sizes) > 1:
        next_hand = hand_sizes[nxt]
    else:
        next_hand = RULES[view["variant"]].hand_size if view.get("stock_size") else 0
    moves: list[dict[str, JSON]] = []
    for card in hand:
        for cap in captures(sort_cards(table), card) or [()]:
            taken = (card, *cap) if cap else ()
            left = [t for t in table if t not in cap] if cap else [*table, card]
            after = primiera_total(my_pile + list(taken)) if taken else before
            move: dict[str, JSON] = {
                "action": play_text(card, tuple(cap)),
                "card": card,
                "captured": list(cap),
                "cards": len(taken),
                "coins": sum(1 for c in taken if SUIT[c] == "D"),
                "settebello": SETTEBELLO in taken,
                "primiera_before": before,
                "primiera_after": after,
                "sweep": bool(cap) and not left and not last_card,
                "next": None,
            }
            if not last_card and next_hand:
                offer = leaves(left)
                offer["seat"] = nxt
                offer["partner"] = nxt in mine and nxt != seat
                offer["sweep_chance"] = round(_chance_holds(offer["sweep_ranks"], unseen, next_hand), 3)
                move["next"] = offer
            moves.append(move)
    moves.sort(key=lambda m: str(m["action"]))
    answer["moves"] = list(moves)
    return answer


def coach_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    """Operation ``coach`` (needs the view): the shown seat's legal moves and what each gains."""
    if view is None:
        raise OptionsError("the coach needs a game in progress", key="err.nogame")
    return coach(view)

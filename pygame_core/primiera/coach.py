"""Primiera's coach and the running tally, computed from one seat's observation only.

``coach(view)``: for the seat to act, what each legal move gains (cards, coins, the
settebello, the change in its side's primiera total, a sweep) and what it leaves for the
next player (the table, its sum, the ranks that capture from it or sweep it, and the chance,
from the cards that seat cannot see, that the next player holds a sweeping rank).

``tally(...)``: each side's running counts this round (cards, coins, settebello, primiera
total, sweeps), from the public piles; part of every observation.

``explain(public, action)``: one line on why a computer player played ``action``, as a
Description (``pa.why.*``), classified from the public observation before the move (a
spectator's: no hand in it) and the card played, so it names nothing the table could not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from ..errors import OptionsError
from ..protocol import JSON, Description, message
from .agents import card_worth
from .engine import captures, play_text
from .rules import DECK, HERALD_MODES, PRIMIERA, RULES, SETTEBELLO, SUIT, VALUE, herald_sides, sort_cards
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


WHY_KEYS: tuple[str, ...] = (
    "pa.why.herald",  # plays the first Herald {card} to pair with {partner} (a seat)
    "pa.why.herald.alone",  # plays the Herald of swords {card}: everyone alone, base points doubled
    "pa.why.sweep",  # sweeps the table with {card}: a point
    "pa.why.sette",  # takes the settebello with {card}
    "pa.why.prim",  # takes {captured} with {card} for the primiera: {before} -> {after}
    "pa.why.coins",  # takes {coins} coins with {card} ({captured})
    "pa.why.take.safe",  # takes {captured} with {card} and leaves {sum}, which nothing sweeps
    "pa.why.take",  # takes {captured} with {card}: {count} cards
    "pa.why.feed",  # plays {card} and leaves {sum} for its partner {partner} to sweep
    "pa.why.block",  # plays {card} and blocks a sweep: leaves {sum}
    "pa.why.cheap",  # gives up {card}, a card of little worth, leaving {sum}
    "pa.why.safe",  # plays {card}; the table ({sum}) stays safe from a sweep
    "pa.why.throw",  # plays {card} without taking; leaves {sum}
)
"""The keys ``explain`` answers with; every one has the acting seat and {card}."""

CHEAP = 1.5
"""A thrown card worth less than this (agents.card_worth: no coin, no 7, 6 or ace) is of little worth."""
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
            return message("pa.why.herald.alone", seat, card=card)
        side = next(s for s in herald_sides(mode, seat) if seat in s)
        return message("pa.why.herald", seat, card=card, partner=next(s for s in side if s != seat))
    if captured:
        taken = [card, *captured]
        if not left and not last_card:
            return message("pa.why.sweep", seat, card=card, captured=list(captured))
        if SETTEBELLO in taken:
            return message("pa.why.sette", seat, card=card, captured=list(captured))
        pile = [c for s in _side_of(observation, seat) for c in observation["captured"][s]]
        best = {u: max((PRIMIERA[c] for c in pile if SUIT[c] == u), default=0) for u in "SHDC"}
        after = dict(best)
        for c in taken:
            after[SUIT[c]] = max(after[SUIT[c]], PRIMIERA[c])
        if any(PRIMIERA[c] >= PRIM_CARD and PRIMIERA[c] > best[SUIT[c]] for c in taken):
            return message("pa.why.prim", seat, card=card, captured=list(captured), before=sum(best.values()),
                           after=sum(after.values()))
        coins = sum(1 for c in taken if SUIT[c] == "D")
        if coins >= 2:
            return message("pa.why.coins", seat, card=card, captured=list(captured), coins=coins)
        if left and not last_card and not leaves(left)["sweep_ranks"]:
            return message("pa.why.take.safe", seat, card=card, captured=list(captured), sum=total)
        return message("pa.why.take", seat, card=card, captured=list(captured), count=len(taken))
    nxt = (seat + 1) % n
    ranks = leaves(left)["sweep_ranks"] if not last_card else []
    if ranks and nxt in _side_of(observation, seat) and observation["hand_sizes"][nxt] > 0:
        return message("pa.why.feed", seat, card=card, sum=total, partner=nxt)
    if not last_card and not ranks and table and leaves(table)["sweep_ranks"]:
        return message("pa.why.block", seat, card=card, sum=total)
    if card_worth(card) < CHEAP:
        return message("pa.why.cheap", seat, card=card, sum=total)
    if not last_card and not ranks:
        return message("pa.why.safe", seat, card=card, sum=total)
    return message("pa.why.throw", seat, card=card, sum=total)

"""The Waks betting engine (waks, italian, roman, losing): vie, see, revie, pass, fold, and the draw.

``ENGINE`` is the engine object the rules records of those variants name.

Follows docs/rules-decisions.md "Waks" and D-WB1..D-WB5; Italian claims follow D-PR9.
"""

from __future__ import annotations

from itertools import combinations

from ...cards import Card, format_cards
from ..claims import claim_actions, claims_above
from ..state import (
    REVIE_CAP,
    PrimeroState,
    add_log,
    can_act,
    deal_round,
    draw_cards,
    in_deal,
    new_round,
    next_seat,
    pay,
    prev_seat,
    replace,
    set_at,
    sort_cards,
)
from .deal import lone_winner, showdown, swig


def eldest(s: PrimeroState) -> int:
    """The seat after the dealer (the dealer's right)."""
    return (s.dealer + 1) % s.players


def start_betting(s: PrimeroState, phase: str) -> PrimeroState:
    """Open a betting round: the eldest player still able to bet speaks first."""
    s = replace(new_round(s), phase=phase)
    actors = [p for p in range(s.players) if can_act(s, p)]
    if len(actors) < 2:  # nobody left to bet against
        return showdown(s) if phase == "bet2" else start_draw(s)
    return replace(s, to_act=next_seat(s, s.dealer, can_act))


def forced_seer(s: PrimeroState) -> int:
    """D-WB3: the nearest active player before the vier, who may not pass or fold in round 1."""
    if s.phase != "bet1" or s.vier < 0 or s.seen:
        return -1
    return prev_seat(s, s.vier, can_act)


def legal(s: PrimeroState) -> list[str]:
    """Legal action texts for the seat to act (unsorted)."""
    p = s.to_act
    if s.phase == "draw":
        hand = sort_cards(s.hands[p])
        out = []
        for k in range(len(hand) + 1):
            for combo in combinations(hand, k):
                out.append(("discard " + format_cards(combo)).strip())
        return out
    stake, rest = s.rules.bet_limits(s)
    chips = s.chips[p]
    to_call = s.high - s.bets[p]
    acts: list[str] = []
    if s.vier < 0:
        amounts = list(range(stake, min(rest, chips) + 1))
        if s.rules.claims_on_vie:
            claims = claims_above(s.hand_rules, s.claim_kind, s.claim_points)  # D-PR9: claims strictly better than the last one
            for n in amounts:
                acts += claim_actions("vie", n, claims)
        else:
            acts += [f"vie {n}" for n in amounts]
        acts += ["pass", "fold"]
        return acts
    if to_call <= 0:
        return ["fold", "pass"]
    acts.append("see")
    if s.raises < REVIE_CAP:  # D-WB4: the rest caps what is added beyond the see
        acts += [f"revie {n}" for n in range(stake, rest + 1) if to_call + n <= chips]
    if forced_seer(s) == p:
        return acts  # D-WB3: see or revie only
    if not s.passed[p]:
        acts.append("pass")
    acts.append("fold")
    return acts


def apply(s: PrimeroState, action: str) -> PrimeroState:
    """Apply a legal action of the seat to act."""
    p = s.to_act
    parts = action.split()
    verb = parts[0]
    if s.phase == "draw":
        return _discard(s, p, tuple(Card.parse(t) for t in parts[1:]))
    to_call = s.high - s.bets[p]
    acted = set_at(s.acted, p, True)
    if verb == "vie":
        n = int(parts[1])
        s = pay(s, p, n)
        s = replace(s, vier=p, acted=tuple(q == p for q in range(s.players)))
        text = f"vie {n}"
        if len(parts) == 4:
            s = replace(s, claim_kind=parts[2], claim_points=int(parts[3]), claims=set_at(s.claims, p, f"{parts[2]} {parts[3]}"))
            text = action
        s = add_log(s, p, text)
    elif verb == "see":
        s = pay(s, p, to_call)
        s = replace(s, seen=True, acted=acted)
        s = add_log(s, p, "see" if s.chips[p] else "see all-in")
    elif verb == "revie":
        n = int(parts[1])
        s = pay(s, p, to_call + n)
        s = replace(s, seen=True, raises=s.raises + 1, acted=tuple(q == p for q in range(s.players)))
        s = add_log(s, p, action)
    elif verb == "pass":
        passed = set_at(s.passed, p, True) if to_call > 0 else s.passed  # D-WB2
        s = add_log(replace(s, acted=acted, passed=passed), p, "pass")
    else:  # fold
        s = add_log(replace(s, folded=set_at(s.folded, p, True), acted=acted), p, "fold")
    return _after_bet(s, p)


def _after_bet(s: PrimeroState, p: int) -> PrimeroState:
    left = [q for q in range(s.players) if in_deal(s, q)]
    if len(left) == 1:
        return lone_winner(s, left[0])
    high = s.high
    pending = [q for q in range(s.players) if can_act(s, q) and (not s.acted[q] or s.bets[q] < high)]
    if not pending or (len([q for q in range(s.players) if can_act(s, q)]) == 1 and all(
            s.bets[q] >= high for q in range(s.players) if can_act(s, q))):
        return _end_round(s)
    return replace(s, to_act=next_seat(s, p, lambda st, q: q in pending))


def _end_round(s: PrimeroState) -> PrimeroState:
    if s.phase == "bet1":
        return start_draw(s)
    if s.vier < 0:
        return swig(s)  # nobody vied in round 2
    return showdown(s)


def start_draw(s: PrimeroState) -> PrimeroState:
    """D-WB1: after round 1 each player still in discards and draws, in seat order from the eldest."""
    s = replace(new_round(s), phase="draw")
    return replace(s, to_act=next_seat(s, s.dealer, in_deal))


def _discard(s: PrimeroState, p: int, cards: tuple[Card, ...]) -> PrimeroState:
    hand = tuple(c for c in s.hands[p] if c not in cards)
    s = replace(s, discards=s.discards + cards)
    got, s = draw_cards(s, len(cards))
    s = replace(s, hands=set_at(s.hands, p, hand + got))
    s = add_log(s, p, f"discard {len(cards)}")
    nxt = next_seat(s, p, in_deal)
    if (nxt - s.dealer - 1) % s.players <= (p - s.dealer - 1) % s.players:
        # everyone has drawn: two more cards each, then round 2
        s = deal_round(s, eldest(s), 2)
        return start_betting(s, "bet2")
    return replace(s, to_act=nxt)


class WaksEngine:
    """The Waks family's engine object (see ``state.Engine``)."""

    name = "waks"

    def open_deal(self, s: PrimeroState) -> PrimeroState:
        """Two cards each from the eldest, then the first betting round."""
        return self.start(deal_round(s, eldest(s), 2))

    def start(self, s: PrimeroState) -> PrimeroState:
        """The first betting round."""
        return start_betting(s, "bet1")

    def legal(self, s: PrimeroState) -> list[str]:
        """Legal action texts for the seat to act."""
        return legal(s)

    def apply(self, s: PrimeroState, action: str) -> PrimeroState:
        """Apply a legal action."""
        return apply(s, action)

    def forced_seat(self, s: PrimeroState) -> int:
        """The forced seer (D-WB3), or -1."""
        return forced_seer(s)

    def to_call(self, s: PrimeroState, seat: int) -> int:
        """What ``seat`` must add to match the highest bet of the round."""
        return max(0, s.high - s.bets[seat])


ENGINE = WaksEngine()

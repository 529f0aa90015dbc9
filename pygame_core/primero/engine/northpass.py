"""The Northpass betting engine (northpass, and suzuki per D-WB6): bet and announce, or pass and trade.

D-NP3..D-NP7: a bettor meets the most recent bet then adds at least the minimum,
announcing a strictly better hand; a passer trades exactly 1 or 2 cards; there is
no folding; betting stops once every other player has had a turn since the latest
bet (or after a full circuit without a bet); the forced stake applies only when
exactly one player has bet.

``ENGINE`` is the engine object the Northpass and Suzuki rules records name.
"""

from __future__ import annotations

from itertools import combinations

from ...cards import Card, format_cards
from ..claims import claim_actions, claims_above
from ..state import (
    PrimeroState,
    add_log,
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
from .deal import showdown


def start_play(s: PrimeroState) -> PrimeroState:
    """Open the betting: the player after the dealer speaks first (D-NP2)."""
    s = replace(new_round(s), phase="bet1", latest_bet=0, bettors=(), turns_since_bet=0, turns_this_deal=0)
    return replace(s, to_act=next_seat(s, s.dealer, in_deal))


def forced_stake(s: PrimeroState) -> int:
    """D-NP7: the amount the seat to act must pay if it passes, else 0."""
    if len(set(s.bettors)) != 1:
        return 0
    bettor = s.bettors[0]
    if s.to_act != prev_seat(s, bettor, in_deal):
        return 0
    return s.bets[bettor]


def legal(s: PrimeroState) -> list[str]:
    """Legal action texts for the seat to act (unsorted)."""
    p = s.to_act
    hand = sort_cards(s.hands[p])
    acts = ["trade " + format_cards(c) for k in (1, 2) for c in combinations(hand, k)]  # D-NP3
    lo, hi = s.rules.bet_limits(s)
    claims = claims_above(s.hand_rules, s.claim_kind, s.claim_points)  # D-NP4
    for n in range(lo, hi + 1):
        if s.latest_bet + n <= s.chips[p]:
            acts += claim_actions("bet", n, claims)
    return acts


def apply(s: PrimeroState, action: str) -> PrimeroState:
    """Apply a legal action of the seat to act."""
    p = s.to_act
    parts = action.split()
    if parts[0] == "trade":
        cards = tuple(Card.parse(t) for t in parts[1:])
        # D-NP7: the forced player pays the bettor's stake and still trades; short of chips,
        # as much as they have, and they can still win the whole pot (P-NP2)
        forced = min(forced_stake(s), s.chips[p])
        if forced:
            s = pay(s, p, forced)
        hand = tuple(c for c in s.hands[p] if c not in cards)
        s = replace(s, discards=s.discards + cards)
        got, s = draw_cards(s, len(cards))
        s = replace(s, hands=set_at(s.hands, p, hand + got), turns_since_bet=s.turns_since_bet + 1, turns_this_deal=s.turns_this_deal + 1)
        text = f"trade {len(cards)}" + (f" forced stake {forced}" if forced else "")
        s = add_log(s, p, text)
    else:
        n, kind, pts = int(parts[1]), parts[2], int(parts[3])
        s = pay(s, p, s.latest_bet + n)
        s = replace(
            s, latest_bet=n, claim_kind=kind, claim_points=pts, claims=set_at(s.claims, p, f"{kind} {pts}"),
            bettors=s.bettors + (p,), turns_since_bet=0, turns_this_deal=s.turns_this_deal + 1,
        )
        s = add_log(s, p, action)
    active = sum(1 for q in range(s.players) if in_deal(s, q))
    if (s.bettors and s.turns_since_bet >= active - 1) or (not s.bettors and s.turns_this_deal >= active):  # D-NP6
        return showdown(s)
    return replace(s, to_act=next_seat(s, p, in_deal))


class NorthpassEngine:
    """The Northpass family's engine object (Northpass, and Suzuki per D-WB6; see ``state.Engine``)."""

    name = "northpass"

    def open_deal(self, s: PrimeroState) -> PrimeroState:
        """Four cards each from the player after the dealer, then the betting (D-NP2)."""
        return self.start(deal_round(s, (s.dealer + 1) % s.players, 4))

    def start(self, s: PrimeroState) -> PrimeroState:
        """Open the betting."""
        return start_play(s)

    def legal(self, s: PrimeroState) -> list[str]:
        """Legal action texts for the seat to act."""
        return legal(s)

    def apply(self, s: PrimeroState, action: str) -> PrimeroState:
        """Apply a legal action."""
        return apply(s, action)

    def forced_seat(self, s: PrimeroState) -> int:
        """No forced see or stay: a forced stake is paid with the trade (D-NP7)."""
        return -1

    def to_call(self, s: PrimeroState, seat: int) -> int:
        """A bet first meets the most recent bet (D-NP4)."""
        return s.latest_bet


ENGINE = NorthpassEngine()

"""The Primero state (one frozen record for every variant) and what all engines share.

Seat order: seat ``i + 1`` (mod n) is the next player in play order in every
variant, i.e. "to the right" / anticlockwise in Waks and RMS; the eldest is the
seat after the dealer and the deal passes to the next seat.

Chip flows (all conserved): a bet, see, ante or forced stake moves chips from
``chips[i]`` to ``contrib[i]`` (this deal's pot); settling a deal moves the
pot (plus any ``carry``) back to the winners' chips, and what no one wins
(swigging, an Italian claim nobody holds, an odd chip of a split) goes to
``carry`` for the next deal. So ``sum(chips) + sum(contrib) + carry`` is
always ``players * starting chips`` (see ``chip_total``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..cards import Card
from ..rng import Rng
from .gamelog import EMPTY_LOG, PublicLog
from .hands import HandRules, HandValue, evaluate, strength
from .rules import RULES, PrimeroRules, hand_rules


def card_key(c: Card) -> tuple[int, int]:
    """Canonical order of cards in action texts and hands: by rank A..K, then suit S H D C."""
    return (c.rank_index, c.suit_index)


def sort_cards(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """Cards in canonical order."""
    return tuple(sorted(cards, key=card_key))


@dataclass(frozen=True)
class DealOutcome:
    """The public outcome of a finished deal (shown in observations as ``last_deal``)."""

    deal: int
    dealer: int
    how: str  # "showdown" | "lone" | "swig" | "unclaimed"
    won: tuple[tuple[int, int], ...]  # (seat, chips won)
    shown: tuple[tuple[int, tuple[str, ...], str, int, int], ...]  # seat, cards, kind, points, total
    pots: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]  # amount, eligible, winners
    carried: int  # chips left for the next deal
    contributions: tuple[int, ...]
    claim: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "how": self.how,
            "won": [{"seat": s, "amount": a} for s, a in self.won],
            "shown": [
                {"seat": s, "cards": list(cs), "kind": k, "points": p, "total": t} for s, cs, k, p, t in self.shown
            ],
            "pots": [{"amount": a, "eligible": list(e), "winners": list(w)} for a, e, w in self.pots],
            "carried": self.carried,
            "contributions": list(self.contributions),
            "claim": self.claim,
        }


@dataclass(frozen=True)
class PrimeroState:
    """A whole game of Primero: options, chips, the current deal and the RNG."""

    variant: str
    options: tuple[tuple[str, Any], ...]
    players: int
    rng: Rng
    chips: tuple[int, ...]
    deal: int = 0
    dealer: int = 0
    phase: str = "bet1"
    to_act: int = -1
    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()
    table: tuple[Card, ...] = ()  # RMS eight face-down slots
    contrib: tuple[int, ...] = ()  # chips put in this deal
    bets: tuple[int, ...] = ()  # chips put in this betting round
    carry: int = 0
    folded: tuple[bool, ...] = ()
    out: tuple[bool, ...] = ()
    acted: tuple[bool, ...] = ()
    passed: tuple[bool, ...] = ()  # Waks: pass-once used this round (D-WB2)
    knocked: tuple[bool, ...] = ()
    last_actions: tuple[str | None, ...] = ()
    claims: tuple[str | None, ...] = ()
    vier: int = -1
    seen: bool = False
    raises: int = 0
    claim_kind: str = ""
    claim_points: int = 0
    # Northpass / Suzuki
    latest: int = 0  # the most recent bet's amount, which a new bettor meets (D-NP4)
    bettors: tuple[int, ...] = ()
    since_bet: int = 0
    turns: int = 0
    # RMS
    circuit: int = 0
    drawn: bool = False  # drew this turn, must discard
    wager: bool = False  # a wagering round is running during play
    prop: str = ""  # "" | "bet" | "raise": the open proposal (D-RM4)
    prop_by: int = -1
    prev_high: int = 0
    responded: tuple[bool, ...] = ()
    refused: tuple[bool, ...] = ()
    second: bool = False  # refusers' second chance to match (D-RM4)
    volunteer: bool = False  # D-RM5: folded players may volunteer to stay
    survivor: int = -1
    resume: int = -1  # RMS: seat whose play turn follows the wagering round
    slot: int = -1  # RMS eight-card table: the slot just drawn from, refilled by the discard
    log: PublicLog = EMPTY_LOG  # the public log, (seat, text, deal) entries; appending is O(1) (gamelog.py)
    last_deal: DealOutcome | None = None
    over: bool = False

    def opt(self, name: str) -> Any:
        """An option's resolved value."""
        for k, v in self.options:
            if k == name:
                return v
        raise KeyError(name)

    @property
    def rules(self) -> PrimeroRules:
        """The variant's rules record."""
        return RULES[self.variant]

    @property
    def hand_rules(self) -> HandRules:
        """The variant's hand-evaluation rules."""
        wild = bool(self.opt("wild")) if self.variant == "rms" else False
        return _hand_rules(self.variant, wild)

    @property
    def high(self) -> int:
        """The highest bet of the current round."""
        return max(self.bets) if self.bets else 0


@cache
def _hand_rules(variant: str, wild: bool) -> HandRules:
    return hand_rules(variant, wild)


def chip_total(state: PrimeroState) -> int:
    """Every chip in the game: stacks, this deal's pot and the carried pot (constant)."""
    return sum(state.chips) + sum(state.contrib) + state.carry


def set_at(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    """A copy of ``t`` with item ``i`` replaced."""
    return t[:i] + (v,) + t[i + 1:]


def in_deal(s: PrimeroState, p: int) -> bool:
    """Seat ``p`` holds cards in this deal (not out of the game, not folded)."""
    return not s.out[p] and not s.folded[p]


def can_act(s: PrimeroState, p: int) -> bool:
    """Seat ``p`` is in the deal and has chips to bet with (not all-in)."""
    return in_deal(s, p) and s.chips[p] > 0


def all_in(s: PrimeroState, p: int) -> bool:
    """Seat ``p`` is in the deal with no chips left."""
    return in_deal(s, p) and s.chips[p] == 0


def next_seat(s: PrimeroState, p: int, pred: Any) -> int:
    """The first seat after ``p`` (cyclically, ``p`` itself last) satisfying ``pred(s, seat)``, or -1."""
    n = s.players
    for k in range(1, n + 1):
        q = (p + k) % n
        if pred(s, q):
            return q
    return -1


def prev_seat(s: PrimeroState, p: int, pred: Any) -> int:
    """The nearest seat before ``p`` satisfying ``pred``, or -1."""
    n = s.players
    for k in range(1, n + 1):
        q = (p - k) % n
        if pred(s, q):
            return q
    return -1


def pay(s: PrimeroState, p: int, amount: int) -> PrimeroState:
    """Seat ``p`` puts ``amount`` (at most all its chips) into the pot."""
    amount = min(amount, s.chips[p])
    return replace(
        s,
        chips=set_at(s.chips, p, s.chips[p] - amount),
        contrib=set_at(s.contrib, p, s.contrib[p] + amount),
        bets=set_at(s.bets, p, s.bets[p] + amount),
    )


def add_log(s: PrimeroState, p: int, text: str) -> PrimeroState:
    """Record a public action text for seat ``p`` (and as its last action)."""
    la = set_at(s.last_actions, p, text) if p >= 0 else s.last_actions
    return replace(s, log=s.log.append((p, text, s.deal)), last_actions=la)


def pots(s: PrimeroState) -> list[tuple[int, tuple[int, ...]]]:
    """The pot and side pots: (amount, eligible seats); the carried pot joins the main pot.

    Layers are cut at the contributions of all-in players; a player who is not
    all-in is eligible for every layer.
    """
    contenders = [p for p in range(s.players) if in_deal(s, p)]
    caps = sorted({s.contrib[p] for p in contenders if s.chips[p] == 0})
    out: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for cap in caps:
        amount = sum(max(0, min(c, cap) - prev) for c in s.contrib)
        elig = tuple(p for p in contenders if s.chips[p] > 0 or s.contrib[p] >= cap)
        if amount:
            out.append((amount, elig))
        prev = cap
    rest = sum(max(0, c - prev) for c in s.contrib)
    top = tuple(p for p in contenders if s.chips[p] > 0 or s.contrib[p] > prev)
    if rest:
        if top:
            out.append((rest, top))
        elif out:
            a, e = out[-1]
            out[-1] = (a + rest, e)
        else:
            out.append((rest, tuple(contenders)))
    if s.carry:
        if out:
            a, e = out[0]
            out[0] = (a + s.carry, e)
        else:
            out.append((s.carry, tuple(contenders)))
    return out


def seat_distance(s: PrimeroState, p: int) -> int:
    """How far seat ``p`` sits after the dealer in play order (eldest = 0, dealer last)."""
    return (p - s.dealer - 1) % s.players


def value_of(s: PrimeroState, p: int) -> HandValue:
    """Seat ``p``'s hand value under the variant's rules."""
    return evaluate(s.hands[p], s.hand_rules)


def _meets_claim(s: PrimeroState, v: HandValue) -> bool:
    if not s.claim_kind:
        return True
    hr = s.hand_rules
    return (hr.kind_rank(v.kind), v.points) >= (hr.kind_rank(s.claim_kind), s.claim_points)  # D-PR9


def showdown(s: PrimeroState) -> PrimeroState:
    """Show the hands still in, award every pot, then start the next deal (or end)."""
    hr = s.hand_rules
    contenders = [p for p in range(s.players) if in_deal(s, p)]
    values = {p: value_of(s, p) for p in contenders}
    chips = list(s.chips)
    won = [0] * s.players
    carried = 0
    pot_records: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for amount, elig in pots(s):
        cand = [p for p in elig if _meets_claim(s, values[p])]
        if not cand:
            carried += amount  # D-PR9: nobody holds the claim, the pot stays
            pot_records.append((amount, elig, ()))
            continue
        best = max(strength(values[p], hr) for p in cand)
        top = [p for p in cand if strength(values[p], hr) == best]
        if hr.exact_tie == "seat" or len(top) == 1:
            w = min(top, key=lambda p: seat_distance(s, p))  # nearest the dealer's right
            chips[w] += amount
            won[w] += amount
            winners: tuple[int, ...] = (w,)
        else:
            share, odd = divmod(amount, len(top))  # D-PR7 / Northpass: split, odd chip carries
            for w in top:
                chips[w] += share
                won[w] += share
            carried += odd
            winners = tuple(sorted(top, key=lambda p: seat_distance(s, p)))
        pot_records.append((amount, elig, winners))
    shown = tuple(
        (p, tuple(str(c) for c in s.hands[p]), values[p].kind, values[p].points, values[p].total)
        for p in sorted(contenders, key=lambda p: seat_distance(s, p))
    )
    claim = f"{s.claim_kind} {s.claim_points}" if s.claim_kind else None
    how = "showdown" if carried < sum(a for a, _ in pots(s)) else "unclaimed"
    outcome = DealOutcome(
        s.deal, s.dealer, how, tuple((p, won[p]) for p in range(s.players) if won[p]), shown,
        tuple(pot_records), carried, s.contrib, claim,
    )
    return finish_deal(replace(s, chips=tuple(chips), contrib=(0,) * s.players, carry=carried), outcome)


def lone_winner(s: PrimeroState, w: int) -> PrimeroState:
    """Only seat ``w`` is left in: it takes every pot without showing."""
    total = sum(s.contrib) + s.carry
    outcome = DealOutcome(
        s.deal, s.dealer, "lone", ((w, total),), (), tuple((a, e, (w,)) for a, e in pots(s)), 0, s.contrib,
        f"{s.claim_kind} {s.claim_points}" if s.claim_kind else None,
    )
    s = replace(s, chips=set_at(s.chips, w, s.chips[w] + total), contrib=(0,) * s.players, carry=0)
    return finish_deal(s, outcome)


def swig(s: PrimeroState) -> PrimeroState:
    """Nobody vied in the second round: cards are thrown in and the pot stays for the next deal."""
    total = sum(s.contrib) + s.carry
    outcome = DealOutcome(s.deal, s.dealer, "swig", (), (), tuple((a, e, ()) for a, e in pots(s)), total, s.contrib)
    return finish_deal(replace(s, contrib=(0,) * s.players, carry=total), outcome)


def finish_deal(s: PrimeroState, outcome: DealOutcome) -> PrimeroState:
    """Record the outcome, then end the game or deal again."""
    s = replace(s, last_deal=outcome, to_act=-1)
    alive = [p for p in range(s.players) if s.chips[p] > 0]
    if len(alive) < 2 or s.deal >= s.opt("deals"):
        if len(alive) == 1 and s.carry:
            # The only player left with chips takes any carried pot: nobody else can ever win it.
            w = alive[0]
            s = replace(s, chips=set_at(s.chips, w, s.chips[w] + s.carry), carry=0)
        return replace(s, phase="over", over=True)
    from .deal import start_deal

    dealer = next_seat(s, s.dealer, lambda st, q: st.chips[q] > 0)
    return start_deal(replace(s, dealer=dealer))


def draw_cards(s: PrimeroState, k: int) -> tuple[tuple[Card, ...], PrimeroState]:
    """Take ``k`` cards from the stock, shuffling the discards into a new stock when it runs out."""
    got: list[Card] = []
    stock, discards, rng = s.stock, s.discards, s.rng
    for _ in range(k):
        if not stock:
            if not discards:
                break
            stock, rng = rng.shuffle(discards)
            discards = ()
        got.append(stock[0])
        stock = stock[1:]
    return tuple(got), replace(s, stock=stock, discards=discards, rng=rng)


def deal_round(s: PrimeroState, first: int, k: int, folded_too: bool = False) -> PrimeroState:
    """Deal ``k`` cards one at a time to every seat in the deal, starting with ``first``.

    With ``folded_too`` folded players are dealt to as well (RMS: a folded player may have
    to stay again, D-RM5, and then needs a full hand).
    """
    order = [(first + i) % s.players for i in range(s.players)]
    order = [p for p in order if not s.out[p] and (folded_too or not s.folded[p])]
    hands = list(s.hands)
    for _ in range(k):
        for p in order:
            got, s = draw_cards(s, 1)
            hands[p] = hands[p] + got
    return replace(s, hands=tuple(hands))


def new_round(s: PrimeroState) -> PrimeroState:
    """Reset the per-round betting bookkeeping."""
    n = s.players
    return replace(
        s, bets=(0,) * n, acted=(False,) * n, passed=(False,) * n, vier=-1, seen=False, raises=0,
        prop="", prop_by=-1, prev_high=0, responded=(False,) * n, refused=(False,) * n, second=False,
        volunteer=False, survivor=-1,
    )

"""The Primero state (one frozen record for every variant), the rules record type and the engine protocol.

This module depends on nothing engine-specific: the engines (engine/waks.py, engine/northpass.py,
engine/rms.py) import it, rules.py builds one ``PrimeroRules`` record per variant naming
its engine object, and every state holds its record, so ``state.rules.engine`` is
how the game reaches the engine (no string dispatch).

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

import dataclasses
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, Protocol, TypeVar

from ..cards import Card
from ..rng import Rng
from .gamelog import EMPTY_LOG, Entry, PublicLog
from .hands import HandRules, HandValue, evaluate, get_rules

REVIE_CAP = 4  # D-WB4: engine cap on revies (and RMS raises) per betting round
CIRCUIT_CAP = 10  # D-RM3: safety cap on RMS play circuits

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
class PrimeroOptions:
    """A game's resolved options, typed: every field one of some variant's ``OptionSpec`` (rules.py),
    None where the variant has no such option. Built from ``VariantInfo.resolve_options``, so the
    values are already checked; the engines read ``s.options.deals`` rather than a name lookup."""

    players: int
    chips: int
    deals: int
    stake: int | None = None  # Waks family, Suzuki: the smallest bet
    rest: int | None = None  # Waks family, Suzuki: the largest bet or raise in one turn
    ante: int | None = None  # Suzuki, Northpass, RMS
    min_bet: int | None = None  # RMS
    max_raise: int | None = None  # RMS
    limit: int | None = None  # Northpass: the largest amount one bet may add
    table: str | None = None  # RMS: "eight" (eight face-down cards) or "stock" (D-RM2)
    wild: bool | None = None  # RMS: the J of hearts is wild (D-PR6)

    def items(self) -> tuple[tuple[str, Any], ...]:
        """The variant's options (those it has), sorted by name: the observation's ``options``."""
        return tuple(sorted((f.name, getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None))

    def number(self, name: str) -> int:
        """A numeric option named by a rules record (``min_bet_option``, ``max_bet_option``)."""
        value = getattr(self, name)
        if not isinstance(value, int):
            raise KeyError(name)
        return value


class Engine(Protocol):
    """What the game asks of a betting engine (one object per family: Waks, Northpass, RMS)."""

    name: str  # the family: "waks", "northpass" or "rms"

    def open_deal(self, s: PrimeroState) -> PrimeroState:
        """Deal the first cards of a fresh deal (antes paid) and open its first betting round."""
        ...

    def start(self, s: PrimeroState) -> PrimeroState:
        """Open the first betting round on cards already dealt (``state_from_deal``)."""
        ...

    def legal(self, s: PrimeroState) -> list[str]:
        """Legal action texts for the seat to act (unsorted)."""
        ...

    def apply(self, s: PrimeroState, action: str) -> PrimeroState:
        """Apply a legal canonical action of the seat to act."""
        ...

    def forced_seat(self, s: PrimeroState) -> int:
        """The seat the observation names as forced (Waks forced see, RMS forced stay), or -1."""
        ...

    def to_call(self, s: PrimeroState, seat: int) -> int:
        """What ``seat`` must put in to stay level with the bets now (0 when nothing is due)."""
        ...


@dataclass(frozen=True)
class PrimeroRules:
    """Everything the engine needs to know about one variant (built in rules.py)."""

    name: str  # the variant's name, e.g. "waks"
    engine: Engine  # the betting engine that plays it
    hands: str  # rule-set name in hands.RULESETS
    claims_on_vie: bool = False  # Italian: every vie names a claim (D-PR9)
    win_needs_claim: bool = False  # Italian: only a hand that meets the last claim can win (D-PR9)
    announces_claims: bool = False  # bets name claims: Italian vies (D-PR9), Northpass and Suzuki bets (D-NP4)
    ante: bool = False  # Northpass, Suzuki and RMS ante; Waks does not
    side_pots: bool = True  # all-in players win only up to what they put in; Northpass/Suzuki: none (P-NP2)
    dealer_by_low_card: bool = False  # Waks family: the lowest card deals first (D-WB5); else a random dealer
    min_bet_option: str | None = None  # the option naming the smallest bet (None: 1 chip)
    max_bet_option: str = "rest"  # the option naming the largest bet or raise in one turn
    wild_option: bool = False  # RMS: the "wild" option makes the J of hearts wild (D-PR6)
    decisions: tuple[str, ...] = ()

    def bet_limits(self, s: PrimeroState) -> tuple[int, int]:
        """The smallest and largest bet (or raise) of one turn under the state's options."""
        lo = s.options.number(self.min_bet_option) if self.min_bet_option else 1
        return lo, s.options.number(self.max_bet_option)

    def hand_rules(self, wild: bool = False) -> HandRules:
        """The hand-evaluation rules (with the wild J of hearts when the variant has it and it is on)."""
        return _hand_rules(self.hands, wild and self.wild_option)


@cache
def _hand_rules(hands: str, wild: bool) -> HandRules:
    return get_rules(hands, wild=wild)


@dataclass(frozen=True)
class PrimeroState:
    """A whole game of Primero: options, chips, the current deal and the RNG.

    Fields come in four groups: the game (fixed, or changing between deals), the deal
    in progress, the betting round in progress, and the fields only one engine uses.
    Per-seat tuples are indexed by seat.
    """

    # --- the game ---------------------------------------------------------------
    rules: PrimeroRules  # the variant's rules record (names the engine)
    options: PrimeroOptions  # the resolved options, typed
    players: int
    rng: Rng  # does every shuffle; advances with the state
    chips: tuple[int, ...]  # each seat's stack (not counting what it has put in this deal)
    deal: int = 0  # number of the deal in progress (1-based)
    dealer: int = 0
    log: PublicLog[Entry] = EMPTY_LOG  # the public log, (seat, text, deal) entries; appending is O(1) (gamelog.py)
    last_deal: DealOutcome | None = None  # the outcome of the last finished deal
    over: bool = False  # the game has ended

    # --- the deal in progress ---------------------------------------------------
    phase: str = "bet1"  # "bet1" | "draw" | "bet2" (Waks) | "play" (RMS) | "over"
    to_act: int = -1  # the seat to act (-1 between deals)
    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()  # top first
    discards: tuple[Card, ...] = ()  # reshuffled into a new stock when it runs out
    table: tuple[Card, ...] = ()  # RMS eight face-down cards to draw from (D-RM2)
    contrib: tuple[int, ...] = ()  # chips each seat has put in this deal (antes included)
    carry: int = 0  # chips carried over from earlier deals into this deal's main pot
    folded: tuple[bool, ...] = ()
    out: tuple[bool, ...] = ()  # out of the game: had no chips when the deal began, so not dealt in
    knocked: tuple[bool, ...] = ()  # RMS: said "vada" this deal
    last_actions: tuple[str | None, ...] = ()  # each seat's last public action text this deal
    claims: tuple[str | None, ...] = ()  # each seat's last announced claim this deal ("primero 60")
    claim_kind: str = ""  # the latest claim of the deal (Italian vie, Northpass/Suzuki bet): kind ...
    claim_points: int = 0  # ... and points

    # --- the betting round in progress (Waks and RMS) ---------------------------
    bets: tuple[int, ...] = ()  # chips put in this betting round
    acted: tuple[bool, ...] = ()  # has spoken this round (reset to the raiser alone by a raise)
    passed: tuple[bool, ...] = ()  # Waks: pass-once used this round (D-WB2)
    vier: int = -1  # Waks: the seat that made the round's first bet (-1: nobody has vied)
    seen: bool = False  # Waks: someone has seen the vie (ends the forced see, D-WB3)
    raises: int = 0  # revies (Waks) or raises (RMS) this round, capped by REVIE_CAP

    # --- Northpass and Suzuki ---------------------------------------------------
    latest_bet: int = 0  # the amount the most recent bet added, which a new bettor meets first (D-NP4)
    bettors: tuple[int, ...] = ()  # seats that bet this deal, in order
    turns_since_bet: int = 0  # turns taken since the latest bet (D-NP6)
    turns_this_deal: int = 0  # turns taken this deal (a full circuit without a bet ends it, D-NP6)

    # --- RMS ----------------------------------------------------------------------
    circuit: int = 0  # play circuit number (1-based once play starts; D-RM3 cap)
    wagering: bool = False  # a wagering round is running during play (before the dealer's turn)
    proposal: str = ""  # "" | "bet" | "raise": the open bet or raise the others answer (D-RM4)
    proposer: int = -1  # the seat that made the open proposal
    level_before_proposal: int = 0  # the round's highest bet before the proposal; a withdrawn one goes back to it
    responded: tuple[bool, ...] = ()  # has answered the open proposal
    refused: tuple[bool, ...] = ()  # refused the open proposal
    second_chance: bool = False  # players below the standing bet get one more chance to match or fold (D-RM4)
    volunteering: bool = False  # D-RM5: all but one folded; folded players are asked to volunteer to stay
    lone_player: int = -1  # D-RM5: the one player still in while the others are asked to volunteer
    open_slot: int = -1  # eight-card table: the slot just drawn from, which the discard refills (D-RM2)

    @property
    def variant(self) -> str:
        """The variant's name."""
        return self.rules.name

    @property
    def hand_rules(self) -> HandRules:
        """The variant's hand-evaluation rules."""
        return self.rules.hand_rules(wild=self.rules.wild_option and bool(self.options.wild))

    @property
    def high(self) -> int:
        """The highest bet of the current round."""
        return max(self.bets) if self.bets else 0


_STATE_FIELDS = frozenset(f.name for f in fields(PrimeroState))
_T = TypeVar("_T")


def replace(obj: _T, /, **changes: Any) -> _T:
    """``dataclasses.replace``, about 15 times faster for a ``PrimeroState`` (the engine makes several
    per action, and the AI's and the review's rollouts make millions): the new state's fields are
    the old one's with ``changes``, copied as a whole, without calling ``__init__`` field by field.
    That is exact because the state has no ``__post_init__``, no slots, no ``init=False`` field and
    nothing cached in its ``__dict__`` (tests/primero/test_state.py checks it against
    ``dataclasses.replace``). Anything else goes to ``dataclasses.replace``."""
    if type(obj) is not PrimeroState:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not changes.keys() <= _STATE_FIELDS:
        raise TypeError(f"PrimeroState has no field {sorted(changes.keys() - _STATE_FIELDS)[0]!r}")
    new = object.__new__(PrimeroState)
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new  # type: ignore[return-value]


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
    all-in is eligible for every layer (P-WB2). Without side pots (Northpass and
    Suzuki, P-NP2) there is one pot that every player still in can win.
    """
    contenders = [p for p in range(s.players) if in_deal(s, p)]
    if not s.rules.side_pots:
        total = sum(s.contrib) + s.carry
        return [(total, tuple(contenders))] if total else []
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
        proposal="", proposer=-1, level_before_proposal=0, responded=(False,) * n, refused=(False,) * n,
        second_chance=False, volunteering=False, lone_player=-1,
    )

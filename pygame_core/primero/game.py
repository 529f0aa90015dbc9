"""Primero, every rule set, behind the core's Game protocol: ``GAME``.

Variants: ``waks`` (default), ``italian``, ``suzuki``, ``roman``, ``losing``,
``rms`` and ``northpass`` (see rules.py; the engines are waks.py,
northpass.py and rms.py, the shared state is state.py).

Action verbs (canonical text; cards rank-then-suit in canonical order, A..K then S H D C):

Waks family (waks, italian, roman, losing)
- ``vie N``: the first bet of a round, stake <= N <= rest (Italian: ``vie N KIND POINTS``,
  naming a claim that beats the last one, e.g. ``vie 2 primero 60``).
- ``see``: match the highest bet (all-in when short of chips).
- ``revie N``: see, then raise N (stake <= N <= rest) beyond the see.
- ``pass``: bet nothing now (once per round after a vie); ``fold``: give up.
- ``discard C1 C2 ...``: in the draw, discard those cards and draw as many; plain ``discard`` keeps all.

Northpass and Suzuki
- ``bet N KIND POINTS``: meet the most recent bet, then add N, announcing a better hand
  (e.g. ``bet 2 numerus 13``).
- ``trade C1 [C2]``: pass, trading in one or two cards (a forced stake is paid automatically).

RMS
- wagering: ``bet N``, ``pass`` (no bet open), ``match``, ``raise N``, ``refuse``, ``fold``;
  after everyone else folded, folded players may ``stay`` (volunteer to see) or ``pass``.
- play: ``draw SLOT`` (eight-card table, slots 1..8) or ``draw`` (stock), then ``discard C``;
  or ``vada`` (knock).

Observation keys: game, variant, seat, players, deal, dealer, phase, to_act, pot, pots,
carried, stake, rest, ante, to_call, seats[seat, chips, bet, contributed, folded, all_in, out,
cards, card_count, last_action, claim, knocked], hand, hand_value, claim, log, last_deal,
table_slots, stock, discards, wagering, proposal, forced, result, options (the resolved
options, e.g. wild, table, stake, rest, limit).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..cards import Card
from ..errors import IllegalActionError, InvalidActionError, InvalidCardError
from ..protocol import JSON, TERMINAL, GameInfo, check_seat, sorted_actions
from ..rng import Rng
from .agents import FACTORIES as AI_FACTORIES
from .deal import first_dealer, start_deal, state_from_deal
from .hands import CHORUS, FLUXUS, NUMERUS, PRIMERO, PUNTO, SUPREMUS, evaluate
from .rules import RULES, VARIANTS
from .state import PrimeroState, all_in, chip_total, pots, sort_cards

__all__ = ["GAME", "PrimeroGame", "PrimeroState", "chip_total", "state_from_deal"]

_KINDS = (NUMERUS, PRIMERO, SUPREMUS, PUNTO, FLUXUS, CHORUS)
_BARE = ("see", "pass", "fold", "match", "refuse", "vada", "stay", "draw", "discard")
_NUMBERED = ("vie", "revie", "bet", "raise", "draw")
_CARDED = ("discard", "trade")


def _number(text: str, action: str) -> int:
    if not text.isdigit() or len(text) > 6:
        raise InvalidActionError(f"{action!r}: {text!r} is not a whole number")
    return int(text)


def parse(text: str) -> str:
    """Canonical text of a Primero action; InvalidActionError if it is not one."""
    if not isinstance(text, str):
        raise InvalidActionError(f"not an action: {text!r}")
    parts = text.strip().split()
    if not parts:
        raise InvalidActionError("empty action")
    verb = parts[0].lower()
    args = parts[1:]
    if not args and verb in _BARE:
        return verb
    if verb in _CARDED:
        try:
            cards = [Card.parse(a) for a in args]
        except InvalidCardError as exc:
            raise InvalidActionError(f"{text!r}: {exc}") from None
        if len(set(cards)) != len(cards):
            raise InvalidActionError(f"{text!r}: a card is named twice")
        if verb == "trade" and not 1 <= len(cards) <= 2:
            raise InvalidActionError(f"{text!r}: trade one or two cards")
        return " ".join([verb, *(str(c) for c in sort_cards(cards))])
    if verb in _NUMBERED and len(args) == 1:
        return f"{verb} {_number(args[0], text)}"
    if verb in ("vie", "bet") and len(args) == 3:
        kind = args[1].lower()
        if kind not in _KINDS:
            raise InvalidActionError(f"{text!r}: {args[1]!r} is not a kind of hand")
        return f"{verb} {_number(args[0], text)} {kind} {_number(args[2], text)}"
    raise InvalidActionError(f"not a Primero action: {text!r}")


class PrimeroGame:
    """Primero under every rule set (stateless; all state is in PrimeroState)."""

    info = GameInfo(
        "primero", "Primero", VARIANTS, "waks",
        summary="The Renaissance betting game: four cards, vie and see, the best hand takes the pot.",
        agents=AI_FACTORIES,
    )

    # --- protocol -----------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None, seed: int, variant: str | None = None) -> PrimeroState:
        """The state before the first action: first dealer chosen and the first deal dealt."""
        info = self.info.variant(variant)
        opts = info.resolve_options(options)
        n = opts["players"]
        s = PrimeroState(
            rules=RULES[info.name], options=tuple(sorted(opts.items())), players=n, rng=Rng.from_seed(seed),
            chips=(opts["chips"],) * n, contrib=(0,) * n, bets=(0,) * n,
        )
        s = first_dealer(s)
        return start_deal(s)

    def current_player(self, state: PrimeroState) -> int:
        """The seat to act, or TERMINAL."""
        return TERMINAL if state.over else state.to_act

    def legal_actions(self, state: PrimeroState) -> tuple[str, ...]:
        """Canonical texts of the legal actions, sorted."""
        if state.over:
            return ()
        return sorted_actions(state.rules.engine.legal(state))

    def apply(self, state: PrimeroState, action: str) -> PrimeroState:
        """The state after ``action`` by the seat to act (and any automatic deals)."""
        canonical = parse(action)
        if state.over:
            raise IllegalActionError("the game is over")
        engine = state.rules.engine
        if canonical not in engine.legal(state):
            raise IllegalActionError(f"{canonical!r} is not legal now for seat {state.to_act}")
        return engine.apply(state, canonical)

    def parse_action(self, text: str) -> str:
        """Canonical text of an action; InvalidActionError if it is not one."""
        return parse(text)

    def is_terminal(self, state: PrimeroState) -> bool:
        """True when the agreed deals are played or one player holds all chips."""
        return state.over

    def result(self, state: PrimeroState) -> dict[str, JSON]:
        """Winners (most chips), final chips, net change per seat, deals played."""
        start = state.opt("chips")
        best = max(state.chips)
        return {
            "winners": [p for p in range(state.players) if state.chips[p] == best],
            "scores": list(state.chips),
            "chips": [c - start for c in state.chips],
            "deals": state.deal,
            "carried": state.carry,
        }

    def observation(self, state: PrimeroState, seat: int) -> dict[str, JSON]:
        """What ``seat`` may see (seat -1: a spectator)."""
        check_seat(seat, state.players)
        return observe(state, seat)

    def hidden_cards(self, state: PrimeroState, seat: int) -> tuple[str, ...]:
        """Cards ``seat`` cannot see now, except those shown publicly in the last deal."""
        check_seat(seat, state.players)
        shown = _public_cards(state)
        out = [str(c) for c in _hidden_places_cards(state, seat) if str(c) not in shown]
        return tuple(sorted(out))

    def resample_hidden(self, state: PrimeroState, seat: int, seed: int) -> PrimeroState:
        """The same state from ``seat``'s view with every unseen card reshuffled among its places."""
        check_seat(seat, state.players)
        places = _places(state, seat)
        pool = [c for _, cs in places for c in cs]
        rng = Rng.from_seed(seed)
        shuffled, rng = rng.shuffle(pool)
        hands = list(state.hands)
        fields: dict[str, Any] = {}
        i = 0
        for name, cs in places:
            got = tuple(shuffled[i:i + len(cs)])
            i += len(cs)
            if name.startswith("hand"):
                hands[int(name[4:])] = got
            else:
                fields[name] = got
        return replace(state, hands=tuple(hands), rng=rng, **fields)

    def describe_action(self, state: PrimeroState, action: str) -> str:
        """A sentence such as ``Seat 2 vies 2``."""
        a = parse(action)
        who = f"Seat {state.to_act}"
        verb, *rest = a.split()
        words = {
            "vie": "vies", "see": "sees", "revie": "sees and revies", "pass": "passes", "fold": "folds",
            "bet": "bets", "match": "matches", "raise": "raises", "refuse": "refuses", "vada": "knocks: vada!",
            "stay": "volunteers to stay", "draw": "draws", "trade": "passes and trades", "discard": "discards",
        }
        if verb in ("discard", "trade"):
            n = len(rest)
            if verb == "discard" and n == 0:
                return f"{who} keeps all cards"
            return f"{who} {words[verb]} {n} card{'s' if n != 1 else ''}"
        if verb == "draw":
            return f"{who} draws from slot {rest[0]}" if rest else f"{who} draws from the stock"
        if verb in ("vie", "bet") and len(rest) == 3:
            return f"{who} {words[verb]} {rest[0]}, announcing {rest[1]} of {rest[2]}"
        return " ".join([who, words[verb], *rest])


def _public_cards(state: PrimeroState) -> set[str]:
    if state.last_deal is None:
        return set()
    return {c for sh in state.last_deal.shown for c in sh[1]}


def _places(state: PrimeroState, seat: int) -> list[tuple[str, tuple[Card, ...]]]:
    places: list[tuple[str, tuple[Card, ...]]] = [
        (f"hand{p}", state.hands[p]) for p in range(state.players) if p != seat
    ]
    places += [("stock", state.stock), ("discards", state.discards), ("table", state.table)]
    return places


def _hidden_places_cards(state: PrimeroState, seat: int) -> list[Card]:
    return [c for _, cs in _places(state, seat) for c in cs]


def observe(s: PrimeroState, seat: int) -> dict[str, JSON]:
    """The observation of ``seat`` as plain data."""
    n = s.players
    seats = []
    for p in range(n):
        seats.append({
            "seat": p,
            "chips": s.chips[p],
            "bet": s.bets[p],
            "contributed": s.contrib[p],
            "folded": s.folded[p],
            "all_in": all_in(s, p) and not s.over,
            "out": s.out[p],
            "cards": [str(c) for c in s.hands[p]] if p == seat else None,
            "card_count": len(s.hands[p]),
            "last_action": s.last_actions[p],
            "claim": s.claims[p],
            "knocked": s.knocked[p],
        })
    hand = [str(c) for c in s.hands[seat]] if seat >= 0 else None
    hand_value = None
    if seat >= 0 and len(s.hands[seat]) == 4:
        hr = s.hand_rules
        v = evaluate(s.hands[seat], hr)
        hand_value = {"kind": v.kind, "points": v.points, "counting": [str(c) for c in v.counting]}
        if hr.whole_hand_tiebreak:
            hand_value["total"] = v.total
    engine = s.rules.engine
    to_call = 0 if seat < 0 or s.over else engine.to_call(s, seat)
    pot_list = [{"amount": a, "eligible": list(e)} for a, e in pots(s)]
    opts = dict(s.options)
    forced: int | None = None
    if not s.over:
        f = engine.forced_seat(s)
        forced = f if f >= 0 else None
    low, high = s.rules.bet_limits(s)
    obs: dict[str, JSON] = {
        "game": "primero",
        "variant": s.variant,
        "seat": seat,
        "players": n,
        "deal": s.deal,
        "dealer": s.dealer,
        "phase": "over" if s.over else s.phase,
        "to_act": None if s.over else s.to_act,
        "pot": sum(s.contrib) + s.carry,
        "pots": pot_list,
        "carried": s.carry,
        "stake": low,
        "rest": high,
        "ante": opts.get("ante", 0),
        "to_call": to_call,
        "seats": seats,
        "hand": hand,
        "hand_value": hand_value,
        "claim": f"{s.claim_kind} {s.claim_points}" if s.claim_kind else None,
        "forced": forced,
        "log": [{"seat": p, "action": t, "deal": d} for p, t, d in s.log],
        "last_deal": s.last_deal.to_json() if s.last_deal else None,
        "table_slots": len(s.table),
        "stock": len(s.stock),
        "discards": len(s.discards),
        "wagering": s.wagering,
        "proposal": s.proposal or None,
        "result": GAME.result(s) if s.over else None,
        "options": {k: v for k, v in sorted(opts.items())},  # the resolved public options (JSON scalars)
    }
    return obs


GAME = PrimeroGame()

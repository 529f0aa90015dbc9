"""Primero, every rule set, behind the core's Game protocol: ``GAME``.

Variants: ``waks`` (default), ``italian``, ``suzuki``, ``roman``, ``losing``,
``rms`` and ``northpass`` (see rules.py; the engines are engine/waks.py,
engine/northpass.py and engine/rms.py, the shared state is state.py).

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
carried, stake, rest, ante, to_call, forced_stake (what the seat to act pays if it passes and
trades: Northpass, Suzuki), seats[seat, chips, bet, contributed, folded, all_in, out,
cards, card_count, last_action, last_said (its message {key, args}), claim, knocked], hand, hand_value, claim, log, log_size, last_deal,
table_slots, stock, discards, wagering, proposal, forced, result, options (the resolved
options, e.g. wild, table, stake, rest, limit).

The log: ``log`` holds the current and the previous deal's public entries (and older ones up to
``LOG_WINDOW`` entries before this deal), oldest first; ``log_size`` counts the whole public log, and ``log_entries`` gives any
slice of it. An entry is ``{"seat", "key", "args", "action", "deal"}``: a message for the
page (describe.py) and the public action text (``discard 2``: a discard's cards stay private).
The state keeps the log as a persistent list (gamelog.py), so an action never copies it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..errors import IllegalActionError, InvalidActionError, InvalidCardError, OptionsError, quote
from ..protocol import (
    JSON,
    LOG_WINDOW,
    TERMINAL,
    Description,
    Figure,
    GameInfo,
    Operation,
    check_seat,
    sorted_actions,
)
from ..rng import Rng
from .ai import FACTORIES as AI_FACTORIES
from .cli import COMMANDS
from .decisions import DECISIONS
from .describe import describe, describe_text, log_entries
from .engine.deal import first_dealer, start_deal, state_from_deal
from .engine.northpass import ENGINE as NORTHPASS
from .engine.northpass import forced_stake
from .engine.rms import ENGINE as RMS
from .gamelog import Entry
from .hands import CHORUS, FLUXUS, NUMERUS, PRIMERO, PUNTO, SUPREMUS, HandRules, evaluate, strength
from .operations import COACH, HAND, LESSONS_FIELDS, LESSONS_HELP, lessons
from .review import reviewer
from .rules import RULES, VARIANTS
from .site import hand_rule_texts, site_data
from .state import DealOutcome, PrimeroOptions, PrimeroState, all_in, chip_total, pots, replace, sort_cards
from .translations import TRANSLATIONS

__all__ = ["GAME", "PrimeroGame", "PrimeroState", "chip_total", "state_from_deal"]

_KINDS = (NUMERUS, PRIMERO, SUPREMUS, PUNTO, FLUXUS, CHORUS)
_BARE = ("see", "pass", "fold", "match", "refuse", "vada", "stay", "draw", "discard")
_NUMBERED = ("vie", "revie", "bet", "raise", "draw")
_CARDED = ("discard", "trade")


def _number(text: str, action: str) -> int:
    """A whole number written in ASCII digits (``²`` or ``٣`` are not numbers here)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise InvalidActionError(f"{quote(action)}: {quote(text)} is not a whole number")
    return int(text)


def parse(text: str) -> str:
    """Canonical text of a Primero action; InvalidActionError if it is not one."""
    if not isinstance(text, str):
        raise InvalidActionError(f"not an action: {quote(text)}")
    parts = text.strip().split()
    if not parts:
        raise InvalidActionError("empty action")
    verb = parts[0].lower()
    args = parts[1:]
    if not args and verb in _BARE:
        return verb
    if verb in _CARDED:
        cards = []
        for a in args:
            try:
                cards.append(Card.parse(a))
            except InvalidCardError as exc:
                why = str(exc) if len(a) <= 20 else f"{quote(a)} is not a card"
                raise InvalidActionError(f"{quote(text)}: {why}") from None
        if len(set(cards)) != len(cards):
            raise InvalidActionError(f"{quote(text)}: a card is named twice")
        if verb == "trade" and not 1 <= len(cards) <= 2:
            raise InvalidActionError(f"{quote(text)}: trade one or two cards")
        return " ".join([verb, *(str(c) for c in sort_cards(cards))])
    if verb in _NUMBERED and len(args) == 1:
        return f"{verb} {_number(args[0], text)}"
    if verb in ("vie", "bet") and len(args) == 3:
        kind = args[1].lower()
        if kind not in _KINDS:
            raise InvalidActionError(f"{quote(text)}: {quote(args[1])} is not a kind of hand")
        return f"{verb} {_number(args[0], text)} {kind} {_number(args[2], text)}"
    raise InvalidActionError(f"not a Primero action: {quote(text)}")


class _LegalSet:
    """The legal action texts of the state last asked, as a set, kept for as long as that same state
    object is asked again: ``apply`` and ``describe_action`` are called once for each legal action
    of one state (the conformance check, the coach, the agents' searches), and the engine builds its
    whole list each time (Northpass: hundreds of bets). A state is immutable, so the same object has
    the same actions; a pure memo, matched by identity, holding one state."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[PrimeroState, frozenset[str]] | None = None

    def __call__(self, state: PrimeroState) -> frozenset[str]:
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        legal = frozenset(state.rules.engine.legal(state))
        self._last = (state, legal)  # one assignment: a reader sees a state with its own actions
        return legal


_legal_set = _LegalSet()


def _lessons(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    return lessons(GAME, request)


class PrimeroGame:
    """Primero under every rule set (stateless; all state is in PrimeroState)."""

    info = GameInfo(
        "primero", "Primero", VARIANTS, "waks",
        summary="The Renaissance betting game: four cards, vie and see, the best hand takes the pot.",
        agents=AI_FACTORIES,
        operations=(HAND, COACH, Operation("lessons", _lessons, help=LESSONS_HELP, fields=LESSONS_FIELDS)),
        figures=(Figure("chips", per="deals", label="chips per deal"),),
        decisions=DECISIONS, texts=hand_rule_texts("en"), translations=TRANSLATIONS, site=site_data,
        commands=COMMANDS, quick_options={"deals": 3}, reviewer=reviewer,
    )

    # --- protocol -----------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None, seed: int, variant: str | None = None) -> PrimeroState:
        """The state before the first action: first dealer chosen and the first deal dealt."""
        info = self.info.variant(variant)
        opts = info.resolve_options(options)
        n = opts["players"]
        s = PrimeroState(
            rules=RULES[info.name], options=PrimeroOptions(**opts), players=n, rng=Rng.from_seed(seed),
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
            raise IllegalActionError("the game is over", key="err.over")
        if canonical not in _legal_set(state):
            raise IllegalActionError(f"{quote(canonical)} is not legal now")
        return state.rules.engine.apply(state, canonical)

    def parse_action(self, text: str) -> str:
        """Canonical text of an action; InvalidActionError if it is not one."""
        return parse(text)

    def is_terminal(self, state: PrimeroState) -> bool:
        """True when the agreed deals are played or one player holds all chips."""
        return state.over

    def result(self, state: PrimeroState) -> dict[str, JSON]:
        """The outcome: ``winners`` (the seats with the most chips), ``scores`` (each seat's final
        chips: chips are how Primero scores), ``chips`` (each seat's net change), ``deals`` (deals
        played) and ``carried`` (chips left unawarded in the pot)."""
        start = state.options.chips
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

    def agent_observation(self, state: PrimeroState, seat: int) -> dict[str, JSON]:
        """The observation for the AI's own players (``observe(..., light=True)``: no words for people);
        the review's rollouts use it where the game offers it."""
        return observe(state, seat, light=True)

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
        # sorted: the new deal must depend only on what the seat sees, not on where the hidden cards are
        # (a review draws its worlds here: issue 23's honesty test)
        pool = sorted((c for _, cs in places for c in cs), key=str)
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

    def describe_action(self, state: PrimeroState, action: str) -> Description:
        """The public message for ``action`` by the seat to act: the one its log entry gets.

        ``{"key": "primero.act.vie", "seat": 2, "args": {"n": 2}}``; discards and trades give only the
        count of cards (keys and args: see describe.py).
        """
        a = parse(action)
        seat = state.to_act
        if not state.over and a in _legal_set(state):
            after = state.rules.engine.apply(state, a)
            for p, text, _ in after.log.entries(len(state.log)):
                if p == seat:
                    return describe(seat, text, log=True)
        return describe(seat, a, rms=state.rules.engine is RMS)

    def log_entries(self, state: PrimeroState, seat: int, start: int, stop: int) -> list[JSON]:
        """Entries ``start:stop`` of the public log (Python slice rules), oldest first.

        Each is ``{"seat", "key", "args", "action", "deal"}`` (see describe.py); the log is
        public, so every seat sees the same entries.
        """
        check_seat(seat, state.players)
        for name, value in (("start", start), ("stop", stop)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionsError(f"the log's {name} must be a whole number, not {quote(value)}")
        return log_entries(state.log.entries(start, stop))


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


def recent_log(s: PrimeroState, light: bool = False) -> list[JSON]:
    """The current and the previous deal's log entries, and older ones while fewer than LOG_WINDOW
    are older than this deal; oldest first.

    A seat still in the game acts in every deal, so the entries since its last turn are all in
    the two deals: an agent that reads each entry once misses none, however long a deal's betting
    (an RMS deal of six players calling round after round runs past LOG_WINDOW entries)."""
    out: list[Entry] = []
    older = 0
    for e in s.log.newest():
        if e[2] != s.deal:
            if older >= LOG_WINDOW and e[2] != s.deal - 1:
                break
            older += 1
        out.append(e)
    out.reverse()
    if light:
        return [{"seat": seat, "action": text, "deal": deal} for seat, text, deal in out]
    return log_entries(out)


WHY_KEYS = frozenset({"primero.dealend.why.kind", "primero.dealend.why.points", "primero.dealend.why.total", "primero.dealend.why.tie",
                      "primero.dealend.why.lowest"})
"""The keys of a deal end's reason (``last_deal.why``; tests check each is in web/i18n.js)."""


def _kind(kind: str) -> dict[str, Any]:
    return {"key": f"primero.kind.{kind}", "args": {}}


def last_deal_json(s: PrimeroState) -> JSON:
    """The last deal's outcome, with the cards that count in each shown hand (``counting``, one list
    per ``shown`` hand) and why the best hand won (``why``: a message, or None when no showdown
    decided it: everyone else folded, a swig, a tie, or Italian's claim rule).

    Every observation of the next deal carries it, so the reading of the shown hands is worked out
    once per outcome and kept on that (immutable) outcome (a review's rollouts build thousands of
    observations a deal); each call returns fresh data."""
    ld = s.last_deal
    if ld is None:
        return None
    hr = s.hand_rules
    kept = ld.__dict__.get("_reading")
    if kept is None or kept[0] is not hr:
        kept = (hr, *_outcome_reading(ld, hr))
        object.__setattr__(ld, "_reading", kept)  # not a field: equality, hashing and replace ignore it
    out = ld.to_json()
    out["counting"] = [list(c) for c in kept[1]]
    out["why"] = copy.deepcopy(kept[2])
    return out


def _outcome_reading(ld: DealOutcome, hr: HandRules) -> tuple[list[list[str]], dict[str, Any] | None]:
    """``last_deal_json``'s ``counting`` and ``why`` for an outcome under these hand rules."""
    values = [evaluate(tuple(Card.parse(c) for c in cards), hr) for _, cards, *_ in ld.shown]
    counting = [[str(c) for c in v.counting] for v in values]
    won = {seat for seat, amount in ld.won if amount}
    if ld.how != "showdown" or len(values) < 2:
        return counting, None
    ranked = sorted(zip((sh[0] for sh in ld.shown), values, (sh[4] for sh in ld.shown), strict=True),
                    key=lambda x: strength(x[1], hr), reverse=True)
    best_seat, best, best_total = ranked[0]
    losers = [r for r in ranked if strength(r[1], hr) < strength(best, hr)]
    if best_seat not in won:
        return counting, None  # not decided by the hands alone (Italian: the claim must be held)
    if not losers:
        return counting, {"key": "primero.dealend.why.tie", "args": {}}
    _, other, other_total = losers[0]
    if hr.lowest_wins:
        why = {"key": "primero.dealend.why.lowest", "args": {"win": _kind(best.kind), "a": best.points,
                                                     "lose": _kind(other.kind), "b": other.points}}
    elif best.kind != other.kind:
        why = {"key": "primero.dealend.why.kind", "args": {"win": _kind(best.kind), "lose": _kind(other.kind)}}
    elif best.points != other.points:
        why = {"key": "primero.dealend.why.points", "args": {"kind": _kind(best.kind), "a": best.points, "b": other.points}}
    else:
        why = {"key": "primero.dealend.why.total", "args": {"kind": _kind(best.kind), "points": best.points,
                                                    "a": best_total, "b": other_total}}
    return counting, why


def _forced_stake(s: PrimeroState, seat: int) -> int:
    """What ``seat`` must pay now if it passes and trades (Northpass/Suzuki, D-NP7), else 0."""
    if s.over or seat < 0 or seat != s.to_act or s.rules.engine is not NORTHPASS:
        return 0
    return min(forced_stake(s), s.chips[seat])


def _said(text: str | None) -> JSON:
    """The message of a seat's last public action (its short form on the seat is ``<key>.short``)."""
    if text is None:
        return None
    key, args = describe_text(text, log=True)
    return {"key": key, "args": args}


def observe(s: PrimeroState, seat: int, light: bool = False) -> dict[str, JSON]:
    """The observation of ``seat`` as plain data.

    ``light``: for the AI's own players only (the review's rollouts build thousands an RMS deal):
    the same data without the words for people, that is log entries and last actions without
    their messages (``key``, ``args``, ``last_said``) and the last deal without its reading
    (``counting``, ``why``). The agents read none of those; tests/primero/test_ai.py checks
    that every level chooses the same from either."""
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
            "last_said": None if light else _said(s.last_actions[p]),
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
    opts = dict(s.options.items())
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
        "forced_stake": _forced_stake(s, seat),
        "seats": seats,
        "hand": hand,
        "hand_value": hand_value,
        "claim": f"{s.claim_kind} {s.claim_points}" if s.claim_kind else None,
        "forced": forced,
        "log": recent_log(s, light),
        "log_size": len(s.log),
        "last_deal": (None if s.last_deal is None else s.last_deal.to_json()) if light else last_deal_json(s),
        "table_slots": len(s.table),
        "stock": len(s.stock),
        "discards": len(s.discards),
        "wagering": s.wagering,
        "proposal": s.proposal or None,
        "result": GAME.result(s) if s.over else None,
        "options": {k: v for k, v in sorted(opts.items())},  # the resolved public options (JSON scalars)
    }
    return obs


GAME: PrimeroGame = PrimeroGame()

"""Primiera, every mode, behind the core's Game protocol: ``GAME``.

Variants (rules.py): ``kaleidos`` (default: 4 players, the Heralds set the partnerships),
``classic`` (4 players, fixed partners), ``2p`` and ``3p``.

Actions (canonical text; cards in canonical order, by value A..K then suit S H D C):
- ``play 7D``: play a card that captures nothing (only when it can capture nothing);
- ``play 7D x 7S``: capture a card of the same rank (this comes before any sum);
- ``play 7D x 3C 4H``: capture a set of two or more table cards adding up to the card's value;
- ``pick 5C``: Kaleidos, before play: put a card face down for the table (secret until all four are in).
Parsing is forgiving about case, spaces and ``+``/``,`` between captured cards, and gives
the canonical text back.

Observation keys: game, variant, seat, players, round, dealer, phase (pick/play/over), to_act,
hand, hand_sizes, table, stock_size, picked (who has picked, in the pick phase), my_pick,
picks (each seat's table card once revealed), captured (each seat's pile, public),
captured_counts, coins_counts, sweeps, tally (each side's running counts, coach.tally),
last_capturer, herald ({seat, card, partnership}),
sides (this round's sides once known), doubled, unclaimed, scores (running totals), sheet
(the score sheet: one line per round, ``extra`` when it was an extra round), target, max_rounds,
extra_round, why_on (why the round under way is played though the target was reached, D-PA12: a
message key and args, or null), winners, result, decisions, log, log_size.

Description keys: see DESCRIPTION_KEYS.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..cards import Card
from ..errors import IllegalActionError, InvalidActionError, InvalidCardError, quote
from ..protocol import (
    JSON,
    LOG_WINDOW,
    TERMINAL,
    Description,
    FieldSpec,
    Figure,
    GameInfo,
    Operation,
    check_seat,
    message,
    sorted_actions,
)
from ..rng import Rng
from .ai import FACTORIES as AI_FACTORIES
from .cli import COMMANDS
from .coach import coach_op, tally
from .decisions import DECISIONS
from .describe import DESCRIPTION_KEYS, describe_action
from .engine import apply_pick, apply_play, captures, legal, new_game, play_text, why_on
from .lessons import lessons_op
from .rules import HERALD_MODES, ORDER, PRIMIERA, SUIT, VALUE, VARIANTS, sort_cards
from .scoring import score_request
from .site import site_data
from .state import PrimieraState, log_size, log_slice
from .translations import TRANSLATIONS

__all__ = ["DESCRIPTION_KEYS", "GAME", "PrimieraGame", "PrimieraState", "parse"]

_WORD = re.compile(r"[A-Za-z0-9]+")
_SEPARATORS = str.maketrans({",": " ", "+": " "})


def _card(text: str, action: str) -> str:
    try:
        card = str(Card.parse(text))
    except InvalidCardError as exc:
        raise InvalidActionError(f"not an action: {quote(action)} ({exc})") from None
    if card not in VALUE:
        raise InvalidActionError(f"not an action: {quote(action)} ({card} is not in the 40-card deck)")
    return card


def parse(text: str) -> str:
    """Canonical text of a Primiera action; InvalidActionError if it is not one."""
    if not isinstance(text, str):
        raise InvalidActionError(f"not an action: {quote(text)}")
    parts = text.translate(_SEPARATORS).split()
    if not parts:
        raise InvalidActionError("empty action: write play CARD, play CARD x CARDS or pick CARD")
    verb = parts[0].lower()
    if verb == "pick" and len(parts) == 2:
        return f"pick {_card(parts[1], text)}"
    if verb == "play" and len(parts) >= 2:
        card = _card(parts[1], text)
        if len(parts) == 2:
            return f"play {card}"
        if parts[2].lower() != "x" or len(parts) == 3 or len(parts) > 42:
            raise InvalidActionError(f"not an action: {quote(text)} (write play CARD x CARD CARD ...)")
        taken = [_card(p, text) for p in parts[3:]]
        if len(set(taken)) != len(taken):
            raise InvalidActionError(f"not an action: {quote(text)} (a card is named twice)")
        if card in taken:
            raise InvalidActionError(f"not an action: {quote(text)} ({card} cannot capture itself)")
        return play_text(card, sort_cards(taken))
    raise InvalidActionError(f"not an action: {quote(text)} (write play CARD, play CARD x CARDS or pick CARD)")


# The English of each reason an action is refused, for the command line and logs; the page says the key.
_ILLEGAL: dict[str, str] = {
    "err.over": "the game is over",
    "primiera.illegal.picked": "the table cards are already chosen: play a card",
    "primiera.illegal.pickfirst": "first every player picks a card for the table (pick CARD)",
    "primiera.illegal.nocard": "{card} is not in the hand of the player to act",
    "primiera.illegal.must": "capturing is compulsory: {card} must take {choices}",
    "primiera.illegal.nothing": "{card} captures nothing on this table",
    "primiera.illegal.rank": "a card of the same rank comes before any sum: {card} must take {choices}",
    "primiera.illegal.capture": "{taken} is not a capture for {card} here: choose {choices}",
}


def why_illegal(state: PrimieraState, action: str) -> Description:
    """Why a parsed action is not legal in ``state``: a Description (``primiera.illegal.*``, or ``err.over``).

    Cards are card texts; ``choices`` lists the captures the card may make, each as its cards'
    texts, separated by `` / `` (a separator every language reads); ``taken`` is the capture asked
    for. The rulebook's capture rules: capturing is compulsory, and a card of the same rank comes
    before any sum (engine.captures). The IllegalActionError of ``apply`` carries this Description.
    """
    if state.over:
        return message("err.over")
    verb, card, *rest = action.split()
    seat = state.to_act
    if verb == "pick" and state.phase != "pick":
        return message("primiera.illegal.picked")
    if verb == "play" and state.phase == "pick":
        return message("primiera.illegal.pickfirst")
    if card not in state.hands[seat]:
        return message("primiera.illegal.nocard", card=card)
    caps = captures(state.table, card)
    taken = tuple(rest[1:])
    choices = " / ".join(" ".join(c) for c in caps)
    if caps and not taken:
        return message("primiera.illegal.must", card=card, choices=choices)
    if not caps:
        return message("primiera.illegal.nothing", card=card)
    if VALUE[card] in (VALUE[t] for t in state.table) and len(taken) > 1:
        return message("primiera.illegal.rank", card=card, choices=" / ".join(c[0] for c in caps))
    return message("primiera.illegal.capture", card=card, taken=" ".join(taken), choices=choices)


def illegal_text(why: Description) -> str:
    """The English of a ``why_illegal`` Description (its choices joined by "or")."""
    args = dict(why["args"])
    if "choices" in args:
        args["choices"] = args["choices"].replace(" / ", " or ")
    return _ILLEGAL[why["key"]].format(**args)


def _score_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> Any:
    """Operation ``score``: the round scorer's request (as for the CLI) -> the breakdown per side, and counts."""
    return score_request(request)


def _reviewer() -> Any:
    """The game review's reviewer (issue 23; review.py), imported on first use like the hard level it searches with."""
    from .review import PrimieraReviewer

    return PrimieraReviewer()


class PrimieraGame:
    """Primiera in every mode (stateless; all state is in PrimieraState)."""

    info = GameInfo(
        "primiera", "Primiera", VARIANTS, "kaleidos",
        summary="Kaleidos's Scopa: capture by rank or sum, sweep the table; the first Herald played picks partners.",
        agents=AI_FACTORIES,
        operations=(
            Operation("score", _score_op, help="score a round from each side's captured cards and sweeps",
                      fields=(FieldSpec("variant", "text", required=True), FieldSpec("sides", "object", required=True),
                              FieldSpec("solo", "bool"))),
            Operation("coach", coach_op, needs_view=True,
                      help="the shown seat's legal moves and what each gains (cards, coins, settebello, primiera, "
                           "sweep) and leaves for the next player"),
            Operation("lessons", lessons_op, help="learn by example: {} lists the lessons, {lesson} gives one",
                      fields=(FieldSpec("lesson", "text"),)),
        ),
        figures=(Figure("points", per="rounds", label="round points"),),
        decisions=DECISIONS, translations=TRANSLATIONS, site=site_data,
        commands=COMMANDS, reviewer=_reviewer,
    )

    # --- protocol -----------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None, seed: int, variant: str | None = None) -> PrimieraState:
        """The first round, dealt from ``seed``."""
        info = self.info.variant(variant)
        opts = info.resolve_options(options)
        return new_game(info.name, opts["players"], opts["target"], opts["max_rounds"], seed)

    def current_player(self, state: PrimieraState) -> int:
        """The seat to act, or TERMINAL."""
        return TERMINAL if state.over else state.to_act

    def legal_actions(self, state: PrimieraState) -> tuple[str, ...]:
        """Every pick, or every play with each distinct capture choice, sorted."""
        return sorted_actions(legal(state))

    def apply(self, state: PrimieraState, action: str) -> PrimieraState:
        """The state after ``action`` by the seat to act (and any automatic deal, scoring and re-deal)."""
        a = parse(action)
        if a not in legal(state):
            why = why_illegal(state, a)
            raise IllegalActionError(f"{quote(a)} is not legal now: {illegal_text(why)}", key=why["key"], **why["args"])
        verb, card, *rest = a.split()
        if verb == "pick":
            return apply_pick(state, card)
        return apply_play(state, card, tuple(rest[1:]))

    def parse_action(self, text: str) -> str:
        """Canonical text of an action; InvalidActionError if it is not one."""
        return parse(text)

    def is_terminal(self, state: PrimieraState) -> bool:
        """True once a side has won (D-PA12) or the round limit is reached."""
        return state.over

    def result(self, state: PrimieraState) -> dict[str, JSON]:
        """Winners, each seat's total (scores and points) and the rounds played."""
        return {
            "winners": list(state.winners),
            "scores": list(state.totals),
            "points": list(state.totals),
            "rounds": state.round,
        }

    def observation(self, state: PrimieraState, seat: int) -> dict[str, JSON]:
        """What ``seat`` may see (seat -1: a spectator)."""
        check_seat(seat, state.players)
        return observe(state, seat)

    def log_entries(self, state: PrimieraState, seat: int, start: int, stop: int) -> list[JSON]:
        """Entries ``start:stop`` of the public log (the same for every seat: picks are logged without the card)."""
        check_seat(seat, state.players)
        return list(log_slice(state.log, start, stop))

    def hidden_cards(self, state: PrimieraState, seat: int) -> tuple[str, ...]:
        """The other hands, the stock, and the other seats' picks until revealed; for leak checks.

        A card named in an earlier round's public log (every card is played each round) is left
        out: the log rightly names it, though it now lies hidden again in a new deal.
        """
        check_seat(seat, state.players)
        out = list(state.stock)
        for s in range(state.players):
            if s != seat:
                out.extend(state.hands[s])
                pick = state.picks[s]
                if state.phase == "pick" and pick is not None:
                    out.append(pick)
        if state.round > 1:
            named = _named_before_round(state)
            out = [c for c in out if c not in named]
        return sort_cards(out)

    def resample_hidden(self, state: PrimieraState, seat: int, seed: int) -> PrimieraState:
        """The same state from ``seat``'s view, the unseen cards dealt again at random among their places.

        Kaleidos deals each player exactly one Herald, and everyone sees who has played or
        picked theirs; so an unseen Herald goes back to a player still holding one.
        """
        check_seat(seat, state.players)
        rng = Rng.from_seed(seed)
        secret_picks = state.phase == "pick"
        others = [s for s in range(state.players) if s != seat]
        holdings: dict[int, list[str]] = {}
        for s in others:
            pick = state.picks[s]
            holdings[s] = list(state.hands[s]) + ([pick] if secret_picks and pick is not None else [])
        heralds = [c for s in others for c in holdings[s] if c in HERALD_MODES] if state.rules.heralds else []
        plain = [c for s in others for c in holdings[s] if c not in heralds] + list(state.stock)
        # sorted: the new deal depends only on what the seat sees (a review draws its worlds here, issue 23)
        heralds_shuffled, rng = rng.shuffle(sorted(heralds))
        plain_shuffled, rng = rng.shuffle(sorted(plain))
        hi = pi = 0
        hands = list(state.hands)
        picks = list(state.picks)
        for s in others:
            n_heralds = sum(1 for c in holdings[s] if c in heralds)
            got = list(heralds_shuffled[hi:hi + n_heralds]) + list(plain_shuffled[pi:pi + len(holdings[s]) - n_heralds])
            hi += n_heralds
            pi += len(holdings[s]) - n_heralds
            if secret_picks and state.picks[s] is not None:
                got, rng = _shuffled_list(got, rng)
                picks[s] = got.pop()
            hands[s] = sort_cards(got)
        stock = tuple(plain_shuffled[pi:])
        return replace(state, hands=tuple(hands), picks=tuple(picks), stock=stock, rng=rng)

    def describe_action(self, state: PrimieraState, action: str) -> Description:
        """``{"key": "primiera.capture", "seat": 1, "args": {"card": "7D", "captured": ["3C", "4H"]}}``."""
        return describe_action(state, parse(action))


def _named_before_round(state: PrimieraState) -> frozenset[str]:
    """The cards named in the public log before this round's deal."""
    before: Any = state.log
    while before is not None and len(before) > state.round_log_start:
        before = before.previous  # this round's entries are few: the earlier log is shared, not copied
    return _named_in(before) if before is not None else frozenset()


@functools.lru_cache(maxsize=16)
def _named_in(log: Any) -> frozenset[str]:
    """The cards named in ``log`` (a PublicLog: immutable, hashed), each earlier log read once: every
    observation of a later round asks for the same one (a pure memo, no game state)."""
    named: set[str] = set()
    for _seat, _key, args in log.entries():
        named.update(t for t in _WORD.findall(args) if t in VALUE)
    return frozenset(named)


def _shuffled_list(items: list[str], rng: Rng) -> tuple[list[str], Rng]:
    out, rng = rng.shuffle(items)
    return list(out), rng


def _recent_log(state: PrimieraState) -> list[dict[str, Any]]:
    """This round's entries and at most LOG_WINDOW before them (the last round's end among them)."""
    return log_slice(state.log, max(0, state.round_log_start - LOG_WINDOW), log_size(state.log))


def observe(s: PrimieraState, seat: int) -> dict[str, JSON]:
    """The observation of ``seat`` as plain data."""
    n = s.players
    picking = s.phase == "pick"
    revealed = not picking and s.rules.heralds and all(p is not None for p in s.picks)
    obs: dict[str, JSON] = {
        "game": "primiera",
        "variant": s.variant,
        "seat": seat,
        "players": n,
        "round": s.round,
        "dealer": s.dealer,
        "phase": s.phase,
        "to_act": None if s.over else s.to_act,
        "hand": list(s.hands[seat]) if seat >= 0 else None,
        "hand_sizes": [len(h) for h in s.hands],
        "table": list(s.table),
        "stock_size": len(s.stock),
        "picked": [p is not None for p in s.picks] if picking else None,
        "my_pick": s.picks[seat] if picking and seat >= 0 else None,
        "picks": list(s.picks) if revealed else None,
        "captured": [list(p) for p in s.piles],
        "captured_counts": [len(p) for p in s.piles],
        "coins_counts": [sum(1 for c in p if SUIT[c] == "D") for p in s.piles],
        "sweeps": list(s.sweeps),
        "tally": tally(s.sides if s.sides is not None else [(i,) for i in range(n)], s.piles, s.sweeps),
        "last_capturer": s.last_capturer if s.last_capturer >= 0 else None,
        "herald": ({"seat": s.herald[0], "card": s.herald[1], "partnership": HERALD_MODES[s.herald[1]]}
                   if s.herald else None),
        "sides": [list(side) for side in s.sides] if s.sides is not None else None,
        "doubled": (s.rules.double_alone and all(len(side) == 1 for side in s.sides)) if s.sides is not None else None,
        "unclaimed": list(s.unclaimed),
        "scores": list(s.totals),
        "sheet": [line.to_json() for line in s.sheet],
        "target": s.target,
        "max_rounds": s.max_rounds,
        "extra_round": s.extra,
        "why_on": why_on(s),  # why this round is played though the target was reached (D-PA12), or None
        "winners": list(s.winners) if s.over else None,
        "result": GAME.result(s) if s.over else None,
        "decisions": list(s.rules.decisions),
        "log": _recent_log(s),
        "log_size": log_size(s.log),
    }
    return obs


GAME = PrimieraGame()

# Facts the web side (coach, scorer) may want without importing the engine.
CARD_FACTS: Mapping[str, Mapping[str, int]] = {
    c: {"value": VALUE[c], "primiera": PRIMIERA[c], "order": ORDER[c]} for c in sort_cards(VALUE)
}

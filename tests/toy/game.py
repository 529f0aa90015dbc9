"""Toy Swap: a tiny but real hidden-card game for testing the protocol, records, conformance and simulate.

The deck is the ten clubs of the 40-card deck (A..7 worth 1..7, J Q K worth 8 9 10).
Each player is dealt 2 hidden cards; the rest is the hidden stock. In turn
(``rounds`` times round the table) a player either ``pass``es or ``swap``s one
of their cards with the top of the stock; the card given up goes face up on
the discard pile. Then the hands are shown: the highest sum wins (the lowest
in the ``lowball`` variant); equal sums share the win.

It implements the whole Game protocol and serves as its reference: Description
messages, a public log kept as a persistent linked list (O(1) append) with
``log``/``log_size`` in observations and ``log_entries`` for older slices, agents
and operations declared in its GameInfo, a per-seat ``chips`` figure for simulate,
and an option cross-check (Lowball). Its GameInfo declares everything else a game brings:
decisions, translations, site data and a command-line command (see tests/toy/__init__.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pygame_core.cards import Card
from pygame_core.errors import IllegalActionError, InvalidActionError, InvalidCardError, OptionsError, quote
from pygame_core.gamelog import PublicLog
from pygame_core.protocol import (
    TERMINAL,
    Description,
    FieldSpec,
    Figure,
    GameInfo,
    Operation,
    OptionSpec,
    VariantInfo,
    check_seat,
    message,
    sorted_actions,
)
from pygame_core.rng import AgentRandom, Rng

from .cli import COMMANDS
from .decisions import DECISIONS
from .review import ToyReviewer
from .rules import DECK, VALUES, hand_sum, value_of
from .site import TEXTS, site_data
from .translations import TRANSLATIONS

__all__ = ["DECK", "GAME", "INFO", "VALUES", "GreedyAgent", "ToyGame", "ToyState", "hand_sum"]

_OPTIONS = (OptionSpec("rounds", "Rounds", "int", 1, minimum=1, maximum=3, help="turns per player"),)



def _check_lowball(options: Mapping[str, Any]) -> None:
    """Lowball's cross-check: three players get at most two rounds."""
    if options["players"] == 3 and options["rounds"] > 2:
        raise OptionsError(f"Lowball with 3 players takes at most 2 rounds, not {options['rounds']}")


def _value_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> Any:
    """Operation ``value``: ``{"cards": ["7C", "KC"]}`` -> ``{"sum": 17}``."""
    cards = request.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise OptionsError("give cards as a list of texts")
    return {"sum": value_of(cards)}


def _my_sum_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> Any:
    """Operation ``my_sum`` (needs the view): the shown seat's hand sum, None for a spectator."""
    hand = (view or {}).get("hand")
    return {"sum": hand_sum(hand) if hand is not None else None}


INFO = GameInfo(
    name="toy",
    label="Toy Swap",
    variants=(
        VariantInfo("standard", "Standard", 2, 3, 2, _OPTIONS, "highest sum wins"),
        VariantInfo("lowball", "Lowball", 2, 3, 2, _OPTIONS, "lowest sum wins", check=_check_lowball),
    ),
    default_variant="standard",
    summary="Two hidden cards each; pass or swap with the stock; best sum wins.",
    agents={"greedy": lambda: GreedyAgent()},
    operations=(
        Operation("value", _value_op, help="the sum of some toy cards", fields=(FieldSpec("cards", "texts", required=True),)),
        Operation("my_sum", _my_sum_op, needs_view=True, help="the shown seat's hand sum"),
    ),
    figures=(Figure("chips", label="chips won"),),
    decisions=DECISIONS,
    texts=TEXTS,
    translations=TRANSLATIONS,
    site=site_data,
    commands=COMMANDS,
    reviewer=lambda: ToyReviewer(),
)


Entry = tuple[int, str]  # (seat, public action text: "deal", "pass", "swap 7C")


def _entry(e: Entry) -> dict[str, Any]:
    """An entry as the page gets it."""
    seat, action = e
    if action == "deal":
        return {"seat": -1, "key": "toy.deal", "args": {}, "action": "deal"}
    if action == "pass":
        return {"seat": seat, "key": "toy.pass", "args": {}, "action": "pass"}
    return {"seat": seat, "key": "toy.swap", "args": {"card": action.split()[1]}, "action": action}


def _log_slice(log: PublicLog[Entry], start: int, stop: int) -> list[dict[str, Any]]:
    """Entries ``start:stop`` (clamped)."""
    return [_entry(e) for e in log.entries(max(0, start), max(0, stop))]


@dataclass(frozen=True)
class ToyState:
    """The whole state of a Toy Swap game."""

    variant: str
    players: int
    rounds: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    discards: tuple[str, ...]
    turn: int  # number of turns taken so far
    log: PublicLog[Entry]  # the core's persistent log (pygame_core.gamelog): O(1) append
    rng: Rng


class ToyGame:
    """Toy Swap, implementing the pygame_core Game protocol."""

    info = INFO

    def initial_state(self, options: Mapping[str, Any] | None, seed: int, variant: str | None = None) -> ToyState:
        """Deal two cards to each seat from a deck shuffled by ``seed``."""
        info = self.info.variant(variant)
        opts = info.resolve_options(options)
        n = opts["players"]
        deck, rng = Rng.from_seed(seed).shuffle(DECK)
        hands = tuple(tuple(sorted(deck[2 * i: 2 * i + 2], key=DECK.index)) for i in range(n))
        return ToyState(info.name, n, opts["rounds"], hands, deck[2 * n:], (), 0, PublicLog.of([(-1, "deal")]), rng)

    def is_terminal(self, state: ToyState) -> bool:
        """Over once every player has had ``rounds`` turns."""
        return state.turn >= state.players * state.rounds

    def current_player(self, state: ToyState) -> int:
        """Seats take turns in order."""
        return TERMINAL if self.is_terminal(state) else state.turn % state.players

    def legal_actions(self, state: ToyState) -> tuple[str, ...]:
        """``pass``, and ``swap C`` for each card held while the stock lasts."""
        if self.is_terminal(state):
            return ()
        acts = ["pass"]
        if state.stock:
            acts += [f"swap {c}" for c in state.hands[self.current_player(state)]]
        return sorted_actions(acts)

    def parse_action(self, text: str) -> str:
        """Canonical text: ``pass`` or ``swap 7C``."""
        if not isinstance(text, str):
            raise InvalidActionError(f"not an action: {quote(text)}")
        parts = text.split()
        if parts == ["pass"] or [p.lower() for p in parts] == ["pass"]:
            return "pass"
        if len(parts) == 2 and parts[0].lower() == "swap":
            try:
                card = str(Card.parse(parts[1]))
            except InvalidCardError as exc:
                raise InvalidActionError(f"not an action: {quote(text)} ({exc})") from None
            if card not in VALUES:
                raise InvalidActionError(f"not an action: {quote(text)} ({card} is not in the toy deck)")
            return f"swap {card}"
        raise InvalidActionError(f"not an action: {quote(text)} (write pass or swap CARD)")

    def apply(self, state: ToyState, action: str) -> ToyState:
        """The state after ``action`` by the current player."""
        a = self.parse_action(action)
        if a not in self.legal_actions(state):
            raise IllegalActionError(f"{quote(a)} is not legal now")
        seat = self.current_player(state)
        if a == "pass":
            return replace(state, turn=state.turn + 1, log=self._logged(state, seat, a))
        given = a.split()[1]
        taken, stock = state.stock[0], state.stock[1:]
        hand = tuple(sorted([c for c in state.hands[seat] if c != given] + [taken], key=DECK.index))
        hands = state.hands[:seat] + (hand,) + state.hands[seat + 1:]
        return replace(
            state, hands=hands, stock=stock, discards=state.discards + (given,), turn=state.turn + 1,
            log=self._logged(state, seat, a),
        )

    @staticmethod
    def _logged(state: ToyState, seat: int, action: str) -> PublicLog[Entry]:
        return state.log.append((seat, action))

    def observation(self, state: ToyState, seat: int) -> dict[str, Any]:
        """Own hand, public discards and log; every hand once the game is over."""
        check_seat(seat, state.players)
        over = self.is_terminal(state)
        obs: dict[str, Any] = {
            "variant": state.variant,
            "players": state.players,
            "seat": seat,
            "current_player": self.current_player(state),
            "stock_size": len(state.stock),
            "discards": list(state.discards),
            "hand": list(state.hands[seat]) if seat >= 0 else None,
            "log": self._recent_log(state),
            "log_size": len(state.log),
        }
        if over:
            obs["hands"] = [list(h) for h in state.hands]
            obs["result"] = self.result(state)
        return obs

    @staticmethod
    def _recent_log(state: ToyState) -> list[dict[str, Any]]:
        """The current round's entries plus the round before (a window of ``players`` older entries)."""
        size = len(state.log)
        round_start = 1 + (state.turn // state.players) * state.players  # entry 0 is the deal
        return _log_slice(state.log, max(0, min(round_start, size) - state.players), size)

    def log_entries(self, state: ToyState, seat: int, start: int, stop: int) -> list[dict[str, Any]]:
        """Entries ``start:stop`` of the public log (the same for every seat: swapped-away cards are public)."""
        check_seat(seat, state.players)
        return _log_slice(state.log, start, stop)

    def result(self, state: ToyState) -> dict[str, Any]:
        """Winners, hand sums as scores, and one chip to each winner from each loser."""
        scores = [hand_sum(h) for h in state.hands]
        best = min(scores) if state.variant == "lowball" else max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        losers = state.players - len(winners)
        chips = [losers / len(winners) if s in winners else -1.0 for s in range(state.players)]
        return {"winners": winners, "scores": scores, "chips": chips}

    def hidden_cards(self, state: ToyState, seat: int) -> tuple[str, ...]:
        """The stock, and the other hands until the showdown."""
        hidden = list(state.stock)
        if not self.is_terminal(state):
            hidden += [c for s, h in enumerate(state.hands) if s != seat for c in h]
        return tuple(hidden)

    def resample_hidden(self, state: ToyState, seat: int, seed: int) -> ToyState:
        """Reshuffle what ``seat`` cannot see among the places it cannot see."""
        over = self.is_terminal(state)
        others = [s for s in range(state.players) if s != seat and not over]
        # sorted: the new deal depends only on what the seat sees (pygame_core.review's worlds)
        pool = sorted([c for s in others for c in state.hands[s]] + list(state.stock), key=DECK.index)
        shuffled, _ = Rng.from_seed(seed).shuffle(pool)
        hands = list(state.hands)
        i = 0
        for s in others:
            k = len(hands[s])
            hands[s] = tuple(sorted(shuffled[i: i + k], key=DECK.index))
            i += k
        return replace(state, hands=tuple(hands), stock=tuple(shuffled[i:]))

    def describe_action(self, state: ToyState, action: str) -> Description:
        """``{"key": "toy.swap", "seat": 1, "args": {"card": "7C"}}`` (the page words it)."""
        a = self.parse_action(action)
        seat = self.current_player(state)
        return message("toy.pass", seat) if a == "pass" else message("toy.swap", seat, card=a.split()[1])


class GreedyAgent:
    """Swaps away its lowest card when it is worth less than 5 (or more than 5 in lowball); else passes."""

    name = "greedy"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """A legal action."""
        hand = observation["hand"]
        low = observation["variant"] == "lowball"
        worst = max(hand, key=VALUES.__getitem__) if low else min(hand, key=VALUES.__getitem__)
        bad = VALUES[worst] > 5 if low else VALUES[worst] < 5
        want = f"swap {worst}"
        return want if bad and want in legal_actions else "pass"


GAME = ToyGame()

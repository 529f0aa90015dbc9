"""Primo, every variant, behind the core's Game protocol: ``GAME``.

Variants (rules.py): ``base`` (one round, colours ignored; default), ``rounds`` (several rounds
scored by D-PO14), ``alternate`` and ``mono`` (the colour rules, D-PO15). Options: ``players``
2..6, ``tops`` 0..10 (Take cards = 10 - tops, D-PO1), ``rounds`` (only in ``rounds``).

Actions (canonical text, board.py): ``add 12Y B``, ``open 13B A``, ``move C:7 E``, ``top D``,
``head 9Y C``, ``take A``, ``exchange 3B 3B 12Y``, ``pass``, ``end``. A turn is a sequence of
them by one seat: an exchange (or pass) alone, or plays ended by ``end`` or by an empty hand
(D-PO10). Parsing is forgiving about case and spaces and gives the canonical text back.

Observation keys (the interface fixed in the session brief): game, variant, players, seat,
rows [{name, cards}] (head to tail), hand, hands (sizes), piles (sizes), current, turn {phase,
tops, played}, out, round, rounds, scores, round_results [{ender, left, points}], terminal,
log (the latest OBS_LOG entries of the public log, oldest first, reaching back to ``since`` when
that is earlier: the page draws the last play and its "Since your turn" recap from it, and the
worker fetches the entries it says with ``log_entries``), log_size, since (the whole log's index
where the seat's recap begins: the first entry after its last turn, public like the log).
The observation's cost does not grow with the log: only those entries are decoded (at most
RECAP_MAX when the recap reaches further back than OBS_LOG).

Description keys: see DESCRIPTION_KEYS.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import IllegalActionError
from ..gamelog import LogFold
from ..protocol import (
    JSON,
    TERMINAL,
    Description,
    FieldSpec,
    Figure,
    GameInfo,
    Operation,
    check_seat,
    sorted_actions,
)
from ..rng import Rng
from .ai import FACTORIES as AI_FACTORIES
from .board import parse, reason_text, why_action
from .coach import coach_op, why_op
from .decisions import DECISIONS
from .describe import DESCRIPTION_KEYS, describe_action
from .engine import apply_action, legal, new_game
from .lessons import lessons_op
from .rules import ROWS, VALUE, VARIANTS, sort_cards
from .site import site_data
from .state import PrimoState, log_slice
from .translations import TRANSLATIONS

__all__ = ["DESCRIPTION_KEYS", "GAME", "OBS_LOG", "RECAP_MAX", "PrimoGame", "PrimoState", "observe", "parse", "since"]

OBS_LOG = 40
"""At most this many of the latest public log entries ride along in an observation (a bound, so an
observation costs the same at any point of a game: a round's log runs to hundreds of entries)."""

RECAP_MAX = 240
"""The observation's log reaches back to the start of the seat's recap, but never further than this
many entries (five opponents' turns of about ten entries each fit many times over)."""

_WORD = re.compile(r"[A-Za-z0-9]+")


def _named_cards(named: frozenset[str], entries: list[tuple[int, str, str]]) -> frozenset[str]:
    """``named`` with the cards the log ``entries`` name."""
    more = set(named)
    for _s, _key, args in entries:
        more.update(t for t in _WORD.findall(args) if t in VALUE)
    return frozenset(more)


_named_in_log: LogFold[tuple[int, str, str], frozenset[str]] = LogFold(_named_cards, frozenset())
"""The cards named in a public log: each entry read once, not the whole log at every ``hidden_cards``
(a pure memo on immutable logs)."""


def _reviewer() -> Any:
    """Primo's game reviewer (issue 23), imported on first use: it loads the hard level's search."""
    from .review import PrimoReviewer

    return PrimoReviewer()


class PrimoGame:
    """Primo in every variant (stateless; all state is in PrimoState)."""

    info = GameInfo(
        "primo", "Primo", VARIANTS, "base",
        summary="Shed your cards onto six rows running down from 13 to 1; move tail runs, clear full rows.",
        agents=AI_FACTORIES,
        operations=(
            Operation("why", why_op, needs_view=True,
                      help="{action}: why that action is not legal now (primo.why.*), or primo.why.ok",
                      fields=(FieldSpec("action", "text", required=True),)),
            Operation("coach", coach_op, needs_view=True, help="a good next step for the shown seat, and why",
                      fields=(FieldSpec("seed", "int"),)),
            Operation("lessons", lessons_op,
                      help="learn by example: {} lists the lessons, {name} gives one, {name, step} one step",
                      fields=(FieldSpec("lesson", "text"), FieldSpec("step", "int"))),
        ),
        figures=(Figure("points", per="rounds", label="round points"),),
        decisions=DECISIONS, translations=TRANSLATIONS, site=site_data,
        reviewer=_reviewer,
    )

    # --- protocol -----------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None, seed: int, variant: str | None = None) -> PrimoState:
        """The first round, dealt from ``seed``."""
        info = self.info.variant(variant)
        opts = info.resolve_options(options)
        return new_game(info.name, opts["players"], opts["tops"], opts.get("rounds", 1), seed)

    def current_player(self, state: PrimoState) -> int:
        """The seat to act, or TERMINAL."""
        return TERMINAL if state.over else state.to_act

    def legal_actions(self, state: PrimoState) -> tuple[str, ...]:
        """Every legal action text, sorted."""
        return sorted_actions(legal(state))

    def apply(self, state: PrimoState, action: str) -> PrimoState:
        """The state after ``action`` by the seat to act (and any automatic turn end, refill, round end)."""
        a = parse(action)
        if state.over:
            raise IllegalActionError(f"{a!r} is not legal now: the game is over", key="err.over")
        why = why_action(state.rows, state.hands[state.to_act], state.tops, state.colour, state.phase, a)
        if why is not None:
            raise IllegalActionError(f"{a!r} is not legal now: {reason_text(why)}", key=why["key"], **why["args"])
        return apply_action(state, a)

    def parse_action(self, text: str) -> str:
        """Canonical text of an action; InvalidActionError if it is not one."""
        return parse(text)

    def is_terminal(self, state: PrimoState) -> bool:
        """True once the last round has ended."""
        return state.over

    def result(self, state: PrimoState) -> dict[str, JSON]:
        """Winners (highest total, ties shared), each seat's total, and the rounds played."""
        return {
            "winners": list(state.winners),
            "scores": list(state.scores),
            "points": list(state.scores),
            "rounds": len(state.round_results),
            "round_results": [r.to_json() for r in state.round_results],
        }

    def observation(self, state: PrimoState, seat: int) -> dict[str, JSON]:
        """What ``seat`` may see (seat -1: a spectator)."""
        check_seat(seat, state.players)
        return observe(state, seat)

    def log_entries(self, state: PrimoState, seat: int, start: int, stop: int) -> list[JSON]:
        """Entries ``start:stop`` of the public log (the same for every seat: exchanges show only a count)."""
        check_seat(seat, state.players)
        return list(log_slice(state.log, start, stop))

    def hidden_cards(self, state: PrimoState, seat: int) -> tuple[str, ...]:
        """The other hands and every draw pile, for leak checks.

        Each card exists in four copies, so a card text that the seat may see anyway (on a row,
        in its own hand, or named in the public log) is left out.
        """
        check_seat(seat, state.players)
        seen = {c for row in state.rows for c in row}
        if seat >= 0:
            seen.update(state.hands[seat])
        seen.update(_named_in_log(state.log))
        out = [c for s in range(state.players) if s != seat for c in state.hands[s]]
        out += [c for pile in state.piles for c in pile]
        return sort_cards(set(out) - seen)

    def resample_hidden(self, state: PrimoState, seat: int, seed: int) -> PrimoState:
        """The same state from ``seat``'s view: the other hands and every pile dealt again at random
        (each keeping its size), and the RNG of later rounds' deals replaced."""
        check_seat(seat, state.players)
        others = [s for s in range(state.players) if s != seat]
        # sorted: the new deal depends only on what the seat sees (a review draws its worlds here, issue 23)
        pool = sorted([c for s in others for c in state.hands[s]] + [c for pile in state.piles for c in pile])
        shuffled, rng = Rng.from_seed(seed).shuffle(pool)
        pos = 0
        hands = list(state.hands)
        for s in others:
            hands[s] = sort_cards(shuffled[pos:pos + len(state.hands[s])])
            pos += len(state.hands[s])
        piles = []
        for pile in state.piles:
            piles.append(tuple(shuffled[pos:pos + len(pile)]))
            pos += len(pile)
        return replace(state, hands=tuple(hands), piles=tuple(piles), rng=rng)  # later deals are unseen too

    def describe_action(self, state: PrimoState, action: str) -> Description:
        """``{"key": "primo.add", "seat": 1, "args": {"card": "7Y", "row": "B"}}``."""
        return describe_action(state, parse(action))


def since(state: PrimoState, seat: int) -> int:
    """The whole log's index where ``seat``'s "Since your turn" recap begins: the first entry after
    its last turn (this round's first entry if it has not played yet this round). On its own turn,
    the entries of that turn so far are skipped, so the recap still says what came before it.
    Only seats are read (no entry is decoded); the walk stops at the round's start or RECAP_MAX back.
    A spectator (-1) has no recap: the log's size."""
    size = len(state.log)
    if seat < 0:
        return size
    floor = max(state.round_log_start, size - RECAP_MAX)
    i = size
    entries = state.log.newest()
    own_turn = state.to_act == seat and not state.over
    for who, _key, _args in entries:
        if i <= floor:
            break
        if who == seat and own_turn:  # this turn's own entries (the turn under way)
            i -= 1
            continue
        own_turn = False
        if who == seat:
            break
        i -= 1
    return max(i, floor)


def _recent_log(state: PrimoState, start: int) -> list[dict[str, Any]]:
    """The latest OBS_LOG entries, or from ``start`` when that is earlier (decoding costs
    O(max(OBS_LOG, the recap)), not O(the log))."""
    size = len(state.log)
    return log_slice(state.log, min(size - OBS_LOG, start), size)


def observe(s: PrimoState, seat: int) -> dict[str, JSON]:
    """The observation of ``seat`` as plain data (the schema of the session brief, and ``since``)."""
    recap = since(s, seat)
    return {
        "game": "primo",
        "variant": s.variant,
        "players": s.players,
        "seat": seat,
        "rows": [{"name": name, "cards": list(row)} for name, row in zip(ROWS, s.rows, strict=True)],
        "hand": list(s.hands[seat]) if seat >= 0 else [],
        "hands": [len(h) for h in s.hands],
        "piles": [len(p) for p in s.piles],
        "current": -1 if s.over else s.to_act,
        "turn": {"phase": "play" if s.phase == "play" else "start", "tops": list(s.tops), "played": s.played},
        "out": s.out,
        "round": s.round,
        "rounds": s.rounds,
        "scores": list(s.scores),
        "round_results": [r.to_json() for r in s.round_results],
        "terminal": s.over,
        "log": _recent_log(s, recap),
        "log_size": len(s.log),
        "since": recap,
    }


GAME = PrimoGame()


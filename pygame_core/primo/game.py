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
log (the latest OBS_LOG entries of the public log, oldest first: the page reads only the last
play from it, and the worker fetches the entries it says with ``log_entries``), log_size.
The observation's cost does not grow with the log: only those entries are decoded.

Description keys: see DESCRIPTION_KEYS.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import IllegalActionError
from ..protocol import (
    JSON,
    TERMINAL,
    Description,
    Figure,
    GameInfo,
    Operation,
    check_seat,
    message,
    sorted_actions,
)
from ..rng import Rng
from .agents import FACTORIES as AI_FACTORIES
from .board import parse, reason_text, resolve_take, why_action
from .decisions import DECISIONS
from .engine import apply_action, legal, new_game, takers
from .lessons import lessons_op
from .operations import coach_op, why_op
from .rules import ROWS, VALUE, VARIANTS, sort_cards
from .site import site_data
from .state import PrimoState, log_slice
from .translations import TRANSLATIONS

__all__ = ["DESCRIPTION_KEYS", "GAME", "OBS_LOG", "PrimoGame", "PrimoState", "observe", "parse"]

OBS_LOG = 40
"""At most this many of the latest public log entries ride along in an observation (a bound, so an
observation costs the same at any point of a game: a round's log runs to hundreds of entries)."""

DESCRIPTION_KEYS: tuple[str, ...] = (
    "po.add",  # seat adds {card} to row {row}'s tail
    "po.open",  # seat opens the empty row {row} with {card}
    "po.move",  # seat moves the run {cards} from row {row} (from the card {value}) onto row {to}
    "po.top",  # seat plays a Top card on row {row}
    "po.head",  # seat puts {card} above row {row}'s head (Top card)
    "po.take",  # seat plays a Take card on row {row}; {takes}: po.took messages
    "po.took",  # nested: seat takes {card} from row {row} (onto its pile, or opening row {opened})
    "po.clear",  # row {row} is complete and cleared (D-PO12)
    "po.exchange",  # seat puts {n} cards under its pile (which ones stays secret)
    "po.pass",  # seat passes
    "po.end",  # seat's turn ends: {reason} end (chosen) | empty (hand played out, D-PO10) | cap (D-PO13)
    "po.refill",  # seat draws {n} cards
    "po.roundend",  # round {round} ends; {ender} went out (-1: nobody), {left}, {points}, {scores}
    "po.stall",  # round {round}: a full cycle of turns without a card played (D-PO13)
    "po.win",  # the game ends: {winners}, {scores}
)

_WORD = re.compile(r"[A-Za-z0-9]+")


class PrimoGame:
    """Primo in every variant (stateless; all state is in PrimoState)."""

    info = GameInfo(
        "primo", "Primo", VARIANTS, "base",
        summary="Shed your cards onto six rows running down from 13 to 1; move tail runs, clear full rows.",
        agents=AI_FACTORIES,
        operations=(
            Operation("why", why_op, needs_view=True,
                      help="{action}: why that action is not legal now (po.why.*), or po.why.ok"),
            Operation("coach", coach_op, needs_view=True, help="a good next step for the shown seat, and why"),
            Operation("lessons", lessons_op,
                      help="learn by example: {} lists the lessons, {name} gives one, {name, step} one step"),
        ),
        figures=(Figure("points", per="rounds", label="round points"),),
        decisions=DECISIONS, translations=TRANSLATIONS, site=site_data,
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
            raise IllegalActionError(f"{a!r} is not legal now: the game is over")
        why = why_action(state.rows, state.hands[state.to_act], state.tops, state.colour, state.phase, a)
        if why is not None:
            raise IllegalActionError(f"{a!r} is not legal now: {reason_text(why)}")
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
        for _s, _key, args in state.log:
            seen.update(t for t in _WORD.findall(args) if t in VALUE)
        out = [c for s in range(state.players) if s != seat for c in state.hands[s]]
        out += [c for pile in state.piles for c in pile]
        return sort_cards(set(out) - seen)

    def resample_hidden(self, state: PrimoState, seat: int, seed: int) -> PrimoState:
        """The same state from ``seat``'s view: the other hands and every pile dealt again at random
        (each keeping its size), and the RNG of later rounds' deals replaced."""
        check_seat(seat, state.players)
        others = [s for s in range(state.players) if s != seat]
        pool = [c for s in others for c in state.hands[s]] + [c for pile in state.piles for c in pile]
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
        """``{"key": "po.add", "seat": 1, "args": {"card": "7Y", "row": "B"}}``."""
        a = parse(action)
        seat = state.to_act
        parts = a.split()
        verb = parts[0]
        if verb in ("add", "open", "head"):
            return message("po." + verb, seat, card=parts[1], row=parts[2])
        if verb == "top":
            return message("po.top", seat, row=parts[1])
        if verb == "move":
            src, value = parts[1].split(":")
            row = state.rows[ROWS.index(src)]
            k = VALUE[row[0]] - int(value) if row else 0
            return message("po.move", seat, row=src, value=int(value), to=parts[2], cards=list(row[k:]))
        if verb == "take":
            _, takes = resolve_take(state.rows, parts[1], takers(state))
            took = [{"key": "po.took", "seat": t, "args": {"card": c, "row": r, "opened": o}} for t, c, r, o in takes]
            return message("po.take", seat, row=parts[1], takes=took)
        if verb == "exchange":
            return message("po.exchange", seat, n=len(parts) - 1)
        if verb == "pass":
            return message("po.pass", seat)
        return message("po.end", seat, reason="end")


def _recent_log(state: PrimoState) -> list[dict[str, Any]]:
    """The latest OBS_LOG entries (decoding costs O(OBS_LOG), not O(the log))."""
    size = len(state.log)
    return log_slice(state.log, size - OBS_LOG, size)


def observe(s: PrimoState, seat: int) -> dict[str, JSON]:
    """The observation of ``seat`` as plain data (the schema of the session brief)."""
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
        "log": _recent_log(s),
        "log_size": len(s.log),
    }


GAME = PrimoGame()


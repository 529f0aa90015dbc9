"""The Primo state (one frozen record for every variant) and its public log.

Where the 114 cards are, at every moment: ``rows`` (public), ``hands``, ``piles`` (each
seat's face-down draw pile, top first) and ``out`` (cleared rows and used special cards, a
count). Together they always hold 114 cards (checked by the property tests).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..gamelog import PublicLog
from ..rng import Rng
from .board import Rows
from .rules import PrimoRules

LogEntry = tuple[int, str, str]
"""(seat it concerns or -1, message key, args as JSON text)."""

Log = PublicLog[LogEntry]

EMPTY_LOG: Log = PublicLog()


def log_append(log: Log, seat: int, key: str, **args: Any) -> Log:
    """The log with one more entry."""
    return log.append((seat, key, json.dumps(args, separators=(",", ":"))))


def log_slice(log: Log, start: int, stop: int) -> list[dict[str, Any]]:
    """Entries ``start:stop`` (clamped) as Descriptions with the seat they concern."""
    return [{"seat": seat, "key": key, "args": json.loads(args)}
            for seat, key, args in log.entries(max(0, start), max(0, stop))]


@dataclass(frozen=True)
class RoundResult:
    """One finished round: who ended it (-1: it stalled, D-PO13), the cards left and the points (D-PO14)."""

    ender: int
    left: tuple[int, ...]
    points: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain data, as the observation's ``round_results`` holds it."""
        return {"ender": self.ender, "left": list(self.left), "points": list(self.points)}


@dataclass(frozen=True)
class PrimoState:
    """A whole game of Primo: options, the current round's table, hands and piles, and the RNG."""

    rules: PrimoRules  # the variant (rules.RULES[name]); ``variant`` is its name
    players: int
    tops_option: int  # Top cards in the deck; Take cards = 10 - tops (D-PO1)
    rounds: int  # rounds to play (1 unless the variant plays several, D-PO14)
    rng: Rng
    round: int  # 1-based
    starter: int  # the seat that started this round
    rows: Rows
    hands: tuple[tuple[str, ...], ...]  # canonical order
    piles: tuple[tuple[str, ...], ...]  # top of the pile first
    out: int  # cards out of the game: cleared rows and used special cards
    to_act: int  # -1 when over
    phase: str  # "start" (exchange or play) | "play" (playing: end or go on) | "over"
    tops: tuple[str, ...]  # rows with a Top card this turn (D-PO7)
    played: int  # hand cards played this turn
    turn_actions: int  # actions taken this turn (the cap is rules.TURN_ACTION_CAP, D-PO13)
    idle: int  # turns in a row with no card placed (D-PO13)
    scores: tuple[int, ...]  # running totals (D-PO14)
    round_results: tuple[RoundResult, ...]
    winners: tuple[int, ...]
    log: Log
    round_log_start: int  # index of this round's first log entry

    @property
    def variant(self) -> str:
        """The variant's name (a key of rules.RULES), as observations and records carry it."""
        return self.rules.name

    @property
    def colour(self) -> str:
        """The colour rule: none, alternate or mono (D-PO15)."""
        return self.rules.colour

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.phase == "over"

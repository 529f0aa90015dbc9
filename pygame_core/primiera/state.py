"""The Primiera state (one frozen record for every mode), its public log and its score sheet.

Where the 40 cards are, at every moment: ``hands``, ``picks`` (Kaleidos's secret table
choices), ``table``, ``stock`` (2p/3p re-deals), ``piles`` (captured, per seat) and
``unclaimed`` (a round's leftovers when nobody captured, D-PA9). Together they always
hold each card of the deck exactly once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..gamelog import PublicLog, loads_each
from ..rng import Rng
from .rules import PrimieraRules
from .scoring import SidePoints

LogEntry = tuple[int, str, str]
"""(seat it concerns or -1, message key, args as JSON text): an entry can never change after the fact."""

Log = PublicLog[LogEntry]
"""The core's persistent log (pygame_core.gamelog): appending shares the whole past (O(1))."""

EMPTY_LOG: Log = PublicLog()


def log_append(log: Log, seat: int, key: str, **args: Any) -> Log:
    """The log with one more entry."""
    return log.append((seat, key, json.dumps(args, separators=(",", ":"))))


def log_size(log: Log) -> int:
    """The number of entries in a log."""
    return len(log)


def log_slice(log: Log, start: int, stop: int) -> list[dict[str, Any]]:
    """Entries ``start:stop`` (clamped) as the page gets them: Descriptions with the seat they concern."""
    entries = log.entries(max(0, start), max(0, stop))
    args = loads_each(text for _seat, _key, text in entries)
    return [{"seat": seat, "key": key, "args": a} for (seat, key, _text), a in zip(entries, args, strict=True)]


@dataclass(frozen=True)
class RoundScore:
    """One line of the score sheet: a round's sides and their points, and every seat's totals after it."""

    round: int
    dealer: int
    partnership: str  # "fixed" | "individual" | a Herald mode ("opposite", "left", "right", "alone") | "none" (D-PA3)
    doubled: bool
    sides: tuple[tuple[tuple[int, ...], SidePoints], ...]
    points: tuple[int, ...]  # per seat, this round
    totals: tuple[int, ...]  # per seat, after this round
    extra: bool = False  # played though a player had reached the target: an extra round (D-PA12)

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "round": self.round,
            "dealer": self.dealer,
            "partnership": self.partnership,
            "doubled": self.doubled,
            "sides": [{"seats": list(seats), **p.points(), "counts": p.counts(), "evidence": p.evidence()}
                      for seats, p in self.sides],
            "points": list(self.points),
            "totals": list(self.totals),
            "extra": self.extra,
        }


@dataclass(frozen=True)
class PrimieraState:
    """A whole game of Primiera: options, the current round, the score sheet and the RNG.

    The mode is held as its rules record (``rules``), read by the engine without a look-up;
    ``variant`` is its name, as observations and records carry it.
    """

    rules: PrimieraRules  # the mode (rules.RULES[name])
    players: int
    target: int
    max_rounds: int
    rng: Rng
    round: int
    dealer: int
    phase: str  # "pick" (Kaleidos's secret table choice) | "play" | "over"
    to_act: int  # -1 when over
    hands: tuple[tuple[str, ...], ...]
    picks: tuple[str | None, ...]  # Kaleidos: each seat's table card; secret until all four are in
    table: tuple[str, ...]  # face up, in canonical order
    stock: tuple[str, ...]  # undealt cards (2p, 3p)
    piles: tuple[tuple[str, ...], ...]  # captured cards per seat, in capture order
    sweeps: tuple[int, ...]
    last_capturer: int  # -1: nobody has captured this round
    herald: tuple[int, str] | None  # the first Herald played this round: (seat, card)
    sides: tuple[tuple[int, ...], ...] | None  # this round's sides, once known
    unclaimed: tuple[str, ...]  # a round's leftovers nobody took (D-PA9)
    totals: tuple[int, ...]
    sheet: tuple[RoundScore, ...]
    extra: bool  # Kaleidos: several reached the target, an extra round is on (D-PA12)
    winners: tuple[int, ...]
    deals: int  # deals made this round (2p: up to 6, 3p: 2)
    log: Log  # the public log (O(1) append)
    round_log_start: int  # index of this round's first log entry

    @property
    def variant(self) -> str:
        """The mode's name (a key of rules.RULES)."""
        return self.rules.name

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.phase == "over"

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

from ..rng import Rng
from .rules import RULES, PrimieraRules
from .scoring import SidePoints


@dataclass(frozen=True, eq=False)
class LogNode:
    """One public log entry and the log before it: appending shares the whole past (O(1)).

    ``args`` is the entry's args as JSON text, so an entry can never be changed after the fact.
    Equality walks the two chains in a loop and stops where they share a node.
    """

    seat: int
    key: str
    args: str
    parent: LogNode | None
    size: int  # entries up to and including this one

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogNode):
            return NotImplemented
        a: LogNode | None = self
        b: LogNode | None = other
        while a is not b:
            if a is None or b is None or (a.size, a.seat, a.key, a.args) != (b.size, b.seat, b.key, b.args):
                return False
            a, b = a.parent, b.parent
        return True

    def __hash__(self) -> int:
        return hash((self.size, self.seat, self.key, self.args))

    def entry(self) -> dict[str, Any]:
        """The entry as the page gets it: a Description with the seat it concerns (-1: nobody)."""
        return {"seat": self.seat, "key": self.key, "args": json.loads(self.args)}


def log_append(log: LogNode | None, seat: int, key: str, **args: Any) -> LogNode:
    """The log with one more entry."""
    return LogNode(seat, key, json.dumps(args, separators=(",", ":")), log, log_size(log) + 1)


def log_size(node: LogNode | None) -> int:
    """The number of entries in a log."""
    return node.size if node is not None else 0


def log_slice(node: LogNode | None, start: int, stop: int) -> list[dict[str, Any]]:
    """Entries ``start:stop`` (clamped), walking back from the newest."""
    size = log_size(node)
    start, stop = max(0, min(start, size)), max(0, min(stop, size))
    out: list[dict[str, Any]] = []
    while node is not None and node.size > start:
        if node.size <= stop:
            out.append(node.entry())
        node = node.parent
    out.reverse()
    return out


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

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "round": self.round,
            "dealer": self.dealer,
            "partnership": self.partnership,
            "doubled": self.doubled,
            "sides": [{"seats": list(seats), **p.points(), "counts": p.counts()} for seats, p in self.sides],
            "points": list(self.points),
            "totals": list(self.totals),
        }


@dataclass(frozen=True)
class PrimieraState:
    """A whole game of Primiera: options, the current round, the score sheet and the RNG."""

    variant: str
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
    log: LogNode | None
    round_log_start: int  # index of this round's first log entry

    @property
    def rules(self) -> PrimieraRules:
        """The mode's rules record."""
        return RULES[self.variant]

    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.phase == "over"

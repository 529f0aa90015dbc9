"""WIP stand-in reviewer (issue 23, dropped at merge): deterministic made-up values so the page can be built."""

from __future__ import annotations

import zlib
from typing import Any

from .review import Position, Thresholds, Weighing


class StandIn:
    thresholds = Thresholds(0.05, 0.2, 0.5, 0.8)
    version = "standin-1"

    def __init__(self, unit: str) -> None:
        self.unit = unit

    @staticmethod
    def _values(legal: Any, played: str, salt: int) -> Weighing:
        values = {a: (zlib.crc32(f"{salt}:{a}".encode()) % 100) / 100 for a in legal}
        values.setdefault(played, 0.0)
        return Weighing(values)

    def weigh(self, position: Position) -> Weighing | None:
        return self._values(position.legal, position.played, position.step)

    def hindsight(self, game: Any, state: Any, seat: int, played: str, rng: Any) -> Weighing | None:
        return self._values(game.legal_actions(state), played, 7)

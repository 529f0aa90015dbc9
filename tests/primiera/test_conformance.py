"""Primiera's own conformance runs beyond the one every game passes in every mode (tests/test_conformance.py):
games shortened by its options."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pygame_core import registry
from pygame_core.conformance import random_playthrough
from pygame_core.primiera.game import GAME, PrimieraGame


@pytest.fixture
def primiera(monkeypatch: pytest.MonkeyPatch) -> Iterator[PrimieraGame]:
    """Primiera registered for one test: records replay through the registry."""
    monkeypatch.setitem(registry._MODULES, "primiera", "pygame_core.primiera.game")
    yield GAME


def test_short_games_with_options_conform(primiera: PrimieraGame) -> None:
    for variant in ("kaleidos", "2p"):
        rec = random_playthrough(primiera, variant, 5, {"target": 0, "max_rounds": 1})
        assert len(rec.actions) == (40 if variant == "kaleidos" else 36)

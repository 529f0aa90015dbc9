"""The gauntlet's scripted styles (bench/primero/styles.py) play only legal actions in every rule set it runs."""

from __future__ import annotations

import pytest

from bench.primero.gauntlet import RULESETS, play
from bench.primero.styles import styles_for


@pytest.mark.parametrize("rules", list(RULESETS))
def test_styles_play_legal_actions(rules: str) -> None:
    variant, n = RULESETS[rules]
    styles = list(styles_for(variant))
    assert len(styles) >= 10
    for i, style in enumerate(styles):
        # medium in the "a" seats: play() raises on any action that is not legal
        seats = ["a" if (j + i) % 2 == 0 else style for j in range(n)]
        chips, deals = play(variant, seats, "medium", 7 + i, 1)
        assert deals >= 1 and len(chips) == n

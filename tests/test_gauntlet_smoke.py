"""The gauntlet's scripted styles (bench/styles.py) play only legal actions in every rule set it runs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from gauntlet import RULESETS, play  # noqa: E402
from styles import styles_for  # noqa: E402


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

"""bench/kit/figures.py: the review calibration's statistic (issue 23), the mean value lost per
decision over every decision of several games, with its interval by games."""

from __future__ import annotations

import math

import pytest

from bench.kit.figures import mean_ci, ratio_ci


def test_the_pooled_mean_is_the_value_lost_over_the_decisions() -> None:
    # a short game of 2 decisions losing 1.0, a long one of 8 losing 1.0: 2.0 over 10 decisions,
    # not the mean of the games' means ((0.5 + 0.125) / 2)
    mean, _ = ratio_ci([1.0, 1.0], [2, 8])
    assert mean == pytest.approx(0.2)
    assert mean_ci([0.5, 0.125])[0] == pytest.approx(0.3125)


def test_with_equal_games_the_interval_is_the_games_means_interval() -> None:
    sums, counts = [1.0, 3.0, 2.0, 6.0], [10, 10, 10, 10]
    assert ratio_ci(sums, counts) == pytest.approx(mean_ci([s / c for s, c in zip(sums, counts, strict=True)]))


def test_the_interval_counts_games_not_decisions() -> None:
    # the same games twice over: the mean stays, the interval narrows as for twice the games
    sums, counts = [1.0, 3.0, 0.5, 6.0], [4, 12, 3, 20]
    mean, ci = ratio_ci(sums, counts)
    mean2, ci2 = ratio_ci(sums * 2, counts * 2)
    assert mean2 == pytest.approx(mean)
    assert ci2 == pytest.approx(ci * math.sqrt(3 / 7))  # sample variance over n - 1: 3 -> 7, n: 4 -> 8
    # a game with no reviewed decision is a game: it counts in the interval, adds nothing to the mean
    m3, c3 = ratio_ci([*sums, 0.0], [*counts, 0])
    assert m3 == pytest.approx(mean) and c3 != ci
    assert ratio_ci([], []) == (0.0, 0.0)

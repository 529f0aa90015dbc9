"""How the CPython benchmarks turn seeded games into figures: each seat's generator, a pool of
processes, the mean with its 95% interval, the Wilson interval, the nearest-rank quantile and the
lines of a markdown table. One place for each, so that every game's bench seeds and measures alike.

Only the standard library and ``pygame_core.rng``: ``bench/primo/latency.py --browser`` imports this
module in Pyodide too (the process pool is imported only when one is used)."""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pygame_core.rng import AgentRandom

T = TypeVar("T")
R = TypeVar("R")

SEAT_STRIDE = 1_000_003
"""The strength benches' seat seeding: seat ``i`` of the deal ``seed`` draws from ``seed * SEAT_STRIDE + i``,
so a seat's generator is the same whatever sits at the other seats (the seatings of one deal compare)."""


def seat_rngs(seed: int, seats: int, stride: int = SEAT_STRIDE) -> list[AgentRandom]:
    """One generator per seat for the game dealt from ``seed`` (the latency benches pass ``stride=31``,
    the figures they were measured with)."""
    return [AgentRandom(seed * stride + i) for i in range(seats)]


def pool_map(fn: Callable[[T], R], tasks: Iterable[T], jobs: int, chunksize: int = 1) -> Iterator[R]:
    """``fn`` over ``tasks`` in order: in ``jobs`` processes when ``jobs`` > 1, else in this process
    (the figures are the same either way: every task seeds its own games)."""
    if jobs <= 1:
        yield from map(fn, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(fn, tasks, chunksize=chunksize)


def mean_ci(xs: Sequence[float], alone: float = 0.0, z: float = 1.96) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval, ``z * sd / sqrt(n)`` (sample sd, normal
    approximation); ``alone`` is the half-width given for a single sample, which has no spread."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, alone
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, z * math.sqrt(var / n)


def ratio_ci(sums: Sequence[float], counts: Sequence[int], z: float = 1.96) -> tuple[float, float]:
    """A pooled mean over clusters (``sum(sums) / sum(counts)``: e.g. the value lost per decision over
    every decision of several games) and the half-width of its 95% interval, the clusters (games)
    taken as the independent samples (the ratio estimator's linearized variance: the spread of
    ``sums[i] - mean * counts[i]`` over clusters, divided by the mean count). Empty clusters count
    as clusters with nothing in them."""
    n = len(sums)
    total = sum(counts)
    mean = sum(sums) / total if total else 0.0
    if n < 2 or not total:
        return mean, 0.0
    per = total / n
    var = sum((s - mean * c) ** 2 for s, c in zip(sums, counts, strict=True)) / (n - 1)
    return mean, z * math.sqrt(var / n) / per


def significant(mean: float, ci: float) -> bool:
    """Whether the interval ``mean ± ci`` excludes zero (a pairing's verdict in the strength tables)."""
    return abs(mean) > ci


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a win rate near 0 or 1 on few games stays inside [0, 1])."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def pct(xs: Sequence[float], q: float) -> float:
    """The q-quantile by nearest rank (a measured value, never an interpolation)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def p95_interpolated(xs: Sequence[float]) -> float:
    """The 95th percentile as the page benches read the worker's think times: interpolated
    (``statistics.quantiles``), or the largest value when there are fewer than 20 (0 when none)."""
    return statistics.quantiles(xs, n=20)[18] if len(xs) >= 20 else max(xs or [0.0])


def machine(jobs: int) -> str:
    """The run's first words: the interpreter, the cores and the processes used (figures compare only
    between runs on the same machine)."""
    return f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, {jobs} jobs"


def table_head(columns: Sequence[str]) -> None:
    """Print a markdown table's header and rule."""
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))


def add_run_args(parser: argparse.ArgumentParser) -> None:
    """The strength benches' common options: ``--jobs``, the first ``--seed`` and ``--json``."""
    parser.add_argument("--jobs", type=int, default=2, help="processes (this machine: 2 cores, shared)")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--json", default="", help="also write the rows to this file")


def write_json(path: str, rows: Any) -> None:
    """``--json``: the rows to a file, when one is named."""
    if path:
        Path(path).write_text(json.dumps(rows, indent=1))

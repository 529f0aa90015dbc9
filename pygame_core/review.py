"""Game review (issue 23): each decision of one seat weighed against the best move that seat had.

A record is replayed once; at each of the chosen seat's decisions with more than one legal
action, the game's ``Reviewer`` (``GameInfo.reviewer``) values the seat's candidate moves
**from what that seat knew then**: it gets a ``Position``, which holds the seat's observation,
its legal actions and a way to draw *worlds* (states with every card hidden from the seat
dealt again, ``Game.resample_hidden``), never the true state. The loss is the value of the best
candidate minus the value of the move played, in the game's own unit (Primiera: round points,
Primero: chips, Primo: cards), and the game's ``Thresholds`` turn it into a mark.

The optional *hindsight* view ("knowing every card") hands the reviewer the true state instead
(``Reviewer.hindsight``); it is reported apart (``line["hindsight"]``) and never feeds the marks.

A review is deterministic: each decision's randomness is seeded from the record's seed, the
step and the seat, so a review of the same record gives the same lines on CPython and Pyodide.
``Review.run`` reviews decisions until a time budget is spent and says where to go on, so the
worker can answer in slices (progress shown, cancellable between slices).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .errors import OptionsError, RecordError
from .protocol import JSON, Description
from .rng import AgentRandom

if TYPE_CHECKING:
    from .protocol import Game
    from .records import Record

MARKS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""From no loss to a large one; the page's words are ``review.mark.<mark>``."""

REVIEW_FORMAT = 1
"""Bumped when the lines' shape changes (a kept review of another format is made again)."""


@dataclass(frozen=True)
class Thresholds:
    """The losses, in the game's unit, at which a decision's mark changes (set per game from measurement).

    ``loss <= best`` is "best" (equal within the evaluation's noise); below ``inaccuracy`` it is
    "good"; from ``inaccuracy``, ``mistake`` and ``blunder`` on, those marks.
    """

    best: float
    inaccuracy: float
    mistake: float
    blunder: float

    def __post_init__(self) -> None:
        if not 0 <= self.best < self.inaccuracy < self.mistake < self.blunder:
            raise ValueError("review thresholds must rise: best < inaccuracy < mistake < blunder")

    def mark(self, loss: float) -> str:
        """The mark of a decision that lost ``loss``."""
        if loss <= self.best:
            return "best"
        if loss < self.inaccuracy:
            return "good"
        if loss < self.mistake:
            return "inaccuracy"
        if loss < self.blunder:
            return "mistake"
        return "blunder"

    def score(self, loss: float) -> float:
        """A decision's share of accuracy, 0..1: 1 for no loss, falling evenly to 0 at a blunder's loss."""
        return max(0.0, 1.0 - max(0.0, loss) / self.blunder)


@dataclass(frozen=True)
class Weighing:
    """A reviewer's answer at one decision.

    ``values``: candidate action -> the seat's expected outcome after it, in the game's unit
    (it must hold the move played, and may hold only some of the other legal moves: the best
    candidates by the reviewer's own search); ``why``: one line on what the best move does that
    the move played did not (a Description the page translates), ``None`` when nothing needs
    saying; ``kind``: the kind of mistake, a key (``primiera.review.kind.settebello``...) the
    summary counts, ``None`` when the move was not a mistake or has no named kind.
    """

    values: Mapping[str, float]
    why: Description | None = None
    kind: str | None = None

    def best(self) -> str:
        """The best candidate (the first in sorted order among equals, so a review is stable)."""
        top = max(self.values.values())
        return min(a for a, v in self.values.items() if v >= top - 1e-9)


@dataclass(frozen=True)
class Position:
    """What a reviewer may read at one decision: only what ``seat`` knew then (never the true state)."""

    game: Game[Any]
    seat: int
    step: int
    observation: Mapping[str, Any]
    legal: tuple[str, ...]
    played: str
    rng: AgentRandom
    worlds: Callable[[int], list[Any]] = field(repr=False)
    """``worlds(n)``: n states that look the same to ``seat`` as the true one, every card hidden from it
    dealt again at random (``Game.resample_hidden``, whose deal depends only on what the seat sees)."""


class Reviewer(Protocol):
    """A game's reviewer: values a seat's candidate moves from that seat's information."""

    unit: str
    """The game's unit: ``points`` (round points), ``chips`` or ``cards``; the page says ``review.unit.<unit>``."""
    thresholds: Thresholds
    version: str
    """Changes when the reviewer's values change, so that a kept review is made again."""

    def weigh(self, position: Position) -> Weighing | None:
        """The values of the candidate moves at this decision, or None when it is not worth a review."""
        ...

    def hindsight(self, game: Game[Any], state: Any, seat: int, played: str, rng: AgentRandom) -> Weighing | None:
        """The same, knowing every card (the true ``state``); None where the game offers no hindsight view."""
        ...


def reviewer_for(game: Game[Any]) -> Reviewer:
    """The game's reviewer; OptionsError when the game has none."""
    factory = game.info.reviewer
    if factory is None:
        raise OptionsError(f"{game.info.label} games cannot be reviewed yet", key="err.review.nogame")
    reviewer: Reviewer = factory()
    return reviewer


def _seed(record_seed: int, step: int, seat: int) -> int:
    """The seed of one decision's randomness: the record's seed, the step and the seat, mixed."""
    return (record_seed * 1_000_003 + step * 7_919 + seat * 104_729 + 0x5EED) % (1 << 53)


class Review:
    """The review of one seat of a record: ``total`` decisions, reviewed in order by ``run``.

    The record is replayed once, on creation (RecordError if it does not replay); the states at
    the seat's decisions are kept, so the review can go on in slices.
    """

    def __init__(self, record: Record, seat: int, *, hindsight: bool = False) -> None:
        from .records import replay

        self.record = record
        self.seat = seat
        self.hindsight = hindsight
        self._states: list[tuple[int, Any, tuple[str, ...]]] = []
        players = dict(record.options).get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("the record's options lack players", key="err.record.players")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionsError(f"seat must be a whole number from 0 to {players - 1}", key="err.review.seat",
                               players=players)

        def visit(game: Game[Any], step: int, state: Any) -> None:
            if step < len(record.actions) and not game.is_terminal(state) and game.current_player(state) == seat:
                legal = game.legal_actions(state)
                if len(legal) > 1:  # a single legal move is no decision (issue 23: cheap ones skipped)
                    self._states.append((step, state, legal))

        self.game, self.final = replay(record, visit)
        self.reviewer = reviewer_for(self.game)
        self.total = len(self._states)

    def header(self) -> dict[str, JSON]:
        """What the lines are about: the game, the seat, the unit, the marks' thresholds, the version."""
        t = self.reviewer.thresholds
        return {
            "format": REVIEW_FORMAT,
            "game": self.record.game,
            "variant": self.record.variant,
            "seat": self.seat,
            "unit": self.reviewer.unit,
            "version": self.reviewer.version,
            "decisions": self.total,
            "thresholds": {"best": t.best, "inaccuracy": t.inaccuracy, "mistake": t.mistake, "blunder": t.blunder},
            "finished": self.game.is_terminal(self.final),
        }

    def line(self, index: int) -> dict[str, JSON] | None:
        """The review of decision ``index`` (0 <= index < total), or None if the reviewer skips it."""
        step, state, legal = self._states[index]
        game, seat = self.game, self.seat
        played = self.record.actions[step]
        seed = _seed(self.record.seed, step, seat)

        def worlds(n: int) -> list[Any]:
            return [game.resample_hidden(state, seat, (seed + 1 + k) % (1 << 53)) for k in range(n)]

        position = Position(game, seat, step, game.observation(state, seat), legal, played,
                            AgentRandom(seed), worlds)
        weighing = self.reviewer.weigh(position)
        if weighing is None:
            return None
        out = weigh_line(game, state, step, played, weighing, self.reviewer.thresholds)
        if self.hindsight:
            seen = self.reviewer.hindsight(game, state, seat, played, AgentRandom(seed ^ 0x41))
            if seen is not None:
                out["hindsight"] = weigh_line(game, state, step, played, seen, self.reviewer.thresholds)
        return out

    def lines(self, start: int = 0) -> Iterator[dict[str, JSON]]:
        """Every reviewed decision from decision ``start`` on."""
        for i in range(start, self.total):
            got = self.line(i)
            if got is not None:
                yield got

    def run(self, start: int, budget: float | None = None) -> tuple[list[dict[str, JSON]], int | None]:
        """Review decisions from ``start`` until ``budget`` seconds are spent (at least one decision);
        ``(lines, next)``, next None when the review is complete."""
        began = time.perf_counter()
        out: list[dict[str, JSON]] = []
        i = max(0, start)
        while i < self.total:
            got = self.line(i)
            i += 1
            if got is not None:
                out.append(got)
            if budget is not None and time.perf_counter() - began >= budget:
                break
        return out, (i if i < self.total else None)


def weigh_line(game: Game[Any], state: Any, step: int, played: str, weighing: Weighing,
               thresholds: Thresholds) -> dict[str, JSON]:
    """One reviewed decision as plain data (the CLI's line, the worker's answer)."""
    values = weighing.values
    if played not in values:
        raise ValueError(f"a reviewer's values must hold the move played ({played!r})")
    best = weighing.best()
    if values[played] >= values[best] - 1e-9:
        best = played  # a move as good as the best is the best: never "best: another move" for no loss
    loss = max(0.0, values[best] - values[played])
    mark = thresholds.mark(loss)
    line: dict[str, JSON] = {
        "step": step,
        "played": played,
        "best": best,
        "loss": round(loss, 4),
        "mark": mark,
        "value": round(values[played], 4),
        "best_value": round(values[best], 4),
        "choices": len(values),
        "played_text": game.describe_action(state, played),
        "best_text": game.describe_action(state, best),
    }
    if mark not in ("best", "good"):
        line["why"] = weighing.why
        line["kind"] = weighing.kind
    return line


def summary(lines: Sequence[Mapping[str, Any]], thresholds: Thresholds) -> dict[str, JSON]:
    """Accuracy (0..100: the mean of each decision's ``Thresholds.score``), marks and mistakes by kind."""
    marks = {m: 0 for m in MARKS}
    kinds: dict[str, int] = {}
    total = 0.0
    score = 0.0
    for line in lines:
        loss = float(line["loss"])
        marks[str(line["mark"])] += 1
        total += loss
        score += thresholds.score(loss)
        kind = line.get("kind")
        if isinstance(kind, str):
            kinds[kind] = kinds.get(kind, 0) + 1
    n = len(lines)
    return {
        "decisions": n,
        "accuracy": round(100 * score / n, 1) if n else None,
        "loss": round(total, 3),
        "mean_loss": round(total / n, 4) if n else None,
        "marks": dict(marks),
        "kinds": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def review_record(record: Record | Mapping[str, Any] | str | bytes, seat: int, *,
                  hindsight: bool = False) -> tuple[dict[str, JSON], list[dict[str, JSON]], dict[str, JSON]]:
    """The whole review of ``seat``: ``(header, lines, summary)``. RecordError / OptionsError on bad input."""
    from .records import Record as _Record

    rec = record if isinstance(record, _Record) else _Record.from_json(record)
    review = Review(rec, seat, hindsight=hindsight)
    lines = list(review.lines())
    return review.header(), lines, summary(lines, review.reviewer.thresholds)


__all__ = [
    "MARKS", "REVIEW_FORMAT", "Position", "Review", "Reviewer", "Thresholds", "Weighing",
    "review_record", "reviewer_for", "summary", "weigh_line",
]

"""Primo's game review (issue 23, pygame_core/primo/review.py): golden positions, the hard plan's
moves marked best, the CLI on a Primo record, every variant, the hindsight view and honesty.

- Golden: a turn ended with a card in hand that fitted a row is a mistake or a blunder of the kind
  "kept a card that fitted a row", the better move that card on that row; a turn ended when every
  card could go out is a blunder, "missed going out"; a Take card on the side that gives nothing away.
- Hard's own moves along a seeded game lose nothing (the review searches as hard does).
- A review reads only the seat's observation: the same lines when only the cards hidden from the
  seat are dealt again; the hindsight view reads the truth and may differ.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pygame_core.cli import main
from pygame_core.primo.ai import FACTORIES
from pygame_core.primo.ai.hard import HardAgent
from pygame_core.primo.ai.search import Planner
from pygame_core.primo.game import GAME, PrimoState
from pygame_core.primo.review import GO_OUT, PrimoReviewer
from pygame_core.records import Record
from pygame_core.review import MARKS, Position, Review, Weighing, summary, weigh_line
from pygame_core.rng import AgentRandom
from tests import string_tables

KEPT = "primo.review.kind.kept"


def review_at(state: PrimoState, played: str, *, truth: bool = False) -> dict[str, Any]:
    """The review line of ``played`` by the seat to act in ``state`` (hindsight's with ``truth``)."""
    seat = state.to_act
    legal = GAME.legal_actions(state)
    assert played in legal, legal
    reviewer = PrimoReviewer()
    if truth:
        got = reviewer.hindsight(GAME, state, seat, played, AgentRandom(1))
    else:
        got = reviewer.weigh(Position(GAME, seat, 0, GAME.observation(state, seat), legal, played,
                                      AgentRandom(1), lambda n: []))
    assert isinstance(got, Weighing)
    return weigh_line(GAME, state, 0, played, got, reviewer.thresholds)


def mid_turn(hand: tuple[str, ...], *, pile: tuple[str, ...] | None = None, seed: int = 11) -> PrimoState:
    """Seat 0 of a 3-player base game in the middle of its turn, with these rows and ``hand``."""
    s = GAME.initial_state({"players": 3}, seed, "base")
    rows = (("13Y", "12B", "11Y", "10B", "9Y", "8B"), ("13B", "12Y", "11B"), ("5Y", "4B"), ("9B",),
            ("7Y", "6B", "5B"), ("12B", "11B", "10Y", "9B", "8Y", "7B", "6Y"))
    return replace(s, rows=rows, hands=(hand, *s.hands[1:]), piles=(s.piles[0] if pile is None else pile, *s.piles[1:]),
                   phase="play", played=1, turn_actions=1)


def test_ending_the_turn_with_a_card_that_fitted_a_row_is_a_mistake_of_that_kind() -> None:
    """Issue 23's Primo golden case: 7Y fitted row A (tail 8B); ending the turn kept it."""
    line = review_at(mid_turn(("2Y", "3B", "7Y")), "end")
    assert line["mark"] in ("mistake", "blunder")
    assert line["best"] == "add 7Y A"
    assert line["kind"] == KEPT
    assert line["why"] == {"key": "primo.review.why.fit", "args": {"card": "7Y", "row": "A"}}
    assert line["loss"] >= PrimoReviewer.thresholds.mistake
    # playing it is the best move
    assert review_at(mid_turn(("2Y", "3B", "7Y")), "add 7Y A")["mark"] == "best"


def test_ending_the_turn_when_every_card_could_go_out_is_a_blunder() -> None:
    state = mid_turn(("7Y", "10B"), pile=())
    line = review_at(state, "end")
    assert line["mark"] == "blunder" and line["kind"] == "primo.review.kind.out"
    assert line["best_value"] == GO_OUT and line["why"]["key"] == "primo.review.why.out"
    other = review_at(state, "add 7Y A")  # the other order of the same way out
    assert other["loss"] == 0 and other["best"] == "add 7Y A"  # an equal move is the best named


def test_hard_plans_moves_are_marked_best_along_a_seeded_game() -> None:
    """Every decision of a hard seat (its budget, no wall-clock cut) loses nothing."""
    record = play("base", {"players": 3}, ["hard", "medium", "medium"], seed=4, limit=160)
    review = Review(record, 0)
    lines = list(review.lines())
    assert len(lines) >= 15
    assert {line["mark"] for line in lines} == {"best"}
    assert all(line["loss"] == 0 for line in lines)


def play(variant: str, options: dict[str, Any], kinds: list[str], seed: int, limit: int | None = None) -> Record:
    """A record of a seeded game between these levels (hard without its wall-clock cut), cut after ``limit`` actions."""
    state = GAME.initial_state(options, seed, variant)
    agents = [FACTORIES[k]() for k in kinds]
    for agent in agents:
        if isinstance(agent, HardAgent):
            agent.planner = Planner(HardAgent.budget, time_limit=None)
    rngs = [AgentRandom(seed * 31 + i) for i in range(len(kinds))]
    actions: list[str] = []
    while not GAME.is_terminal(state) and (limit is None or len(actions) < limit):
        seat = GAME.current_player(state)
        action = agents[seat].choose(GAME.observation(state, seat), GAME.legal_actions(state), rngs[seat])
        state = GAME.apply(state, action)
        actions.append(action)
    return Record("primo", variant, tuple(sorted(options.items())), seed, tuple(actions))


@pytest.mark.parametrize("variant", ["base", "rounds", "alternate", "mono"])
def test_every_variant_reviews_a_short_seeded_game(variant: str) -> None:
    options: dict[str, Any] = {"players": 3, "rounds": 2} if variant == "rounds" else {"players": 3}
    record = play(variant, options, ["easy", "medium", "hard"], seed=21, limit=90)
    review = Review(record, 0, hindsight=True)
    assert review.header()["unit"] == "cards" and review.header()["game"] == "primo"
    lines = list(review.lines())
    assert len(lines) >= 5
    for line in lines:
        assert line["mark"] in MARKS and line["loss"] >= 0
        assert line["played"] == record.actions[line["step"]]
        assert "hindsight" in line and line["hindsight"]["played"] == line["played"]
        if line["mark"] not in ("best", "good"):
            assert line["why"]["key"].startswith("primo.review.why.")
            assert line["kind"] is None or line["kind"].startswith("primo.review.kind.")
    got = summary(lines, review.reviewer.thresholds)
    assert got["decisions"] == len(lines) and 0 <= got["accuracy"] <= 100


def test_an_easy_seat_loses_more_than_a_hard_one_and_its_kinds_are_named() -> None:
    record = play("base", {"players": 3}, ["easy", "hard", "hard"], seed=3, limit=240)
    easy = list(Review(record, 0).lines())
    hard = list(Review(record, 1).lines())
    mean = lambda lines: sum(x["loss"] for x in lines) / len(lines)  # noqa: E731
    assert mean(easy) > mean(hard)
    assert any(line.get("kind") == KEPT for line in easy)  # easy never moves a run: it ends with cards that fit
    # every line's words are in the page's tables, with the placeholders its args fill
    words = string_tables.strings("en")
    for line in easy + hard:
        if line.get("kind"):
            assert line["kind"] in words
        if line.get("why"):
            text = words[line["why"]["key"]]
            assert set(re.findall(r"\{(\w+)\}", text)) == set(line["why"]["args"]), line["why"]


def test_the_review_never_reads_cards_hidden_from_the_seat() -> None:
    """Dealt again (the other hands and every pile), the seat's review is the same; the hindsight may not be."""
    record = play("base", {"players": 3}, ["medium", "hard", "easy"], seed=9, limit=60)
    review = Review(record, 0)
    checked = 0
    for step, state, _legal in review._states:
        played = record.actions[step]
        base = review_at(state, played)
        for k in range(3):
            other = GAME.resample_hidden(state, 0, 1000 + k)
            assert other.hands[0] == state.hands[0]
            assert review_at(other, played) == base
        checked += 1
    assert checked >= 10


def test_hindsight_knows_the_cards_the_seat_draws() -> None:
    """Knowing the pile: ending with a short hand draws the known cards, valued as they are."""
    fits = ("7B", "10Y", "12Y", "TOP", "TAKE", "6Y", "5B")  # cards that fit the rows, drawn next
    dead = ("1Y", "1B", "2Y", "2B", "1Y", "1B", "2Y")  # cards that fit nowhere soon
    good = review_at(mid_turn(("2Y", "3B", "7Y"), pile=fits), "end", truth=True)
    bad = review_at(mid_turn(("2Y", "3B", "7Y"), pile=dead), "end", truth=True)
    assert good["value"] > bad["value"]
    # without hindsight the draw is the same unknown: the values agree
    assert (review_at(mid_turn(("2Y", "3B", "7Y"), pile=fits), "end")["value"]
            == review_at(mid_turn(("2Y", "3B", "7Y"), pile=dead), "end")["value"])


def test_the_cli_reviews_a_primo_record(tmp_path: Path) -> None:
    record = play("base", {"players": 3}, ["easy", "hard", "hard"], seed=5, limit=70)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["review", str(path), "--seat", "0", "--summary"], stdout=out, stderr=err) == 0, err.getvalue()
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    lines, last = rows[:-1], rows[-1]
    assert lines and all({"step", "played", "best", "loss", "mark"} <= set(x) for x in lines)
    assert all(record.actions[x["step"]] == x["played"] for x in lines)
    assert last["review"]["unit"] == "cards" and last["review"]["version"] == PrimoReviewer.version
    assert last["summary"]["decisions"] == len(lines)
    out, err = io.StringIO(), io.StringIO()
    assert main(["review", str(path), "--seat", "3"], stdout=out, stderr=err) == 2
    assert len(err.getvalue().strip().splitlines()) == 1


def test_every_why_the_reviewer_writes_fills_its_strings_placeholders() -> None:
    """Each ``_why(key, **args)`` in primo/review.py names exactly the placeholders of its English string."""
    import ast

    import pygame_core.primo.review as module

    words = string_tables.strings("en")
    calls = [node for node in ast.walk(ast.parse(Path(module.__file__).read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_why"]
    assert len(calls) >= 15
    for call in calls:
        key = call.args[0].value  # type: ignore[attr-defined]
        assert {k.arg for k in call.keywords} == set(re.findall(r"\{(\w+)\}", words[key])), key

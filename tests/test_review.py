"""The game review's framework (issue 23): marks, summary, slices, the command line and honesty.

The games' own reviewers have their golden cases in tests/<game>/test_review.py; here the
reference is Toy Swap's reviewer (tests/toy/review.py), small enough to check by hand, and the
honesty check runs over every registered game that has a reviewer.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from pygame_core import registry
from pygame_core.cli import main
from pygame_core.errors import OptionsError, RecordError
from pygame_core.records import Record
from pygame_core.review import MARKS, Review, Thresholds, review_record, summary
from pygame_core.rng import Rng
from tests.toy import game as toy


@pytest.fixture
def toy_game() -> Iterator[Any]:
    with registry.registered("toy", toy.__name__) as g:
        yield g


def _toy_record(actions: list[str], seed: int = 4, players: int = 2, rounds: int = 2) -> Record:
    return Record("toy", "standard", (("players", players), ("rounds", rounds)), seed, tuple(actions))


def _play(game: Any, seed: int, players: int = 2, rounds: int = 2, pick: int = 0) -> Record:
    """A whole Toy game where every seat plays its ``pick``-th legal action (0: swap the lowest... see sorted)."""
    state = game.initial_state({"players": players, "rounds": rounds}, seed, "standard")
    acts: list[str] = []
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        a = legal[min(pick, len(legal) - 1)]
        acts.append(a)
        state = game.apply(state, a)
    return _toy_record(acts, seed, players, rounds)


def test_thresholds_mark_and_score() -> None:
    t = Thresholds(best=0.1, inaccuracy=1.0, mistake=2.0, blunder=4.0)
    assert [t.mark(x) for x in (0, 0.1, 0.5, 1.0, 1.99, 2.0, 3.9, 4.0, 40)] == [
        "best", "best", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert t.score(0) == 1 and t.score(2) == 0.5 and t.score(9) == 0
    with pytest.raises(ValueError):
        Thresholds(best=1, inaccuracy=1, mistake=2, blunder=3)


def test_summary_counts_marks_kinds_and_accuracy() -> None:
    t = Thresholds(best=0.1, inaccuracy=1.0, mistake=2.0, blunder=4.0)
    lines = [{"loss": 0, "mark": "best"}, {"loss": 2.0, "mark": "mistake", "kind": "k.a"},
             {"loss": 5.0, "mark": "blunder", "kind": "k.a"}, {"loss": 1.0, "mark": "inaccuracy", "kind": None}]
    s = summary(lines, t)
    assert s["decisions"] == 4 and s["marks"] == {"best": 1, "good": 0, "inaccuracy": 1, "mistake": 1, "blunder": 1}
    assert s["kinds"] == {"k.a": 2}
    assert s["accuracy"] == pytest.approx(100 * (1 + 0.5 + 0 + 0.75) / 4, abs=0.05)
    assert summary([], t)["accuracy"] is None


def test_a_bad_swap_is_marked_and_a_good_one_is_best(toy_game: Any) -> None:
    # seed 4: find a first decision where swapping the highest card is clearly worse than passing/swapping low
    for seed in range(1, 40):
        state = toy_game.initial_state({"players": 2, "rounds": 1}, seed, "standard")
        hand = state.hands[0]
        high = max(hand, key=toy.VALUES.__getitem__)
        if toy.VALUES[high] >= 8:
            break
    rec = _toy_record([f"swap {high}", "pass"], seed, rounds=1)
    header, lines, summ = review_record(rec, 0)
    assert header["unit"] == "points" and header["decisions"] == 1 and header["finished"]
    (line,) = lines
    assert line["step"] == 0 and line["played"] == f"swap {high}"
    assert line["mark"] in ("mistake", "blunder") and line["loss"] > 2
    assert line["best"] != line["played"] and line["why"] == {"key": "toy.review.why", "args": {"move": line["best"]}}
    assert line["kind"] == "toy.review.kind.gave_high"
    assert line["played_text"]["key"] == "toy.swap"
    # playing the best move instead is marked best, with no why
    best = _toy_record([line["best"], "pass"], seed, rounds=1)
    (again,) = review_record(best, 0)[1]
    assert again["mark"] == "best" and again["loss"] == 0 and "why" not in again
    assert summ["decisions"] == 1 and summ["marks"][line["mark"]] == 1


def test_slices_equal_the_whole_review_and_are_deterministic(toy_game: Any) -> None:
    rec = _play(toy_game, 7, players=2, rounds=3, pick=0)  # everyone passes: the stock lasts
    review = Review(rec, 1)
    whole = list(review.lines())
    assert len(whole) == review.total > 1
    got: list[Any] = []
    start: int | None = 0
    while start is not None:
        part, start = Review(rec, 1).run(start, budget=0.0)  # a fresh Review each slice: the worker may lose it
        assert len(part) <= 1
        got += part
    assert got == whole == list(Review(rec, 1).lines())


def test_single_legal_moves_are_not_decisions(toy_game: Any) -> None:
    # rounds 3 with 3 players: the stock runs out, then only "pass" is legal and is skipped
    rec = _play(toy_game, 2, players=3, rounds=3, pick=1)
    state = toy_game.initial_state({"players": 3, "rounds": 3}, 2, "standard")
    expected = []
    for i, a in enumerate(rec.actions):
        if toy_game.current_player(state) == 0 and len(toy_game.legal_actions(state)) > 1:
            expected.append(i)
        state = toy_game.apply(state, a)
    assert [line["step"] for line in Review(rec, 0).lines()] == expected
    assert len(expected) < sum(1 for i in range(len(rec.actions)) if i % 3 == 0)


def test_hindsight_is_apart_and_reads_the_true_card(toy_game: Any) -> None:
    rec = _play(toy_game, 5, pick=1)
    plain = list(Review(rec, 0).lines())
    seen = list(Review(rec, 0, hindsight=True).lines())
    assert [{k: v for k, v in line.items() if k != "hindsight"} for line in seen] == plain
    state = toy_game.initial_state({"players": 2, "rounds": 2}, 5, "standard")
    first = seen[0]["hindsight"]
    top = state.stock[0]
    assert first["value"] == sum(toy.VALUES[c] for c in state.hands[0] if c != rec.actions[0].split()[1]) + toy.VALUES[top]


def test_bad_input_is_refused_with_keys(toy_game: Any) -> None:
    rec = _play(toy_game, 3)
    with pytest.raises(OptionsError) as exc:
        Review(rec, 2)
    assert exc.value.key == "err.review.seat"
    with pytest.raises(RecordError):
        Review(Record("toy", "standard", (("players", 2), ("rounds", 1)), 3, ("swap 9Z",)), 0)


def test_a_game_without_a_reviewer_says_so(toy_game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    monkeypatch.setattr(type(toy_game), "info", replace(toy_game.info, reviewer=None))
    with pytest.raises(OptionsError) as exc:
        Review(_play(toy_game, 3), 0)
    assert exc.value.key == "err.review.nogame"


def _cli(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(stdin) if stdin is not None else None, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_prints_one_line_per_decision_and_a_summary(toy_game: Any) -> None:
    rec = _play(toy_game, 6, players=2, rounds=2, pick=1)
    text = json.dumps(rec.to_json())
    code, out, err = _cli(["review", "-", "--seat", "0", "--summary"], text)
    assert code == 0 and err == ""
    rows = [json.loads(x) for x in out.splitlines()]
    lines, last = rows[:-1], rows[-1]
    assert lines == list(Review(rec, 0).lines())
    for line in lines:
        assert {"step", "played", "best", "loss", "mark"} <= set(line) and line["loss"] >= 0 and line["mark"] in MARKS
    assert last["summary"]["decisions"] == len(lines) and last["review"]["seat"] == 0


@pytest.mark.parametrize(("args", "stdin", "says"), [
    (["review", "-", "--seat", "0"], "{not json", "bad record"),
    (["review", "-", "--seat", "0"], '{"format": 1}', "bad record"),
    (["review", "-", "--seat", "9"], None, "seat must be"),
    (["review", "-", "--seat", "x"], None, "invalid int"),
    (["review", "-"], None, "--seat"),
    (["review", "/nonexistent/record.json", "--seat", "0"], None, "cannot read"),
    (["review", "-", "--seat", "0"], "[" * 5000, "bad record"),
])
def test_cli_bad_input_is_one_line_and_exit_2(toy_game: Any, args: list[str], stdin: str | None, says: str) -> None:
    if stdin is None:
        stdin = json.dumps(_play(toy_game, 6).to_json())
    code, out, err = _cli(args, stdin)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def _hidden_changed(game: Any, state: Any, seat: int, k: int) -> Any:
    """The same position for ``seat`` with the cards hidden from it dealt otherwise."""
    return game.resample_hidden(state, seat, 9_000 + k)


def honesty_check(game: Any, record: Record, seat: int, limit: int = 6) -> int:
    """Each of the first ``limit`` decisions reviewed from the true state and from states that differ
    only in cards hidden from ``seat`` must be reviewed the same (values, best, loss, mark, why, kind)."""
    review = Review(record, seat)
    checked = 0
    for i in range(min(limit, review.total)):
        step, state, legal = review._states[i]
        want = review.line(i)
        for k in range(2):
            other = _hidden_changed(game, state, seat, k)
            assert game.observation(other, seat) == game.observation(state, seat)
            review._states[i] = (step, other, legal)
            got = review.line(i)
            review._states[i] = (step, state, legal)
            if want is None:
                assert got is None
                continue
            keys = ("played", "best", "loss", "mark", "value", "best_value", "choices", "why", "kind")
            assert {x: got.get(x) for x in keys} == {x: want.get(x) for x in keys}, (record.game, step)
            checked += 1
    return checked


def test_honesty_toy(toy_game: Any) -> None:
    assert honesty_check(toy_game, _play(toy_game, 11, players=3, rounds=2, pick=1), 1) > 0


def test_honesty_check_can_fail(toy_game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reviewer that peeks (worlds drawn from an unsorted pool follow where the hidden cards were) is caught."""
    from dataclasses import replace

    # the review's worlds are the true state itself (a peek); the check's changed states reshuffle the stock
    monkeypatch.setattr(type(toy_game), "resample_hidden", lambda self, s, seat, seed: s if seed < 9_000 else
                        replace(s, stock=Rng.from_seed(seed).shuffle(list(s.stock))[0]))
    with pytest.raises(AssertionError):
        honesty_check(toy_game, _play(toy_game, 11, players=3, rounds=2, pick=1), 1)


@pytest.mark.parametrize("name", ["primero", "primiera", "primo"])
def test_honesty_every_game(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A review of a seat reads nothing hidden from it: the same lines when only hidden cards change."""
    from bench.review.calibrate import play_record

    if name == "primero":
        # Primero's rollouts on a smaller budget (the same worlds drawn, the same rollouts' players,
        # fewer of each): what a line reads is the same code; 34 -> 6 CPU-s.
        from dataclasses import replace

        from pygame_core.primero import review as primero_review
        small = {k: replace(b, worlds=min(b.worlds, 3), verify=min(b.verify, 3),
                            level=replace(b.level, samples=min(b.level.samples, 12)))
                 for k, b in primero_review.BUDGETS.items()}
        monkeypatch.setattr(primero_review, "BUDGETS", small)
    game = registry.load(name)
    if game.info.reviewer is None:
        pytest.skip(f"{name} has no reviewer yet")
    quick = dict(game.info.quick_options)
    for variant in game.info.variants[:2]:
        options = variant.resolve_options({**quick, "players": variant.default_players})
        record = play_record(name, variant.name, options, ["medium"] * options["players"], 3)
        assert honesty_check(game, record, 1, limit=3) > 0

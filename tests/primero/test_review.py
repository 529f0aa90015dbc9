"""Primero's game review (issue 23): golden positions whose right answer is certain, the CLI on a
Primero record, every rule set reviewed, and the review's honesty (only the seat's own cards)."""

from __future__ import annotations

import dataclasses
import functools
import io
import json
from pathlib import Path

import pytest

from pygame_core.cli import main
from pygame_core.primero.game import GAME, PrimeroState, state_from_deal
from pygame_core.primero.review import PrimeroReviewer, candidates
from pygame_core.protocol import JSON
from pygame_core.records import Record
from pygame_core.review import MARKS, Position, Review, summary, weigh_line
from pygame_core.rng import AgentRandom

VARIANTS = ("waks", "italian", "suzuki", "roman", "losing", "rms", "northpass")
BAD = ("inaccuracy", "mistake", "blunder")


def _play(s: PrimeroState, *actions: str) -> PrimeroState:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def _review_at(s: PrimeroState, played: str, seed: int = 5) -> dict[str, object]:
    """The review line of the move ``played`` by the seat to act in ``s`` (as Review.line makes it)."""
    seat = s.to_act

    def worlds(n: int) -> list[PrimeroState]:
        return [GAME.resample_hidden(s, seat, seed + 1 + k) for k in range(n)]

    legal = GAME.legal_actions(s)
    position = Position(GAME, seat, 0, GAME.observation(s, seat), legal, played, AgentRandom(seed), worlds)
    reviewer = PrimeroReviewer()
    weighing = reviewer.weigh(position)
    assert weighing is not None
    return weigh_line(GAME, s, 0, played, weighing, reviewer.thresholds)


def _chorus_of_sevens(opponent: tuple[str, str] = ("KS", "QS"), chips: tuple[int, int] = (50, 50)) -> PrimeroState:
    """Waks heads-up after the draw: seat 0 holds the four sevens (a chorus nobody can beat) and
    seat 1 has just vied 3."""
    base = dataclasses.replace(GAME.initial_state({"players": 2}, 3, "waks"), chips=chips)
    s = state_from_deal(base, 1, [["7S", "7H"], list(opponent)], ["7D", "KC", "7C", "QC"])
    s = _play(s, "pass", "pass", "discard", "discard", "pass", "vie 3")
    assert s.to_act == 0 and s.phase == "bet2"
    assert sorted(str(c) for c in s.hands[0]) == ["7C", "7D", "7H", "7S"]
    return s


def test_primero_has_a_reviewer_in_chips() -> None:
    reviewer = GAME.info.reviewer
    assert reviewer is not None
    r = reviewer()
    assert r.unit == "chips" and r.version


def test_folding_an_unbeatable_hand_is_marked_folded_the_best_hand() -> None:
    line = _review_at(_chorus_of_sevens(), "fold")
    assert line["mark"] in ("mistake", "blunder"), line
    assert line["kind"] == "primero.review.kind.fold_best"
    assert line["best"] != "fold" and float(line["loss"]) >= 3  # at least the vie it would have won
    why = line["why"]
    assert isinstance(why, dict) and why["key"] == "primero.review.why.stay_best" and why["args"]["pct"] == 100


def test_seeing_with_the_best_hand_is_best() -> None:
    # the opponent's vie put it all-in: there is nothing more to win than by seeing
    s = _chorus_of_sevens(chips=(50, 3))
    line = _review_at(s, "see")
    assert line["mark"] == "best", line
    assert "why" not in line and "kind" not in line
    assert _review_at(s, "fold")["kind"] == "primero.review.kind.fold_best"


def test_trading_away_a_made_hand_for_nothing_is_marked() -> None:
    # Suzuki: seat 0 holds a chorus of sevens and trades two of them in
    base = GAME.initial_state({"players": 2}, 3, "suzuki")
    s = state_from_deal(base, 1, [["7S", "7H", "7D", "7C"], ["KS", "QS", "2C", "3D"]], [])
    assert s.to_act == 0
    line = _review_at(s, "trade 7C 7D")
    assert line["mark"] in BAD, line
    assert line["kind"] == "primero.review.kind.broke_hand"
    assert not str(line["best"]).startswith("trade 7")


def test_candidates_hold_the_move_played_and_one_of_each_kind() -> None:
    from pygame_core.primero.ai.common import parse_view

    s = _chorus_of_sevens()
    v = parse_view(GAME.observation(s, 0))
    got = candidates(v, GAME.legal_actions(s), "revie 2", "see")
    assert got[0] == "revie 2" and {"fold", "pass", "see", "revie 1", "revie 3"} <= set(got)
    # Suzuki: hundreds of legal moves, a handful weighed
    base = GAME.initial_state({"players": 2}, 3, "suzuki")
    s = state_from_deal(base, 1, [["7S", "7H", "7D", "7C"], ["KS", "QS", "2C", "3D"]], [])
    legal = GAME.legal_actions(s)
    got = candidates(parse_view(GAME.observation(s, 0)), legal, "trade 7C 7D", legal[0])
    assert len(legal) > 100 and 3 <= len(got) <= 12 and "trade 7C 7D" in got


def test_a_review_never_reads_the_other_hands() -> None:
    """Honesty: the same decision with other cards in the opponent's hand and the stock (the same
    public actions) is weighed exactly the same."""
    a = _review_at(_chorus_of_sevens(("KS", "QS")), "see")
    b = _review_at(_chorus_of_sevens(("2D", "3C")), "see")
    assert a == b


@functools.cache
def _record(variant: str, players: int, seed: int) -> Record:
    """A short seeded game (the variant's quick options) between medium computer players (played once
    per process: a Record is immutable)."""
    from bench.review.calibrate import play_record

    options = dict(GAME.info.variant(variant).resolve_options({"players": players, **GAME.info.quick_options}))
    return play_record("primero", variant, options, ["medium"] * players, seed)


@functools.cache
def _reviewed(variant: str) -> tuple[Review, list[dict[str, JSON]]]:
    """Seat 1's review of the variant's short game (seed 11) and its lines, made once per process: every
    rule set's test reads it, and the command line's test checks its own review of the same Waks game
    against it (the tests only read them)."""
    review = Review(_record(variant, 4 if variant == "rms" else 2, 11), 1)
    return review, list(review.lines())


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_rule_set_reviews_a_short_game(variant: str) -> None:
    review, lines = _reviewed(variant)
    assert review.total > 0 and lines
    record = review.record
    for line in lines:
        assert line["mark"] in MARKS and float(line["loss"]) >= 0
        assert line["played"] == record.actions[int(line["step"])] and int(line["choices"]) >= 1
        if line["mark"] in BAD:
            why = line["why"]
            assert isinstance(why, dict) and str(why["key"]).startswith("primero.review.why.")
    got = summary(lines, review.reviewer.thresholds)
    assert got["decisions"] == len(lines) and 0 <= float(got["accuracy"] or 0) <= 100


def test_the_command_line_reviews_a_primero_record(tmp_path: Path) -> None:
    """The Waks game of ``test_every_rule_set_reviews_a_short_game`` reviewed by the command line."""
    review, reviewed = _reviewed("waks")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(review.record.to_json()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["review", str(path), "--seat", "1", "--summary"], stdout=out, stderr=err) == 0, err.getvalue()
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    lines, last = rows[:-1], rows[-1]
    assert lines and all({"step", "played", "best", "loss", "mark"} <= set(x) for x in lines)
    assert [x["step"] for x in lines] == sorted(x["step"] for x in lines)
    assert last["review"]["unit"] == "chips" and last["summary"]["decisions"] == len(lines)
    # the same review again (made apart, in this process, from the same record): a review is deterministic
    assert lines == json.loads(json.dumps(reviewed))
    assert last == json.loads(json.dumps({"summary": summary(reviewed, review.reviewer.thresholds),
                                          "review": review.header()}))


def test_hindsight_weighs_the_true_hands() -> None:
    """Knowing every card: a fold of the winning hand is marked; a review with hindsight nests its line."""
    reviewer = PrimeroReviewer()
    s = _chorus_of_sevens()
    seen = reviewer.hindsight(GAME, s, 0, "fold", AgentRandom(1))
    assert seen is not None
    line = weigh_line(GAME, s, 0, "fold", seen, reviewer.thresholds)
    assert line["mark"] in ("mistake", "blunder") and line["kind"] == "primero.review.kind.fold_best"
    review = Review(_record("waks", 2, 4), 0, hindsight=True)
    first = review.line(0)
    assert first is not None and first["hindsight"]["mark"] in MARKS


def test_a_loss_seen_over_a_few_rms_worlds_is_checked_over_fresh_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """RMS's budget looks again (``Budget.verify``) when the first few worlds show a loss: the move
    played, that best and the hard level's choice are played out over other worlds, and those
    values stand; a decision that loses nothing at first is not looked at again."""
    import pygame_core.primero.review as rv

    s = GAME.initial_state({"players": 4, "deals": 2}, 11, "rms")
    while GAME.current_player(s) >= 0 and len(GAME.legal_actions(s)) < 3:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    seat = s.to_act
    legal = GAME.legal_actions(s)
    seeds: list[int] = []
    index: dict[int, int] = {}  # id of a world handed out -> its place in the draw
    kept: list[PrimeroState] = []

    def worlds(n: int) -> list[PrimeroState]:
        seeds.append(n)
        out = [GAME.resample_hidden(s, seat, 100 + k) for k in range(n)]
        kept.extend(out)
        index.update({id(w): k for k, w in enumerate(out)})
        return out

    calls: list[tuple[list[str], list[int]]] = []
    first = {"loss": 5.0}

    def fake(game: object, ws: list[tuple[PrimeroState, int]], cands: list[str], *args: object, **kw: object) -> dict[str, float]:
        calls.append((list(cands), [id(w) for w, _ in ws]))
        if len(calls) == 1:
            return {a: (first["loss"] if a == cands[-1] else 0.0) for a in cands}
        return {a: 0.0 for a in cands}

    monkeypatch.setattr(rv, "_values", fake)
    budget = rv.BUDGETS[rv.RMS.name]
    assert budget.verify > budget.worlds
    played = legal[0]
    position = Position(GAME, seat, 0, GAME.observation(s, seat), legal, played, AgentRandom(3), worlds)
    w = rv.PrimeroReviewer().weigh(position)
    assert w is not None and len(calls) == 2
    cands, looked = calls[1]
    assert cands[0] == played and calls[0][0][-1] in cands and len(cands) <= 3
    assert min(index[i] for i in looked) >= budget.worlds * rv.DRAWN  # fresh worlds, past the first look's
    assert seeds == [budget.worlds * rv.DRAWN, (budget.worlds + budget.verify) * rv.DRAWN]
    assert set(w.values) == set(cands) and max(w.values.values()) == w.values[played]  # the second look stands
    calls.clear()
    first["loss"] = 0.0
    rv.PrimeroReviewer().weigh(position)
    assert len(calls) == 1

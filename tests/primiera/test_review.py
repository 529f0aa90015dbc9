"""Primiera's game review (issue 23): golden positions marked as they must be, hindsight, every mode, the CLI.

The golden positions are 2p last deals laid out by hand (engine.arrange): every card the
reviewed seat cannot see is in the other hand, so the search is exact and the right answer is
certain. Every card outside the hands and the table lies in seat 1's pile, so the round's
categories are settled except for what the last six cards decide.
"""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bench.review.calibrate import play_record
from pygame_core.cli import main as cli_main
from pygame_core.primiera.engine import arrange
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.primiera.review import KINDS, THRESHOLDS, WHY_KEYS, PrimieraReviewer
from pygame_core.review import Position, Review, reviewer_for, summary, weigh_line
from pygame_core.rng import AgentRandom
from tests import string_tables


def _last_deal(mine: list[str], theirs: list[str], table: list[str]) -> PrimieraState:
    """2p, stock empty, seat 0 to play ``mine`` against ``theirs``; every other card in seat 1's pile."""
    return arrange(GAME.initial_state(None, 1, "2p"), [mine, theirs], table, to_act=0, rest_to_pile=1)


def _line(state: PrimieraState, played: str, hindsight: bool = False) -> dict[str, Any]:
    """The review line of ``played`` by the seat to act, through the reviewer's weigh on a Position."""
    seat = state.to_act
    legal = GAME.legal_actions(state)
    reviewer = PrimieraReviewer()
    position = Position(GAME, seat, 0, GAME.observation(state, seat), legal, played, AgentRandom(7),
                        lambda n: [GAME.resample_hidden(state, seat, k) for k in range(n)])
    weighing = reviewer.weigh(position)
    assert weighing is not None and set(weighing.values) == set(legal)  # every legal play is a candidate
    line = weigh_line(GAME, state, 0, played, weighing, THRESHOLDS)
    if hindsight:
        seen = reviewer.hindsight(GAME, state, seat, played, AgentRandom(8))
        assert seen is not None
        line["hindsight"] = weigh_line(GAME, state, 0, played, seen, THRESHOLDS)
    return line


def test_a_throw_that_hands_the_opponent_a_sweep_when_a_safe_throw_existed() -> None:
    # 4C leaves 2S 4C (6) and the opponent holds 6S; KH or QD leaves a table no card sweeps.
    s = _last_deal(["4C", "KH", "QD"], ["6S", "2H", "3H"], ["2S"])
    line = _line(s, "play 4C")
    assert line["mark"] in ("mistake", "blunder")
    assert line["loss"] == pytest.approx(1.0)  # the sweep's point, exactly: everything else is settled
    assert line["kind"] == "primiera.review.kind.gave_sweep"
    assert line["why"]["key"] == "primiera.review.why.safe"
    assert line["why"]["args"]["table"] == ["2S", "4C"] and line["why"]["args"]["sum"] == 6
    assert line["best"] in ("play KH", "play QD")


def test_a_missed_sweep_and_the_sweep_itself_marked_best() -> None:
    s = _last_deal(["6S", "KH", "QD"], ["3H", "5H", "JC"], ["2S", "4C"])
    missed = _line(s, "play KH")
    assert missed["best"] == "play 6S x 2S 4C" and missed["mark"] in ("mistake", "blunder")
    assert missed["kind"] == "primiera.review.kind.sweep"
    assert missed["why"] == {"key": "primiera.review.why.sweep", "args": {"card": "6S", "captured": ["2S", "4C"]}}
    swept = _line(s, "play 6S x 2S 4C")
    assert swept["mark"] == "best" and swept["loss"] == 0.0
    assert "why" not in swept and "kind" not in swept  # a good move needs no why


def test_leaving_the_settebello_to_the_opponent() -> None:
    # The opponent holds 7H: a card thrown instead of taking 7D with 7S lets them take it.
    s = _last_deal(["7S", "KH", "QC"], ["7H", "5H", "JC"], ["7D", "4C"])
    line = _line(s, "play KH")
    assert line["best"] == "play 7S x 7D" and line["mark"] == "blunder"
    assert line["kind"] == "primiera.review.kind.settebello"
    assert line["why"]["key"] == "primiera.review.why.settebello"


def test_hindsight_in_the_2p_last_deal_is_what_the_seat_knew() -> None:
    """In the 2p last deal the seat can tell the other hand (every other card is seen): hindsight agrees exactly."""
    s = _last_deal(["4C", "KH", "QD"], ["6S", "2H", "3H"], ["2S"])
    line = _line(s, "play 4C", hindsight=True)
    seen = line["hindsight"]
    assert (seen["best_value"], seen["value"], seen["loss"]) == (line["best_value"], line["value"], line["loss"])


def _next_to_last_deal(theirs: list[str], stock: list[str]) -> PrimieraState:
    """2p, one deal before the last: seat 0 holds 4C KH QD on a table of 2S; the last deal comes from ``stock``."""
    s = arrange(GAME.initial_state(None, 1, "2p"), [["4C", "KH", "QD"], theirs], ["2S"], to_act=0, rest_to_pile=1)
    return replace(s, stock=tuple(stock), piles=((), tuple(c for c in s.piles[1] if c not in stock)))


def test_hindsight_knows_the_hidden_cards_and_the_review_does_not() -> None:
    """Whether 4C (leaving 2S 4C, six) gives a sweep hangs on where 6S is: the review cannot tell, hindsight can.

    Twelve cards are left to play: the hindsight search runs to the round's end, so its values are exact."""
    faces = ["JC", "QC", "KC", "JS", "QS"]
    held = _next_to_last_deal(["6S", "2H", "3H"], [*faces, "KS"])
    later = _next_to_last_deal(["KS", "2H", "3H"], [*faces, "6S"])
    assert GAME.observation(held, 0) == GAME.observation(later, 0)
    a, b = _line(held, "play 4C", hindsight=True), _line(later, "play 4C", hindsight=True)
    assert {k: a[k] for k in ("best", "loss", "mark", "why", "kind")} == {k: b[k] for k in ("best", "loss", "mark", "why", "kind")}
    assert a["loss"] > 0  # from what the seat knew, 4C risks a sweep
    assert a["hindsight"]["loss"] == pytest.approx(1.0) and a["hindsight"]["kind"] == "primiera.review.kind.gave_sweep"
    assert b["hindsight"]["loss"] == 0.0 and b["hindsight"]["mark"] == "best"


def test_kaleidos_picks_are_not_reviewed() -> None:
    s = GAME.initial_state(None, 4, "kaleidos")
    assert s.phase == "pick"
    seat = s.to_act
    legal = GAME.legal_actions(s)
    position = Position(GAME, seat, 0, GAME.observation(s, seat), legal, legal[0], AgentRandom(1), lambda n: [])
    assert PrimieraReviewer().weigh(position) is None
    assert PrimieraReviewer().hindsight(GAME, s, seat, legal[0], AgentRandom(1)) is None


def test_the_reviewer_is_wired_and_every_key_it_names_is_translated() -> None:
    reviewer = reviewer_for(GAME)
    assert reviewer.unit == "points" and reviewer.thresholds == THRESHOLDS and reviewer.version
    for lang in string_tables.LANGS:
        table = string_tables.file_strings(string_tables.WEB / "games" / "primiera" / f"strings.{lang}.js")
        assert sorted(k for k in (*KINDS, *WHY_KEYS) if k not in table) == [], lang


def _short(variant: str, seed: int = 5) -> Any:
    """A one-round game between medium players."""
    info = GAME.info.variant(variant)
    options = info.resolve_options({"target": 0, "max_rounds": 1})
    return play_record("primiera", variant, options, ["medium"] * options["players"], seed)


@pytest.mark.parametrize("variant", ["2p", "3p", "classic", "kaleidos"])
def test_every_mode_reviews_a_short_game(variant: str) -> None:
    record = _short(variant)
    review = Review(record, 1, hindsight=True)
    # the first decisions, one mid-round and the last (the endgame): enough to meet every path, quickly
    picked = sorted({0, 1, review.total // 2, review.total - 1})
    lines = [line for i in picked if (line := review.line(i)) is not None]
    assert lines
    for line in lines:
        assert record.actions[line["step"]] == line["played"] and line["loss"] >= 0
        assert line["played"].startswith("play")  # a Kaleidos pick is never reviewed
        if line["mark"] not in ("best", "good"):
            assert str(line["why"]["key"]) in WHY_KEYS
            assert line["kind"] is None or line["kind"] in KINDS
        assert "hindsight" in line
    got = summary(lines, THRESHOLDS)
    assert got["decisions"] == len(lines) and 0 <= got["accuracy"] <= 100


def test_the_command_line_reviews_a_primiera_record(tmp_path: Path) -> None:
    record = _short("2p", seed=8)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli_main(["review", str(path), "--seat", "0", "--summary"], stdout=out, stderr=err) == 0
    assert err.getvalue() == ""
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    lines, last = rows[:-1], rows[-1]
    assert lines and all({"step", "played", "best", "loss", "mark"} <= set(x) for x in lines)
    assert last["review"]["game"] == "primiera" and last["review"]["unit"] == "points"
    assert last["summary"]["decisions"] == len(lines)
    assert lines == list(Review(record, 0).lines())  # the library's lines: a review is deterministic


@pytest.mark.parametrize("variant", ["2p", "3p"])
def test_a_review_reads_nothing_hidden_in_the_modes_the_shared_check_leaves_out(variant: str) -> None:
    """tests/test_review.py checks the first two modes (Kaleidos, classic); the same check for 2p and 3p."""
    from tests.test_review import honesty_check

    assert honesty_check(GAME, _short(variant, seed=3), 1, limit=3) > 0

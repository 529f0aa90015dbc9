"""Primiera's coach operation and running tally: what each legal move gains, from one seat's view only."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pygame_core.primiera.coach import coach, leaves, tally
from pygame_core.primiera.engine import arrange
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.primiera.scoring import score_round
from pygame_core.rng import AgentRandom
from tests.worker.kit import WORKER, ok, refused


def _to_play(variant: str, seed: int, steps: int) -> PrimieraState:
    """A state some random moves into a game (past Kaleidos's picks)."""
    s = GAME.initial_state(None, seed, variant)
    rng = AgentRandom(seed)
    for _ in range(steps):
        if GAME.is_terminal(s):
            break
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return s


def _moves(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["action"]: m for m in answer["moves"]}


@pytest.mark.parametrize("variant", ["kaleidos", "classic", "2p", "3p"])
def test_the_coach_offers_exactly_the_legal_moves_and_only_to_the_seat_to_act(variant: str) -> None:
    for seed in range(4):
        for steps in (0, 3, 9, 17):
            s = _to_play(variant, seed, steps)
            if GAME.is_terminal(s):
                continue
            seat = GAME.current_player(s)
            answer = coach(GAME.observation(s, seat))
            assert sorted(_moves(answer)) == sorted(GAME.legal_actions(s))
            other = (seat + 1) % s.players
            assert coach(GAME.observation(s, other))["moves"] == []
            assert coach(GAME.observation(s, -1))["moves"] == []


@pytest.mark.parametrize("variant", ["kaleidos", "2p", "3p"])
def test_the_coach_depends_on_the_seat_s_view_only(variant: str) -> None:
    """Dealing the unseen cards again changes nothing the coach says."""
    for seed in range(3):
        s = _to_play(variant, seed, 6)
        seat = GAME.current_player(s)
        before = coach(GAME.observation(s, seat))
        for k in range(3):
            other = GAME.resample_hidden(s, seat, 100 + k)
            assert coach(GAME.observation(other, seat)) == before


def test_gains_of_each_capture_choice() -> None:
    s = arrange(GAME.initial_state(None, 1, "2p"), [["7D", "KS", "5C"], ["2S", "3H", "4D"]], ["2C", "5H", "3S", "4H"],
                to_act=0)
    m = _moves(coach(GAME.observation(s, 0)))
    # 5C must take the 5 of hearts (same rank first, not 2C 3S); 7D chooses between two sums.
    assert sorted(m) == ["play 5C x 5H", "play 7D x 2C 5H", "play 7D x 3S 4H", "play KS x 2C 3S 5H"]
    a, b = m["play 7D x 2C 5H"], m["play 7D x 3S 4H"]
    assert (a["cards"], a["coins"], a["settebello"], a["sweep"]) == (3, 1, True, False)
    assert b["next"]["table"] == ["2C", "5H"] and b["next"]["sum"] == 7
    assert b["next"]["sweep_ranks"] == [7] and 2 in b["next"]["capture_ranks"]
    assert a["next"]["sweep_ranks"] == [7]  # 3S 4H left: a 7 sweeps them
    assert a["primiera_before"] is None and a["primiera_after"] is None  # still missing suits
    # The opponent holds no 7 here, but the seat cannot know that: a chance between 0 and 1.
    assert 0 < b["next"]["sweep_chance"] < 1
    assert not b["next"]["partner"]


def test_a_sweep_and_the_last_card() -> None:
    s = arrange(GAME.initial_state(None, 1, "2p"), [["7D", "KS"], ["2S"]], ["3S", "4H"], to_act=0)
    m = _moves(coach(GAME.observation(s, 0)))
    assert m["play 7D x 3S 4H"]["sweep"] is True
    assert m["play 7D x 3S 4H"]["next"]["table"] == []
    # The last card of the round never sweeps (D-PA8), and leaves nobody a next move.
    last = arrange(GAME.initial_state(None, 1, "2p"), [["7D"], []], ["3S", "4H"], to_act=0, rest_to_pile=1)
    only = _moves(coach(GAME.observation(last, 0)))["play 7D x 3S 4H"]
    assert only["sweep"] is False and only["next"] is None


def test_primiera_change_for_the_side() -> None:
    s = arrange(GAME.initial_state(None, 1, "2p"), [["7D", "KS"], ["2S"]], ["7S", "4H"], to_act=0)
    piles = (("6S", "AH", "5C"), ())
    s = replace(s, piles=piles, stock=tuple(c for c in s.stock if c not in piles[0]))
    m = _moves(coach(GAME.observation(s, 0)))
    take = m["play 7D x 7S"]
    assert take["primiera_before"] is None  # no coins yet
    assert take["primiera_after"] == 21 + 21 + 16 + 15  # 7S, 7D, AH, 5C


def test_partner_next_in_classic() -> None:
    s = arrange(GAME.initial_state(None, 1, "classic"), [["7D"], ["2S"], ["3S"], ["4S"]], ["KH"], to_act=0)
    move = _moves(coach(GAME.observation(s, 0)))["play 7D"]
    assert move["next"]["seat"] == 1 and move["next"]["partner"] is False
    s2 = replace(s, to_act=3)
    move = _moves(coach(GAME.observation(s2, 3)))["play 4S"]
    assert move["next"]["seat"] == 0 and move["next"]["partner"] is False
    assert GAME.observation(s, 0)["sides"] == [[0, 2], [1, 3]]


def test_leaves() -> None:
    assert leaves([]) == {"table": [], "sum": 0, "capture_ranks": [], "sweep_ranks": []}
    out = leaves(["AS", "2H", "5C"])
    assert out["sum"] == 8 and 8 in out["sweep_ranks"] and 3 in out["capture_ranks"]
    assert 1 not in out["sweep_ranks"]  # an ace takes the ace alone


def test_the_tally_matches_the_round_scorer() -> None:
    for variant in ("classic", "2p", "3p"):
        s = _to_play(variant, 7, 20)
        obs = GAME.observation(s, -1)
        sides = obs["sides"]
        piles = [[c for seat in side for c in s.piles[seat]] for side in sides]
        points = score_round(piles, [sum(s.sweeps[x] for x in side) for side in sides])
        for row, p in zip(obs["tally"], points, strict=True):
            assert (row["cards"], row["coins"], row["primiera"]) == (p.card_count, p.coin_count, p.primiera_total)
            assert row["settebello"] == (p.settebello > 0)
    assert tally([[0]], [["7D", "AS"]], [2])[0]["primiera_cards"] == ["AS", "7D"]


def test_the_coach_through_the_worker_answers_for_the_seat_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    WORKER.sessions.open.clear()
    started = ok({"op": "new_game", "game": "primiera", "variant": "2p", "seats": ["human", "medium"], "seed": 4})
    sid = started["session"]
    view = started["view"]
    answer = ok({"op": "game_op", "game": "primiera", "name": "coach", "session": sid})
    if view["current"] == 0:
        assert sorted(m["action"] for m in answer["moves"]) == sorted(view["legal"])
    else:
        assert answer["moves"] == []
    refused({"op": "game_op", "game": "primiera", "name": "coach"})
    hot = ok({"op": "new_game", "game": "primiera", "variant": "2p", "seats": ["human", "human"], "seed": 4})
    assert ok({"op": "game_op", "game": "primiera", "name": "coach", "session": hot["session"]})["moves"] == []


def test_lessons_follow_the_rulebook_examples() -> None:
    from pygame_core.primiera.lessons import lessons

    by = {lesson["id"]: lesson for lesson in lessons()}
    cap = by["capture"]["steps"]
    assert cap[1]["mark"] == ["JS"] and cap[1]["dim"] == ["2D", "6H"]  # G011: the 8, not 2 + 6
    assert cap[2]["table"] == ["2D", "3C", "6H"]
    assert cap[3]["text"]["args"]["sweeps"] == 0  # G017: the last card is no sweep
    totals = [s["text"]["args"].get("total") for s in by["primiera"]["steps"]]
    assert 62 in totals and 75 in totals  # G012, G013
    sides = {s.get("played"): s["sides"] for s in by["heralds"]["steps"] if s.get("played")}
    assert sides == {"AH": [[0, 2], [1, 3]], "AC": [[0, 3], [1, 2]], "AD": [[0, 1], [2, 3]],
                     "AS": [[0], [1], [2], [3]]}  # G016
    assert ok({"op": "game_op", "game": "primiera", "name": "lessons", "lesson": "heralds"})["id"] == "heralds"
    refused({"op": "game_op", "game": "primiera", "name": "lessons", "lesson": "nope"}, "OptionsError")

"""Primo's worked examples and rules vectors (rulebook-examples.json G001-G010), one test each by name,
and the rulebook's Elisabeth/Svenja/Michael example played through the engine as one scenario."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pygame_core.errors import IllegalActionError
from pygame_core.primo import lessons
from pygame_core.primo.engine import arrange, deal_sizes, full_deck
from pygame_core.primo.game import GAME, PrimoState
from pygame_core.primo.rules import NUMBER_CARDS, ROWS, SPECIAL_COUNT, VALUE, sort_cards

VECTORS_FILE = Path(__file__).resolve().parents[1] / "data" / "rulebook-examples.json"
VECTORS: dict[str, dict[str, Any]] = {
    v["id"]: v for v in json.loads(VECTORS_FILE.read_text())["vectors"] if v.get("game") == "Primo"
}
COVERED = {"G001", "G002", "G003", "G004", "G005", "G006", "G007", "G008", "G009", "G010"}


def test_every_primo_vector_has_a_test() -> None:
    assert set(VECTORS) == COVERED


class Pool:
    """Hands out cards of given values (yellow first, then blue), never more copies than the deck has."""

    def __init__(self) -> None:
        self.left = full_deck()

    def take(self, value: int | str) -> str:
        if isinstance(value, str):
            self.left.remove(value)
            return value
        for colour in "YB":
            card = f"{value}{colour}"
            if card in self.left:
                self.left.remove(card)
                return card
        raise AssertionError(f"no {value} left")

    def cards(self, values: Iterable[int | str]) -> list[str]:
        return [self.take(v) for v in values]


def values(rows: Sequence[Sequence[str]]) -> dict[str, list[int]]:
    return {name: [VALUE[c] for c in row] for name, row in zip(ROWS, rows, strict=True)}


def card_of(hand: Sequence[str], value: int | str) -> str:
    return next(c for c in hand if (VALUE[c] == value if isinstance(value, int) else c == value))


def action_text(state: PrimoState, step: Sequence[Any]) -> str:
    """The engine's action text of a vector's action."""
    hand = state.hands[state.to_act]
    verb = step[0]
    if verb == "add":
        return f"add {card_of(hand, step[1])} {step[2]}"
    if verb == "open":
        return f"open {card_of(hand, step[2])} {step[1]}"
    if verb == "move_row_from":
        return f"move {step[1]}:{step[2]} {step[3]}"
    if verb == "play_top":
        return f"top {step[1]}"
    if verb == "add_on_top":
        return f"head {card_of(hand, step[1])} {step[2]}"
    raise AssertionError(step)


def layout(rows: dict[str, list[int]], hands: Sequence[Sequence[int | str]], to_act: int = 0,
           empty_piles: Sequence[int] = ()) -> PrimoState:
    pool = Pool()
    laid = {name: pool.cards(vs) for name, vs in rows.items()}
    dealt = [pool.cards(h) for h in hands]
    return arrange("base", 3, laid, dealt, to_act=to_act, empty_piles=empty_piles)


def play(state: PrimoState, *actions: str) -> PrimoState:
    for a in actions:
        state = GAME.apply(state, a)
    return state


def test_g001_component_counts() -> None:
    exp = VECTORS["G001"]["expected"]
    assert len(NUMBER_CARDS) == exp["number_cards"] == 104
    assert all(NUMBER_CARDS.count(f"{v}{c}") == 4 for v in range(1, 14) for c in "YB")  # 8 of each value (D-PO2)
    s = GAME.initial_state({"players": 4}, 1)
    assert sum(1 for r in s.rows if len(r) == 1) == exp["start_cards_on_bases"]
    assert all(VALUE[r[0]] for r in s.rows)  # no special card on a base
    dealt = sum(len(h) + len(p) for h, p in zip(s.hands, s.piles, strict=True))
    assert dealt == exp["cards_dealt_to_players"] == 104 - 6 + SPECIAL_COUNT


def test_g002_five_players_the_first_three_get_one_more() -> None:
    exp = VECTORS["G002"]["expected"]["cards_per_player_in_turn_order"]
    assert deal_sizes(5) == exp
    s = GAME.initial_state({"players": 5}, 3)
    assert [len(s.hands[i]) + len(s.piles[i]) for i in range(5)] == exp  # seat 0 starts (the oldest player)


def test_g003_deal_sizes() -> None:
    for players, size in VECTORS["G003"]["expected"]["cards_per_player"].items():
        s = GAME.initial_state({"players": int(players)}, 7)
        assert [len(h) + len(p) for h, p in zip(s.hands, s.piles, strict=True)] == [size] * int(players)
        assert all(len(h) == 6 for h in s.hands)


def test_g004_elisabeths_turn() -> None:
    v = VECTORS["G004"]
    s = layout(v["input"]["rows_before"], [v["input"]["hand"], [13, 13, 12, 12, 13, 12], [1, 1, 1, 1, 1, 1]])
    pile_before = s.piles[0]
    out = s.out
    for i, step in enumerate(v["input"]["actions"]):
        s = GAME.apply(s, action_text(s, step))
        if step == ["move_row_from", "E", 10, "A"]:  # row A = 13..1: cleared at once (D-PO12)
            assert s.rows[0] == () and s.out == out + 13
        if i < len(v["input"]["actions"]) - 1:
            assert s.to_act == 0
    exp = v["expected"]
    assert values(s.rows) == exp["rows_after"]
    # all 6 hand cards played: the turn ended by itself and she drew 6 (D-PO10)
    assert s.to_act == 1 and s.hands[0] == sort_cards(pile_before[:6])
    assert [e["key"] for e in GAME.log_entries(s, -1, 0, 100)].count("primo.clear") == len(exp["cleared_rows"])


def test_g005_svenja_exchanges_four_though_she_could_play() -> None:
    v = VECTORS["G005"]
    s = layout(v["input"]["rows"], [[1, 1, 1, 1, 2, 2], v["input"]["hand"], [3, 3, 3, 3, 4, 4]], to_act=1)
    hand = list(s.hands[1])
    given = []
    for x in v["input"]["action"][1]:
        given.append(card_of(hand, x))
        hand.remove(given[-1])
    pile = s.piles[1]
    after = GAME.apply(s, "exchange " + " ".join(given))
    # the 4 go UNDER her pile, she draws 4 from the top, and her turn is over
    assert after.piles[1][-4:] == sort_cards(given)
    assert sorted(after.hands[1]) == sorted([*hand, *pile[:4]])
    assert after.to_act == 2 and len(after.hands[1]) == 6
    # Inconsistency X1: the book says she "cannot play" her 12s and 13s; she can (G005's example play).
    assert v["consistent_with_rules"] is False and v["expected"]["legal_number_card_play_exists"]
    t = s
    for step in v["expected"]["example_legal_play"]:
        t = GAME.apply(t, action_text(t, step))
    assert values(t.rows)["A"] == [13, 12]


def test_g006_take_on_row_a() -> None:
    v = VECTORS["G006"]
    s = layout(v["input"]["rows"], [[1, 1, 1, 1, 2, 2], [3, 3, 3, 3, 4, 4], ["TAKE", 13, 12, "TOP", 8, 9]], to_act=2)
    piles = s.piles
    s = GAME.apply(s, "take A")  # Michael (seat 2); clockwise after him: Elisabeth (0), then Svenja (1)
    exp = v["expected"]
    assert values(s.rows) == exp["rows_after"]
    for take in exp["taken"]:
        seat = {"Elisabeth": 0, "Svenja": 1}[take["player"]]
        assert VALUE[s.piles[seat][0]] == take["card"] and s.piles[seat][1:] == piles[seat]  # onto the pile's top
    entry = GAME.log_entries(s, -1, 0, 10)[-1]
    assert entry["key"] == "primo.take"
    assert [(t["seat"], t["args"]["row"]) for t in entry["args"]["takes"]] == [(0, "A"), (1, "B")]
    assert s.out == 1 and "TAKE" not in s.hands[2]  # the Take card leaves the game


def test_g007_michael_opens_b_and_plays_a_top_card_on_c() -> None:
    v = VECTORS["G007"]
    hand = ["TAKE", *v["input"]["hand"]]
    rows = {**v["input"]["rows"], "A": [10, 9], "B": [5]}
    s = layout(rows, [[1, 1, 1, 1, 2, 2], [3, 3, 3, 3, 4, 4], hand], to_act=2)
    s = GAME.apply(s, "take A")
    assert values(s.rows) == v["input"]["rows"]
    for i, step in enumerate(v["input"]["actions"]):
        if step[0] == "add_on_top":
            with pytest.raises(IllegalActionError):
                GAME.apply(s, f"add {card_of(s.hands[2], step[1])} {step[2]}")  # not below the tail
        s = GAME.apply(s, action_text(s, step))
        if i < len(v["input"]["actions"]) - 1:
            assert s.to_act == 2
    assert values(s.rows) == v["expected"]["rows_after"]
    assert s.to_act == 0 and len(s.hands[2]) == 6  # six cards played: the turn ended, he drew 6
    assert s.out == 2 and s.tops == ()  # Take and Top left the game


def test_g008_a_card_goes_exactly_one_below_the_tail() -> None:
    v = VECTORS["G008"]
    s = layout(v["input"]["rows"], [[7, 6, 9, 1, 1, 1], [2] * 6, [3] * 6])
    legal = GAME.legal_actions(s)
    for (value, row), ok in zip(v["input"]["try_add"], v["expected"]["results"], strict=True):
        assert (f"add {card_of(s.hands[0], value)} {row}" in legal) is ok


def test_g009_last_card_from_an_empty_pile_wins() -> None:
    v = VECTORS["G009"]
    s = layout(v["input"]["rows"], [v["input"]["player"]["hand"], [2] * 6, [3] * 6], empty_piles=[0])
    assert s.piles[0] == ()
    s = GAME.apply(s, action_text(s, v["input"]["action"]))
    assert GAME.is_terminal(s) and GAME.result(s)["winners"] == [0]
    assert v["expected"]["game_over"]


def test_g010_round_scoring() -> None:
    v = VECTORS["G010"]
    left = v["input"]["cards_left_draw_plus_hand"]
    pool = Pool()
    rows = {"A": pool.cards([6, 5])}
    hands = [pool.cards([4]), pool.cards([13] * 6), pool.cards([12] * 6)]
    s = arrange("rounds", 3, rows, hands, to_act=0, rounds=2)
    piles = (), tuple(pool.cards([11] * (left["P2"] - 6))), tuple(pool.cards([10] * (left["P3"] - 6)))
    s = replace(s, piles=piles)
    s = GAME.apply(s, "add 4Y A")  # P1 ends the round
    res = s.round_results[0]
    assert res.ender == 0 and list(res.left) == [left["P1"], left["P2"], left["P3"]]
    exp = v["expected"]["recommended_net"]
    assert list(res.points) == [exp["P1"], exp["P2"], exp["P3"]] and list(s.scores) == list(res.points)
    assert s.round == 2 and s.to_act == 0 and not GAME.is_terminal(s)  # the round's winner starts the next


# --- the whole example as one scenario (and the lesson built on it) ------------------------------


def test_elisabeth_svenja_michael_scenario_through_the_engine() -> None:
    s = lessons.start_state()
    assert len(full_deck()) == sum(len(r) for r in s.rows) + sum(len(h) + len(p) for h, p in zip(s.hands, s.piles, strict=True))
    for seat, action, _note in lessons.STEPS:
        if action.startswith("exchange"):
            # The rulebook says Svenja "cannot play at the moment": wrong (inconsistency X1 in
            # docs/rules-decisions.md). Row A [10, 9] moves onto row E [12, 11], then a 13 opens A and a 12 follows.
            legal = GAME.legal_actions(s)
            assert "move A:10 E" in legal
            t = play(s, "move A:10 E")
            assert "open 13Y A" in GAME.legal_actions(t)
            assert "add 12Y A" in GAME.legal_actions(play(t, "open 13Y A"))
        assert s.to_act == seat
        s = GAME.apply(s, action)
    assert values(s.rows) == VECTORS["G007"]["expected"]["rows_after"]
    assert s.to_act == 0  # Elisabeth is active again
    took = [e for e in GAME.log_entries(s, -1, 0, 100) if e["key"] == "primo.take"][0]["args"]["takes"]
    assert [(t["seat"], t["args"]["card"]) for t in took] == [(0, "10Y"), (1, "5Y")]


def test_the_lesson_is_the_scenario() -> None:
    lesson = GAME.info.operation("lessons").run({"name": "esm"}, None)
    steps = lesson["steps"]
    assert [st["action"] for st in steps[1:]] == [a for _s, a, _n in lessons.STEPS]
    assert lesson["names"] == ["Elisabeth", "Svenja", "Michael"]
    clear = next(st for st in steps if st["action"] == "move E:10 A")
    assert clear["cleared"] == ["A"] and clear["note"]["key"] == "primo.learn.esm.clear"
    assert GAME.info.operation("lessons").run({"name": "esm", "step": 0}, None) == steps[0]
    assert [x["id"] for x in GAME.info.operation("lessons").run({}, None)] == ["esm"]

"""Primiera's worked examples and rules vectors (rulebook-examples.json G011-G018), one test each by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core.primiera.engine import arrange, captures
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.primiera.rules import DECK, HERALDS, PRIMIERA, RULES, herald_sides, sort_cards
from pygame_core.primiera.scoring import primiera_total, score_round

VECTORS_FILE = Path(__file__).resolve().parents[1] / "data" / "rulebook-examples.json"
VECTORS: dict[str, dict[str, Any]] = {
    v["id"]: v for v in json.loads(VECTORS_FILE.read_text())["vectors"] if v.get("game") == "Primiera"
}
COVERED = {"G011", "G012", "G013", "G014", "G015", "G016", "G017", "G018"}
MODES = {"kaleidos-4p": "kaleidos", "classic-partnership": "classic", "2p": "2p", "3p": "3p"}


def test_every_primiera_vector_has_a_test() -> None:
    assert set(VECTORS) == COVERED


def _play(s: PrimieraState, *actions: str) -> PrimieraState:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def test_g011_capture_example_eight_takes_the_eight_not_two_plus_six() -> None:
    v = VECTORS["G011"]
    table, played = v["input"]["table"], v["input"]["played"]
    assert [list(c) for c in captures(sort_cards(table), played)] == v["expected"]["legal_captures"]
    s = arrange(GAME.initial_state(None, 11, "2p"), [[played, "5C", "5S"], ["4C", "4S", "4D"]], table, to_act=0)
    legal = GAME.legal_actions(s)
    assert [a for a in legal if a.startswith(f"play {played}")] == ["play JD x JS"]
    illegal = "play JD x " + " ".join(v["expected"]["illegal"][0])
    with pytest.raises(ValueError, match="same rank comes before any sum"):
        GAME.apply(s, illegal)
    after = GAME.apply(s, "play JD x JS")
    assert set(after.table) == set(v["expected"]["table_after"])
    assert after.piles[0] == ("JD", "JS")


def test_g012_primiera_total_62() -> None:
    v = VECTORS["G012"]
    cards = v["input"]["best_card_per_suit"]
    assert [PRIMIERA[c] for c in cards] == v["expected"]["per_card"]
    assert primiera_total(cards) == v["expected"]["primiera"] == 62


def test_g013_primiera_total_75() -> None:
    v = VECTORS["G013"]
    cards = v["input"]["best_card_per_suit"]
    assert [PRIMIERA[c] for c in cards] == v["expected"]["per_card"]
    assert primiera_total(cards) == v["expected"]["primiera"] == 75
    # weaker cards of the same suits change nothing: the best card per suit counts
    assert primiera_total([*cards, "KD", "2H", "AS"]) == 75


def test_g014_individual_round_doubles_the_seven_of_coins() -> None:
    v = VECTORS["G014"]
    p2 = int(v["input"]["captured_7coins_by"][1:])
    piles: list[list[str]] = [[], [], [], []]
    for i, c in enumerate(c for c in DECK if c != "7D"):
        piles[i % 4].append(c)
    piles[p2].append("7D")
    points = score_round(piles, [0, 0, 0, 0], double=True)
    assert points[p2].settebello == v["expected"]["seven_of_coins_points"][v["input"]["captured_7coins_by"]] == 2
    single = score_round(piles, [0, 0, 0, 0], double=False)
    assert single[p2].settebello == 1


def test_g014_a_herald_of_swords_round_is_scored_doubled_by_the_engine() -> None:
    s = GAME.initial_state(None, 14, "kaleidos")
    s = arrange(s, [["AS"], ["KC"], ["KD"], ["7D"]], ["7S", "QH", "QD", "QC"], to_act=0, rest_to_pile=1)
    s = _play(s, "play AS")  # seat 0's Herald of Swords, played first: everyone alone
    assert s.sides == ((0,), (1,), (2,), (3,))
    assert GAME.legal_actions(s) == ("play KC x AS QC", "play KC x AS QD", "play KC x AS QH")
    s = _play(s, "play KC x AS QC", "play KD", "play 7D x 7S")
    line = s.sheet[-1]
    assert line.partnership == "alone" and line.doubled
    by_seat = {side[0]: p for side, p in line.sides}
    assert by_seat[3].settebello == 2


def test_g015_deal_sizes_per_mode() -> None:
    v = VECTORS["G015"]["expected"]
    k = GAME.initial_state(None, 15, "kaleidos")
    assert [len(h) for h in k.hands] == [v["kaleidos-4p"]["hand_after_deal"]] * 4
    assert all(sum(1 for c in h if c in HERALDS) == 1 for h in k.hands)  # one Herald each, dealt first
    assert k.phase == "pick" and not k.table
    for _ in range(4):
        k = GAME.apply(k, GAME.legal_actions(k)[0])
    assert len(k.table) == v["kaleidos-4p"]["table"] and k.phase == "play"
    assert [len(h) for h in k.hands] == [v["kaleidos-4p"]["hand_in_play"]] * 4
    c = GAME.initial_state(None, 15, "classic")
    assert [len(h) for h in c.hands] == [v["classic-partnership"]["hand"]] * 4
    assert len(c.table) == v["classic-partnership"]["table"] and not c.stock
    for mode in ("2p", "3p"):
        s = GAME.initial_state(None, 15, mode)
        assert len(s.table) == v[mode]["table"]
        assert all(len(h) == v[mode]["hand"] for h in s.hands)
        start = s.round
        while s.round == start and not GAME.is_terminal(s):
            deals = s.deals
            s = GAME.apply(s, GAME.legal_actions(s)[0])
        assert deals == v[mode]["deals_per_round"]


@pytest.mark.parametrize("herald", ["AH", "AC", "AD", "AS"])
def test_g016_herald_partnerships(herald: str) -> None:
    v = VECTORS["G016"]
    seat = v["input"]["first_herald_played_by_seat"]
    expected = v["expected"][herald]
    mode = {"AH": "opposite", "AC": "left", "AD": "right", "AS": "alone"}[herald]
    sides = herald_sides(mode, seat)
    if herald == "AS":
        assert sides == ((0,), (1,), (2,), (3,)) and "individual" in expected
    else:
        assert [list(x) for x in sides] == expected
    # and through the engine: seat 0 plays the Herald first
    s = GAME.initial_state(None, 16, "kaleidos")
    s = arrange(s, [[herald, "2C"], ["3C", "4D"], ["5C", "6D"], ["7D", "KC"]], ["QS", "QH", "QD", "QC"], to_act=seat)
    s = GAME.apply(s, f"play {herald}")
    assert s.sides == sides
    obs = GAME.observation(s, 2)
    assert obs["herald"] == {"seat": 0, "card": herald, "partnership": mode}
    assert obs["log"][-1]["key"] == "primiera.herald"


def test_g016_partnerships_from_other_seats_follow_the_same_directions() -> None:
    # left neighbour = the previous seat in turn order, right = the next (D-PA14)
    assert herald_sides("left", 2) == ((0, 3), (1, 2))
    assert herald_sides("right", 3) == ((0, 3), (1, 2))
    assert herald_sides("opposite", 1) == ((0, 2), (1, 3))


def test_g017_final_clearing_capture_is_never_a_sweep() -> None:
    v = VECTORS["G017"]
    table, played = v["input"]["table"], v["input"]["played"]
    s = GAME.initial_state(None, 17, "2p")
    s = arrange(s, [[played], []], table, to_act=0, rest_to_pile=1)
    action = f"play {played} x " + " ".join(v["expected"]["captures"])
    assert GAME.legal_actions(s) == (action,)
    assert GAME.describe_action(s, action)["key"] == "primiera.capture"
    end = GAME.apply(s, action)
    assert end.sheet[-1].sides[0][1].sweeps == 0 and end.sweeps == (0, 0)
    # the same capture earlier in the round is a sweep
    s2 = arrange(GAME.initial_state(None, 17, "2p"), [[played, "KC"], ["KS"]], table, to_act=0, rest_to_pile=1)
    assert GAME.describe_action(s2, action)["key"] == "primiera.sweep"
    assert GAME.apply(s2, action).sweeps == (1, 0)


def test_g017_a_sweep_with_the_last_card_of_an_earlier_deal_counts_in_2p() -> None:
    # D-PA8: only the last card of the round is excluded
    s = GAME.initial_state(None, 170, "2p")
    s = arrange(s, [[], ["7S"]], ["3D", "4H"], to_act=1)
    assert s.stock
    s = GAME.apply(s, "play 7S x 3D 4H")
    assert s.sweeps == (0, 1) and s.deals == 2


def test_g018_winning_targets() -> None:
    v = VECTORS["G018"]["expected"]
    for mode, variant in MODES.items():
        assert RULES[variant].target == v[mode]
        assert GAME.info.variant(variant).resolve_options(None)["target"] == v[mode]
        assert GAME.initial_state(None, 18, variant).target == v[mode]


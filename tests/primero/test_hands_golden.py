"""Primero hand values: every rulebook worked example (rulebook-examples.json G019-G042) and golden censuses.

Each test is named after its example. Expected values are read from the vectors file
(tests/data/rulebook-examples.json, a copy of the shared design file) where it has them,
so a change there or in ``hands`` shows up here.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pygame_core.cards import Card
from pygame_core.errors import OptionsError
from pygame_core.primero import hands
from pygame_core.primero.hands import CARDANO_VALUES, compare, evaluate, get_rules

# A copy of the design team's shared/design/rulebook-examples.json, kept in the repo so the tests
# stand alone (CI runs on a clean clone). Refresh it with the shared file when the vectors change;
# test_vectors_copy_matches_the_shared_file notices a stale copy where shared/ is beside the repo.
VECTORS_FILE = Path(__file__).resolve().parents[1] / "data" / "rulebook-examples.json"
SHARED_VECTORS_FILE = Path(__file__).resolve().parents[3] / "shared" / "design" / "rulebook-examples.json"


def _vectors() -> dict[str, dict[str, Any]]:
    """Every vector by id; fails loudly (never skips) if the copy is missing or unreadable."""
    if not VECTORS_FILE.is_file():
        raise FileNotFoundError(f"{VECTORS_FILE} is missing: copy shared/design/rulebook-examples.json there")
    return {v["id"]: v for v in json.loads(VECTORS_FILE.read_text(encoding="utf-8"))["vectors"]}


VECTORS = _vectors()


def test_vectors_copy_is_complete() -> None:
    """Every vector these tests read is in the copy."""
    used = {"G019", "G020", "G021", "G022", "G023", "G026", "G027", "G028", "G029", "G030", "G031", "G032",
            "G033", "G034", "G035", "G037", "G038", "G039", "G040", "G042"}
    assert used <= set(VECTORS), sorted(used - set(VECTORS))


@pytest.mark.skipif(not SHARED_VECTORS_FILE.is_file(), reason=f"no shared design folder at {SHARED_VECTORS_FILE}")
def test_vectors_copy_matches_the_shared_file() -> None:
    shared = json.loads(SHARED_VECTORS_FILE.read_text(encoding="utf-8"))
    assert json.loads(VECTORS_FILE.read_text(encoding="utf-8")) == shared, (
        f"tests/data/rulebook-examples.json is stale: copy {SHARED_VECTORS_FILE} over it"
    )


def vec(vid: str) -> dict[str, Any]:
    """One vector by id."""
    return VECTORS[vid]


def value(cards: Iterable[str], rules: str) -> dict[str, Any]:
    """kind/points (and total under Northpass) of a hand, in the vectors' vocabulary."""
    hr = get_rules(rules)
    v = evaluate(list(cards), hr)
    out: dict[str, Any] = {"category": v.kind, "points": v.points}
    if hr.whole_hand_tiebreak:
        out["total"] = v.total
    return out


def beats(a: Sequence[str], b: Sequence[str], rules: str) -> bool:
    """True if hand ``a`` beats hand ``b``."""
    hr = get_rules(rules)
    return compare(evaluate(a, hr), evaluate(b, hr), hr) == 1


def check_hands(vid: str, rules: str) -> None:
    """Every named hand of a vector has its stated category, points (and total)."""
    v = vec(vid)
    for name, cards in v["input"].items():
        assert value(cards, rules) == v["expected"]["hands"][name], f"{vid} {name}"


# --- Waks (doc 003) -------------------------------------------------------------------------------


def test_waks_primero_65() -> None:  # G019
    v = vec("G019")
    assert value(v["input"]["hand"], "waks") == v["expected"] == {"category": "primero", "points": 65}


def test_waks_numerus_54_king_not_counted() -> None:  # G020
    v = vec("G020")
    assert value(v["input"]["hand"], "waks") == v["expected"] == {"category": "numerus", "points": 54}
    assert Card.parse("KC") not in evaluate(v["input"]["hand"], "waks").counting


def test_waks_supremus_55() -> None:  # G021
    v = vec("G021")
    assert value(v["input"]["hand"], "waks") == v["expected"] == {"category": "supremus", "points": 55}  # D-PR2


def test_waks_supremus_beats_primero_beats_numerus() -> None:  # G022 (the hands share 6H: compared pairwise)
    v = vec("G022")
    hs = v["input"]["hands"]
    order = v["expected"]["ranking_best_first"]
    assert order == ["Z", "X", "Y"]
    for better, worse in zip(order, order[1:], strict=False):
        assert beats(hs[better], hs[worse], "waks") and not beats(hs[worse], hs[better], "waks")
    rules = get_rules("waks")
    assert sorted(order, key=lambda k: hands.strength(evaluate(hs[k], rules), rules), reverse=True) == order


def test_waks_card_values_implied_by_examples() -> None:  # G023, D-PR8
    v = vec("G023")["expected"]
    for rank in ("7", "6", "A", "K", "5"):
        assert CARDANO_VALUES[rank] == v[rank]
    assert dict(get_rules("waks").values) == v["recommended_full_table"]
    assert CARDANO_VALUES["5"] == 54 - 21 - 18


def test_waks_showdown_anna_primero_65_beats_ben_numerus_54() -> None:  # G024's hands
    # G024 is inconsistent: the 6H is in both hands. The values hold; with the
    # vector's suggested substitute Ben 7H 5H 4H 2C (numerus 50) Anna still wins.
    assert value(["7H", "6H", "5H", "2C"], "waks") == {"category": "numerus", "points": 54}
    assert value(["7H", "5H", "4H", "2C"], "waks") == {"category": "numerus", "points": 50}
    assert beats(["7S", "6H", "AD", "KC"], ["7H", "5H", "4H", "2C"], "waks")


def test_waks_supremus_ties_are_seat_ties() -> None:  # D-PR2: fixed 55, so supremus v supremus is even
    a, b = evaluate(["AH", "6H", "7H", "2C"], "waks"), evaluate(["AS", "6S", "7S", "KD"], "waks")
    assert (a.points, b.points) == (55, 55)
    assert compare(a, b, get_rules("waks")) == 0 and get_rules("waks").exact_tie == "seat"


# --- RMS (doc 002) -----------------------------------------------------------------------------------


def test_rms_point_table() -> None:  # G026
    assert dict(get_rules("rms").values) == vec("G026")["expected"]


def test_rms_numerus_of_three_face_cards_is_30() -> None:  # G027
    v = vec("G027")
    assert value(v["input"]["hand"], "rms") == v["expected"]


def test_rms_two_high_cards_beat_three_face_cards() -> None:  # G028
    # INCONSISTENT in the rulebook: "two 7's (42 points)" cannot be a numerus (no
    # suit holds two 7s). We test the vector's corrected hand 7H 6H (39, the
    # largest 2-card numerus) against three face cards (30).
    v = vec("G028")
    a, b = v["input"]["corrected_hand_a"], v["input"]["hand_b"]
    assert value(a, "rms") == v["expected"]["corrected_hand_a"] == {"category": "numerus", "points": 39}
    assert value(b, "rms") == v["expected"]["hand_b"] == {"category": "numerus", "points": 30}
    assert beats(a, b, "rms")


def test_rms_largest_pair_numerus_is_39() -> None:  # G028 note
    rules = get_rules("rms")
    pairs = [evaluate(h, rules) for h in hands.all_hands(rules)]
    best = max(v.points for v in pairs if v.kind == hands.NUMERUS and len(v.counting) == 2)
    assert best == 39


def test_rms_category_order() -> None:  # G029
    order = vec("G029")["expected"]["order"]
    assert list(reversed(get_rules("rms").kinds)) == order
    examples = {
        "chorus": ["2S", "2H", "2D", "2C"],
        "fluxus": ["2S", "3S", "4S", "5S"],
        "punto": ["AS", "6H", "7D", "JC"],
        "supremus": ["AH", "6H", "7H", "2C"],
        "primero": ["7S", "6H", "AD", "KC"],
        "numerus": ["7H", "6H", "5H", "KC"],
    }
    for kind, cards in examples.items():
        assert evaluate(cards, "rms").kind == kind
    for better, worse in zip(order, order[1:], strict=False):
        assert beats(examples[better], examples[worse], "rms"), (better, worse)


def test_rms_punto_is_65_and_needs_two_suits() -> None:  # D-PR4
    assert value(["AS", "6H", "7D", "JC"], "rms") == {"category": "punto", "points": 65}
    assert value(["AS", "6S", "7S", "JH"], "rms") == {"category": "punto", "points": 65}  # beats supremus
    assert value(["AS", "6S", "7S", "JS"], "rms")["category"] == "fluxus"
    assert value(["AS", "6H", "7D", "QC"], "rms")["category"] == "primero"
    assert value(["AS", "6H", "7D", "JC"], "waks")["category"] == "primero"  # punto is RMS only


def test_rms_supremus_counts_four_cards_or_fixed_55() -> None:  # D-PR5
    assert value(["AH", "6H", "7H", "2C"], "rms") == {"category": "supremus", "points": 67}
    fixed = get_rules("rms", supremus_fixed=True)
    assert evaluate(["AH", "6H", "7H", "2C"], fixed).points == 55
    assert get_rules("rms").exact_tie == "split"  # D-PR7


# RMS wild J of hearts (D-PR6), values checked by hand.
WILD_CASES = [
    # (hand, kind, points, stands for) -- why
    (["JH", "6H", "7H", "2C"], "supremus", 67, "AH"),  # A 6 7 of hearts + 2: 16+18+21+12
    (["JH", "7S", "7D", "7C"], "chorus", 84, "7H"),  # four 7s
    (["JH", "2H", "3H", "4H"], "fluxus", 60, "7H"),  # 7H is the best heart: 21+12+13+14
    (["JH", "2S", "3D", "4C"], "primero", 60, "7H"),  # 7H completes a primero: 21+12+13+14
    (["JH", "7S", "6D", "AC"], "punto", 65, "JH"),  # a J keeps the punto (65), above the primero 7H would make (76);
    # JS, JD and JC would do as well, but no substitute does better, so the J of hearts counts as itself
    (["JH", "QS", "KD", "2C"], "primero", 53, "7H"),  # 21+10+10+12: the wild is the best missing suit's 7
]


@pytest.mark.parametrize(("cards", "kind", "points", "stands_for"), WILD_CASES)
def test_rms_wild_jack_of_hearts(cards: list[str], kind: str, points: int, stands_for: str | None) -> None:
    rules = get_rules("rms", wild=True)
    v = evaluate(cards, rules)
    assert (v.kind, v.points) == (kind, points)
    assert v.wild_as is not None
    assert str(v.wild_as) == stands_for
    plain = evaluate(cards, "rms").key
    assert plain <= v.key and (plain < v.key) == (stands_for != "JH")  # the wild helps unless J is best
    data = v.to_json(rules)
    assert data["wild_as"] == str(v.wild_as) == stands_for and data["cards"] == cards
    assert set(data["counting"]) <= set(cards)  # the J of hearts is shown as itself among the counting cards


def test_rms_wild_jack_that_no_card_beats_counts_as_itself_whatever_the_order() -> None:  # D-PR6
    rules = get_rules("rms", wild=True)
    for perm in itertools.permutations(["JH", "7S", "6D", "AC"]):
        v = evaluate(perm, rules)
        assert v.wild_as == Card.parse("JH") and v.to_json(rules)["wild_as"] == "JH"
        assert (v.kind, v.points) == ("punto", 65) and v.counting == v.cards
    no_jack = evaluate(["7S", "6D", "AC", "2H"], rules)
    assert no_jack.wild_as is None and no_jack.to_json(rules)["wild_as"] is None
    assert "wild_as" not in evaluate(["7S", "6D", "AC", "JH"], "rms").to_json(get_rules("rms"))


def test_equal_pairs_count_the_earlier_suit_whatever_the_order() -> None:  # D-PR3, suits in S H D C order
    for rules in ("waks", "rms"):
        for perm in itertools.permutations(["6D", "JD", "AS", "2S"]):  # 18+10 = 16+12 = 28
            v = evaluate(perm, rules)
            assert (v.kind, v.points) == ("numerus", 28)
            assert set(v.counting) == {Card.parse("AS"), Card.parse("2S")}
            assert v.counting == tuple(c for c in v.cards if c.suit == "S")  # in the hand's order
    v = evaluate(["3C", "4C", "4H", "3H"], get_rules("northpass"))  # 7 = 7: hearts come before clubs
    assert [str(c) for c in v.counting] == ["4H", "3H"]


def test_unknown_rule_set_is_an_options_error() -> None:
    for bad in ("poker", "", "RMS"):
        with pytest.raises(OptionsError, match="no rule set"):
            get_rules(bad)
    with pytest.raises(OptionsError, match="no rule set 'poker'"):
        evaluate(["7S", "6H", "AD", "KC"], "poker")
    with pytest.raises(OptionsError, match="RMS options"):
        get_rules("northpass", supremus_fixed=True)


def test_rms_wild_off_by_default() -> None:
    assert value(["JH", "6H", "7H", "2C"], "rms") == {"category": "numerus", "points": 49}
    assert evaluate(["AS", "2S", "3D", "4C"], get_rules("rms", wild=True)).wild_as is None
    with pytest.raises(ValueError, match="RMS options"):
        get_rules("waks", wild=True)


# --- Northpass (doc 004) ------------------------------------------------------------------------


def test_northpass_bob_17_beats_ray_15() -> None:  # G030
    v = vec("G030")
    assert value(v["input"]["Bob"], "northpass") == v["expected"]["Bob"]
    assert value(v["input"]["Ray"], "northpass") == v["expected"]["Ray"]
    assert beats(v["input"]["Bob"], v["input"]["Ray"], "northpass")


def test_northpass_two_card_numerus_19_beats_three_card_12() -> None:  # G031
    v = vec("G031")
    assert value(v["input"]["X"], "northpass") == v["expected"]["X"]
    assert value(v["input"]["Y"], "northpass") == v["expected"]["Y"]
    assert beats(v["input"]["X"], v["input"]["Y"], "northpass")


def test_northpass_tom_dick_whole_hand_tiebreak() -> None:  # G032
    v = vec("G032")
    tom, dick = v["input"]["Tom"], v["input"]["Dick"]
    assert value(tom, "northpass") == v["expected"]["Tom"] == {"category": "numerus", "points": 16, "total": 25}
    assert value(dick, "northpass") == v["expected"]["Dick"] == {"category": "numerus", "points": 16, "total": 23}
    assert beats(tom, dick, "northpass") and not beats(dick, tom, "northpass")
    # under Cardano rules points alone cannot separate them: the tie-break is Northpass's own
    assert get_rules("northpass").whole_hand_tiebreak and not get_rules("waks").whole_hand_tiebreak


def test_northpass_hansel_gretel_ted_alice_deal1_initial() -> None:  # G033
    check_hands("G033", "northpass")


def test_northpass_hansel_gretel_ted_alice_deal1_after_trades() -> None:  # G034
    check_hands("G034", "northpass")


def test_northpass_hansel_gretel_ted_alice_deal1_showdown_ted_wins() -> None:  # G035
    check_hands("G035", "northpass")
    hs = vec("G035")["input"]
    rules = get_rules("northpass")
    best = max(hs, key=lambda name: evaluate(hs[name], rules).key)
    assert [best] == vec("G035")["expected"]["winners"] == ["Ted"]


def test_northpass_forced_stake_deal2_initial() -> None:  # G037
    check_hands("G037", "northpass")


def test_northpass_forced_stake_deal2_after_trades() -> None:  # G038
    check_hands("G038", "northpass")


def test_northpass_forced_stake_deal2_showdown_hansel_fluxus_17_beats_primero_24() -> None:  # G039
    check_hands("G039", "northpass")
    hs = vec("G039")["input"]
    rules = get_rules("northpass")
    ranked = sorted(hs, key=lambda name: evaluate(hs[name], rules).key, reverse=True)
    assert ranked[0] == "Hansel" and vec("G039")["expected"]["winners"] == ["Hansel"]
    assert beats(hs["Hansel"], hs["Alice"], "northpass")  # the kind counts before the points


def test_northpass_ted_draw_analysis() -> None:  # G040
    exp = vec("G040")["expected"]
    gretel = ["5S", "7S", "10S", "9D"]  # numerus 22 (G037)
    rules = get_rules("northpass")
    g = evaluate(gretel, rules)
    for diamond, want in (("7D", "tie on numerus"), ("8D", "win"), ("9D", "win")):
        # Ted keeps 5D 10D and draws the diamond; his fourth card is a spade or club filler
        filler = "AC" if diamond != "9D" else "2C"
        t = evaluate(["5D", "10D", diamond, filler], rules)
        assert (t.kind, t.points) == ("numerus", exp[diamond]["numerus"])
        if want == "win":
            assert compare(t, g, rules) == 1
        else:
            assert t.points == g.points  # equal points: the whole-hand totals decide
    # trading the 5D from 5D 10D 7H 3S: any of the ten clubs makes a primero
    clubs = [c for c in rules.deck if c.suit == "C"]
    makes = [c for c in clubs if evaluate(["10D", "7H", "3S", str(c)], rules).kind == "primero"]
    assert len(makes) == exp["clubs_that_make_primero_if_trading_5D"] == 10


def test_northpass_complete_tie_splits_the_pot() -> None:  # G042, D-NP1
    v = vec("G042")
    rules = get_rules("northpass")
    a = evaluate(["2S", "3S", "4H", "5D"], rules)  # numerus 5, total 14
    b = evaluate(["2H", "3H", "5S", "4C"], rules)  # numerus 5, total 14
    assert (a.kind, a.points, a.total) == (b.kind, b.points, b.total) == ("numerus", 5, 14)
    assert compare(a, b, rules) == 0 and rules.exact_tie == "split"
    pot, n = v["input"]["pot"], v["input"]["winners"]
    assert (pot // n, pot % n) == (v["expected"]["each"], v["expected"]["carried_to_next_pot"])


def test_northpass_ranking_has_no_supremus() -> None:  # D-NP1
    assert get_rules("northpass").kinds == ("numerus", "primero", "fluxus", "chorus")
    assert value(["AH", "6H", "7H", "2C"], "northpass") == {"category": "numerus", "points": 14, "total": 16}


# --- Roman, Losing ---------------------------------------------------------------------------------


def test_roman_eight_nine_ten_are_worth_ten() -> None:  # D-PR11
    assert value(["8S", "9H", "10D", "KC"], "roman") == {"category": "primero", "points": 40}
    assert value(["10S", "10H", "10D", "10C"], "roman") == {"category": "chorus", "points": 40}
    with pytest.raises(ValueError, match="not in the Waks"):
        evaluate(["8S", "9H", "10D", "KC"], "waks")


def test_losing_reverses_the_order() -> None:  # D-PR10
    rules = get_rules("losing")
    sup, num = evaluate(["AH", "6H", "7H", "2C"], rules), evaluate(["7H", "6H", "5H", "KC"], rules)
    assert compare(num, sup, rules) == 1 and compare(sup, num, get_rules("waks")) == 1


# --- golden census (house style "perft") ----------------------------------------------------------
# waks: chorus 10 (one per rank); fluxus 4 suits x C(10,4)=210 -> 840 (an A67 of one suit plus a 4th of
# the same suit is a fluxus, D-PR1); supremus 4 suits x 30 cards of other suits = 120; primero 10^4
# one-per-suit hands minus the 10 choruses = 9990; numerus the rest: 91390-10-840-120-9990 = 80430.
# rms adds punto: ranks exactly {A,6,7,J} = 4^4 = 256 minus 4 one-suit = 252, taken from primero (4! = 24
# one-per-suit), supremus (A67 of a suit + a J of another: 4x3 = 12) and numerus (252-24-12 = 216):
# primero 9966, supremus 108, numerus 80214.
# northpass: no supremus, so numerus = 91390-10-840-9990 = 80550.
# roman: C(52,4) = 270725; chorus 13; fluxus 4 x C(13,4)=715 -> 2860; supremus 4 x 39 = 156;
# primero 13^4 - 13 = 28548; numerus 270725-13-2860-156-28548 = 239148.
CENSUS = {
    "waks": {"numerus": 80430, "primero": 9990, "supremus": 120, "fluxus": 840, "chorus": 10},
    "rms": {"numerus": 80214, "primero": 9966, "supremus": 108, "punto": 252, "fluxus": 840, "chorus": 10},
    "northpass": {"numerus": 80550, "primero": 9990, "fluxus": 840, "chorus": 10},
}


@pytest.mark.parametrize("rules", sorted(CENSUS))
def test_census(rules: str) -> None:
    counts = hands.census(get_rules(rules))
    assert counts == CENSUS[rules]
    assert sum(counts.values()) == 91390


@pytest.mark.slow
def test_census_roman() -> None:
    counts = hands.census(get_rules("roman"))
    assert counts == {"numerus": 239148, "primero": 28548, "supremus": 156, "fluxus": 2860, "chorus": 13}
    assert sum(counts.values()) == 270725

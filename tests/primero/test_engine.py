"""Unit tests of the Primero engine: actions, errors, betting rules, pots, hidden information."""

from __future__ import annotations

import dataclasses
import json

import pytest

from pygame_core.errors import IllegalActionError, InvalidActionError, OptionsError
from pygame_core.primero.game import GAME, PrimeroState, chip_total, state_from_deal
from pygame_core.protocol import Game

VARIANTS = ("waks", "italian", "suzuki", "roman", "losing", "rms", "northpass")


def _play(s: PrimeroState, *actions: str) -> PrimeroState:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def test_game_info_and_protocol() -> None:
    assert isinstance(GAME, Game)
    assert set(GAME.info.agents) == {"easy", "medium", "hard"}
    assert GAME.info.name == "primero" and GAME.info.default_variant == "waks"
    assert tuple(v.name for v in GAME.info.variants) == VARIANTS
    assert GAME.info.variant("rms").min_players == 4
    opts = GAME.info.variant("waks").resolve_options(None)
    assert opts == {"players": 4, "stake": 1, "rest": 3, "chips": 50, "deals": 20}
    with pytest.raises(OptionsError):
        GAME.initial_state({"players": 3}, 1, "rms")
    with pytest.raises(OptionsError):
        GAME.initial_state({"table": "nine"}, 1, "rms")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("VIE 2", "vie 2"),
        ("  see ", "see"),
        ("discard kc 7d", "discard 7D KC"),
        ("discard", "discard"),
        ("trade 10h as", "trade AS 10H"),
        ("bet 2 Numerus 13", "bet 2 numerus 13"),
        ("vie 1 primero 60", "vie 1 primero 60"),
        ("draw 3", "draw 3"),
        ("draw", "draw"),
        ("discard 1h", "discard AH"),
        ("vada", "vada"),
    ],
)
def test_parse_action_canonical(text: str, canonical: str) -> None:
    assert GAME.parse_action(text) == canonical
    assert GAME.parse_action(canonical) == canonical


@pytest.mark.parametrize("text", ["", "vie", "vie x", "vie -1", "trade", "trade AS 2S 3S", "discard AS AS",
                                  "bet 2 royal 13", "discard 8X", "jump", "see 2"])
def test_parse_action_rejects(text: str) -> None:
    with pytest.raises(InvalidActionError):
        GAME.parse_action(text)


def test_apply_errors() -> None:
    s = GAME.initial_state(None, 5, "waks")
    with pytest.raises(InvalidActionError):
        GAME.apply(s, "hop")
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "see")  # nobody has vied
    with pytest.raises(IllegalActionError):
        GAME.apply(s, "vie 4")  # above the rest


def test_state_is_frozen_tuples_and_deterministic() -> None:
    a = GAME.initial_state(None, 11, "waks")
    b = GAME.initial_state(None, 11, "waks")
    assert a == b
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.deal = 3  # type: ignore[misc]
    for f in dataclasses.fields(a):
        v = getattr(a, f.name)
        assert not isinstance(v, (list, dict, set))


def test_first_dealer_drawn_and_eldest_speaks_first() -> None:
    for seed in range(10):
        s = GAME.initial_state({"players": 5}, seed, "waks")
        assert GAME.current_player(s) == (s.dealer + 1) % 5
        assert s.log[0][:2] == (s.dealer, "first-dealer")
        assert all(len(h) == 2 for h in s.hands)


def test_swigging_carries_the_pot() -> None:
    base = GAME.initial_state({"players": 2}, 3, "waks")
    s = state_from_deal(base, 1, [["7S", "6S"], ["KS", "QS"]], [])
    s = _play(s, "vie 1", "see", "discard", "discard", "pass", "pass")
    assert s.carry == 2 and s.deal == 2
    assert GAME.observation(s, 0)["last_deal"]["how"] == "swig"
    assert GAME.observation(s, 0)["pot"] == 2
    assert chip_total(s) == 100


def test_lone_player_wins_without_showing() -> None:
    base = GAME.initial_state({"players": 3}, 3, "waks")
    s = state_from_deal(base, 2, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"]], [])
    s = _play(s, "vie 3", "fold")
    assert GAME.legal_actions(s) == ("revie 1", "revie 2", "revie 3", "see")  # D-WB3: seat 2 is forced
    s = state_from_deal(base, 2, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"]], [])
    s = _play(s, "pass", "pass", "pass", "discard", "discard", "discard", "vie 3", "fold", "fold")  # round 2
    last = GAME.observation(s, 1)["last_deal"]
    assert last["how"] == "lone" and last["shown"] == [] and last["won"] == [{"seat": 0, "amount": 3}]


def test_all_in_side_pot() -> None:
    base = GAME.initial_state({"players": 3}, 4, "waks")
    base = dataclasses.replace(base, chips=(2, 50, 50))
    hands = [["7S", "7H"], ["AS", "6H"], ["2S", "3S"]]
    s = state_from_deal(base, 2, hands, ["7D", "5D", "4H", "7C", "KC", "5H"])
    total = chip_total(s)
    s = _play(s, "vie 2", "revie 3", "see")
    obs = GAME.observation(s, 1)
    assert obs["seats"][0]["all_in"]
    assert obs["pots"] == [{"amount": 6, "eligible": [0, 1, 2]}, {"amount": 6, "eligible": [1, 2]}]
    s = _play(s, "discard", "discard", "discard", "vie 1", "see")
    last = GAME.observation(s, 0)["last_deal"]
    assert [p["winners"] for p in last["pots"]] == [[0], [1]]
    assert s.chips[:3] == (6, 52, 44)
    assert chip_total(s) == total


def test_italian_claim_nobody_holds_stays_in_pot() -> None:
    base = GAME.initial_state({"players": 2}, 6, "italian")
    s = state_from_deal(base, 1, [["7S", "6S"], ["KS", "QS"]], ["2H", "3H", "4D", "5D"])
    assert "vie 1 numerus 30" in GAME.legal_actions(s)
    s = _play(s, "vie 1 numerus 30", "see", "discard", "discard")
    assert "vie 1 numerus 30" not in GAME.legal_actions(s)  # D-PR9: a new claim must beat the last
    s = _play(s, "vie 1 chorus 84", "see")
    last = GAME.observation(s, 0)["last_deal"]
    assert last["how"] == "unclaimed" and last["claim"] == "chorus 84"
    assert s.carry == 4


def test_losing_lowest_hand_wins() -> None:
    base = GAME.initial_state({"players": 2}, 6, "losing")
    s = state_from_deal(base, 1, [["7S", "6H"], ["KS", "QS"]], ["AD", "KD", "5C", "JS"])
    s = _play(s, "vie 1", "see", "discard", "discard", "vie 1", "see")
    last = GAME.observation(s, 0)["last_deal"]
    assert last["won"] == [{"seat": 1, "amount": 4}]


def test_suzuki_has_no_fold_and_trades() -> None:
    s = GAME.initial_state({"players": 3}, 8, "suzuki")
    legal = GAME.legal_actions(s)
    assert "fold" not in legal and "pass" not in legal
    assert sum(a.startswith("trade ") for a in legal) == 10
    assert any(a.startswith("bet 1 supremus 55") for a in legal)


def test_rms_bet_refused_by_everyone_is_withdrawn() -> None:
    base = GAME.initial_state({"players": 4, "ante": 1}, 9, "rms")
    s = state_from_deal(base, 0, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"], ["4D", "5D"]], [])
    assert GAME.current_player(s) == 0  # D-RM1: the dealer speaks first
    before = s.chips
    s = _play(s, "bet 2", "refuse", "refuse", "refuse")
    assert s.chips == before and s.phase == "bet2" and not any(s.folded)  # D-RM4


def test_rms_raise_refused_is_withdrawn_then_refuser_may_match() -> None:
    base = GAME.initial_state({"players": 4, "ante": 1}, 9, "rms")
    s = state_from_deal(base, 0, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"], ["4D", "5D"]], [])
    s = _play(s, "bet 1", "raise 2", "refuse", "match", "match")
    assert s.bets == (1, 1, 0, 1)  # the raise went back (D-RM4)
    assert GAME.current_player(s) == 2 and GAME.legal_actions(s) == ("fold", "match")
    s = _play(s, "match")
    assert s.phase == "bet2" and all(len(h) == 4 for h in s.hands)


def test_rms_forced_stay() -> None:
    base = GAME.initial_state({"players": 4, "ante": 1}, 9, "rms")
    s = state_from_deal(base, 0, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"], ["4D", "5D"]], [])
    s = _play(s, "bet 1", "fold", "fold", "fold")
    assert s.volunteering and GAME.current_player(s) == 2
    assert GAME.observation(s, 2)["forced"] == 1
    s = _play(s, "pass", "pass")  # nobody volunteers: seat 1, next after the survivor, must stay (D-RM5)
    assert not s.folded[1] and s.folded[2] and s.folded[3]
    assert s.contrib == (2, 2, 1, 1)


def test_rms_eight_card_table_draw_and_vada() -> None:
    base = GAME.initial_state({"players": 4, "ante": 1}, 10, "rms")
    s = state_from_deal(base, 0, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"], ["4D", "5D"]], [])
    s = _play(s, "pass", "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert s.phase == "play" and GAME.observation(s, 0)["table_slots"] == 8
    s = _play(s, "draw 3")
    assert GAME.observation(s, 0)["table_slots"] == 7 and len(s.hands[0]) == 5
    dropped = GAME.legal_actions(s)[0]
    s = _play(s, dropped)
    assert GAME.observation(s, 0)["table_slots"] == 8 and str(s.table[2]) == dropped.split()[1]
    s = _play(s, "vada", "vada")  # two knocks end play
    assert s.deal == 2 and GAME.observation(s, 0)["last_deal"]["how"] == "showdown"


def test_observation_hides_other_hands_and_discards() -> None:
    s = GAME.initial_state({"players": 3}, 12, "waks")
    obs = GAME.observation(s, 0)
    for key in ("game", "variant", "seat", "players", "deal", "dealer", "phase", "to_act", "pot", "pots", "stake",
                "rest", "to_call", "seats", "hand", "hand_value", "log", "last_deal", "table_slots", "stock",
                "result"):
        assert key in obs
    assert obs["seats"][1]["cards"] is None and obs["seats"][0]["cards"] == obs["hand"]
    assert GAME.observation(s, -1)["hand"] is None
    json.dumps(obs)
    hidden = set(GAME.hidden_cards(s, 0))
    assert not hidden & set(obs["hand"])
    assert len(hidden) == 38
    while s.phase != "draw":
        s = GAME.apply(s, "pass")
    p = GAME.current_player(s)
    s = GAME.apply(s, max(GAME.legal_actions(s), key=lambda a: len(a.split())))
    assert GAME.observation(s, 1)["log"][-1] == {
        "seat": p, "key": "primero.act.discard", "args": {"n": 2}, "action": "discard 2", "deal": 1}
    other = GAME.resample_hidden(s, 1, 99)
    assert GAME.observation(other, 1) == GAME.observation(s, 1)
    assert other.hands[1] == s.hands[1] and chip_total(other) == chip_total(s)


def test_result_and_describe() -> None:
    s = GAME.initial_state({"players": 2, "deals": 1}, 2, "waks")
    assert GAME.describe_action(s, "vie 2") == {"key": "primero.act.vie", "seat": s.to_act, "args": {"n": 2}}
    assert GAME.describe_action(s, "discard") == {"key": "primero.act.keep", "seat": s.to_act, "args": {}}
    while not GAME.is_terminal(s):
        s = GAME.apply(s, GAME.legal_actions(s)[-1])
    r = GAME.result(s)
    assert r["deals"] == 1 and sum(r["scores"]) + r["carried"] == 100
    assert r["winners"] == [p for p in range(2) if r["scores"][p] == max(r["scores"])]

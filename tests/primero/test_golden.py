"""Golden scenarios from the rulebooks (rulebook-examples.json), named after the book's examples."""

from __future__ import annotations

from typing import Any

from pygame_core.primero.game import GAME, PrimeroState, chip_total, state_from_deal


def _play(s: PrimeroState, *actions: str) -> PrimeroState:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def _seat(s: PrimeroState, seat: int) -> dict[str, Any]:
    obs = GAME.observation(s, seat)
    return obs


def test_waks_anna_ben_carla_dan_pots() -> None:
    """G024. Anna 0 (eldest), Ben 1, Carla 2, Dan 3 (dealer); stake 1, rest 3.

    The book gives both Anna and Ben the 6 of hearts. As the vector's note suggests,
    Ben's 6H is substituted: Ben shows 7H 5H 4H 2C, a numerus of 50 (not 54); Anna still wins.
    """
    base = GAME.initial_state({"players": 4, "stake": 1, "rest": 3, "chips": 50}, 24, "waks")
    hands = [["7S", "3D"], ["QS", "QD"], ["JS", "JD"], ["KS", "3S"]]
    # draws in seat order (Anna 1, Ben 2, Dan 1), then two more cards each from the eldest
    stock = ["6H", "7H", "5H", "2S", "AD", "4H", "4S", "KC", "2C", "5S"]
    s = state_from_deal(base, 3, hands, stock)
    total = chip_total(s)
    assert GAME.current_player(s) == 0
    s = _play(s, "pass", "vie 2", "pass", "pass")
    # forced see on Anna: see or see-and-revie only (D-WB3)
    assert GAME.current_player(s) == 0
    assert GAME.legal_actions(s) == ("revie 1", "revie 2", "revie 3", "see")
    assert _seat(s, 0)["forced"] == 0
    s = _play(s, "see")
    # The book's "Ben has already bet 2 and passes" is a no-op: the engine skips a player who
    # has matched the highest bet, so the turn goes straight to Carla.
    assert GAME.current_player(s) == 2
    assert "pass" not in GAME.legal_actions(s)  # Carla passed once after the vie (D-WB2)
    s = _play(s, "fold", "see")
    obs = _seat(s, -1)
    assert obs["pot"] == 6 and obs["phase"] == "draw"
    s = _play(s, "discard 3D", "discard QS QD", "discard 3S")
    assert [str(c) for c in s.hands[0]] == ["7S", "6H", "AD", "KC"]
    assert [str(c) for c in s.hands[1]] == ["7H", "5H", "4H", "2C"]
    assert _seat(s, 0)["phase"] == "bet2"
    assert _seat(s, 0)["hand_value"]["kind"] == "primero" and _seat(s, 0)["hand_value"]["points"] == 65
    s = _play(s, "pass", "vie 3", "fold")
    assert _seat(s, -1)["pot"] == 9
    contributions = tuple(s.contrib)
    s = _play(s, "see")
    assert contributions[:3] == (2, 5, 0)
    last = _seat(s, -1)["last_deal"]
    assert last["contributions"] == [5, 5, 0, 2]
    assert last["won"] == [{"seat": 0, "amount": 12}]
    shown = {d["seat"]: (d["kind"], d["points"]) for d in last["shown"]}
    assert shown == {0: ("primero", 65), 1: ("numerus", 50)}
    assert chip_total(s) == total
    assert s.chips == (57, 45, 50, 48)


def test_northpass_deal_1_bets_and_announcements() -> None:
    """G033-G036: Hansel 0, Gretel 1, Ted 2, Alice 3 (dealer); ante 1."""
    base = GAME.initial_state({"players": 4, "ante": 1, "limit": 6, "chips": 50}, 33, "northpass")
    hands = [["AC", "8C", "4D", "8H"], ["3H", "10H", "2S", "4S"], ["7D", "8S", "9H", "10C"], ["2H", "4H", "7H", "9C"]]
    s = state_from_deal(base, 3, hands, ["AD", "5D", "2D", "6S", "6H", "7C", "6D"])
    total = chip_total(s)
    assert _seat(s, 0)["hand_value"] == {"kind": "numerus", "points": 9, "total": 21, "counting": ["AC", "8C"]}
    assert GAME.current_player(s) == 0
    s = _play(s, "trade 4D 8H", "bet 2 numerus 13")
    assert _seat(s, 2)["to_call"] == 2
    s = _play(s, "bet 6 primero 34")
    assert _seat(s, 3)["to_call"] == 6  # Alice need only meet Ted's six
    assert "bet 1 numerus 13" not in GAME.legal_actions(s)  # a new announcement must be better
    s = _play(s, "trade 9C")
    assert [str(c) for c in s.hands[0]] == ["AC", "8C", "AD", "5D"]
    assert [str(c) for c in s.hands[3]] == ["2H", "4H", "7H", "2D"]
    s = _play(s, "trade AD 5D")
    assert tuple(s.contrib) == (1, 3, 9, 1)  # antes + Gretel 2, Ted 2 + 6
    s = _play(s, "trade 2S 4S")  # every other player has had a turn since Ted's bet: showdown
    last = _seat(s, -1)["last_deal"]
    assert last["won"] == [{"seat": 2, "amount": 14}]
    shown = {d["seat"]: (d["kind"], d["points"], d["total"]) for d in last["shown"]}
    assert shown == {0: ("numerus", 9, 21), 1: ("numerus", 13, 26), 2: ("primero", 34, 34), 3: ("numerus", 13, 15)}
    assert chip_total(s) == total


def test_northpass_forced_stake_deal_2() -> None:
    """G037-G041: only Gretel bets (5); Hansel, last before her, must meet it and still trades."""
    base = GAME.initial_state({"players": 4, "ante": 1, "limit": 6, "chips": 50}, 37, "northpass")
    hands = [["AC", "2C", "4C", "3D"], ["5S", "7S", "10S", "9D"], ["5D", "10D", "7H", "3S"], ["3H", "10H", "AD", "9C"]]
    s = state_from_deal(base, 3, hands, ["6C", "5H", "3C", "AS", "4S", "5C"])
    s = _play(s, "trade AC 3D", "bet 5 numerus 22", "trade 3S 7H", "trade 3H")
    assert _seat(s, 0)["hand_value"]["points"] == 12
    assert _seat(s, 3)["hand_value"]["kind"] == "primero"
    assert GAME.current_player(s) == 0
    chips_before = s.chips[0]
    s = _play(s, "trade 5H")
    last = _seat(s, -1)["last_deal"]
    assert last["contributions"] == [6, 6, 1, 1]  # antes + Hansel's forced 5 and Gretel's 5
    assert last["won"] == [{"seat": 0, "amount": 14}]
    shown = {d["seat"]: (d["kind"], d["points"]) for d in last["shown"]}
    assert shown[0] == ("fluxus", 17) and shown[3] == ("primero", 24)
    assert any(e["action"] == "trade 1 forced stake 5" for e in _seat(s, 1)["log"])
    assert s.chips[0] >= chips_before - 5 + 14 - 1  # minus the next deal's ante


def test_northpass_complete_tie_splits_and_odd_coin_carries() -> None:
    """G042: equal points and equal whole-hand totals split the pot; the odd coin stays for the next pot."""
    base = GAME.initial_state({"players": 3, "ante": 1, "chips": 50}, 42, "northpass")
    hands = [["9S", "10S", "AH", "2D"], ["9H", "10H", "AD", "2C"], ["3C", "4C", "5H", "6D"]]
    s = state_from_deal(base, 2, hands, ["2S", "7C"])
    total = chip_total(s)
    s = _play(s, "bet 1 numerus 19", "trade 2C", "trade 6D")  # seat 2 pays the forced stake
    last = _seat(s, -1)["last_deal"]
    assert last["contributions"] == [2, 1, 2]
    assert last["pots"][0]["winners"] == [0, 1] and last["carried"] == 1
    assert last["won"] == [{"seat": 0, "amount": 2}, {"seat": 1, "amount": 2}]
    assert chip_total(s) == total

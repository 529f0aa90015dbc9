"""The Primero rules fixes of issue 6, each with the reproduction that failed on the old engine."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from pygame_core.decisions import DECISIONS
from pygame_core.errors import OptionsError
from pygame_core.primero.claims import claim_table
from pygame_core.primero.game import GAME, PrimeroState, chip_total, state_from_deal
from pygame_core.primero.hands import evaluate, get_rules
from pygame_core.primero.rules import RULES
from pygame_core.rng import AgentRandom
from pygame_core.sitedata import site_catalogue

ALL = ("waks", "italian", "suzuki", "roman", "losing", "rms", "northpass")


def _play(s: PrimeroState, *actions: str) -> PrimeroState:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def _stacks(s: PrimeroState) -> tuple[int, ...]:
    """Each seat's chips before the antes of the deal that has just started."""
    return tuple(c + k for c, k in zip(s.chips, s.contrib, strict=True))


# --- a. Northpass and Suzuki showdowns use the real hands (D-NP4) --------------------------


def test_northpass_bluff_nobody_holds_still_pays_the_best_real_hand() -> None:
    s = GAME.initial_state({"players": 2, "ante": 1, "chips": 20, "deals": 1}, 5, "northpass")
    s = _play(s, "bet 1 chorus 40", "trade 10S")  # nobody holds four tens: a bluff
    last = s.last_deal
    assert last is not None and last.how == "showdown" and last.carried == 0
    assert last.won == ((0, 4),)  # seat 0's numerus 10 beats seat 1's numerus 5
    assert s.chips == (22, 18) and s.carry == 0 and GAME.result(s)["winners"] == [0]


def test_suzuki_showdown_uses_real_hands_and_italian_still_needs_the_claim() -> None:
    s = GAME.initial_state({"players": 2, "chips": 2, "deals": 3}, 1, "suzuki")
    s = _play(s, "bet 1 primero 81", "trade QD")  # the old engine carried the pot: nobody held it
    assert s.last_deal is not None and s.last_deal.how == "showdown" and s.last_deal.carried == 0
    assert chip_total(s) == 4 and s.carry == 0
    assert RULES["italian"].win_needs_claim  # D-PR9: only the Italian game ties the win to the claim
    assert not RULES["northpass"].win_needs_claim and not RULES["suzuki"].win_needs_claim


# --- b. A claim names a hand that exists under the rule set (P-CL1) ----------------------------


def test_claims_that_no_hand_has_are_not_offered() -> None:
    s = GAME.initial_state({"players": 2}, 5, "northpass")
    legal = GAME.legal_actions(s)
    assert "bet 1 primero 5" in legal and "bet 1 chorus 4" in legal
    assert "bet 1 primero 4" not in legal and "bet 1 primero 40" not in legal  # four aces / tens are a chorus
    for variant in ("suzuki", "italian"):
        table = claim_table(RULES[variant].hands)
        assert ("numerus", 55) not in table  # A, 6, 7 of one suit is a supremus
        assert ("primero", 84) not in table and ("chorus", 84) in table  # four sevens are a chorus
        assert ("supremus", 55) in table and ("primero", 81) in table


@pytest.mark.parametrize("hands", ["northpass", "italian"])
def test_claim_table_is_exactly_the_hands_that_can_be_dealt(hands: str) -> None:
    rules = get_rules(hands)
    every = set()
    for hand in combinations(rules.deck, 4):  # all 91,390 hands
        v = evaluate(hand, rules)
        every.add((v.kind, v.points))
    assert set(claim_table(hands)) == every


# --- c. Northpass short stacks: no side pots (P-NP2) ----------------------------------------


def _short_stack_deal(variant: str, stacks: tuple[int, ...], hands: list[list[str]], stock: list[str]) -> PrimeroState:
    base = GAME.initial_state({"players": len(stacks), "chips": 20}, 1, variant)
    base = dataclasses.replace(base, chips=stacks, contrib=(0,) * len(stacks))
    return state_from_deal(base, 2, hands, stock)


ISSUE_HANDS = [["10S", "7S", "5H", "2D"], ["AC", "2C", "4S", "6H"], ["9C", "8C", "2H", "3H"]]
ISSUE_STOCK = ["3D", "4D", "3C", "AD", "5D"]


def test_short_forced_stake_wins_the_whole_pot() -> None:
    s = _short_stack_deal("northpass", (3, 20, 20), ISSUE_HANDS, ISSUE_STOCK)
    s = _play(s, "trade 2D", "bet 6 numerus 15", "trade 3H")
    assert s.to_act == 0 and s.chips[0] == 2
    s = _play(s, "trade 3D")  # the forced stake is 6; seat 0 pays its last 2
    last = s.last_deal
    assert last is not None and last.contributions == (3, 7, 1)
    assert last.pots == ((11, (0, 1, 2), (0,)),)  # one pot, everyone eligible
    assert last.won == ((0, 11),)  # the old engine gave seat 0 only 7 and seat 2 (ante only) the other 4
    assert _stacks(s) == (11, 13, 19)


def test_short_stack_that_loses_leaves_the_whole_pot_to_the_best_hand() -> None:
    hands = [["AS", "2S", "3H", "4D"], ["AC", "2C", "4S", "6H"], ["9C", "8C", "2H", "3H"]]
    s = _short_stack_deal("northpass", (3, 20, 20), hands, ISSUE_STOCK)
    s = _play(s, "trade 4D", "bet 6 numerus 15", "trade 3H", "trade 3D")
    assert s.last_deal is not None and s.last_deal.won == ((2, 11),)
    assert _stacks(s) == (0, 13, 30) and s.carry == 0


def test_all_in_on_the_ante_still_plays_for_everything() -> None:
    s = _short_stack_deal("northpass", (1, 20, 20), ISSUE_HANDS, ISSUE_STOCK)
    assert s.chips[0] == 0 and not any(a.startswith("bet") for a in GAME.legal_actions(s))
    s = _play(s, "trade 2D", "bet 6 numerus 15", "trade 3H", "trade 3D")  # nothing left to pay the forced stake
    assert s.last_deal is not None and s.last_deal.won == ((0, 9),)


def test_suzuki_short_stack_is_treated_the_same() -> None:
    hands = [["7S", "6S", "5H", "2D"], ["AC", "2C", "4S", "6H"], ["KC", "QC", "2H", "3H"]]
    s = _short_stack_deal("suzuki", (3, 20, 20), hands, ISSUE_STOCK)
    s = _play(s, "trade 2D", "bet 3 numerus 30", "trade 3H", "trade 3D")
    assert s.last_deal is not None and s.last_deal.won == ((0, 8),)  # 3 antes + 3 bet + 2 of the forced 3
    assert chip_total(s) == 43


def test_the_new_decisions_are_on_the_rules_page() -> None:
    shown = {r["variant"]: [d["id"] for d in r["decisions"]] for r in site_catalogue()["primero_rules"]}
    for variant in ("northpass", "suzuki"):
        assert {"P-NP2", "P-CL1", "P-END"} <= set(shown[variant])
    assert {"P-POT1", "P-CL1", "P-END"} <= set(shown["italian"])
    assert all("P-END" in ids for ids in shown.values())
    assert "unclaimed" not in DECISIONS["P-END"]
    assert not RULES["northpass"].side_pots and RULES["waks"].side_pots


# --- d. Options that make a game unplayable are refused ------------------------------------


@pytest.mark.parametrize(
    ("variant", "options", "message"),
    [
        ("waks", {"stake": 5, "rest": 2}, "The stake (5) can't be more than the rest (2)."),
        ("italian", {"stake": 3, "rest": 1}, "The stake (3) can't be more than the rest (1)."),
        ("suzuki", {"stake": 4, "rest": 3}, "The stake (4) can't be more than the rest (3)."),
        ("rms", {"min_bet": 4, "max_raise": 3}, "The minimum bet (4) can't be more than the maximum raise (3)."),
        ("roman", {"stake": 5, "rest": 9, "chips": 4}, "The stake (5) can't be more than the starting chips (4)."),
        # an ante that takes every chip leaves everyone all-in before anyone can bet
        ("northpass", {"ante": 20, "chips": 20}, "The ante (20) must be less than the starting chips (20), or nobody could ever bet."),
        ("suzuki", {"ante": 30, "chips": 20}, "The ante (30) must be less than the starting chips (20), or nobody could ever bet."),
        ("rms", {"players": 4, "ante": 50}, "The ante (50) must be less than the starting chips (50), or nobody could ever bet."),
    ],
)
def test_cross_checked_options(variant: str, options: dict[str, int], message: str) -> None:
    with pytest.raises(OptionsError) as err:
        GAME.initial_state(options, 1, variant)
    assert str(err.value) == message


def test_equal_stake_and_rest_still_start() -> None:
    GAME.initial_state({"stake": 3, "rest": 3, "chips": 3}, 1, "waks")
    GAME.initial_state({"min_bet": 2, "max_raise": 2}, 1, "rms")
    GAME.initial_state({"ante": 19, "chips": 20}, 1, "northpass")
    GAME.initial_state({"ante": 0, "chips": 1}, 1, "suzuki")


# --- e. No game ends with the chips gone (P-END, P-POT1) -----------------------------------


def test_carried_pot_is_shared_when_the_agreed_deals_end() -> None:
    base = GAME.initial_state({"players": 2, "deals": 1}, 3, "waks")
    s = state_from_deal(base, 1, [["7S", "6S"], ["KS", "QS"]], [])
    s = _play(s, "vie 1", "see", "discard", "discard", "pass", "pass")  # swigging in the last deal
    assert GAME.is_terminal(s) and s.last_deal is not None and s.last_deal.how == "swig"
    assert s.carry == 0 and s.chips == (50, 50)  # the old engine left the 2 chips unclaimed
    assert s.last_deal.carried == 0 and s.last_deal.won == ((0, 1), (1, 1))


def test_odd_chips_of_a_shared_carry_go_from_the_eldest() -> None:
    base = GAME.initial_state({"players": 3, "deals": 1}, 3, "waks")
    s = state_from_deal(base, 1, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"]], [])
    s = _play(s, "vie 1", "see", "see", "discard", "discard", "discard", "pass", "pass", "pass")
    assert s.chips == (50, 50, 50)  # 3 chips, one each
    s = state_from_deal(base, 1, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"]], [])
    s = _play(s, "vie 2", "see", "fold", "discard", "discard", "pass", "pass")  # 4 chips between the 2 still in
    assert s.chips == (50, 50, 50)
    s = state_from_deal(base, 1, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"]], [])
    s = _play(s, "vie 3", "see", "fold", "discard", "discard", "pass", "pass")  # 6 chips: 3 each
    assert s.chips == (50, 50, 50)
    s = state_from_deal(base, 1, [["7S", "6S"], ["KS", "QS"], ["2H", "3H"]], [])
    s = _play(s, "vie 1", "revie 1", "see", "fold", "discard", "discard", "pass", "pass")  # 5 chips, 2 still in
    assert s.chips == (51, 50, 49)  # the odd chip to seat 0, nearer the dealer's right than seat 1


@pytest.mark.parametrize("variant", ["northpass", "rms"])
def test_the_odd_chip_of_a_split_in_the_last_deal_goes_to_a_player_who_split_it(variant: str) -> None:
    """P-END: a tie splits the pot and the odd chip waits for the next pot (D-PR7, Northpass). In the
    last deal there is none: it goes to one of the players who tied, never to one who lost."""
    from pygame_core.primero.engine.deal import showdown
    from pygame_core.primero.state import seat_distance

    n = 5 if variant == "rms" else 3  # an odd pot of antes
    opts = {"players": n, "chips": 20, "deals": 1, "ante": 1}
    base = GAME.initial_state(opts, 1, variant)
    tie = [["7S", "6S", "2H", "3D"], ["7H", "6H", "2S", "3C"]]  # the same kind and points, seat for seat
    losers = [["AC", "2C", "3H", "4H"], ["JD", "QD", "KC", "JS"], ["QS", "KS", "QH", "KH"]][: n - 2]
    for dealer in range(n):
        s = showdown(state_from_deal(base, dealer, tie + losers, ["5D", "5C", "4S"]))
        assert GAME.is_terminal(s) and sum(s.chips) == 20 * n and s.carry == 0
        assert all(s.chips[p] == 19 for p in range(2, n)), (dealer, s.chips)  # the losers win nothing
        first = min((0, 1), key=lambda p: seat_distance(s, p))
        assert s.chips[first] == 19 + n // 2 + 1 and s.chips[1 - first] == 19 + n // 2, (dealer, s.chips)
    assert "dealer's right" not in DECISIONS["P-END"] and "tied" in DECISIONS["P-END"]


def test_unmatched_side_pot_goes_back_to_its_owner() -> None:
    base = GAME.initial_state({"players": 3, "deals": 2}, 6, "italian")
    base = dataclasses.replace(base, chips=(2, 50, 50))
    hands = [["2S", "3H"], ["KS", "QH"], ["4D", "5C"]]
    s = state_from_deal(base, 2, hands, ["JD", "JC", "QD", "QC"])
    s = _play(s, "pass", "vie 3 chorus 84", "fold", "see")  # seat 0 sees all-in for 2; seat 1 has 1 unmatched
    s = _play(s, "discard", "discard")
    last = s.last_deal
    assert last is not None and last.claim == "chorus 84" and last.carried == 4
    assert last.pots == ((4, (0, 1), ()), (1, (1,), (1,)))  # D-PR9 keeps the contested pot; P-POT1 returns the rest
    assert s.carry == 4 and s.chips == (0, 48, 50)  # the old engine carried all 5


def test_suzuki_pots_no_longer_pile_up_until_everyone_is_broke() -> None:
    s = GAME.initial_state({"players": 2, "chips": 2, "deals": 3}, 1, "suzuki")
    s = _play(s, "bet 1 primero 81", "trade QD")
    while not GAME.is_terminal(s):
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert sum(s.chips) == 4 and s.carry == 0 and max(s.chips) > 0


@pytest.mark.parametrize("variant", ALL)
def test_chips_add_up_at_the_end_of_every_game(variant: str) -> None:
    players = (4, 5, 6) if variant == "rms" else (2, 3, 4, 6)
    for seed in range(24):
        n = players[seed % len(players)]
        chips = (2, 4, 10)[seed % 3]
        s = GAME.initial_state({"players": n, "chips": chips, "deals": 1 + seed % 6}, seed, variant)
        rng = AgentRandom(seed)
        while not GAME.is_terminal(s):
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        assert sum(s.chips) == n * chips, (variant, seed)
        assert s.carry == 0 and sum(s.contrib) == 0, (variant, seed)
        assert max(s.chips) > 0, (variant, seed)
        assert GAME.result(s)["carried"] == 0

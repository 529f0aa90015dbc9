"""Issue 11, more players: the Primero AI reads claims by their rarity, RMS bets by the bettor's rate,
and bets in Northpass 3+ by expected chips (pieces of pygame_core/primero/ai/)."""

from __future__ import annotations

from pygame_core.primero.ai import PrimeroAgent
from pygame_core.primero.ai.common import parse_view
from pygame_core.primero.ai.eval import evaluator
from pygame_core.primero.ai.northpass import NP_HONESTY, _claim_belief, _np_multi_bet
from pygame_core.primero.ai.rms import _rms_range_q, count_bets
from pygame_core.primero.engine.deal import state_from_deal
from pygame_core.primero.game import GAME, PrimeroState
from pygame_core.rng import AgentRandom


def test_a_claim_is_believed_by_its_rarity_and_the_claimers_record() -> None:
    ev = evaluator("northpass")
    keys, _ = ev.hands_by_claim()
    top = keys[-1]  # the highest claim: almost no hand meets it
    common = keys[len(keys) * 3 // 4]  # a claim a quarter of hands meet
    assert _claim_belief(ev, top, NP_HONESTY) < 0.05  # the highest claim from a new player: a bluff
    assert _claim_belief(ev, common, NP_HONESTY) > 0.8  # an ordinary claim is believed
    exact = (40.0, 0.0, 0.0)  # forty showdowns, every claim exactly the hand shown
    liar = (0.0, 0.0, 10.0)
    assert _claim_belief(ev, common, liar) < 0.2 < _claim_belief(ev, common, exact)
    assert _claim_belief(ev, -1, liar) == 1.0  # no claim: nothing to doubt


def _np4_facing_the_highest_claim() -> PrimeroState:
    """Northpass, 4 players: seat 1 (first to speak) bets announcing the highest claim; seat 2 (hard) to act."""
    base = GAME.initial_state({"players": 4}, 1, "northpass")
    hands = [["2H", "3D", "4C", "5H"], ["2S", "3S", "4D", "6C"], ["10S", "7H", "7D", "6C"], ["2C", "3C", "4H", "6D"]]
    s = state_from_deal(base, 0, hands, [])
    assert s.to_act == 1
    top = max((a for a in GAME.legal_actions(s) if a.startswith("bet 1 ")),
              key=lambda a: evaluator("northpass").claim_key(a.split()[2], int(a.split()[3])))
    s = GAME.apply(s, top)
    assert s.to_act == 2
    return s


def test_hard_keeps_its_best_cards_against_an_unbeatable_claim() -> None:
    """Old code: believing the (new) claimer, hard looked for the trade most likely to beat the highest
    claim; none can, so it took the first trade listed. Now the claim
    is not believed (and an unbeatable one is no target): hard keeps its best cards, like medium."""
    s = _np4_facing_the_highest_claim()
    obs, legal = GAME.observation(s, 2), GAME.legal_actions(s)
    assert not any(a.startswith("bet ") for a in legal)  # nobody can bet over the highest claim
    for k in range(3):
        a = PrimeroAgent("hard").choose(obs, legal, AgentRandom(k))
        assert a == PrimeroAgent("medium").choose(obs, legal, AgentRandom(k)), a
        assert a != legal[0], a  # the first trade listed (the old choice) breaks the hand


def test_hard_multiplayer_northpass_bets_strong_hands_and_trades_junk() -> None:
    base = GAME.initial_state({"players": 3}, 1, "northpass")
    for hand, bets in ((["10S", "9S", "8S", "7S"], True), (["2H", "3D", "4C", "6H"], False)):
        s = state_from_deal(base, 0, [["9D", "10D", "9C", "10C"], hand, ["2S", "3S", "4D", "6C"]], [])
        assert s.to_act == 1
        obs, legal = GAME.observation(s, 1), GAME.legal_actions(s)
        got = _np_multi_bet(parse_view(obs), legal, PrimeroAgent("hard").level, AgentRandom(5))
        assert bool(got) == bets, (hand, got)
        if bets:
            assert got.endswith("chorus 40"), got  # the highest claim


def test_rms_bet_rates_are_counted_per_seat() -> None:
    rec: dict[int, list[float]] = {}
    log = [{"seat": 1, "action": a, "deal": 1} for a in ("bet 3", "raise 2", "pass", "match", "refuse", "fold")]
    log += [{"seat": 2, "action": "pass", "deal": 1}, {"seat": -1, "action": "bet withdrawn", "deal": 1},
            {"seat": 1, "action": "draw", "deal": 1}]
    count_bets(rec, log)
    assert rec[1] == [2.5 + 2, 10.0 + 6] and rec[2] == [2.5, 11.0]


def _rms_facing_a_bet() -> PrimeroState:
    s = GAME.initial_state({"players": 4}, 3, "rms")
    while True:
        legal = GAME.legal_actions(s)
        bets = [a for a in legal if a.startswith("bet ")]
        if bets:
            s = GAME.apply(s, bets[-1])  # the first to speak bets the maximum
            break
        s = GAME.apply(s, legal[0])
    assert any(a == "match" for a in GAME.legal_actions(s))
    return s


def test_rms_a_rocks_bet_weighs_more_than_a_maxers() -> None:
    s = _rms_facing_a_bet()
    p = GAME.current_player(s)
    v = parse_view(GAME.observation(s, p))
    bettor = next(o.seat for o in v.opps if any(a.startswith("bet") for a in o.acts))
    rock = _rms_range_q(v, {bettor: 0.08})
    maxer = _rms_range_q(v, {bettor: 0.95})
    assert rock < maxer


def test_medium_refuses_a_rocks_rms_bet_it_would_match_from_a_maxer() -> None:
    """Issue 11: medium lost to rocks in RMS 4p (it matched their bets by pot odds as if they held
    any hand). A bet from a player that bets at few of its turns now weighs as a strong hand."""
    decided = {"rock": 0, "maxer": 0}
    for seed in range(40):
        s = GAME.initial_state({"players": 4}, seed, "rms")
        s = GAME.apply(GAME.apply(s, "fold"), "fold")  # two fold, the third bets the maximum: heads-up
        s = GAME.apply(s, [a for a in GAME.legal_actions(s) if a.startswith("bet ")][-1])
        p = GAME.current_player(s)
        obs, legal = GAME.observation(s, p), GAME.legal_actions(s)
        bettor = next(int(e["seat"]) for e in obs["log"] if str(e["action"]).startswith("bet"))
        for kind, rate in (("rock", [1.0, 20.0]), ("maxer", [19.0, 20.0])):
            agent = PrimeroAgent("medium")
            agent._read_log(obs)
            agent._rms_bets[bettor] = [rate[0] + 2.5, rate[1] + 10.0]
            a = agent.choose(obs, legal, AgentRandom(seed))  # the log is read already: the planted rate stays
            decided[kind] += a == "match" or a.startswith("raise")
    assert decided["rock"] + 3 <= decided["maxer"], decided

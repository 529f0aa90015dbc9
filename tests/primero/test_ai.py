"""The Primero AI levels: legal, deterministic, seat-fair, sensible in key spots; simulate's figures."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.agents import make_agent
from pygame_core.primero.ai import DEFAULT_LEVEL, LEVELS, PrimeroAgent
from pygame_core.primero.ai.eval import evaluator
from pygame_core.primero.engine.deal import state_from_deal
from pygame_core.primero.game import GAME, PrimeroState
from pygame_core.primero.hands import evaluate, strength
from pygame_core.rng import AgentRandom
from pygame_core.simulate import simulate

CASES: list[tuple[str, dict[str, Any]]] = [
    ("waks", {"players": 2}), ("waks", {"players": 4}), ("italian", {"players": 3}), ("roman", {"players": 2}),
    ("losing", {"players": 3}), ("suzuki", {"players": 3}), ("northpass", {"players": 2}),
    ("northpass", {"players": 4}), ("rms", {"players": 4}), ("rms", {"players": 5, "wild": True, "table": "stock"}),
]
MIX = ["hard", "medium", "easy", "random", "hard"]


def _play(variant: str, options: dict[str, Any], seed: int, deals: int = 2) -> list[tuple[PrimeroState, int]]:
    """Play a seeded game with mixed agents; check every choice is legal; return the decision states."""
    n = options["players"]
    kinds = (MIX[seed % 3:] + MIX[:seed % 3])[:n]
    agents = [make_agent("primero", k) for k in kinds]
    rngs = [AgentRandom(seed * 17 + i) for i in range(n)]
    s = GAME.initial_state({**options, "deals": deals}, seed, variant)
    seen: list[tuple[PrimeroState, int]] = []
    for _ in range(5000):
        if GAME.is_terminal(s):
            return seen
        p = GAME.current_player(s)
        legal = GAME.legal_actions(s)
        a = agents[p].choose(GAME.observation(s, p), legal, rngs[p])
        assert a in legal, (variant, kinds[p], a)
        seen.append((s, p))
        s = GAME.apply(s, a)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("variant,options", CASES)
def test_every_level_plays_legally(variant: str, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        assert _play(variant, options, seed)


@pytest.mark.parametrize("variant,options", CASES)
def test_deterministic_and_seat_fair(variant: str, options: dict[str, Any]) -> None:
    states = _play(variant, options, 4)
    for i, (s, p) in enumerate(states[:: max(1, len(states) // 12)]):
        legal = GAME.legal_actions(s)
        obs = GAME.observation(s, p)
        other = GAME.resample_hidden(s, p, 1000 + i)
        assert GAME.observation(other, p) == obs
        for level in LEVELS:
            agent = PrimeroAgent(level)
            a1 = agent.choose(obs, legal, AgentRandom(i))
            a2 = agent.choose(obs, legal, AgentRandom(i))
            a3 = agent.choose(GAME.observation(other, p), GAME.legal_actions(other), AgentRandom(i))
            assert a1 == a2 == a3, (level, a1, a2, a3)


def test_registry_and_default() -> None:
    assert DEFAULT_LEVEL == "medium"
    assert set(LEVELS) <= set(GAME.info.agents)
    agent = make_agent("primero", "hard")
    assert agent.name == "hard"


@pytest.mark.parametrize("variant", ["waks", "losing", "rms", "northpass", "roman"])
def test_fast_evaluator_matches_engine(variant: str) -> None:
    ev = evaluator(variant, variant == "rms")
    hr = ev.rules
    rng = AgentRandom(7)
    hands = [rng.shuffle(range(ev.size))[:4] for _ in range(400)]
    keys = [ev.strength(h) for h in hands]
    real = [strength(evaluate([ev.names[x] for x in h], hr), hr) for h in hands]
    for i in range(len(hands) - 1):
        assert (keys[i] > keys[i + 1]) == (real[i] > real[i + 1])
        assert (keys[i] == keys[i + 1]) == (real[i] == real[i + 1])


def _waks_bet2(hand0: list[str], extra0: list[str]) -> PrimeroState:
    """Waks, 2 players, dealer 0: seat 0 holds hand0 + extra0 after the draw; seat 1 vies 3 in round 2."""
    base = GAME.initial_state({"players": 2}, 1, "waks")
    s = state_from_deal(base, 0, [hand0, ["2S", "3H"]], ["4D", extra0[0], "5C", extra0[1]])
    s = GAME.apply(s, "pass")  # seat 1 (eldest)
    s = GAME.apply(s, "pass")  # seat 0
    s = GAME.apply(s, "discard")
    s = GAME.apply(s, "discard")
    assert s.phase == "bet2" and s.to_act == 1
    s = GAME.apply(s, "vie 3")
    assert s.to_act == 0
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_never_folds_a_chorus(level: str) -> None:
    s = _waks_bet2(["7S", "7H"], ["7D", "7C"])
    obs = GAME.observation(s, 0)
    assert obs["hand_value"]["kind"] == "chorus"
    for seed in range(8):
        assert PrimeroAgent(level).choose(obs, GAME.legal_actions(s), AgentRandom(seed)) != "fold"


def test_hard_folds_less_than_random_with_strong_hands() -> None:
    strong = [(["7S", "6S"], ["AS", "5S"]), (["7S", "6H"], ["AD", "5C"]), (["7S", "7H"], ["7D", "KC"])]
    hard_folds = random_folds = 0
    for i, (h, x) in enumerate(strong * 4):
        s = _waks_bet2(h, x)
        obs, legal = GAME.observation(s, 0), GAME.legal_actions(s)
        hard_folds += PrimeroAgent("hard").choose(obs, legal, AgentRandom(i)) == "fold"
        random_folds += make_agent("primero", "random").choose(obs, legal, AgentRandom(i)) == "fold"
    assert hard_folds == 0 < random_folds


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_keeps_a_strong_suit_pair_in_the_draw(level: str) -> None:
    base = GAME.initial_state({"players": 2}, 1, "waks")
    s = state_from_deal(base, 0, [["7D", "6D"], ["2S", "3H"]], [])
    s = GAME.apply(GAME.apply(s, "pass"), "pass")
    assert s.phase == "draw" and s.to_act == 1
    s = GAME.apply(s, "discard 2S 3H")
    obs = GAME.observation(s, 0)
    assert PrimeroAgent(level).choose(obs, GAME.legal_actions(s), AgentRandom(1)) == "discard"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_northpass_bets_a_made_fluxus_rather_than_breaking_it(level: str) -> None:
    base = GAME.initial_state({"players": 2}, 1, "northpass")
    s = state_from_deal(base, 0, [["10S", "9S", "8S", "7S"], ["2H", "3D", "4C", "5H"]], [])
    s = GAME.apply(s, "trade 2H")  # seat 1 speaks first
    obs = GAME.observation(s, 0)
    a = PrimeroAgent(level).choose(obs, GAME.legal_actions(s), AgentRandom(3))
    assert a.startswith("bet "), a
    if level == "medium":
        assert a.split()[2] == "fluxus", a  # medium announces its exact hand: never a bluff
        ev = evaluator("northpass")
        kind, pts = a.split()[2:]
        assert ev.claim_key(kind, int(pts)) <= ev.raw([ev.index[c] for c in obs["hand"]]) // 100, a


def test_northpass_family_easy_trades_as_a_poker_player() -> None:
    """Easy's mistake in the Northpass family (``Level.poker_keep``): its trade keeps the pair
    of kings (10 points each in Primero) and lets the six go, where medium and hard keep the king and
    the seven of spades to build a suit on (the opponent traded, so nobody bets here)."""
    base = GAME.initial_state({"players": 2}, 1, "suzuki")
    s = GAME.apply(state_from_deal(base, 0, [["KS", "KH", "7S", "6H"], ["2H", "3D", "4C", "5H"]], []), "trade 2H")
    obs, legal = GAME.observation(s, 0), GAME.legal_actions(s)
    assert {PrimeroAgent("easy").choose(obs, legal, AgentRandom(k)) for k in range(3)} == {"trade 6H"}
    assert PrimeroAgent("medium").choose(obs, legal, AgentRandom(0)) == "trade 6H KH"


@pytest.mark.parametrize("variant,family", [("waks", "waks"), ("northpass", "northpass"), ("suzuki", "northpass"),
                                            ("rms", "rms")])
def test_every_family_plays_the_agents_own_level(variant: str, family: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's rollouts set an agent's level (``BUDGETS``: hard with fewer samples); every engine
    family must play that level, not one looked up again by the level's name."""
    import importlib
    from dataclasses import replace

    from pygame_core.primero.ai.levels import HARD

    module = importlib.import_module(f"pygame_core.primero.ai.{family}")
    seen: list[Any] = []
    real = module.decide
    monkeypatch.setattr(module, "decide", lambda v, legal, lv, rng: seen.append(lv) or real(v, legal, lv, rng))
    agent = PrimeroAgent("hard")
    agent.table = False  # Waks heads-up: the betting table would answer first
    agent.level = replace(HARD, samples=7)
    s = GAME.initial_state({"players": 4 if variant == "rms" else 2}, 2, variant)
    while len(GAME.legal_actions(s)) == 1:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    agent.choose(GAME.observation(s, GAME.current_player(s)), GAME.legal_actions(s), AgentRandom(1))
    assert seen and all(lv.samples == 7 for lv in seen)


def _np_facing_a_fluxus_claim(variant: str) -> PrimeroState:
    """Heads-up: seat 1 (first to speak) holds nothing but bets claiming a fluxus; seat 0 holds a primero."""
    base = GAME.initial_state({"players": 2}, 1, variant)
    mine = ["10S", "10H", "9D", "9C"] if variant == "northpass" else ["KS", "KH", "QD", "QC"]
    s = state_from_deal(base, 0, [mine, ["2H", "3D", "4C", "5H"]], [])
    claim = next(a for a in GAME.legal_actions(s) if a.startswith("bet 1 fluxus"))
    return GAME.apply(s, claim)


@pytest.mark.parametrize("variant", ["northpass", "suzuki"])
def test_hard_bets_over_a_bluffers_claim_with_a_better_real_hand(variant: str) -> None:
    """D-NP4: the real hands decide the showdown. Facing a claim above its hand from a player whose
    showdowns showed bluffs, hard stands on its primero and bets (announcing more), where it used to
    trade (a claim it did not hold was then a pot it could not win)."""
    s = _np_facing_a_fluxus_claim(variant)
    obs = GAME.observation(s, 0)
    agent = PrimeroAgent("hard")
    agent._honesty[1] = [0.0, 0.0, 30.0]  # every claim it showed down was over its hand
    for k in range(3):
        a = agent.choose(obs, GAME.legal_actions(s), AgentRandom(k))
        assert a.startswith("bet "), a


def test_hard_northpass_showdown_share_is_by_real_hands() -> None:
    from pygame_core.primero.ai.northpass import _sd

    ev = evaluator("northpass")
    primero = [ev.index[c] for c in ("10S", "10H", "9D", "9C")]
    junk = [ev.index[c] for c in ("2H", "3H", "4C", "5C")]
    assert _sd(ev, primero, junk) == 1.0 and _sd(ev, junk, primero) == 0.0 and _sd(ev, junk, junk) == 0.5


def test_hard_multiplayer_northpass_bets_with_the_highest_claim() -> None:
    """3+ players: hard's bet announces the highest claim (nobody can bet over it; the others trade)."""
    base = GAME.initial_state({"players": 3}, 1, "northpass")
    s = state_from_deal(base, 0, [["2H", "3D", "4C", "5H"], ["10S", "9S", "8S", "7S"], ["2S", "3S", "4D", "6C"]], [])
    assert s.to_act == 1
    a = PrimeroAgent("hard").choose(GAME.observation(s, 1), GAME.legal_actions(s), AgentRandom(2))
    assert a.startswith("bet ") and a.endswith("chorus 40"), a


def test_observation_carries_the_resolved_options() -> None:
    s = GAME.initial_state({"players": 4, "wild": True}, 1, "rms")
    opts = GAME.observation(s, 0)["options"]
    assert opts["wild"] is True and opts["table"] == "eight" and opts["players"] == 4
    assert GAME.observation(GAME.initial_state({"players": 2}, 1, "northpass"), 1)["options"]["limit"] == 6


def test_hard_learns_how_honest_an_opponents_claims_are() -> None:
    agent = PrimeroAgent("hard")
    s = GAME.initial_state({"players": 2, "deals": 3}, 5, "northpass")
    while s.deal < 3 and not GAME.is_terminal(s):  # seat 1 bluffs: it claims a chorus of 28 whenever it can
        p = GAME.current_player(s)
        legal = GAME.legal_actions(s)
        if p == 0:
            a = agent.choose(GAME.observation(s, 0), legal, AgentRandom(s.deal))
        else:
            a = next((x for x in legal if x.startswith("bet ") and "chorus" in x), legal[0])
        s = GAME.apply(s, a)
    agent.choose(GAME.observation(s, 0), GAME.legal_actions(s), AgentRandom(0))
    rec = agent._honesty.get(1)
    assert rec is not None and rec[2] > 0.4  # bluffs seen at the showdown


def test_simulate_reports_chips_per_deal_and_ci95() -> None:
    r = simulate("primero", "waks", 2, ["hard", "random"], games=4, seed=3, options={"deals": 3})
    for kind in ("hard", "random"):
        fig = r["per_agent"][kind]
        assert "chips_per_deal" in fig and fig["chips_per_deal_ci95"] is not None and fig["chips_per_deal_ci95"] >= 0
    total = r["per_agent"]["hard"]["chips"] + r["per_agent"]["random"]["chips"]
    assert total <= 0  # chips are conserved (a carried pot may be left at the end)
    d = simulate("primero", "northpass", 2, ["medium", "easy"], games=4, seed=3, options={"deals": 2}, duplicate=True)
    assert d["per_agent"]["medium"]["chips_per_deal_ci95"] is not None


def test_hard_trusts_the_vies_of_a_player_who_vies_at_every_turn_less() -> None:
    from pygame_core.primero.ai.waks import count_aggression, vie_trust

    def trust(verbs: list[str]) -> float:
        aggr: dict[int, list[float]] = {}
        count_aggression(aggr, [{"seat": 1, "action": v, "deal": i // 4 + 1} for i, v in enumerate(verbs)])
        return vie_trust(aggr, {})[1]

    loose = trust(["vie 3", "revie 2", "revie 1", "see"] * 8)
    tight = trust(["pass", "see", "pass", "vie 1"] * 8)
    assert loose < 0.5 < 1.0 < tight <= 1.6  # trust goes up for a tight player, too (issue 11)


def _keep_brute(ev: Any, kept: list[int], exclude: list[int]) -> float:
    """The expected percentile of keeping ``kept``, every completion enumerated (no cache)."""
    from itertools import combinations

    pool = [x for x in range(ev.size) if x not in kept and x not in exclude]
    vals = [ev.pct(kept + list(f)) for f in combinations(pool, 4 - len(kept))]
    return sum(vals) / len(vals)


@pytest.mark.parametrize("variant,wild", [("waks", False), ("northpass", False), ("rms", True)])
def test_keep_value_depends_on_which_cards_are_excluded(variant: str, wild: bool) -> None:
    """Issue 11: keep_value cached by the kept pattern and the *number* of excluded cards, so
    keeping 7S without 6S, then without 6H, gave the same value; the second must equal the value
    computed fresh (and by enumeration), whatever was asked before."""
    from pygame_core.primero.ai.eval import Evaluator

    ev = Evaluator(variant, wild)
    i = ev.index
    first = ev.keep_value([i["7S"]], [i["6S"]])
    after = ev.keep_value([i["7S"]], [i["6H"]])
    fresh = Evaluator(variant, wild).keep_value([i["7S"]], [i["6H"]])
    assert after == pytest.approx(fresh, abs=1e-9)
    assert after == pytest.approx(_keep_brute(ev, [i["7S"]], [i["6H"]]), abs=1e-9)
    assert first == pytest.approx(_keep_brute(ev, [i["7S"]], [i["6S"]]), abs=1e-9)
    assert first != pytest.approx(after, abs=1e-6)
    # two kept cards, two excluded; and the wild J of hearts is not suit-symmetric with the others
    kept, ex = [i["7H"], i["6H"]], [i["5S"], i["AH"]]
    assert ev.keep_value(kept, ex) == pytest.approx(_keep_brute(ev, kept, ex), abs=1e-9)


def test_rule_sets_that_rank_alike_share_one_evaluator() -> None:
    """Issue 12: the boot snapshot carries every rule set's tables, so rule sets whose hands rank
    alike share them (Waks, Italian and Suzuki differ only in betting; Losing reverses Waks's
    order over the same raw keys), and the claim index is a pair of arrays in the same order as
    the sorted (key, hand) pairs it replaces."""
    from itertools import combinations

    from pygame_core.primero.ai.eval import clear_tables, unpack

    clear_tables()
    waks = evaluator("waks")
    assert evaluator("italian") is waks and evaluator("suzuki") is waks
    losing, roman, northpass = evaluator("losing"), evaluator("roman"), evaluator("northpass")
    assert losing is not waks and losing._raw is waks._raw
    assert roman is not waks and northpass is not waks and northpass._raw is not waks._raw
    hand = [waks.index[c] for c in ("7S", "7H", "7C", "7D")]
    assert losing.strength(hand) == -waks.strength(hand) and losing.pct(hand) == pytest.approx(1 - waks.pct(hand))
    for ev in (waks, northpass):
        keys, packed = ev.hands_by_claim()
        pairs = sorted((ev.raw(h) // 100, h) for h in combinations(range(ev.size), 4))
        assert list(keys) == [k for k, _ in pairs] and [unpack(p) for p in packed] == [h for _, h in pairs]


@pytest.mark.parametrize(("variant", "wild"), [("rms", False), ("rms", True), ("losing", False), ("waks", False)])
def test_best_of_five_reads_the_table_as_the_four_card_hands_would(variant: str, wild: bool) -> None:
    """``Evaluator.best_of`` (the RMS hard estimate's hot loop) reads four-card keys by bitmask:
    it must give the best strength of the five four-card hands, before and after the tables exist,
    with the wild jack and in Losing Primero (where the lowest hand is the strongest)."""
    from itertools import combinations
    from random import Random

    ev = evaluator(variant, wild)
    r = Random(5)
    hands = [r.sample(range(ev.size), 5) for _ in range(300)]
    if "JH" in ev.index:
        hands += [[ev.index["JH"], *h[:4]] for h in hands[:50] if ev.index["JH"] not in h]
    for built in (False, True):
        if built:
            ev.pct((0, 1, 2, 3))
        for h in hands:
            assert ev.best_of(h) == max(ev.strength(c) for c in combinations(h, 4)), (variant, wild, h)
            assert ev.best_of(h[:4]) == ev.strength(h[:4])


@pytest.mark.parametrize("variant", ["rms", "waks", "northpass", "suzuki", "italian", "losing"])
def test_every_level_chooses_the_same_from_the_light_observation(variant: str) -> None:
    """The review's rollouts hand their players ``observe(..., light=True)`` (no words for people):
    two sets of agents of mixed levels, one fed full observations and one light ones, with the
    same seeds, must choose the same at every step of whole games (with a wild jack in RMS)."""
    from pygame_core.primero.game import observe

    for seed in range(2):
        players = 4 if variant == "rms" else 3
        options: dict[str, Any] = {"players": players, "deals": 3 if variant == "rms" else 8}
        if variant == "rms" and seed:
            options["wild"] = True
        levels = [LEVELS[(seed + p) % len(LEVELS)] for p in range(players)]
        full = [PrimeroAgent(lv) for lv in levels]
        light = [PrimeroAgent(lv) for lv in levels]
        rngs_f = [AgentRandom(seed * 10 + p) for p in range(players)]
        rngs_l = [AgentRandom(seed * 10 + p) for p in range(players)]
        s = GAME.initial_state(options, seed, variant)
        steps = 0
        while not GAME.is_terminal(s):
            p = GAME.current_player(s)
            legal = GAME.legal_actions(s)
            a = full[p].choose(observe(s, p), legal, rngs_f[p])
            b = light[p].choose(observe(s, p, light=True), legal, rngs_l[p])
            assert a == b, (variant, seed, steps, levels[p])
            s = GAME.apply(s, a)
            steps += 1
        assert steps > 20


def test_hard_rms_draws_on_with_a_hand_nobody_can_beat() -> None:
    """RMS (issue 23's review found it): with the four sevens (no hand beats them) and three players
    still wagering, hard draws on rather than knock (``SLOW_PLAY``): a knock ends the wagering the
    others would go on paying into. Once an opponent has knocked, hard draws on with a hand that is
    likely to beat it (``SLOW_PLAY_KNOCKED``: the knocked hand is fixed, and a second knock would end
    the deal). A hand that may well be beaten is knocked on, before a knock and after one."""

    def at_first_draw(second: tuple[str, str], knock: bool = False) -> PrimeroState:
        """Seat 1 holds 7S 7H and gets ``second`` in RMS's second round of the deal (one card a seat);
        with ``knock``, the first other seat to play knocks."""
        base = GAME.initial_state({"players": 4}, 1, "rms")
        hands = [["2H", "3D"], ["7S", "7H"], ["2S", "3S"], ["KS", "QH"]]
        s = state_from_deal(base, 0, hands, ["4C", second[0], "4D", "JD", "5H", second[1], "6C", "5C"])
        knocked = not knock
        while GAME.current_player(s) != 1 or "vada" not in GAME.legal_actions(s) or not knocked:
            legal = GAME.legal_actions(s)
            if "vada" in legal and not knocked:
                s, knocked = GAME.apply(s, "vada"), True
                continue
            s = GAME.apply(s, "pass" if "pass" in legal else legal[0])
        assert sum(1 for seat in GAME.observation(s, 1)["seats"] if seat["knocked"]) == (1 if knock else 0)
        return s

    def choices(s: PrimeroState) -> set[str]:
        return {PrimeroAgent("hard").choose(GAME.observation(s, 1), GAME.legal_actions(s), AgentRandom(k))[:4] for k in range(6)}

    lock = at_first_draw(("7D", "7C"))
    assert sorted(str(c) for c in lock.hands[1]) == ["7C", "7D", "7H", "7S"]
    assert choices(lock) == {"draw"}
    assert choices(at_first_draw(("KD", "QC"))) == {"vada"}  # strong, not safe: knocked on
    assert choices(at_first_draw(("6D", "KC"), knock=True)) == {"draw"}  # likely beats the knocked hand
    assert choices(at_first_draw(("AC", "6C"), knock=True)) == {"vada"}  # likely beaten: knock too

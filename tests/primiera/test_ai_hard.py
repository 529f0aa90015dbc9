"""Primiera's hard level and the bench-only ref-ab: legal everywhere, seat-fair, deterministic, stronger than easy;
the search's do/undo world agrees with the protocol."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pygame_core import registry
from pygame_core.agents import make_agent
from pygame_core.primiera.ai import search
from pygame_core.primiera.ai.easy_medium import EasyAgent, MediumAgent
from pygame_core.primiera.ai.fast import INT, TEXT, move_text
from pygame_core.primiera.ai.hard import HardAgent, RefAbAgent, enumerate_worlds
from pygame_core.primiera.engine import captures
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.primiera.rules import DECK, VALUE, sort_cards
from pygame_core.protocol import Agent
from pygame_core.rng import AgentRandom

MODES = ["kaleidos", "classic", "2p", "3p"]


@pytest.fixture
def primiera(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Primiera registered for one test."""
    monkeypatch.setitem(registry._MODULES, "primiera", "pygame_core.primiera.game")
    yield


def _positions(variant: str, seed: int, every: int) -> Iterator[PrimieraState]:
    """States of a round between random players, every ``every``-th decision (picks included)."""
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
    rng = AgentRandom(seed)
    i = 0
    while not GAME.is_terminal(s):
        if i % every == seed % every:
            yield s
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        i += 1


@pytest.mark.parametrize("variant", MODES)
def test_every_level_plays_legal_actions_in_every_mode(variant: str) -> None:
    agents: list[Agent] = [EasyAgent(), MediumAgent(), HardAgent(), RefAbAgent()]
    for seed in range(3):
        for s in _positions(variant, seed, 5):
            seat = GAME.current_player(s)
            legal = GAME.legal_actions(s)
            obs = GAME.observation(s, seat)
            for agent in agents:
                assert agent.choose(obs, legal, AgentRandom(seed)) in legal, agent.name


@pytest.mark.parametrize("variant", MODES)
def test_hard_is_seat_fair_and_deterministic(variant: str) -> None:
    """Only the observation counts: resampling the cards the seat cannot see changes nothing."""
    hard = HardAgent()
    checked = 0
    for seed in range(2):
        for s in _positions(variant, seed, 7):
            seat = GAME.current_player(s)
            legal = GAME.legal_actions(s)
            if len(legal) < 2:
                continue
            obs = GAME.observation(s, seat)
            choice = hard.choose(obs, legal, AgentRandom(99))
            assert hard.choose(obs, legal, AgentRandom(99)) == choice
            for k in range(2):
                other = GAME.resample_hidden(s, seat, 1000 + k)
                other_obs = GAME.observation(other, seat)
                assert other_obs == obs
                assert hard.choose(other_obs, GAME.legal_actions(other), AgentRandom(99)) == choice
                checked += 1
    assert checked >= 4


def _round(variant: str, agents: list[Agent], seed: int) -> tuple[int, ...]:
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
    rngs = [AgentRandom(seed * 7 + i) for i in range(len(agents))]
    while not GAME.is_terminal(s):
        seat = GAME.current_player(s)
        s = GAME.apply(s, agents[seat].choose(GAME.observation(s, seat), GAME.legal_actions(s), rngs[seat]))
    return s.sheet[-1].points


def test_hard_beats_easy_on_duplicate_deals() -> None:
    """2p, the same deals with the seats swapped: hard scores clearly more round points (+1.59 a round on
    these 16 deals, +1.32 on the first 30; the bench, bench/primiera/strength.py, measures it over many).

    16 deals rather than 30 (issue 33: 46 CPU-s, the suite's slowest unit test), with the bar raised
    from 0.3 to 0.6 so that it still catches a hard that is no better than easy: a deal's difference
    spreads about 3 points, so at parity the mean of 16 passes 0.6 about one time in twenty (30 deals
    passed 0.3 about one time in eight). The games are seeded and the agents take no clock: the same
    every run."""
    hard, easy = HardAgent(), EasyAgent()
    deals = 16
    diff = 0
    for seed in range(deals):
        p = _round("2p", [hard, easy], seed)
        q = _round("2p", [easy, hard], seed)
        diff += (p[0] - p[1]) + (q[1] - q[0])
    assert diff / (2 * deals) > 0.6


def test_levels_are_declared(primiera: None) -> None:
    assert set(GAME.info.agents) == {"easy", "medium", "hard"}
    assert make_agent("primiera", "hard").name == "hard"
    assert "ref-ab" not in GAME.info.agents


# --- the search's fast form -----------------------------------------------------------


def _stats(w: search.World) -> tuple[object, ...]:
    return (tuple(tuple(h) for h in w.hands), tuple(w.table), w.to_act, w.left, tuple(w.cnt), tuple(w.coin),
            tuple(w.sweeps), tuple(tuple(b) for b in w.best), w.capmask, w.last, w.sides, w.live, w.spos,
            tuple(round(x, 6) for x in w.worth))


def _expected_stats(s: PrimieraState) -> tuple[object, ...]:
    w = search.World.from_state(s)
    return (tuple(tuple(h) for h in w.hands), tuple(w.table), w.to_act, w.left, tuple(w.cnt), tuple(w.coin),
            tuple(w.sweeps), tuple(tuple(b) for b in w.best), w.capmask, w.last, w.sides, w.live)


@pytest.mark.parametrize("variant", MODES)
def test_search_world_agrees_with_the_protocol(variant: str) -> None:
    """World.play follows GAME.apply move by move (re-deals, sweeps, Heralds), undo restores it, and the
    exact value at the round's end is the protocol's round points (my side minus the others' mean)."""
    for seed in range(3):
        s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, variant)
        rng = AgentRandom(seed)
        while s.phase == "pick":
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        w = search.World.from_state(s)
        while True:
            legal = w.legal()
            assert sorted(move_text(m) for m in legal) == sorted(GAME.legal_actions(s))
            before = _stats(w)
            for m in legal:  # every move is taken back exactly
                tok = w.play(*m)
                w.undo(tok)
                assert _stats(w) == before
            move = legal[rng.randbelow(len(legal))]
            w.play(*move)
            nxt = GAME.apply(s, move_text(move))
            if GAME.is_terminal(nxt):
                break
            s = nxt
            assert _stats(w)[:12] == _expected_stats(s)
        points = nxt.sheet[-1].points
        for me in range(s.players):
            sides = nxt.sheet[-1].sides
            values = [p.total for _, p in sides]
            mine = next(i for i, (seats, _) in enumerate(sides) if me in seats)
            expected = values[mine] - (sum(values) - values[mine]) / (len(values) - 1)
            assert search.exact_value(w, me) == pytest.approx(expected)
            assert points[me] == values[mine]


@pytest.mark.parametrize("variant", MODES)
def test_determinized_worlds_match_the_view(variant: str) -> None:
    """A sampled world keeps what the seat sees and deals exactly the unseen cards into the hidden places;
    in Kaleidos every seat still holding its Herald gets exactly one ace."""
    for seed in range(2):
        for s in _positions(variant, seed, 4):
            if s.phase != "play":
                continue
            seat = s.to_act
            view = search.View(GAME.observation(s, seat))
            rnd = random.Random(seed)
            for _ in range(3):
                w = view.world(rnd)
                assert [TEXT[c] for c in w.hands[seat]] == list(s.hands[seat])
                assert [TEXT[c] for c in w.table] == list(s.table)
                assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
                assert len(w.stock) == len(s.stock)
                hidden = sorted(c for i, h in enumerate(w.hands) if i != seat for c in h) + sorted(w.stock)
                assert sorted(hidden) == sorted(INT[c] for c in GAME.hidden_cards(s, seat)) or s.round > 1
                if s.rules.heralds and s.herald is None:
                    for i, h in enumerate(s.hands):
                        real = sum(1 for c in h if c.startswith("A"))
                        assert sum(1 for c in w.hands[i] if c < 4) == real
            worlds = enumerate_worlds(view, 24)
            if worlds is not None:
                deals = {_canonical(w) for w in worlds}
                assert len(deals) == len(worlds)
                assert _canonical(search.World.from_state(s)) in deals


def _canonical(w: search.World) -> tuple[object, ...]:
    """A deal as what each seat holds and will be dealt (the order within a dealt packet does not matter)."""
    per = w.hand_size * w.n
    packets = tuple(tuple(sorted(w.stock[d + j] for j in range(i, per, w.n)))
                    for d in range(0, len(w.stock), per) for i in range(w.n))
    return tuple(tuple(h) for h in w.hands) + packets


def test_capture_values_agree_with_the_rules() -> None:
    rnd = random.Random(5)
    for _ in range(2000):
        table = sort_cards(rnd.sample(DECK, rnd.randrange(0, 7)))
        bits = search.capture_values([INT[c] for c in table])
        for v in range(1, 11):
            cards = [c for c in DECK if VALUE[c] == v and c not in table]
            if cards:
                assert bool(captures(table, cards[0])) == bool(bits >> v & 1)


def test_a_throw_makes_capturing_hands_unlikely() -> None:
    """2p: when the opponent threw a card on a table where other values would have captured, the sampled
    hands rarely hold those values (capturing is compulsory only for the card played: a soft inference)."""
    tested = 0
    for seed in range(20):
        s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, "2p")
        rng = AgentRandom(seed)
        while not GAME.is_terminal(s) and tested < 6:
            table = [INT[c] for c in s.table]
            action = rng.choice(GAME.legal_actions(s))
            thrower = s.to_act
            deals = s.deals
            s = GAME.apply(s, action)
            if "x" in action or GAME.is_terminal(s) or s.deals != deals or not s.hands[thrower]:
                continue
            view = search.View(GAME.observation(s, 1 - thrower))
            bits = search.capture_values(table)
            assert view.voids[thrower] & bits == bits
            rnd = random.Random(seed)
            likely = sum(view.misfits(thrower, view.world(rnd).hands[thrower]) for _ in range(100))
            uniform = sum(view.misfits(thrower, view._deal(rnd).hands[thrower]) for _ in range(100))
            assert likely <= uniform / 2 or uniform == 0
            tested += 1
    assert tested >= 6

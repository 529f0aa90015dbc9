"""Primiera's hard level in Kaleidos: the Herald-timing bonus, the settled budget, the cached threat, the bench's
one-seat measure."""

from __future__ import annotations

import random
from collections.abc import Iterator

from pygame_core.primiera.ai import search
from pygame_core.primiera.ai.fast import moves
from pygame_core.primiera.ai.hard import HardAgent
from pygame_core.primiera.ai.search import View, root_moves
from pygame_core.primiera.game import GAME, PrimieraState
from pygame_core.rng import AgentRandom


def _kaleidos(seed: int) -> Iterator[PrimieraState]:
    """Kaleidos play-phase states of a round between random players, every decision with a choice."""
    s = GAME.initial_state({"target": 0, "max_rounds": 1}, seed, "kaleidos")
    rng = AgentRandom(seed)
    while not GAME.is_terminal(s):
        legal = GAME.legal_actions(s)
        if s.phase == "play" and len(legal) > 1:
            yield s
        s = GAME.apply(s, rng.choice(legal))


def _first_live_with_herald(seed: int) -> PrimieraState:
    """The first decision where the seat to act may play its Herald and no Herald has been played."""
    for s in _kaleidos(seed):
        view = View(GAME.observation(s, s.to_act))
        if view.live and any(c < 4 for c in view.hand):
            return s
    raise AssertionError("no such position")


def test_the_herald_bonus_goes_to_the_heralds_plays_only_while_no_herald_is_out() -> None:
    """With ``herald_bonus`` b, before the first Herald, each play of my Herald scores exactly b more, the rest the same;
    once a Herald has set the sides nothing changes."""
    plain, keen = HardAgent(), HardAgent()
    plain.herald_bonus, keen.herald_bonus = 0.0, 0.75
    s = _first_live_with_herald(3)
    view = View(GAME.observation(s, s.to_act))
    ms = root_moves(view)
    a = plain.score(view, ms, random.Random(1))
    b = keen.score(view, ms, random.Random(1))
    assert any(m[0] < 4 for m in ms) and any(m[0] >= 4 for m in ms)
    for m, x, y in zip(ms, a, b, strict=True):
        assert y == (x + 0.75 if m[0] < 4 else x)
    settled = next(t for t in _kaleidos(3) if t.herald is not None)
    view = View(GAME.observation(settled, settled.to_act))
    ms = root_moves(view)
    assert plain.score(view, ms, random.Random(2)) == keen.score(view, ms, random.Random(2))


def test_hard_plays_its_herald_sooner_than_without_the_bonus() -> None:
    """Over a few live positions the committed hard plays its Herald at least as often as with no bonus, and somewhere
    more often (the bonus changes decisions)."""
    hard, plain = HardAgent(), HardAgent()
    plain.herald_bonus = 0.0
    assert hard.herald_bonus > 0
    more = 0
    for seed in range(30):
        s = _first_live_with_herald(seed)
        obs = GAME.observation(s, s.to_act)
        legal = GAME.legal_actions(s)
        mine = hard.choose(obs, legal, AgentRandom(seed)).split()[1].startswith("A")
        base = plain.choose(obs, legal, AgentRandom(seed)).split()[1].startswith("A")
        assert mine or not base
        more += mine and not base
    assert more > 0


def test_kaleidos_budget_grows_once_the_sides_are_set() -> None:
    hard = HardAgent()
    live = View(GAME.observation(_first_live_with_herald(1), _first_live_with_herald(1).to_act))
    settled_state = next(t for t in _kaleidos(1) if t.herald is not None)
    settled = View(GAME.observation(settled_state, settled_state.to_act))
    assert hard.budget(live) == hard.budgets["kaleidos"]
    assert hard.settled_nodes > hard.budgets["kaleidos"][1]
    assert hard.budget(settled) == (hard.budgets["kaleidos"][0], hard.settled_nodes)


def test_best_capture_is_the_best_of_the_moves() -> None:
    """The cached threat equals the worth of the best capture among the legal moves, a sweep counted when it counts."""
    rnd = random.Random(9)
    for _ in range(400):
        cards = rnd.sample(range(40), 9)
        hand, table = sorted(cards[:rnd.randrange(1, 4)]), sorted(cards[4:4 + rnd.randrange(0, 6)])
        for sweep in (True, False):
            want = 0.0
            for card, taken in moves(hand, table):
                if taken:
                    g = search.WORTH[card] + sum(search.WORTH[t] for t in taken)
                    g += search.SWEEP_WORTH if sweep and len(taken) == len(table) else 0.0
                    want = max(want, g)
            assert search.best_capture(hand, table, sweep) == want
            assert search.best_capture(hand, table, sweep) == want  # from the cache


def test_one_seat_measure_is_zero_for_equal_players() -> None:
    """The bench's one-a-v-three-b figure: with the same level at every seat the four plays are one game, so a's points
    minus the others' mean, over the four seats, sum to zero."""
    from bench.primiera.strength import one_seat_figure

    for seed in (1, 2):
        assert abs(one_seat_figure("kaleidos", "easy", "easy", seed)) < 1e-9


def test_the_adverse_leaf_leans_to_the_worst_partnership_the_others_may_set() -> None:
    """``adverse`` 0 gives the plain leaf (the mean over the Heralds in hand); 1 never more than 0.5, nor 0.5 than 0."""
    checked = 0
    for seed in range(4):
        s = _first_live_with_herald(seed)
        view = View(GAME.observation(s, s.to_act))
        rnd = random.Random(seed)
        for _ in range(3):
            w = view.world(rnd)
            me = view.me
            plain = search.evaluate(w, me, 0.0)
            assert abs(search._live_value(w, me, False, 0.0) - plain) < 1e-9
            half = search.evaluate(w, me, 0.0, 0.0, 0.5)
            worst = search.evaluate(w, me, 0.0, 0.0, 1.0)
            assert worst <= half + 1e-9 <= plain + 2e-9
            checked += 1
    assert checked == 12


def _solo_world(seed: int) -> search.World:
    """A Kaleidos world in play where everyone is alone (swords), dealt at random, some cards captured."""
    rnd = random.Random(seed)
    cards = list(range(4, 40))
    rnd.shuffle(cards)
    hands = [sorted(cards[i * 5:(i + 1) * 5]) for i in range(4)]
    table = sorted(cards[20:23])
    piles: list[list[int]] = [cards[23 + i * 3:26 + i * 3] for i in range(4)]
    alone = ((0,), (1,), (2,), (3,))
    return search.World(4, hands, table, [], seed % 4, 0, 9, False, alone, True, piles, [0, 1, 0, 0], 1)


def test_maxn_lets_each_seat_play_for_itself() -> None:
    """Depth 2: after each of my moves the next seat takes the reply best for ITS value (not the worst for mine)."""
    for seed in range(6):
        w = _solo_world(seed)
        me = w.to_act
        ms = w.legal()
        got = search.MaxNSearch(w, me, search.THREAT, 10**9).root(ms, 2)
        want = []
        for card, taken in ms:
            tok = w.play(card, taken)
            nxt = w.to_act
            best: list[float] | None = None
            for c2, t2 in w.legal():
                tok2 = w.play(c2, t2)
                v = search.seat_values(w, w.left == 0, search.THREAT)
                w.undo(tok2)
                if best is None or v[nxt] > best[nxt]:
                    best = v
            w.undo(tok)
            assert best is not None
            want.append(best[me])
        assert got == want
        one = search.MaxNSearch(w, me, search.THREAT, 10**9).root(ms, 1)
        assert len(set(one)) > 1
        assert search.seat_values(w, False, 0.0)[me] == search.evaluate(w, me, 0.0)


def test_hard_searches_max_n_only_when_everyone_is_alone() -> None:
    hard = HardAgent()
    settled = next(t for seed in range(40) for t in _kaleidos(seed) if t.herald is not None)
    view = View(GAME.observation(settled, settled.to_act))
    w = view.world(random.Random(0))
    hard.maxn_solo = True
    alone = all(len(side) == 1 for side in view.sides or ())
    assert isinstance(hard.make_search(w, view, hard.leaf(), 100), search.MaxNSearch) == alone
    view.sides = ((0,), (1,), (2,), (3,))
    assert isinstance(hard.make_search(w, view, hard.leaf(), 100), search.MaxNSearch)
    view.sides = ((0, 2), (1, 3))
    assert not isinstance(hard.make_search(w, view, hard.leaf(), 100), search.MaxNSearch)
    hard.maxn_solo = False
    view.sides = ((0,), (1,), (2,), (3,))
    assert not isinstance(hard.make_search(w, view, hard.leaf(), 100), search.MaxNSearch)


def _obs(variant: str, plays: list[tuple[int, str]], table: list[str]) -> dict[str, object]:
    """A minimal observation for search._voids: a deal of ``table``, then throws (seat, card)."""
    log: list[dict[str, object]] = [{"seat": 0, "key": "primiera.deal", "args": {"table": table}}]
    for seat, card in plays:
        log.append({"seat": seat, "key": "primiera.play", "args": {"card": card}})
        if variant == "kaleidos" and card.startswith("A") and not any(e["key"] == "primiera.herald" for e in log):
            log.append({"seat": seat, "key": "primiera.herald", "args": {"card": card}})
    return {"variant": variant, "log": log}


def test_the_first_herald_thrown_says_nothing_about_the_hand() -> None:
    """Kaleidos: a player throws the first Herald to set the partnerships, so it makes no capturing card unlikely;
    a later ace thrown, or an ace in 2p, does (capturing is compulsory only for the card played)."""
    table = ["5C", "7H"]
    first = search._voids(_obs("kaleidos", [(1, "AS")], table), 4, 0)
    assert first == [0, 0, 0, 0]
    later = search._voids(_obs("kaleidos", [(1, "AS"), (2, "AC")], table), 4, 0)
    assert later[1] == 0 and later[2] == search.capture_values([search.INT[c] for c in [*table, "AS"]])
    plain = search._voids(_obs("kaleidos", [(1, "KS")], table), 4, 0)
    assert plain[1] == search.capture_values([search.INT[c] for c in table]) != 0
    two = search._voids(_obs("2p", [(1, "AS")], table), 2, 0)
    assert two[1] == plain[1]

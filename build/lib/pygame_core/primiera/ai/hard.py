"""Primiera's ``hard`` AI, and the bench-only reference ``ref-ab``: information-set search over the hidden cards.

hard (see search.py for the worlds, the evaluation and alpha-beta):
- it deals the cards it cannot see again and again, consistent with what it has seen
  (``search.View``: its hand, the table, the captures, the hand and stock sizes, the
  Heralds), deals in which a player threw a card while holding one that would have captured
  made unlikely (a soft inference: the rule binds only the card played), and scores each
  of its legal plays by alpha-beta in every world, never past the cards now in hand (a
  world's stock order is a guess); the play of the best mean wins. 2p searches every world
  at once (``VectorSearch``); 3p, classic and Kaleidos deepen every world evenly under one
  node pot per decision (``score_even``: all to one ply, then all to two, ...; a level that
  runs out of nodes part-way is never kept);
- in 3p, and in a Kaleidos round where everyone plays alone (swords), each other seat plays
  for itself (max^n, ``maxn_solo``), not as one coalition against me;
- the leaves are valued in expected round points: the chance of each category (cards,
  coins, primiera) from the counts captured and the cards still out, the settebello, the
  sweeps; my side's points minus the others' mean. In Kaleidos before the first Herald, a
  leaf averages over the partnerships the Heralds still in hand would set, so playing a
  Herald is weighed by the partnership it makes (and the search sees it made); and playing
  my Herald while none is out earns a bonus (``herald_bonus``): whoever plays the first
  Herald picks the moment, so a partnership another seat sets tends to suit that seat;
  once the sides are set a leaf values one partnership, and the search gets more nodes;
- once the hidden cards can be dealt in few enough ways (``ENUMERATE``), it searches every
  one of those deals instead of a sample; and once the stock is empty the search runs to
  the round's end: the endgame is solved exactly (2p: the last deal is a single known deal;
  within 3 plays of it, the coming last deal is searched exactly too, as a chance node over
  every split of its six cards).
The budget is counted in nodes, so a decision depends only on the observation and the rng.

ref-ab (bench only, not in GameInfo.agents) is modelled on the best public browser Scopa
AI: 6 sampled deals, alpha-beta to depth 3 on a greedy evaluation (the captured cards'
worth, eval.card_worth, and sweeps), exact play to the round's end once 6 or fewer
cards are unseen. Its 50 ms budget is a fixed node count (REF_NODES) calibrated on CPython.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from math import comb
from typing import Any

from ...rng import AgentRandom
from ..rules import HERALD_MODES
from .eval import SWEEP, least_useful
from .explain import Explains
from .fast import INT, Move, move_text
from .search import THREAT, MaxNSearch, Search, VectorSearch, View, World, evaluate, exact_value, root_moves

Leaf = Callable[[World, int], float]

ENUMERATE = 24
"""Search every consistent deal of the hidden cards when there are at most this many."""


def _multinomial(total: int, groups: Sequence[int]) -> int:
    out = 1
    for g in groups:
        out *= comb(total, g)
        total -= g
    return out


def _groups(view: View) -> list[tuple[int, int]]:
    """The hidden places as (seat, size): the other hands now, then the stock's future hands in deal order."""
    out = [(s, view.hand_sizes[s]) for s in range(view.n) if s != view.me and view.hand_sizes[s]]
    k, n = view.hand_size, view.n
    deals = view.stock_size // (k * n) if k * n else 0
    for _ in range(deals):
        for i in range(n):
            out.append(((view.dealer + 1 + i) % n, -k))  # negative: a stock packet for this seat
    return out


def enumerate_worlds(view: View, limit: int) -> list[World] | None:
    """Every deal of the hidden cards consistent with the view, if there are at most ``limit``; else None."""
    groups = _groups(view)
    sizes = [abs(g) for _, g in groups]
    if sum(sizes) != len(view.unseen) or _multinomial(len(view.unseen), sizes) > limit * 4:
        return None
    deals: list[list[tuple[int, ...]]] = []

    def split(pool: tuple[int, ...], i: int, acc: list[tuple[int, ...]]) -> None:
        if i == len(sizes):
            deals.append(acc[:])
            return
        for part in combinations(pool, sizes[i]):
            rest = tuple(c for c in pool if c not in part)
            acc.append(part)
            split(rest, i + 1, acc)
            acc.pop()

    split(tuple(view.unseen), 0, [])
    worlds = []
    holders = set(view.herald_holders)
    for parts in deals:
        hands: list[list[int]] = [[] for _ in range(view.n)]
        hands[view.me] = list(view.hand)
        stock: list[int] = []
        ok = True
        for (seat, size), part in zip(groups, parts, strict=True):
            if size > 0:
                hands[seat] = sorted(part)
                if holders and sum(1 for c in part if c < 4) != (1 if seat in holders else 0):
                    ok = False
            else:
                # stock packets are dealt one card at a time round the table: interleave them
                stock.extend(part)
        if not ok:
            continue
        if stock:
            stock = _interleave(view, groups, parts)
        worlds.append(World(view.n, hands, list(view.table), stock, view.to_act, view.dealer, view.hand_size,
                            view.live, view.sides, view.double, view.piles, view.sweeps, view.last))
    return worlds if len(worlds) <= limit else None


def _interleave(view: View, groups: list[tuple[int, int]], parts: list[tuple[int, ...]]) -> list[int]:
    """The stock in dealing order from its packets (deal by deal, one card at a time from the dealer's right)."""
    k, n = view.hand_size, view.n
    packets = [list(p) for (_, size), p in zip(groups, parts, strict=True) if size < 0]
    out: list[int] = []
    for d in range(0, len(packets), n):
        deal = packets[d:d + n]
        for j in range(k):
            for i in range(n):
                out.append(deal[i][j])
    return out


def _single_world(view: View) -> bool:
    """True when the hidden cards can lie in only one way (everything unseen is in one place)."""
    groups = _groups(view)
    return len(groups) <= 1


class SearchAgent(Explains):
    """Sampled deals and alpha-beta; the subclasses set the budget and the evaluation."""

    name = "search"
    samples = 16
    node_budget = 6000  # nodes per decision, shared by the worlds
    min_depth = 2
    max_depth = 99
    last_deal_plies = 0  # 2p: this close to the last deal, search it as a chance node (0: never)
    soft = 0.0  # below the root, lean this much towards the mean of a node's moves (Search._soft)

    def last_deal_ahead(self, view: View) -> bool:
        """Whether to search the coming last deal exactly (2p)."""
        return last_deal_ahead(view, self.last_deal_plies)

    threat = THREAT  # search.evaluate's share of the next player's best capture at a leaf

    solo_edge = 0.0
    """Kaleidos: the edge (round points) this agent expects over the table in an individual (doubled) round."""

    adverse = 0.0
    """Kaleidos before the first Herald: how far a leaf leans to the worst partnership the others' Heralds would set."""

    def leaf(self) -> Leaf:
        """The leaf evaluation."""
        if self.threat == THREAT and not self.solo_edge and not self.adverse:
            return evaluate
        threat, solo, adverse = self.threat, self.solo_edge, self.adverse
        return lambda w, me: evaluate(w, me, threat, solo, adverse)

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """A legal action."""
        if legal_actions[0].startswith("pick"):
            return self.pick(observation, legal_actions, rng)
        if len(legal_actions) == 1:
            return legal_actions[0]
        view = View(observation)
        ms = root_moves(view)
        texts = [move_text(m) for m in ms]
        if sorted(texts) != sorted(legal_actions):  # never expected: the fast form agrees with the protocol
            return rng.choice(list(legal_actions))
        scores = self.score(view, ms, random.Random(rng.randbelow(1 << 30)))
        top = max(scores)
        best = sorted(t for t, v in zip(texts, scores, strict=True) if v >= top - 1e-9)
        return rng.choice(best)

    def pick(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """Kaleidos's secret table card: the least useful card, never one's Herald."""
        cards = [a.split()[1] for a in legal_actions]
        plain = [c for c in cards if c not in HERALD_MODES] or cards
        return f"pick {least_useful(plain)}"

    def budget(self, view: View) -> tuple[int, int]:
        """(deals sampled, nodes) for a decision in this view's mode."""
        return self.samples, self.node_budget

    def worlds(self, view: View, rnd: random.Random) -> list[World]:
        """The deals to search."""
        if self.last_deal_ahead(view):
            return last_deal_worlds(view)
        if _single_world(view):
            return [view.world(rnd)]
        every = enumerate_worlds(view, ENUMERATE)
        if every is not None:
            return every
        return [view.world(rnd) for _ in range(self.budget(view)[0])]

    def depth_plan(self, view: View) -> tuple[int, int]:
        """(first depth, last depth) of the iterative deepening: never past the cards now in hand.

        A world's stock order is a guess; searching into the next deal would let each world's
        player know the cards it is yet to be dealt (and its opponents'), and choose on that
        knowledge. So the search stops where the hands run out (the round's end, once the stock
        is empty); a leaf there still sees the next player's best capture (search.THREAT).
        """
        left = sum(view.hand_sizes)
        return min(self.min_depth, left), min(self.max_depth, left)

    def score(self, view: View, ms: list[Move], rnd: random.Random) -> list[float]:
        """The mean value of each root move over the worlds, deepened world by world under one pot (ref-ab)."""
        worlds = self.worlds(view, rnd)
        per_world = max(1, self.budget(view)[1] // len(worlds))
        first, last = self.depth_plan(view)
        leaf = self.leaf()
        totals = [0.0] * len(ms)
        chance = self.last_deal_ahead(view)
        for w in worlds:
            values: list[float] | None = None
            for depth in range(first, last + 1):
                search = self.make_search(w, view, leaf, per_world)
                search.final_chance = chance
                search.soft = self.soft
                got = search.root(ms, depth)
                if search.aborted and values is not None:
                    break
                values = got
                if search.aborted:
                    break
                per_world -= search.nodes
                if per_world <= 0:
                    break
            assert values is not None
            for i, v in enumerate(values):
                totals[i] += v
        return [t / len(worlds) for t in totals]


    def score_even(self, view: View, ms: list[Move], rnd: random.Random) -> list[float]:
        """The mean value of each root move over the worlds, every world searched as deep as the pot allows, evenly.

        Each world is first searched one ply (my move, then the leaf); then every world one ply
        deeper, in turn, while nodes are left; a world whose deeper search runs out of nodes
        keeps its last complete values (a search cut part-way would value the root moves it
        reached deeper than the others), and the deepening stops there.
        """
        worlds = self.worlds(view, rnd)
        pot = self.budget(view)[1]
        _, last = self.depth_plan(view)
        leaf = self.leaf()
        chance = self.last_deal_ahead(view)
        values: list[list[float]] = [[] for _ in worlds]
        for depth in range(1, last + 1):
            for i, w in enumerate(worlds):
                if pot <= 0 and depth > 1:
                    break
                search = self.make_search(w, view, leaf, pot if depth > 1 else 1 << 30)  # one ply always
                search.final_chance = chance
                search.soft = self.soft
                got = search.root(ms, depth)
                pot -= search.nodes
                if search.aborted:
                    pot = 0
                    break
                values[i] = got
            if pot <= 0:
                break
        n = len(worlds)
        return [sum(v[j] for v in values) / n for j in range(len(ms))]

    def make_search(self, w: World, view: View, leaf: Leaf, nodes: int) -> Search:
        """The search of one world (alpha-beta)."""
        return Search(w, view.me, leaf, exact_value, nodes)


def last_deal_ahead(view: View, plies: int) -> bool:
    """2p, the last deal is next and at most ``plies`` plays are left before it."""
    return (view.n == 2 and view.stock_size == 2 * view.hand_size and 0 < sum(view.hand_sizes) <= plies)


def last_deal_worlds(view: View) -> list[World]:
    """2p before the last deal: every hand the opponent may hold; the stock's split is left to Search.chance."""
    opp = 1 - view.me
    out = []
    for part in combinations(view.unseen, view.hand_sizes[opp]):
        hands = [list(view.hand), list(view.hand)]
        hands[opp] = list(part)
        stock = [c for c in view.unseen if c not in part]
        out.append(World(2, hands, list(view.table), stock, view.to_act, view.dealer, view.hand_size, view.live,
                         view.sides, view.double, view.piles, view.sweeps, view.last))
    return out


class HardAgent(SearchAgent):
    """``hard``: 32 deals (or every deal, when few), iterative deepening under a node budget, points-based leaves.

    Its tuning tables (``budgets``, ``even_modes``, ``vector_modes``, ``maxn_modes``) are keyed by mode name:
    they are this level's settings per mode, which the benches set by name (``--set even_modes=[...]``), not
    rules; a rule (the Heralds) is read from the rules record (``View.rules``).
    """

    name = "hard"
    last_deal_plies = 3
    samples = 32
    node_budget = 20000
    budgets: Mapping[str, tuple[int, int]] = {
        "2p": (64, 30000), "3p": (24, 5000), "classic": (16, 5000), "kaleidos": (16, 2500),
    }
    """(deals, nodes) per mode: 2p rarely spends its nodes (the search stops where the hands run
    out, at most 6 plies); 3p and the 4-player modes spend them all (``even_modes``): about 80 ms p95
    on CPython, 140 ms in the browser."""

    even_modes: tuple[str, ...] = ("3p", "classic", "kaleidos")
    """Modes whose deals are deepened evenly under one pot (``score_even``); the others as SearchAgent.score."""

    vector_modes: tuple[str, ...] = ("2p",)
    """Modes searched with VectorSearch (every world at once, my choices shared: no strategy fusion)."""

    settled_nodes = 8000
    """The Heralds mode (Kaleidos) once the first Herald has set the sides: this many nodes (0: the mode's budget). A leaf there
    values one partnership, not up to four, so the same time buys about three times the nodes (p95 CPU time
    unchanged: the decisions before the Herald stay the slowest)."""

    herald_bonus = 0.4
    """Kaleidos before the first Herald: round points added to playing my Herald now (see ``herald_timing``)."""

    bonus_for: Mapping[str, float] = {}
    """Per Herald card, e.g. {"AS": 0.0}: its bonus instead of ``herald_bonus`` (a trial; bench/primiera/herald.py)."""

    settled_deals = 0
    """Kaleidos once the sides are set (with ``settled_nodes``): this many deals (0: the mode's)."""

    maxn_solo = True
    """Once everyone plays alone (in ``maxn_modes``): search max^n (each seat for itself), not paranoid alpha-beta."""

    maxn_modes: tuple[str, ...] = ("3p", "kaleidos")
    """The modes of ``maxn_solo``."""

    def make_search(self, w: World, view: View, leaf: Leaf, nodes: int) -> Search:
        """Alpha-beta; max^n in a round where everyone is alone (``maxn_solo``, in ``maxn_modes``)."""
        if self.maxn_solo and view.variant in self.maxn_modes and view.sides is not None \
                and all(len(side) == 1 for side in view.sides):
            return MaxNSearch(w, view.me, self.threat, nodes)
        return Search(w, view.me, leaf, exact_value, nodes)

    def budget(self, view: View) -> tuple[int, int]:
        """The mode's (deals, nodes)."""
        deals, nodes = self.budgets.get(view.variant, (self.samples, self.node_budget))
        if self.settled_nodes and view.rules.heralds and not view.live:
            nodes = self.settled_nodes
            deals = self.settled_deals or deals
        return deals, nodes

    def score(self, view: View, ms: list[Move], rnd: random.Random) -> list[float]:
        """``vector_modes``: every world searched at once to the end of the hands now dealt; ``even_modes``:
        every world deepened evenly (``score_even``); else as SearchAgent.score."""
        if view.variant in self.even_modes:
            return self.herald_timing(view, ms, self.score_even(view, ms, rnd))
        if view.variant not in self.vector_modes:
            return self.herald_timing(view, ms, super().score(view, ms, rnd))
        worlds = self.worlds(view, rnd)
        _, last = self.depth_plan(view)
        search = VectorSearch(worlds, view.me, self.leaf(), exact_value, self.last_deal_ahead(view))
        return search.root(ms, last)


    def herald_timing(self, view: View, ms: list[Move], scores: list[float]) -> list[float]:
        """Kaleidos before the first Herald: ``herald_bonus`` added to the plays of my Herald.

        Whoever plays the first Herald chooses the partnership, and the others choose theirs
        for their own good (medium plays its Herald when the partnership suits it): a
        partnership set by another seat is, on the whole, set against me. The search sees
        only a ply or two ahead and values a still-open partnership as the mean of the ones
        the Heralds in hand would set, so it does not see that cost: the bonus is its price.
        """
        if not view.live:
            return scores
        bonus = [self.herald_bonus] * 4
        for card, b in self.bonus_for.items():
            bonus[INT[card]] = b
        return [v + bonus[m[0]] if m[0] < 4 else v for m, v in zip(ms, scores, strict=True)]


def greedy_value(w: World, me: int) -> float:
    """ref-ab's leaf: the worth of my side's captures and sweeps minus the others' mean (eval.card_worth)."""
    sides = w.sides or tuple((s,) for s in range(w.n))
    vals = [sum(w.worth[s] + SWEEP * w.sweeps[s] for s in side) for side in sides]
    mine = next(i for i, side in enumerate(sides) if me in side)
    k = len(vals)
    return vals[mine] - (sum(vals) - vals[mine]) / (k - 1)


REF_NODES = 9600
"""ref-ab's 50 ms as a node count: 193,000 nodes per CPU second on CPython here (bench/primiera/latency.py --calibrate)."""


class RefAbAgent(SearchAgent):
    """``ref-ab`` (bench only): 6 sampled deals, depth-3 alpha-beta on a greedy evaluation, exact once ≤ 6 cards are unseen."""

    name = "ref-ab"
    samples = 6
    node_budget = REF_NODES

    def leaf(self) -> Leaf:
        """The greedy evaluation."""
        return greedy_value

    def worlds(self, view: View, rnd: random.Random) -> list[World]:
        """Always 6 sampled deals (one when nothing is hidden)."""
        if not view.unseen:
            return [view.world(rnd)]
        return [view.world(rnd) for _ in range(self.samples)]

    def depth_plan(self, view: View) -> tuple[int, int]:
        """Depth 3; to the round's end once 6 or fewer cards are unseen."""
        left = sum(view.hand_sizes) + view.stock_size
        if len(view.unseen) <= 6:
            return left, left
        return min(3, left), min(3, left)

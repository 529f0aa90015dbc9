"""Primiera's game review (issue 23): each play weighed by the hard level's own search, in round points.

``PrimieraReviewer.weigh`` reads only the reviewed seat's observation (``Position.observation``):
it builds the hard agent's ``View`` from it, which deals the cards the seat cannot see again
(consistent with everything it has seen, search.View.world), and scores every legal play with
``HardAgent.score`` as the hard level does in that mode (2p: every world at once, VectorSearch;
3p, classic, Kaleidos: every world deepened evenly under one node pot, score_even), on a bigger
budget than the level plays with (``ReviewSearch.budgets``): more deals, so that the noise of
the sampling is small next to the thresholds. A value is the seat's expected round points
minus the others' mean after the play (the search's leaf, search.evaluate; exact once every card
is played), so a loss is in round points. Every legal play is a candidate. In Kaleidos before the
first Herald, the hard level's price of letting another seat choose the partnership
(HardAgent.herald_timing, 0.4 points on playing one's Herald) is part of the values, as it is of
the level's choice. The worlds are the search's own (View.world: the same information as
``Position.worlds``, and the soft inference from throws that could have captured).

Kaleidos's secret table pick is not reviewed (``weigh`` returns None): the search plays from
the table the picks make, and a pick's worth hangs on the three picks it cannot see.

``hindsight`` ("knowing every card") searches the true deal (``World.from_state``): one world,
the stock's order known, so the search may look past the cards in hand, to the round's end when
the node budget allows; then the values are exact (the 2p last deal always is).

``why`` and ``kind`` compare the best play with the one played through the coach's facts
(coach.coach: what each play takes, and what it leaves the next player): a sweep missed, a sweep
handed to the next player, the settebello, the primiera's sevens, coins, cards, the Kaleidos
Herald played or kept. The keys are ``primiera.review.why.*`` and ``primiera.review.kind.*``
(web/games/primiera/strings.{en,it,de}.js).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..protocol import Description, message
from ..review import Position, Thresholds, Weighing
from ..rng import AgentRandom
from .ai.fast import Move, move_text
from .ai.hard import HardAgent
from .ai.search import View, World, root_moves
from .coach import coach
from .rules import HERALD_MODES, PRIMIERA, SETTEBELLO, SUIT
from .state import PrimieraState

VERSION = "1"
"""Changes whenever the values or the marks change (a kept review is then made again)."""

THRESHOLDS = Thresholds(best=0.02, inaccuracy=0.15, mistake=0.35, blunder=0.7)
"""Round points lost, set from the calibration (bench/review/RESULTS.md, "## Primiera"): hard reviewed
is 97-99% best or good (its p99 loss, the noise of drawing other deals than the level drew, is 0.13 in
2p, 0.28 in classic); a sure point handed over (a sweep, the settebello) is a blunder."""

HINDSIGHT_NODES = 20_000
"""The node budget of the hindsight search (one world, searched deeper while nodes last)."""

SWEEP_CHANCE = 0.25
"""A play hands the next player a sweep when the chance they hold a sweeping card is at least this
(coach: from the cards the seat cannot see), and at least this much above the best play's."""

PRIM_CARD = 18
"""A six or a seven (primiera 18, 21): the cards that win the primiera."""

KINDS: tuple[str, ...] = (
    "primiera.review.kind.herald",  # played or kept the Kaleidos Herald at the wrong moment
    "primiera.review.kind.sweep",  # missed a sweep
    "primiera.review.kind.gave_sweep",  # left the next player a sweep when a safe play existed
    "primiera.review.kind.settebello",  # missed or gave up the seven of coins
    "primiera.review.kind.primiera",  # missed or gave up a six or seven for the primiera
    "primiera.review.kind.coins",  # took fewer coins
    "primiera.review.kind.cards",  # took fewer cards
    "primiera.review.kind.throw",  # gave up the wrong card
)
"""The kinds of mistake the summary counts."""

WHY_KEYS: tuple[str, ...] = (
    "primiera.review.why.herald",  # {card}: playing the Herald now set the partnerships well
    "primiera.review.why.herald.wait",  # {card}: better than playing the Herald now
    "primiera.review.why.sweep",  # {card} sweeps {captured}
    "primiera.review.why.safe",  # {card} was safer: the play left {table} ({sum}) for the next player to sweep
    "primiera.review.why.settebello",  # {card} takes the seven of coins ({captured})
    "primiera.review.why.settebello.keep",  # {card}: the seven of coins was thrown where it could be taken
    "primiera.review.why.primiera",  # {card} takes {captured}: primiera {before} -> {after}
    "primiera.review.why.primiera.keep",  # {card}: a six or seven was thrown away
    "primiera.review.why.coins",  # {card} takes more coins: {captured} ({coins} in all)
    "primiera.review.why.cards",  # {card} takes more cards: {captured} ({count} in all)
    "primiera.review.why.take",  # {card} takes {captured}: worth more in the long run
    "primiera.review.why.throw",  # {card} was the card to give up
)
"""The keys of ``why``; every one has {card}, the best play's card."""


class ReviewSearch(HardAgent):
    """The hard level's search with more deals (and, where it spends them all, more nodes) per decision."""

    name = "review"
    budgets: Mapping[str, tuple[int, int]] = {
        "2p": (128, 60000), "3p": (48, 10000), "classic": (32, 10000), "kaleidos": (32, 5000),
    }
    settled_nodes = 16000


class PrimieraReviewer:
    """Primiera's ``Reviewer`` (pygame_core.review): values in round points, the hard level's search."""

    unit = "points"
    thresholds = THRESHOLDS
    version = VERSION

    def __init__(self) -> None:
        self.search = ReviewSearch()

    def weigh(self, position: Position) -> Weighing | None:
        """Every legal play valued from the seat's observation only; None for a Kaleidos pick."""
        obs = position.observation
        if obs.get("phase") != "play" or position.played.startswith("pick"):
            return None
        view = View(obs)
        ms = root_moves(view)
        texts = [move_text(m) for m in ms]
        if sorted(texts) != sorted(position.legal):  # never expected: the fast form agrees with the protocol
            return None
        scores = self.search.score(view, ms, random.Random(position.rng.randbelow(1 << 30)))
        return _weighing(obs, dict(zip(texts, scores, strict=True)), position.played)

    def hindsight(self, game: Any, state: PrimieraState, seat: int, played: str, rng: AgentRandom) -> Weighing | None:
        """Every legal play valued knowing every card (the true deal, the stock's order too)."""
        if state.phase != "play" or played.startswith("pick"):
            return None
        obs = game.observation(state, seat)
        view = View(obs)
        ms = root_moves(view)
        texts = [move_text(m) for m in ms]
        if sorted(texts) != sorted(game.legal_actions(state)):
            return None
        world = World.from_state(state)
        scores = _deepest(self.search, world, view, ms, HINDSIGHT_NODES)
        return _weighing(obs, dict(zip(texts, scores, strict=True)), played)


def _deepest(agent: HardAgent, world: World, view: View, ms: Sequence[Move], nodes: int) -> list[float]:
    """The root values of one known world, deepened while ``nodes`` last; exact once the search reaches the round's end.

    The depths go a whole turn of the table at a time (every seat has played as many cards at a
    leaf), so a deeper search is not swayed by whose capture comes last before the leaf.
    """
    left = sum(len(h) for h in world.hands) + len(world.stock)
    depths = list(range(min(world.n, left), left + 1, world.n))
    if depths[-1] != left:
        depths.append(left)
    values: list[float] | None = None
    pot = nodes
    for depth in depths:
        search = agent.make_search(world, view, agent.leaf(), pot if values is not None else 1 << 30)  # one turn always
        got = search.root(ms, depth)
        pot -= search.nodes
        if search.aborted:
            break
        values = got
        if pot <= 0:
            break
    assert values is not None
    return values


def _weighing(obs: Mapping[str, Any], values: dict[str, float], played: str) -> Weighing:
    """The values with the why and the kind of the played move against the best."""
    weighing = Weighing(values)
    best = weighing.best()
    if best == played:
        return weighing
    why, kind = explain_loss(obs, best, played)
    return Weighing(values, why, kind)


def explain_loss(obs: Mapping[str, Any], best: str, played: str) -> tuple[Description, str | None]:
    """What ``best`` does that ``played`` did not, in the coach's terms: a ``why`` Description and a kind.

    The first that holds, from the biggest swing in round points down: the Kaleidos Herald
    played or kept (it sets the partnerships), a sweep missed (a point), a sweep left to the next
    player when the best play left less (a point to them), the settebello (a point), a six or
    seven for the primiera, coins, cards; else what the best play takes or gives up.
    """
    facts = {m["action"]: m for m in coach(obs)["moves"]}
    b, p = facts[best], facts[played]
    card = b["card"]
    captured = list(b["captured"])
    herald_open = obs.get("herald") is None and obs.get("variant") == "kaleidos"
    if herald_open and (b["card"] in HERALD_MODES) != (p["card"] in HERALD_MODES):
        if b["card"] in HERALD_MODES:
            return message("primiera.review.why.herald", card=card), "primiera.review.kind.herald"
        return message("primiera.review.why.herald.wait", card=card), "primiera.review.kind.herald"
    if b["sweep"] and not p["sweep"]:
        return message("primiera.review.why.sweep", card=card, captured=captured), "primiera.review.kind.sweep"
    gave = _sweep_chance(p)
    if gave >= SWEEP_CHANCE and gave - _sweep_chance(b) >= SWEEP_CHANCE:
        left = p["next"]
        return (message("primiera.review.why.safe", card=card, table=list(left["table"]), sum=left["sum"]),
                "primiera.review.kind.gave_sweep")
    if b["settebello"] and not p["settebello"]:
        return message("primiera.review.why.settebello", card=card, captured=captured), "primiera.review.kind.settebello"
    if p["card"] == SETTEBELLO and not p["captured"] and b["card"] != SETTEBELLO:
        return message("primiera.review.why.settebello.keep", card=card), "primiera.review.kind.settebello"
    pile = _side_pile(obs)
    before = _primiera_sum(pile)
    b_after = _primiera_sum([*pile, b["card"], *captured] if captured else pile)
    p_after = _primiera_sum([*pile, p["card"], *p["captured"]] if p["captured"] else pile)
    if b_after > p_after and any(PRIMIERA[c] >= PRIM_CARD for c in [b["card"], *captured]):
        return (message("primiera.review.why.primiera", card=card, captured=captured, before=before, after=b_after),
                "primiera.review.kind.primiera")
    if not p["captured"] and PRIMIERA[p["card"]] >= PRIM_CARD and PRIMIERA[b["card"]] < PRIM_CARD:
        return message("primiera.review.why.primiera.keep", card=card), "primiera.review.kind.primiera"
    if b["coins"] > p["coins"]:
        return (message("primiera.review.why.coins", card=card, captured=captured, coins=b["coins"]),
                "primiera.review.kind.coins")
    if b["cards"] > p["cards"]:
        return (message("primiera.review.why.cards", card=card, captured=captured, count=b["cards"]),
                "primiera.review.kind.cards")
    if captured:
        return message("primiera.review.why.take", card=card, captured=captured), None
    kind = "primiera.review.kind.throw" if not p["captured"] else None
    return message("primiera.review.why.throw", card=card), kind


def _side_pile(obs: Mapping[str, Any]) -> list[str]:
    """The cards the seat's side has captured this round (the public piles)."""
    seat = obs["seat"]
    side = next((list(x) for x in obs.get("sides") or [] if seat in x), [seat])
    return [c for s in side for c in obs["captured"][s]]


def _primiera_sum(pile: Sequence[str]) -> int:
    """The best primiera value per suit, added up (a suit not yet captured counts 0: the sum grows as it comes)."""
    best: dict[str, int] = {}
    for c in pile:
        best[SUIT[c]] = max(best.get(SUIT[c], 0), PRIMIERA[c])
    return sum(best.values())


def _sweep_chance(move: Mapping[str, Any]) -> float:
    """The chance the next player, an opponent, can sweep the table this move leaves (0 for a partner)."""
    nxt = move["next"]
    if nxt is None or nxt["partner"] or not nxt["sweep_ranks"]:
        return 0.0
    return float(nxt["sweep_chance"])


__all__ = ["KINDS", "THRESHOLDS", "WHY_KEYS", "PrimieraReviewer", "ReviewSearch", "explain_loss"]

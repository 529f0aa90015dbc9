"""Primo's game review (issue 23): each decision weighed by the hard level's whole-turn search.

A decision is one atomic action of a turn with more than one legal action: a card on a row, a
move, a Top or Take card, ``end``, an exchange or ``pass``. The hard level plans whole turns
(ai/search.py ``Planner``: best first over the turn's states, valued by ``Context.evaluate``); the
review asks the same search, from the seat's observation only, what each first action is worth:

- one search from the decision, as hard plans (the same node budget, no wall-clock cut, so a
  review is the same on every machine): every first action gets the best plan found that begins
  with it (a lower bound: a state reached first through another action is not searched again);
- the best first action and the move played are then searched again each from the state after
  it, with the same budget, so both get the same effort (two orders of the same plays reach the
  same state, so a move that is only a different order of the best plan loses nothing);
- ``end`` is the table as it stands and the cards drawn after it (D-PO10), an exchange or ``pass``
  (D-PO11) its value as hard weighs it.

No world is drawn (``Position.worlds``): the hard evaluation reads only what the seat sees and
the counts of the cards it does not (per value, hand and pile sizes), never a deal of them.

**The unit is cards.** The hard evaluation counts in cards shed (one card out of the hand = 1)
and adds what the table left is worth in the same coin: the places it leaves the next players,
how well the cards kept and drawn will fit, cards a Take sent to the players closest to going
out. A candidate's value is that worth minus the cards the seat held (hand and pile) at the
decision, so it reads as "cards left after the turn, adjusted by the table's worth", and it
rises as the seat sheds; going out is worth ``GO_OUT``. A loss of 1 is one card's worth.

The hindsight view ("knowing every card") runs the same search on the true state, with the
evaluation's two guesses about hidden cards replaced by the truth: the cards the seat will draw
(its pile, in order) and the next player's hand (which slots it can fill), instead of averages
over the unseen cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..protocol import Description
from ..review import Position, Thresholds, Weighing
from ..rng import AgentRandom
from .ai.hard import HardAgent
from .ai.search import (
    HAND_SIZE,
    NONE,
    ROWS,
    TAKE,
    TOP,
    WIN,
    Context,
    Planner,
    Pos,
    act_text,
    code,
    exchange_text,
    from_observation,
    text,
)
from .state import PrimoState

GO_OUT = 6.0
"""The value of a plan that goes out (every card held shed): no card left, plus a whole hand's
worth, so that missing a way out of the round is a blunder (about 4 cards lost: the thresholds below).
Going out ends the round: the base game is won, and in several rounds it scores 3 (D-PO14)."""

OTHERS = 3
"""Besides the best and the played move, this many of the next best first actions are reported."""


@dataclass(frozen=True)
class Plan:
    """A candidate first action and the best plan found that begins with it."""

    first: str
    value: float  # in cards (see the module's docstring)
    end: Pos | None  # where the turn ends (None for an exchange or a pass)
    won: bool = False


class PrimoReviewer:
    """Primo's ``Reviewer`` (pygame_core/review.py): values in cards, from the hard search."""

    unit = "cards"
    # Set from measurement (bench/review/RESULTS.md, "## Primo"): seeded 3-player games of 4 rounds,
    # the reviewed seat easy, medium or hard against two hard players. Hard loses nothing on its own
    # plans but ties (best: 0.05, the evaluation's noise); medium's slips, when it loses anything,
    # are 0.24 at the median and 1.2 at p90, easy's 1.7 at the median and 2.9 at p75: from 0.3 a
    # slip is an inaccuracy, from a card's worth a mistake, from 2.5 cards (easy's typical error:
    # ending a turn with a card that fitted) a blunder. Missing a way out (GO_OUT) is about 4 cards.
    thresholds = Thresholds(best=0.05, inaccuracy=0.3, mistake=1.0, blunder=2.5)
    version = "primo-1"

    def __init__(self) -> None:
        # hard's own budget, without its wall-clock cap: a review must be the same everywhere
        self.planner = Planner(HardAgent.budget, time_limit=None)

    def weigh(self, position: Position) -> Weighing | None:
        """The candidates' values from the seat's observation (see the module's docstring)."""
        return self._weigh(position.observation, position.played, None)

    def hindsight(self, game: Any, state: PrimoState, seat: int, played: str, rng: AgentRandom) -> Weighing | None:
        """The same search, knowing the cards the seat will draw and the next player's hand."""
        return self._weigh(game.observation(state, seat), played, state)

    # --- the search -------------------------------------------------------------------------

    def _context(self, obs: Mapping[str, Any], truth: PrimoState | None) -> tuple[Context, Pos]:
        root, me, rule = from_observation(obs)
        if truth is None:
            return Context(obs, root, me, rule, self.planner.weights), root
        nxt = truth.hands[(me + 1) % truth.players]
        return KnownContext(obs, root, me, rule, self.planner.weights, [code(c) for c in nxt],
                            [code(c) for c in truth.piles[me]]), root

    def _weigh(self, obs: Mapping[str, Any], played: str, truth: PrimoState | None) -> Weighing | None:
        ctx, root = self._context(obs, truth)
        held = len(root.hand) + root.piles[ctx.me]

        def cards(raw: float) -> float:
            return GO_OUT if raw >= WIN else raw - held

        plans: dict[str, Plan] = {}
        if root.acted:
            plans["end"] = Plan("end", cards(ctx.evaluate(root)), root)
        else:
            for swap, raw in self.planner.exchanges(ctx, root):
                plans[exchange_text(swap)] = Plan(exchange_text(swap), cards(raw), None)

        def visit(child: Pos, raw: float) -> None:
            first = act_text(child.path[0])
            got = plans.get(first)
            if got is None or cards(raw) > got.value:
                plans[first] = Plan(first, cards(raw), child, raw >= WIN)

        self.planner.expand(ctx, root, float("-inf"), visit)
        best = min(plans.values(), key=lambda p: (-p.value, p.first)).first  # ties: the first text
        # the played move and the best one, each searched again from the state after it (same effort)
        for first in ((played, best) if played != best else ()):
            if _is_play(first):
                deeper = self._deepen(ctx, root, first, cards)
                if deeper is not None and (first not in plans or deeper.value > plans[first].value):
                    plans[first] = deeper
        if played not in plans:
            return None  # never expected: the fast form agrees with the engine (tests/primo/test_ai_hard.py)
        ranked = sorted(plans.values(), key=lambda p: (-p.value, p.first))
        keep = {p.first for p in ranked[:OTHERS + 1]} | {played}
        values = {p.first: p.value for p in plans.values() if p.first in keep}
        if values[played] >= max(values.values()) - 1e-9:
            # as good as the best: the move played is the best named (the others equal to it left out)
            return Weighing({a: v for a, v in values.items() if a == played or v < values[played] - 1e-9})
        top = Weighing(values).best()
        why, kind = explain(ctx, root, plans[top], plans[played])
        return Weighing(values, why, kind)

    def _deepen(self, ctx: Context, root: Pos, first: str, cards: Any) -> Plan | None:
        """The best plan found by a search of its own from the state after the play ``first``."""
        act = next((a for a in root.actions(ctx.rule) if act_text(a) == first), None)
        if act is None:
            return None
        child = root.apply(act, ctx.me, ctx.rule)
        raw = ctx.evaluate(child)
        end: Pos | None = child
        if child.hand and raw < WIN:
            found, raw = self.planner.expand(ctx, child, raw)
            end = found or child
        return Plan(first, cards(raw), end, raw >= WIN)


def _is_play(action: str) -> bool:
    """A play action (a card, a move, a Top or Take card), as against end, pass or an exchange."""
    return action not in ("end", "pass") and not action.startswith("exchange")


class KnownContext(Context):
    """The hard evaluation knowing every card: the next player's hand and the seat's own draws."""

    def __init__(self, obs: Mapping[str, Any], root: Pos, me: int, rule: int, weights: Any,
                 next_hand: list[int], pile: list[int]) -> None:
        super().__init__(obs, root, me, rule, weights)
        self.pile = pile
        held = [0, 0] * 14
        for c in next_hand:
            if c < TAKE:
                held[c] += 1
        # instead of the chance that an unseen hand holds the value a slot asks for: whether the
        # next player's hand does (under a colour rule a slot asks for one colour: half if it holds one)
        both = [0.0] + [1.0 if held[2 * v] and held[2 * v + 1] else 0.5 if held[2 * v] or held[2 * v + 1] else 0.0
                        for v in range(1, 14)]
        anyc = [0.0] + [1.0 if held[2 * v] or held[2 * v + 1] else 0.0 for v in range(1, 14)]
        self.p_hold_colour = anyc if rule == NONE else both
        self.cache = {}

    def _drawn(self, draws: list[int], n: int, q: list[float]) -> float:
        """The playability of the n cards drawn instead of n average ones."""
        return self.w.quality * (self.kept_quality(draws[:n], q) - n * self.mean_quality(q))

    def evaluate(self, pos: Pos) -> float:
        v = super().evaluate(pos)
        refill = min(HAND_SIZE - len(pos.hand), pos.piles[self.me])
        if v >= WIN or not refill:
            return v
        return v + self._drawn(self.pile, refill, self.layout(pos.rows)[1])

    def exchange_value(self, root: Pos, cards: Any) -> float:
        v = super().exchange_value(root, cards)
        fresh = min(len(cards), root.piles[self.me])
        if not fresh:
            return v
        return v + self._drawn(self.pile, fresh, self.layout(root.rows)[1])


# --- why and which kind -----------------------------------------------------------------------

def _first_shed(end: Pos) -> tuple[str, str, str, bool] | None:
    """The first card the plan puts out of the hand: (verb, card text, row, whether a move came before it)."""
    moved = False
    for a in end.path:
        verb = a[0]
        if verb in ("add", "open", "head"):
            return verb, text(a[1]), ROWS[a[2]], moved
        if verb in ("top", "take"):
            return verb, text(TOP if verb == "top" else TAKE), ROWS[a[1]], moved
        moved = True
    return None


def _fit(end: Pos) -> Description | None:
    """The best plan's first card out of the hand, in words: a card that fitted a row (after a
    move, if one was needed), or a Top or Take card that could be played."""
    got = _first_shed(end)
    if got is None:
        return None
    verb, card, row, moved = got
    if verb == "top":
        return _why("primo.review.why.top", row=row)
    if verb == "take":
        return _why("primo.review.why.playtake", row=row)
    if moved:
        first = end.path[0]
        return _why("primo.review.why.movefit", row=ROWS[first[1]], to=ROWS[first[3]], card=card, target=row)
    return _why("primo.review.why.fit", card=card, row=row)


def _specials(hand: tuple[int, ...]) -> int:
    return sum(1 for c in hand if c in (TOP, TAKE))


def explain(ctx: Context, root: Pos, best: Plan, played: Plan) -> tuple[Description, str | None]:
    """What the best plan does that the one played did not (a ``primo.review.why.*`` line) and the
    kind of mistake (``primo.review.kind.*``, None when no named kind fits)."""
    b, p = best.end, played.end
    if best.won and not played.won:
        return _why("primo.review.why.out"), "primo.review.kind.out"
    if b is None or p is None:  # an exchange or a pass on one side
        if b is not None:  # played an exchange or pass where a play was better
            return _fit(b) or _why("primo.review.why.plan"), "primo.review.kind.swapped"
        kind = "primo.review.kind.noswap" if p is not None else "primo.review.kind.swapcards"
        if best.first == "pass":
            return _why("primo.review.why.pass"), kind
        return _why("primo.review.why.swap", cards=best.first.split()[1:]), kind
    if played.first == "end":
        got = _first_shed(b) if b.shed > p.shed else None
        if got is not None:  # a card that fitted as the table stood is "kept"; one a move made room for, "ended"
            return _fit(b) or _why("primo.review.why.plan"), ("primo.review.kind.ended" if got[3]
                                                              else "primo.review.kind.kept")
        if b.clears > p.clears:
            return _why("primo.review.why.clear"), "primo.review.kind.ended"
        return _why("primo.review.why.plan"), "primo.review.kind.ended"
    if best.first.startswith("take") and played.first.startswith("take"):
        return _why("primo.review.why.take", row=best.first.split()[1]), "primo.review.kind.take"
    if b.shed > p.shed:
        return _why("primo.review.why.shed", n=b.shed, played=p.shed), "primo.review.kind.fewer"
    if b.clears > p.clears:
        return _why("primo.review.why.clear"), "primo.review.kind.clear"
    bv, pv = best.first.split(), played.first.split()
    if bv[0] == pv[0] == "open" and bv[1] != pv[1]:  # the same turn's worth of cards: which one opens
        return _why("primo.review.why.open", card=bv[1], row=bv[2]), "primo.review.kind.open"
    free_b = sum(1 for r in b.rows if not r)
    free_p = sum(1 for r in p.rows if not r)
    if free_p > free_b:
        return _why("primo.review.why.base"), "primo.review.kind.base"
    if ctx.layout(p.rows)[0] > ctx.layout(b.rows)[0] + 0.25:
        return _why("primo.review.why.layout"), "primo.review.kind.opened"
    if _specials(b.hand) > _specials(p.hand):
        kept = TOP if b.hand.count(TOP) > p.hand.count(TOP) else TAKE
        return _why("primo.review.why.keep", card=text(kept)), "primo.review.kind.special"
    return _why("primo.review.why.hand"), "primo.review.kind.hand"


def _why(key: str, **args: Any) -> Description:
    return {"key": key, "args": args}


__all__ = ["GO_OUT", "KnownContext", "Plan", "PrimoReviewer", "explain"]

"""Primiera's simple AI levels: ``easy`` (greedy on the immediate capture) and ``medium`` (counts cards, heuristics).

Agents see only their seat's observation (hand, table, every captured pile, sides) and the
legal action texts; they keep no memory between moves: what they "count" is read from the
public piles each time. Their weights are the shared evaluation's (eval.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from ...rng import AgentRandom
from ..engine import captures
from ..rules import DECK, HERALD_MODES, RULES, VALUE, herald_sides, sort_cards
from .eval import SWEEP, card_worth, least_useful
from .explain import Explains


def _split(action: str) -> tuple[str, str, tuple[str, ...]]:
    verb, card, *rest = action.split()
    return verb, card, tuple(rest[1:])


class EasyAgent(Explains):
    """Takes the capture that grabs most right now (a sweep first); else gives up its least useful card."""

    name = "easy"

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """A legal action."""
        if legal_actions[0].startswith("pick"):
            return f"pick {least_useful([a.split()[1] for a in legal_actions])}"
        table = observation["table"]
        best: list[str] = []
        best_score = float("-inf")
        for a in legal_actions:
            _, card, taken = _split(a)
            if taken:
                score = sum(card_worth(c) for c in (card, *taken)) + (SWEEP if len(taken) == len(table) else 0.0)
            else:
                score = -card_worth(card) - VALUE[card] / 100
            if score > best_score + 1e-9:
                best, best_score = [a], score
            elif abs(score - best_score) <= 1e-9:
                best.append(a)
        return rng.choice(best)


class MediumAgent(Explains):
    """Greedy value plus the classical heuristics.

    It protects the settebello (never leaves it where the next player may take it if it can
    help it), avoids leaving a table the next opponent can sweep (a single card or a sum of
    10 or less, weighed by the chance, from the unseen cards, that they hold the right card),
    keeps its primiera cards (7s, 6s, aces) rather than throwing them on the table, and plays
    to its partner when the next player is on its side (a table its partner may sweep is good).
    In Kaleidos, before the first Herald, playing its Herald is weighed by the partnership it
    sets against the ones the other Heralds would set (``_herald_gain``).

    Heads-up, once the stock is empty it counts the cards to the end: every unseen card is in the
    opponent's hand, and it plays the last deal out exactly, as a club player who counts does (the
    hard level's search over that one known deal, imported only then). Without it, medium played the
    last deal as greedily as easy, and that deal is where most of a 2p round is won or lost.
    """

    name = "medium"
    place_cost = 0.6  # a card left on the table is usually lost: its worth, counted against the move
    reply_weight = 1.0  # how much the next player's expected best reply counts
    herald_weight = 0.25  # Kaleidos: how much the partnership a Herald sets counts (see _herald_gain)
    counts_last_deal = True  # 2p: the last deal (every card known) played out exactly

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """A legal action."""
        if legal_actions[0].startswith("pick"):
            return f"pick {least_useful([a.split()[1] for a in legal_actions])}"
        seat = observation["seat"]
        n = observation["players"]
        if self.counts_last_deal and n == 2 and observation["stock_size"] == 0 and len(legal_actions) > 1:
            from .hard import HardAgent  # the search's tables: only for the last deal of a 2p round

            return HardAgent().choose(observation, legal_actions, rng)
        table: list[str] = observation["table"]
        hand: list[str] = observation["hand"]
        seen = set(hand) | set(table) | {c for pile in observation["captured"] for c in pile}
        unseen = [c for c in DECK if c not in seen]
        nxt = (seat + 1) % n
        sides: list[list[int]] = observation.get("sides") or []
        partner_next = any(seat in side and nxt in side for side in sides)
        next_hand = observation["hand_sizes"][nxt]
        last_round_card = sum(observation["hand_sizes"]) == 1 and observation["stock_size"] == 0
        herald_open = RULES[observation["variant"]].heralds and observation.get("herald") is None
        scored = []
        for a in legal_actions:
            _, card, taken = _split(a)
            if taken:
                left = [t for t in table if t not in taken]
                gain = sum(card_worth(c) for c in (card, *taken))
                if not left and not last_round_card:
                    gain += SWEEP
            else:
                left = sorted([*table, card], key=VALUE.__getitem__)
                gain = -self.place_cost * card_worth(card) + VALUE[card] / 40  # give away cheap, high cards
            if next_hand and not last_round_card:
                gain -= self.reply_weight * self._exposure(left, unseen, next_hand, partner_next)
            if herald_open and card in HERALD_MODES:
                gain += self.herald_weight * self._herald_gain(observation, card, unseen)
            scored.append((gain, a))
        top = max(g for g, _ in scored)
        return rng.choice([a for g, a in scored if g >= top - 1e-9])

    @staticmethod
    def _herald_gain(observation: Mapping[str, Any], card: str, unseen: list[str]) -> float:
        """Kaleidos: how much better the partnership my Herald ``card`` sets is than the one I would otherwise get.

        A side's standing is the worth of what its seats have captured (and their sweeps); my
        partnership is worth my side's standing minus the other sides' mean, in worth units (an
        individual round, doubled, counts twice). Otherwise the first Herald would be one of the
        unseen aces, played by one of the seats still holding one: the mean over those.
        """
        seat: int = observation["seat"]
        n: int = observation["players"]
        piles: list[list[str]] = observation["captured"]
        sweeps: list[int] = observation["sweeps"]
        standing: list[float] = [sum(card_worth(c) for c in piles[s]) + SWEEP * sweeps[s] for s in range(n)]

        def worth(sides: tuple[tuple[int, ...], ...]) -> float:
            mine = [side for side in sides if seat in side][0]
            others = [side for side in sides if side != mine]
            own = sum(standing[s] for s in mine)
            rest = sum(sum(standing[s] for s in side) for side in others) / len(others)
            return (own - rest) * (2.0 if len(mine) == 1 else 1.0)

        new = worth(herald_sides(HERALD_MODES[card], seat))
        others = [s for s in range(n) if s != seat and observation["hand_sizes"][s] > 0]
        outcomes = [worth(herald_sides(HERALD_MODES[a], s)) for a in unseen if a in HERALD_MODES for s in others]
        if not outcomes:
            return new - worth(tuple((s,) for s in range(n)))
        return new - sum(outcomes) / len(outcomes)

    @staticmethod
    def _exposure(left: list[str], unseen: list[str], next_hand: int, partner_next: bool) -> float:
        """The next player's expected best capture from ``left`` (a gain instead if it is our partner).

        For each rank, the chance that they hold one (from the unseen cards and their hand
        size) and the best capture a card of that rank makes; they are assumed to play their
        best rank, so the ranks are weighed best first.
        """
        if not left:
            return 0.0
        u = len(unseen)
        h = min(next_hand, u)
        if h == 0:
            return 0.0
        table = sort_cards(left)
        by_rank: dict[int, list[str]] = {}
        for c in unseen:
            by_rank.setdefault(VALUE[c], []).append(c)
        options: list[tuple[float, float]] = []
        for cards in by_rank.values():
            caps = captures(table, cards[0])
            if not caps:
                continue
            played = sum(card_worth(c) for c in cards) / len(cards)
            best = max(sum(card_worth(t) for t in cap) + (SWEEP if len(cap) == len(table) else 0.0) for cap in caps)
            chance = 1.0 - comb(u - len(cards), h) / comb(u, h)
            options.append((best + played, chance))
        options.sort(reverse=True)
        expected = 0.0
        none_yet = 1.0
        for gain, chance in options:
            expected += none_yet * chance * gain
            none_yet *= 1.0 - chance
        return -0.5 * expected if partner_next else expected


"""Primo's shared evaluation: a seat's view of the table, one play action stepped, and what a turn's end is worth.

Read by ``medium`` (easy_medium.plan_turn scores its plans with ``greedy_score``) and by the
coach (coach.py plans the rest of a turn the same way, and steps the chosen action with
``step``); ``hard`` has its own, in integers (search.Context.evaluate). It imports only the
rules and the board: nothing in the AI or the coach is below it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..board import Rows, place, resolve_take
from ..rules import ROW_INDEX, RULES, TAKE, VALUE

SHED = 10.0  # a card out of the hand
CLEAR = 4.0  # a row cleared
GIVEN = 2.0  # a card an opponent must take onto its pile (Take)
EMPTY_HAND = 3.0  # the whole hand played: the turn ends and 6 new cards come
IDLE_TOP = 1.0  # a Top card played with no card above the head: worth little (it could shed several later)
STEP = 0.01  # per action: of equal plans, the shorter


@dataclass(frozen=True)
class View:
    """What a plan needs from an observation."""

    rows: Rows
    hand: tuple[str, ...]
    tops: tuple[str, ...]
    colour: str
    seat: int
    players: int
    piles: tuple[int, ...]
    phase: str

    @staticmethod
    def of(obs: Mapping[str, Any]) -> View:
        """The view of an observation."""
        return View(
            rows=tuple(tuple(r["cards"]) for r in obs["rows"]),
            hand=tuple(obs["hand"]),
            tops=tuple(obs["turn"]["tops"]),
            colour=RULES[obs["variant"]].colour,
            seat=obs["seat"],
            players=obs["players"],
            piles=tuple(obs["piles"]),
            phase=obs["turn"]["phase"],
        )

    def takers(self) -> list[tuple[int, bool]]:
        """The other seats clockwise from this one, each with whether it has a draw pile."""
        n = self.players
        return [((self.seat + k) % n, self.piles[(self.seat + k) % n] > 0) for k in range(1, n)]


Position = tuple[Rows, tuple[str, ...], tuple[str, ...]]


def step(view: View, pos: Position, action: str) -> tuple[Position, int, int]:
    """The position after a play action: (rows, hand, tops), rows cleared, cards given to others."""
    rows, hand, tops = pos
    if action.startswith("take"):
        new_rows, takes = resolve_take(rows, action.split()[1], view.takers())
        i = hand.index(TAKE)
        return (new_rows, hand[:i] + hand[i + 1:], tops), 0, sum(1 for t in takes if t[3] is None)
    rows2, hand2, tops2, cleared = place(rows, hand, tops, action, view.colour)
    return (rows2, hand2, tops2), len(cleared), 0


def greedy_score(view: View, pos: Position, shed: int, clears: int, given: int) -> float:
    """Cards shed, clears, cards given to others; a little for tails that fit the cards kept."""
    rows, hand, tops = pos
    value = SHED * shed + CLEAR * clears + GIVEN * given + (EMPTY_HAND if not hand else 0.0)
    for r in tops:  # a Top card that let no card above its row's head is kept for later, unless the hand empties
        if r not in view.tops and hand and not _raised(view.rows[ROW_INDEX[r]], rows[ROW_INDEX[r]]):
            value -= SHED - IDLE_TOP
    tails = {VALUE[r[-1]] - 1 for r in rows if r}
    value += 0.5 * sum(1 for c in hand if VALUE[c] in tails)
    value += 0.3 * sum(1 for r in rows if not r)
    return value


def _raised(before: tuple[str, ...], after: tuple[str, ...]) -> bool:
    """Did the row's head go up (a card was put above it)?"""
    return bool(before and after) and VALUE[after[0]] > VALUE[before[0]]


def keep_card(view: View, card: str) -> bool:
    """A card worth keeping instead of exchanging: a special, or a number close below a row's tail."""
    if VALUE[card] == 0:
        return True
    v = VALUE[card]
    return any(r and 0 < VALUE[r[-1]] - v <= 3 for r in view.rows)

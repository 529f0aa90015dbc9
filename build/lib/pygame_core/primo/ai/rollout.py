"""Primo's ``hard`` AI, whole-game rollouts: a fast game in values, played to its end by a greedy policy.

A candidate end-of-turn state of hard's search is scored by dealing the cards hard cannot
see (determinization: the others' hands and every draw pile, each keeping its public size)
and playing the game on to its end, every player with the same fast greedy turn (the way
medium plays: every card that fits a tail, chained down; a free base opened with the card
that starts the longest chain in hand; a whole row moved onto the tail above its head to
free a base; Top cards raising a head when the hand holds the card above it, else played
idle; Take cards played; with nothing to place, the cards far from every tail exchanged).

Only values matter here (the variants without a colour rule). Cards: 1..13, ``TOP_V`` 14,
``TAKE_V`` 15. A row is ``(head, tail)`` or None (a free base), a hand a list of 16 counts,
a pile a list with its top card LAST.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

TOP_V = 14
TAKE_V = 15
HAND = 6
Row = tuple[int, int] | None


def free_a_base(rows: list[Row]) -> bool:
    """Move a whole row onto the tail just above its head (the first such pair), which frees its
    base (a completed 13..1 row clears); in place. False if no row fits onto another."""
    for i, r in enumerate(rows):
        if r is None:
            continue
        for j, d in enumerate(rows):
            if j != i and d is not None and d[1] == r[0] + 1:
                rows[j] = None if d[0] == 13 and r[1] == 1 else (d[0], r[1])
                rows[i] = None
                return True
    return False


class Sim:
    """One game position in values, mutable, and its fast play-out."""

    __slots__ = ("rows", "hands", "piles", "to_act", "idle", "n", "stall", "winners")

    def __init__(self, rows: Sequence[Row], hands: Sequence[Sequence[int]], piles: Sequence[Sequence[int]],
                 to_act: int, idle: int = 0, stall_laps: int = 3) -> None:
        self.rows: list[Row] = list(rows)
        self.hands = [list(h) for h in hands]
        self.piles = [list(p) for p in piles]
        self.to_act = to_act
        self.idle = idle
        self.n = len(self.hands)
        self.stall = stall_laps * self.n
        self.winners: tuple[int, ...] = ()

    def held(self, seat: int) -> int:
        """Cards in hand and pile."""
        return sum(self.hands[seat]) + len(self.piles[seat])

    def run(self, max_turns: int = 400) -> tuple[int, ...]:
        """Play turns until the game ends (or ``max_turns``: then the fewest cards win); the winners."""
        for _ in range(max_turns):
            if self.turn():
                return self.winners
        least = min(self.held(s) for s in range(self.n))
        return tuple(s for s in range(self.n) if self.held(s) == least)

    def _take(self, p: int) -> None:
        """A Take card on row A: each other player in turn takes the next head (D-PO8, D-PO9, P-PO1)."""
        rows = self.rows
        pos = 0
        for t in range(1, self.n):
            seat = (p + t) % self.n
            while pos < 6 and rows[pos] is None:
                pos += 1
            if pos >= 6:
                return
            r = rows[pos]
            assert r is not None
            card = r[0]
            rows[pos] = None if r[0] == r[1] else (r[0] - 1, r[1])
            pos += 1
            if self.piles[seat]:
                self.piles[seat].append(card)
                continue
            for q in range(6):
                if rows[q] is None:
                    rows[q] = (card, card)
                    break
            else:
                self.piles[seat].append(card)

    def turn(self) -> bool:
        """The player to act plays one greedy turn; True when the game is over."""
        p = self.to_act
        h = self.hands[p]
        rows = self.rows
        placed = 0
        left = sum(h)
        while left:
            progress = False
            for i in range(6):  # every card that fits a tail, chained down
                r = rows[i]
                if r is None:
                    continue
                head, t = r
                t0 = t
                while t > 1 and h[t - 1]:
                    h[t - 1] -= 1
                    t -= 1
                if t != t0:
                    placed += t0 - t
                    left -= t0 - t
                    progress = True
                    rows[i] = None if head == 13 and t == 1 else (head, t)
            if not left:
                break
            numbers = left - h[TOP_V] - h[TAKE_V]
            if numbers and None not in rows:
                free_a_base(rows)
            if numbers and None in rows:  # a free base opened with the card starting the longest chain
                best_v, best_len = 0, 0
                for v in range(13, 0, -1):
                    if h[v]:
                        k = 1
                        while v - k >= 1 and h[v - k]:
                            k += 1
                        if k > best_len:
                            best_v, best_len = v, k
                i = rows.index(None)
                h[best_v] -= 1
                rows[i] = (best_v, best_v)
                placed += 1
                left -= 1
                continue
            if h[TOP_V]:  # a Top card where the hand holds the card above the head
                for i in range(6):
                    r = rows[i]
                    if r is not None and r[0] < 13 and h[r[0] + 1]:
                        h[TOP_V] -= 1
                        head = r[0]
                        while head < 13 and h[head + 1]:
                            h[head + 1] -= 1
                            head += 1
                            placed += 1
                            left -= 1
                        placed += 1
                        left -= 1
                        rows[i] = None if head == 13 and r[1] == 1 else (head, r[1])
                        progress = True
                        break
                if progress:
                    continue
            if h[TAKE_V]:
                h[TAKE_V] -= 1
                self._take(p)
                placed += 1
                left -= 1
                continue
            if not progress:
                break
        if left and h[TOP_V]:  # idle Top cards: medium plays them (each still sheds a card)
            placed += h[TOP_V]
            left -= h[TOP_V]
            h[TOP_V] = 0
        pile = self.piles[p]
        if not left and placed and not pile:
            self.winners = (p,)
            return True
        if placed:
            self.idle = 0
        else:
            self.idle += 1
            tails = [r[1] for r in rows if r is not None]
            give = []
            for v in range(1, 14):
                if h[v] and not any(0 < t - v <= 3 for t in tails):
                    give.extend([v] * h[v])
                    h[v] = 0
            if give:
                pile[:0] = give  # under the own pile
        k = min(HAND - sum(h), len(pile))
        for _ in range(k):
            h[pile.pop()] += 1
        self.to_act = (p + 1) % self.n
        if self.idle >= self.stall:
            least = min(self.held(s) for s in range(self.n))
            self.winners = tuple(s for s in range(self.n) if self.held(s) == least)
            return True
        return False


def value_of(card: str) -> int:
    """The rollout value of a card text (``TOP`` 14, ``TAKE`` 15)."""
    if card == "TOP":
        return TOP_V
    if card == "TAKE":
        return TAKE_V
    return int(card[:-1])


def counts(cards: Sequence[int]) -> list[int]:
    """A hand of rollout values as 16 counts."""
    h = [0] * 16
    for c in cards:
        h[c] += 1
    return h


def deal(pool: list[int], hand_sizes: Sequence[int], pile_sizes: Sequence[int], me: int,
         my_hand: Sequence[int], rnd: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    """A determinization: ``pool`` (the cards ``me`` cannot see) shuffled into the other hands and
    every pile, each of its public size (short pools are padded with pool cards); my hand as given."""
    need = sum(hand_sizes[s] for s in range(len(hand_sizes)) if s != me) + sum(pile_sizes)
    cards = list(pool)
    rnd.shuffle(cards)
    while len(cards) < need:
        cards.append(pool[rnd.randrange(len(pool))] if pool else 1)
    hands: list[list[int]] = []
    pos = 0
    for s, size in enumerate(hand_sizes):
        if s == me:
            hands.append(counts(my_hand))
            continue
        hands.append(counts(cards[pos:pos + size]))
        pos += size
    piles = []
    for size in pile_sizes:
        piles.append(cards[pos:pos + size])
        pos += size
    return hands, piles


def score(winners: Sequence[int], me: int, sim: Sim) -> float:
    """A rollout's score for ``me``: 1 for a win (shared ones too), minus 0.001 per card held."""
    return (1.0 if me in winners else 0.0) - 0.001 * sim.held(me)


class Candidate:
    """One way to end hard's turn, in values: the rows left, the hand kept, the cards put under
    its pile (an exchange), every pile's size and every hand's size after it (before the refill)."""

    __slots__ = ("rows", "kept", "under", "piles", "hands", "idle")

    def __init__(self, rows: Sequence[Row], kept: Sequence[int], under: Sequence[int], piles: Sequence[int],
                 hands: Sequence[int], idle: int) -> None:
        self.rows = list(rows)
        self.kept = list(kept)
        self.under = list(under)
        self.piles = list(piles)
        self.hands = list(hands)
        self.idle = idle


def pool_of(unseen: Sequence[int], specials: int, top_share: float, rnd: random.Random) -> list[int]:
    """The unseen cards as values: ``unseen[v]`` of each number and ``specials`` special cards, each a
    Top card with chance ``top_share`` (which of the used special cards were Tops is not tracked)."""
    pool = [v for v in range(1, 14) for _ in range(unseen[v])]
    pool += [TOP_V if rnd.random() < top_share else TAKE_V for _ in range(specials)]
    return pool


def play_out(cand: Candidate, me: int, cards: Sequence[int], stall_laps: int = 3) -> float:
    """One rollout of ``cand`` with the hidden cards dealt from ``cards`` (already shuffled): the
    other hands in seat order, then every pile in seat order (top card last); my own pile gets
    the exchanged cards at its bottom, then my hand is refilled. hard's score (see ``score``)."""
    n = len(cand.piles)
    pool = list(cards)
    need = sum(cand.hands[s] for s in range(n) if s != me) + sum(cand.piles)
    i = 0
    while len(pool) < need:  # a short pool (a Take's cards are not tracked): repeat cards
        pool.append(pool[i] if pool else 1)
        i += 1
    hands: list[list[int]] = []
    pos = 0
    for s in range(n):
        if s == me:
            hands.append(counts(cand.kept))
            continue
        hands.append(counts(pool[pos:pos + cand.hands[s]]))
        pos += cand.hands[s]
    piles: list[list[int]] = []
    for s in range(n):
        piles.append(pool[pos:pos + cand.piles[s]])
        pos += cand.piles[s]
    mine = piles[me]
    mine[:0] = cand.under
    h = hands[me]
    for _ in range(min(HAND - sum(h), len(mine))):
        h[mine.pop()] += 1
    sim = Sim(cand.rows, hands, piles, (me + 1) % n, cand.idle, stall_laps)
    return score(sim.run(), me, sim)


def rate(cands: Sequence[Candidate], me: int, unseen: Sequence[int], specials: int, top_share: float,
         samples: int, seed: int, deadline: float | None = None, stall_laps: int = 3) -> list[float]:
    """Each candidate's mean rollout score over ``samples`` determinizations (the same deals for
    every candidate), seeded by ``seed``. With a ``deadline`` (time.perf_counter), it stops after
    the first sample that ends past it."""
    from time import perf_counter

    rnd = random.Random(seed)
    total = [0.0] * len(cands)
    done = 0
    for _ in range(samples):
        cards = pool_of(unseen, specials, top_share, rnd)
        rnd.shuffle(cards)
        for i, c in enumerate(cands):
            total[i] += play_out(c, me, cards, stall_laps)
        done += 1
        if deadline is not None and perf_counter() > deadline:
            break
    return [t / max(1, done) for t in total]

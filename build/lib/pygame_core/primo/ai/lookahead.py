"""Primo's ``hard`` AI, the look-ahead: what the next players will shed on a layout, and what is
left for my next turn, from sampled hands (determinization).

The search (search.Planner) scores every state where the turn could end with a static
evaluation. The best few of them (and the best exchanges) are then played forward here,
in values only (colours are ignored, so the look-ahead is used in the variants without a
colour rule): each of the others in turn order plays a greedy turn with a hand sampled from
the cards hard has not seen (its hand size is public), the same way medium plays (every
card that fits a tail, chains below it, a whole row moved onto the tail above it to free
its base, a free base opened with the highest card, every special card played), and then
hard plays a greedy turn with the cards it keeps and the cards it will draw. A candidate's
look-ahead value is hard's next shed minus the others' sheds (each weighed by its threat),
with a large penalty for the chance that one of them goes out first and a bonus for the
chance that hard goes out next turn.

The same samples are used for every candidate (common random numbers), seeded from the
position, so a plan is deterministic. The work is bounded by ``samples`` x candidates.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .rollout import free_a_base

# A layout in values: each row as (head, tail), or None when the base is free.
Layout = list[tuple[int, int] | None]
TAKE_CODE = 28


def layout_of(rows: Sequence[Sequence[int]]) -> Layout:
    """The values layout of search.Pos rows (cards as search codes: value * 2 + colour)."""
    return [(r[0] >> 1, r[-1] >> 1) if r else None for r in rows]


def greedy_turn(rows: Layout, cnt: list[int], specials: int) -> tuple[int, Layout]:
    """One greedy turn on ``rows`` (changed in place and returned) with ``cnt[v]`` cards of each
    value and ``specials`` special cards: (cards shed, rows after)."""
    hand_n = sum(cnt) + specials
    shed = specials  # medium plays a special card whenever it sheds it
    left = hand_n - specials
    while left > 0:
        progress = False
        # every card that fits a tail, chained down
        for i in range(6):
            r = rows[i]
            if r is None:
                continue
            h, t = r
            while t > 1 and cnt[t - 1]:
                cnt[t - 1] -= 1
                t -= 1
                shed += 1
                left -= 1
                progress = True
            if h == 13 and t == 1:
                rows[i] = None  # cleared
            elif t != r[1]:
                rows[i] = (h, t)
        if left <= 0:
            break
        if free_a_base(rows):  # a whole row moved onto the tail just above its head frees a base
            continue
        # a free base opened with the highest card
        if None in rows:
            for v in range(13, 0, -1):
                if cnt[v]:
                    cnt[v] -= 1
                    shed += 1
                    left -= 1
                    rows[rows.index(None)] = (v, v)
                    progress = True
                    break
        if not progress:
            break
    return shed, rows


class Sample:
    """One determinization: a hand for each of the others and the order of the cards I will draw."""

    __slots__ = ("hands", "draws")

    def __init__(self, hands: list[tuple[list[int], int]], draws: list[int]) -> None:
        self.hands = hands  # per other seat in turn order: (counts by value, specials)
        self.draws = draws  # values of the cards I would draw (0: a special)


def make_samples(unseen: Sequence[int], specials_unseen: int, hand_sizes: Sequence[int], draws: int,
                 samples: int, seed: int) -> list[Sample]:
    """``samples`` determinizations of the hidden cards: hands of ``hand_sizes`` for the others (in
    turn order) and ``draws`` cards for me, all from the unseen cards without replacement."""
    pool = [v for v in range(1, 14) for _ in range(unseen[v])] + [0] * specials_unseen
    rnd = random.Random(seed)
    out = []
    need = sum(hand_sizes) + draws
    for _ in range(samples):
        if len(pool) >= need:
            cards = rnd.sample(pool, need)
        else:
            cards = [rnd.choice(pool) for _ in range(need)] if pool else [0] * need
        hands = []
        pos = 0
        for h in hand_sizes:
            cnt = [0] * 14
            sp = 0
            for v in cards[pos:pos + h]:
                if v:
                    cnt[v] += 1
                else:
                    sp += 1
            hands.append((cnt, sp))
            pos += h
        out.append(Sample(hands, cards[pos:]))
    return out


class Weights:
    """The look-ahead's weights (in cards shed by me)."""

    mine = 0.6  # per card I am expected to shed on my next turn
    theirs = 0.9  # per card the others are expected to shed (weighted by threat, which sums to 1)
    lose = 12.0  # per chance that one of the others goes out before my next turn
    win = 8.0  # per chance that I go out on my next turn


def look(layout: Layout, kept: Sequence[int], refill: int, pile_empty: bool, others: Sequence[tuple[int, int, float]],
         samples: Sequence[Sample], w: type[Weights] = Weights) -> float:
    """The look-ahead value of ending my turn with ``layout`` and the values ``kept`` in hand (0: a
    special), drawing ``refill`` cards (``pile_empty``: none left after them); ``others``: (index
    into each sample's hands, pile size, threat) per other seat in turn order."""
    total = 0.0
    my_out = 0
    their_out = 0
    n = len(samples)
    for smp in samples:
        rows = list(layout)
        lost = False
        v = 0.0
        for idx, pile, threat in others:
            cnt, sp = smp.hands[idx]
            hand_n = sum(cnt) + sp
            shed, rows = greedy_turn(rows, list(cnt), sp)
            v -= w.theirs * threat * shed
            if pile == 0 and hand_n and shed >= hand_n:
                lost = True
                break
        if lost:
            their_out += 1
            total += v
            continue
        cnt = [0] * 14
        sp = 0
        for c in kept:
            if c:
                cnt[c] += 1
            else:
                sp += 1
        for c in smp.draws[:refill]:
            if c:
                cnt[c] += 1
            else:
                sp += 1
        hand_n = sum(cnt) + sp
        shed, _ = greedy_turn(rows, cnt, sp)
        v += w.mine * shed
        if pile_empty and hand_n and shed >= hand_n:
            my_out += 1
        total += v
    return (total - w.lose * their_out + w.win * my_out) / max(1, n)


def kept_values(hand: Sequence[int]) -> list[int]:
    """Search card codes as look-ahead values (0 for the special cards)."""
    return [0 if c >= TAKE_CODE else c >> 1 for c in hand]

"""A fast internal form of Primiera's play, for search and benchmarks (tests prove it agrees with the protocol).

Cards are ints 0..39 in canonical order, so ``value = (c >> 2) + 1`` and ``suit = c & 3``
(S H D C: coins are suit 2, the settebello is card 26). A round in play is a mutable
``FastRound``; sum captures come from a table keyed by the table's values, computed
once per distinct multiset of values. Nothing here is part of the protocol: the page and
the records only ever see game.py.
"""

from __future__ import annotations

import random
from bisect import insort

from ..engine import decide_totals
from ..rules import DECK, HERALD_MODES, ORDER, PRIMIERA, RULES, herald_sides
from ..state import PrimieraState

TEXT: tuple[str, ...] = tuple(sorted(DECK, key=ORDER.__getitem__))
"""Card int -> text."""
INT: dict[str, int] = {c: i for i, c in enumerate(TEXT)}
PRIM: tuple[int, ...] = tuple(PRIMIERA[c] for c in TEXT)
SETTEBELLO = INT["7D"]
HERALD_INTS: dict[int, str] = {INT[c]: m for c, m in HERALD_MODES.items()}

Move = tuple[int, tuple[int, ...]]
"""A play: the card and the cards it captures (empty: none)."""

_SUMS: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]] = {}


def _sums(vals: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For table values ``vals`` (ascending, 1..10): per value v, the position sets of 2+ cards adding up to v."""
    out: list[list[tuple[int, ...]]] = [[] for _ in range(11)]
    n = len(vals)

    def extend(start: int, total: int, chosen: tuple[int, ...]) -> None:
        for i in range(start, n):
            t = total + vals[i]
            if t > 10:
                break
            picked = chosen + (i,)
            if len(picked) >= 2:
                out[t].append(picked)
            extend(i + 1, t, picked)

    extend(0, 0, ())
    got = tuple(tuple(x) for x in out)
    if len(_SUMS) > 200_000:
        _SUMS.clear()
    _SUMS[vals] = got
    return got


def moves(hand: list[int], table: list[int]) -> list[Move]:
    """Every legal play of ``hand`` on ``table`` (same rank first, then sums; capturing compulsory)."""
    vals = tuple([(t >> 2) + 1 for t in table])
    sums = _SUMS.get(vals) or _sums(vals)
    out: list[Move] = []
    for c in hand:
        r = c >> 2
        same = [t for t in table if t >> 2 == r]
        if same:
            out.extend((c, (t,)) for t in same)
            continue
        sets = sums[r + 1]
        if sets:
            out.extend((c, tuple([table[i] for i in s])) for s in sets)
        else:
            out.append((c, ()))
    return out


def move_text(move: Move) -> str:
    """The protocol's canonical text of a move."""
    card, taken = move
    return f"play {TEXT[card]} x {' '.join(TEXT[t] for t in taken)}" if taken else f"play {TEXT[card]}"


class FastRound:
    """One round in play, mutable: hands, table, stock, piles, sweeps, and the Herald's sides."""

    __slots__ = ("n", "hands", "table", "stock", "piles", "sweeps", "last", "to_act", "dealer", "hand_size",
                 "heralds", "sides", "left")

    def __init__(self, n: int, hands: list[list[int]], table: list[int], stock: list[int], to_act: int,
                 dealer: int, hand_size: int, heralds: bool, sides: tuple[tuple[int, ...], ...] | None) -> None:
        self.n = n
        self.hands = hands
        self.table = table
        self.stock = stock
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.sweeps = [0] * n
        self.last = -1
        self.to_act = to_act
        self.dealer = dealer
        self.hand_size = hand_size
        self.heralds = heralds
        self.sides = sides
        self.left = sum(len(h) for h in hands) + len(stock)  # cards still to be played this round

    @staticmethod
    def from_state(state: PrimieraState) -> FastRound:
        """The play phase of a protocol state in fast form."""
        if state.phase != "play":
            raise ValueError("FastRound needs a state in the play phase")
        r = FastRound(
            state.players, [sorted(INT[c] for c in h) for h in state.hands], sorted(INT[c] for c in state.table),
            [INT[c] for c in state.stock], state.to_act, state.dealer, state.rules.hand_size,
            state.rules.heralds and state.herald is None, state.sides,
        )
        r.piles = [[INT[c] for c in p] for p in state.piles]
        r.sweeps = list(state.sweeps)
        r.last = state.last_capturer
        return r

    def legal(self) -> list[Move]:
        """The legal plays of the seat to act."""
        return moves(self.hands[self.to_act], self.table)

    def play(self, card: int, taken: tuple[int, ...]) -> None:
        """Play ``card`` taking ``taken`` (a legal move), with sweeps, Heralds and re-deals as the rules say."""
        seat = self.to_act
        self.hands[seat].remove(card)
        self.left -= 1
        table = self.table
        if taken:
            for t in taken:
                table.remove(t)
            pile = self.piles[seat]
            pile.append(card)
            pile.extend(taken)
            self.last = seat
            if not table and self.left:  # D-PA8: never with the round's last card
                self.sweeps[seat] += 1
        else:
            insort(table, card)
        if self.heralds and card < 4:  # the first Herald played sets the sides (D-PA2)
            self.sides = herald_sides(HERALD_INTS[card], seat)
            self.heralds = False
        self.to_act = (seat + 1) % self.n
        if self.stock and not any(self.hands):
            self._redeal()

    def _redeal(self) -> None:
        k, n = self.hand_size, self.n
        stock = self.stock
        for i in range(k * n):
            self.hands[(self.dealer + 1 + i) % n].append(stock[i])
        for h in self.hands:
            h.sort()
        self.stock = stock[k * n:]

    @property
    def over(self) -> bool:
        """True when every card of the round has been played."""
        return self.left == 0

    def finish(self, double_alone: bool) -> list[int]:
        """The last capturer takes the table (D-PA9: nobody, if none); each seat's points for the round."""
        if self.table and self.last >= 0:
            self.piles[self.last].extend(self.table)
            self.table = []
        sides = self.sides or tuple((s,) for s in range(self.n))  # D-PA3
        doubled = double_alone and all(len(s) == 1 for s in sides)
        side_points = points([[c for s in side for c in self.piles[s]] for side in sides],
                             [sum(self.sweeps[s] for s in side) for side in sides], doubled)
        out = [0] * self.n
        for side, p in zip(sides, side_points, strict=True):
            for s in side:
                out[s] = p
        return out


def points(piles: list[list[int]], sweeps: list[int], double: bool) -> list[int]:
    """Each side's round points (as scoring.score_round's totals) from int piles."""
    base = 2 if double else 1
    counts = [len(p) for p in piles]
    coins = [sum(1 for c in p if c & 3 == 2) for p in piles]
    prims: list[int] = []
    for p in piles:
        best = [0, 0, 0, 0]
        for c in p:
            v = PRIM[c]
            if v > best[c & 3]:
                best[c & 3] = v
        prims.append(sum(best) if all(best) else -1)  # D-PA5: a missing suit cannot win
    out = list(sweeps)
    for values in (counts, coins, prims):
        top = max(values)
        if top >= 0 and values.count(top) == 1:  # D-PA4, D-PA6: ties score nothing
            out[values.index(top)] += base
    for i, p in enumerate(piles):
        if SETTEBELLO in p:
            out[i] += base
    return out


def deal(variant: str, dealer: int, rnd: random.Random) -> FastRound:
    """A new round dealt with ``rnd`` (Kaleidos: the table picks are made at random too)."""
    rules = RULES[variant]
    n = rules.players
    deck = list(range(40))
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: list[list[int]] = [[] for _ in range(n)]
    table: list[int] = []
    if rules.deal == "heralds":
        heralds, rest = deck[:4], deck[4:]
        rnd.shuffle(heralds)
        rnd.shuffle(rest)
        for i, seat in enumerate(order):
            hands[seat].append(heralds[i])
        for i, c in enumerate(rest):
            hands[order[i % n]].append(c)
        for h in hands:
            table.append(h.pop(rnd.randrange(len(h))))
        stock: list[int] = []
    else:
        rnd.shuffle(deck)
        if rules.deal == "classic":
            table = deck[36:]
            for i, seat in enumerate(order):
                hands[seat] = deck[9 * i:9 * i + 9]
            stock = []
        else:
            table = deck[:4]
            k = rules.hand_size * n
            for i in range(k):
                hands[order[i % n]].append(deck[4 + i])
            stock = deck[4 + k:]
    for h in hands:
        h.sort()
    table.sort()
    sides = rules.fixed_sides if rules.fixed_sides else (None if rules.heralds else tuple((s,) for s in range(n)))
    return FastRound(n, hands, table, stock, order[0], dealer, rules.hand_size, rules.heralds, sides)


def random_game(variant: str, seed: int) -> tuple[int, list[int]]:
    """A whole game between uniformly random players; returns (moves played, final totals)."""
    rules = RULES[variant]
    rnd = random.Random(seed)
    dealer = rnd.randrange(rules.players)
    totals = [0] * rules.players
    extra = False
    played = rounds = 0
    randrange = rnd.randrange
    while True:
        r = deal(variant, dealer, rnd)
        while r.left:
            legal = r.legal()
            card, taken = legal[randrange(len(legal))] if len(legal) > 1 else legal[0]
            r.play(card, taken)
            played += 1
        rounds += 1
        totals = [t + p for t, p in zip(totals, r.finish(rules.double_alone), strict=True)]
        winners, extra = decide_totals(rules, tuple(totals), rules.target, extra, rounds, 0)
        if winners or rounds >= 1000:
            return played, totals
        dealer = (dealer + 1) % rules.players

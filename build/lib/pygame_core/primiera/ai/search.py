"""Information-set search for Primiera's AI: determinized deals, a do/undo search world, alpha-beta.

An agent sees only its seat's observation. ``determinize`` deals the cards it cannot see
(the other hands and the stock) at random, consistent with everything it has seen: its
hand, the table, every captured pile, the hand and stock sizes, and in Kaleidos the
Heralds (each player is dealt exactly one; a player who has played or picked theirs holds
none, a player who has not holds exactly one). The compulsory-capture rule
(docs/rules-decisions.md 1.2) binds only the card played: a card that can capture must capture, but a player may
throw a card that captures nothing while holding one that would. So a play that captured
nothing says nothing about the rest of the hand, and no deal is excluded by it.

``World`` is one such deal as a mutable round with ``play``/``undo`` (cards are the ints
of fast.py; moves come from fast.moves). ``search_moves`` scores every root move by
alpha-beta over many determinized worlds (others on the other sides minimise, the
partner maximises) and averages: the agent plays the move of the best mean.

Budgets are counted in nodes, never in wall-clock time, so a decision is a pure function
of the observation and the rng: reproducible, and the same on every machine.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from math import erf, sqrt
from typing import Any

from ..rules import HERALD_MODES, RULES, PrimieraRules, herald_sides
from ..state import PrimieraState
from .eval import SWEEP as SWEEP_WORTH
from .eval import card_worth
from .fast import INT, PRIM, SETTEBELLO, TEXT, Move, moves

INF = float("inf")

Sides = tuple[tuple[int, ...], ...]

_HERALD_MODE_BY_INT: dict[int, str] = {INT[c]: m for c, m in HERALD_MODES.items()}
_BY_PRIM: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(sorted(((c, PRIM[c]) for c in range(40) if c & 3 == s), key=lambda x: -x[1])) for s in range(4)
)
"""Per suit, (card, primiera value), best first."""
WORTH: tuple[float, ...] = tuple(card_worth(TEXT[c]) for c in range(40))
"""What easy and ref-ab count a captured card as worth (eval.card_worth)."""
_COIN_BITS = sum(1 << c for c in range(40) if c & 3 == 2)


class World:
    """One determinized round in play, mutable with ``play``/``undo``; per-seat capture statistics kept up to date."""

    __slots__ = ("n", "hands", "table", "stock", "spos", "hand_size", "dealer", "to_act", "left", "cnt", "coin",
                 "sweeps", "best", "capmask", "last", "sides", "live", "double", "worth")

    def __init__(self, n: int, hands: list[list[int]], table: list[int], stock: list[int], to_act: int,
                 dealer: int, hand_size: int, live: bool, sides: Sides | None, double: bool,
                 piles: Sequence[Sequence[int]], sweeps: Sequence[int], last: int) -> None:
        self.n = n
        self.hands = hands
        self.table = table
        self.stock = stock
        self.spos = 0
        self.hand_size = hand_size
        self.dealer = dealer
        self.to_act = to_act
        self.left = sum(len(h) for h in hands) + len(stock)
        self.cnt = [len(p) for p in piles]
        self.coin = [sum(1 for c in p if c & 3 == 2) for p in piles]
        self.sweeps = list(sweeps)
        self.best = [[0, 0, 0, 0] for _ in range(n)]
        mask = 0
        for s, p in enumerate(piles):
            b = self.best[s]
            for c in p:
                mask |= 1 << c
                if PRIM[c] > b[c & 3]:
                    b[c & 3] = PRIM[c]
        self.capmask = mask
        self.worth = [sum(WORTH[c] for c in p) for p in piles]
        self.last = last
        self.sides = sides
        self.live = live  # Kaleidos: no Herald played yet, the first one will set the sides
        self.double = double  # the mode doubles the base points of an individual round

    @staticmethod
    def from_state(state: PrimieraState) -> World:
        """The play phase of a protocol state, every card where it really is (for tests and benchmarks)."""
        rules = state.rules
        return World(state.players, [sorted(INT[c] for c in h) for h in state.hands], sorted(INT[c] for c in state.table),
                     [INT[c] for c in state.stock], state.to_act, state.dealer, rules.hand_size,
                     rules.heralds and state.herald is None, state.sides, rules.double_alone,
                     [[INT[c] for c in p] for p in state.piles], state.sweeps, state.last_capturer)

    def legal(self) -> list[Move]:
        """The legal plays of the seat to act."""
        return moves(self.hands[self.to_act], self.table)

    def play(self, card: int, taken: tuple[int, ...]) -> tuple[Any, ...]:
        """Play a legal move; returns the token that ``undo`` takes back."""
        s = self.to_act
        self.hands[s].remove(card)
        self.left -= 1
        undo_best: list[int] | None = None
        prev_last = self.last
        prev_mask = self.capmask
        swept = False
        if taken:
            table = self.table
            for t in taken:
                table.remove(t)
            b = self.best[s]
            undo_best = b[:]
            mask = 1 << card
            v = PRIM[card]
            if v > b[card & 3]:
                b[card & 3] = v
            for t in taken:
                mask |= 1 << t
                v = PRIM[t]
                if v > b[t & 3]:
                    b[t & 3] = v
            self.capmask = prev_mask | mask
            self.worth[s] += WORTH[card] + sum([WORTH[t] for t in taken])
            self.cnt[s] += len(taken) + 1
            self.coin[s] += (mask & _COIN_BITS).bit_count()
            self.last = s
            if not table and self.left:  # D-PA8: never with the round's last card
                self.sweeps[s] += 1
                swept = True
        else:
            insort(self.table, card)
        prev_sides = self.sides
        herald = False
        if self.live and card < 4:
            self.sides = herald_sides(_HERALD_MODE_BY_INT[card], s)
            self.live = False
            herald = True
        self.to_act = (s + 1) % self.n
        redealt = False
        if self.left and self.spos < len(self.stock) and not any(self.hands):
            k, n = self.hand_size, self.n
            stock, pos = self.stock, self.spos
            for i in range(k * n):
                self.hands[(self.dealer + 1 + i) % n].append(stock[pos + i])
            for h in self.hands:
                h.sort()
            self.spos = pos + k * n
            redealt = True
        return (s, card, taken, undo_best, prev_last, prev_mask, swept, herald, prev_sides, redealt)

    def undo(self, token: tuple[Any, ...]) -> None:
        """Take back the play that returned ``token``."""
        s, card, taken, undo_best, prev_last, prev_mask, swept, herald, prev_sides, redealt = token
        if redealt:
            for h in self.hands:
                h.clear()
            self.spos -= self.hand_size * self.n
        self.to_act = s
        if herald:
            self.sides = prev_sides
            self.live = True
        if taken:
            mask = self.capmask & ~prev_mask
            self.coin[s] -= (mask & _COIN_BITS).bit_count()
            self.cnt[s] -= len(taken) + 1
            self.capmask = prev_mask
            self.worth[s] -= WORTH[card] + sum([WORTH[t] for t in taken])
            self.best[s] = undo_best
            self.last = prev_last
            if swept:
                self.sweeps[s] -= 1
            for t in taken:
                insort(self.table, t)
        else:
            self.table.remove(card)
        self.left += 1
        insort(self.hands[s], card)


# --- evaluation ---------------------------------------------------------------------------


def _phi(x: float) -> float:
    return 0.5 * (1.0 + erf(x * 0.7071067811865476))


_WIN_CACHE: dict[tuple[Any, ...], list[float]] = {}
_PRIM_CACHE: dict[tuple[Any, ...], list[float]] = {}


def _win_probs(values: Sequence[float], remaining: int, spread: float) -> list[float]:
    """Each side's chance of ending strictly highest (cached; see _win_probs_raw)."""
    key = (*values, remaining, spread)
    got = _WIN_CACHE.get(key)
    if got is None:
        if len(_WIN_CACHE) > 100_000:
            _WIN_CACHE.clear()
        got = _WIN_CACHE[key] = _win_probs_raw(values, remaining, spread)
    return got


def _win_probs_raw(values: Sequence[float], remaining: int, spread: float) -> list[float]:
    """Each side's chance of ending strictly highest when ``remaining`` units are still to be shared.

    Each unit goes to each of the k sides alike (in batches: ``spread`` inflates the variance);
    pairwise normal approximations of the final differences, taken as independent.
    """
    k = len(values)
    if remaining <= 0:
        top = max(values)
        if values.count(top) != 1:
            return [0.0] * k
        return [1.0 if v == top else 0.0 for v in values]
    sd = sqrt(remaining * (2.0 / k) * spread)
    out = []
    for i, vi in enumerate(values):
        p = 1.0
        for j, vj in enumerate(values):
            if i != j:
                p *= _phi((vi - vj - 0.5) / sd)
        out.append(p)
    return out


CARD_SPREAD = 2.0
COIN_SPREAD = 3.0
PRIMIERA_SPREAD = 4.0




def _primiera_probs(bests: list[list[int]], mask: int) -> list[float]:
    """Each side's chance of the primiera point (cached; see _primiera_probs_raw)."""
    key = (*[tuple(b) for b in bests], mask)
    got = _PRIM_CACHE.get(key)
    if got is None:
        if len(_PRIM_CACHE) > 100_000:
            _PRIM_CACHE.clear()
        got = _PRIM_CACHE[key] = _primiera_probs_raw(bests, mask)
    return got


def _primiera_probs_raw(bests: list[list[int]], mask: int) -> list[float]:
    """Each side's chance of the primiera point from its best card per suit and the cards still out.

    Each card still out goes to each side alike; per side and suit the final best is
    ``max(have, first card of the suit it gets, best first)``: its mean and variance give a
    normal approximation of each pairwise difference of totals. A side that has no card of a
    suit when none is left cannot win (D-PA5).
    """
    k = len(bests)
    q = 1.0 / k
    means = []
    variances = []
    alive = []
    uncertain = False
    for b in bests:
        total = 0.0
        var = 0.0
        ok = True
        for suit in range(4):
            have = b[suit]
            e = 0.0
            e2 = 0.0
            w = q
            rest = 1.0
            out_any = False
            for c, v in _BY_PRIM[suit]:
                if mask >> c & 1:
                    continue
                out_any = True
                if v <= have:
                    break
                uncertain = True
                e += w * v
                e2 += w * v * v
                rest -= w
                w *= 1.0 - q
            if have == 0 and not out_any:
                ok = False
            e += rest * have
            e2 += rest * have * have
            total += e
            var += e2 - e * e
        means.append(total)
        variances.append(var)
        alive.append(ok)
    if not uncertain:
        finals = [sum(b) if all(b) else -1 for b in bests]
        return _win_probs(finals, 0, 1.0)
    out = []
    for i in range(k):
        if not alive[i]:
            out.append(0.0)
            continue
        p = 1.0
        for j in range(k):
            if j != i and alive[j]:
                sd = sqrt(PRIMIERA_SPREAD * (variances[i] + variances[j]) + 1.0)
                p *= _phi((means[i] - means[j] - 0.5) / sd)
        out.append(p)
    return out


def side_values(w: World, sides: Sides, double: bool, final: bool) -> list[float]:
    """Each side's expected round points (exact when ``final``: every card played, the table taken)."""
    cnt, coin, best = w.cnt, w.coin, w.best
    mask = w.capmask
    sweeps = w.sweeps
    if final:
        if w.table and w.last >= 0:
            # The last capturer takes the table (D-PA9); statistics on copies.
            cnt, coin, best = cnt[:], coin[:], [b[:] for b in best]
            s = w.last
            for c in w.table:
                cnt[s] += 1
                if c & 3 == 2:
                    coin[s] += 1
                if PRIM[c] > best[s][c & 3]:
                    best[s][c & 3] = PRIM[c]
        mask = (1 << 40) - 1  # nothing is left to share (leftovers nobody took score for nobody)
    if len(sides[0]) == 1 and len(sides) == w.n:
        scnt = cnt
        scoin = coin
        sbest = best
        ssweep = sweeps
    elif len(sides) == 2 and len(sides[0]) == 2 and len(sides[1]) == 2:
        # Two partnerships (classic, Kaleidos): the hot path of the 4-player leaves, unrolled.
        (a, b), (c, d) = sides
        ba, bb, bc, bd = best[a], best[b], best[c], best[d]
        scnt = [cnt[a] + cnt[b], cnt[c] + cnt[d]]
        scoin = [coin[a] + coin[b], coin[c] + coin[d]]
        sbest = [[x if x > y else y for x, y in zip(ba, bb, strict=True)], [x if x > y else y for x, y in zip(bc, bd, strict=True)]]
        ssweep = [sweeps[a] + sweeps[b], sweeps[c] + sweeps[d]]
    else:
        scnt = [sum(cnt[s] for s in side) for side in sides]
        scoin = [sum(coin[s] for s in side) for side in sides]
        sbest = [[max(best[s][u] for s in side) for u in range(4)] for side in sides]
        ssweep = [sum(sweeps[s] for s in side) for side in sides]
    base = 2.0 if double and all(len(side) == 1 for side in sides) else 1.0
    captured = sum(scnt)
    coins_captured = sum(scoin)
    if final:
        pc = _win_probs(scnt, 0, 1.0)
        po = _win_probs(scoin, 0, 1.0)
    else:
        pc = _win_probs(scnt, 40 - captured, CARD_SPREAD)
        po = _win_probs(scoin, 10 - coins_captured, COIN_SPREAD)
    pp = _primiera_probs(sbest, mask)
    k = len(sides)
    settebello_out = not (mask >> SETTEBELLO & 1)
    out = []
    for i, side in enumerate(sides):
        sb = (1.0 / k if settebello_out else 0.0)
        if not settebello_out:
            sb = 0.0
            for s in side:
                if best[s][2] == 21:  # the best coin card is the settebello (7D: primiera 21)
                    sb = 1.0
        out.append(base * (pc[i] + po[i] + pp[i] + sb) + ssweep[i])
    return out


def _value(vals: list[float], mine: int) -> float:
    """My side's points minus the other sides' mean."""
    k = len(vals)
    return vals[mine] - (sum(vals) - vals[mine]) / (k - 1)


def probable_sides(w: World) -> list[Sides]:
    """The sides of the round as they stand, or, before the first Herald, each one the Heralds in hand may set."""
    if w.sides is not None:
        return [w.sides]
    if w.live:
        found = [herald_sides(_HERALD_MODE_BY_INT[c], s) for s, h in enumerate(w.hands) for c in h if c < 4]
        if found:
            return found
    return [tuple((s,) for s in range(w.n))]  # D-PA3: no Herald played, everyone alone


THREAT = 0.14
MATERIAL = 0.0
"""Points per unit of card worth captured (eval.card_worth), on top of the chances of the categories."""
"""Points per unit of card worth of the best capture the seat to move has at a leaf (its tempo)."""


def evaluate(w: World, me: int, threat: float = THREAT, solo: float = 0.0, adverse: float = 0.0) -> float:
    """The expected round points of ``me``'s side minus the others' mean, from the world as it stands.

    The seat to move is credited with a share of its best immediate capture (THREAT), so that a
    leaf after my play does not ignore what the next player takes from the table I leave.
    ``solo`` (Kaleidos, hard): the edge I expect over the table in a round where everyone plays
    alone (swords, doubled), credited at every leaf where the round is or may become one.
    ``adverse`` (Kaleidos, hard): before the first Herald, the partnerships the other seats'
    Heralds would set are valued as ``(1 - adverse) * mean + adverse * worst`` of them for me
    (whoever plays the first Herald picks the moment that suits them), mine at its value.
    """
    final = w.left == 0
    if adverse and w.live and w.sides is None:
        total = _live_value(w, me, final, adverse)
    else:
        total = 0.0
        options = probable_sides(w)
        for sides in options:
            mine = next(i for i, side in enumerate(sides) if me in side)
            total += _value(side_values(w, sides, w.double, final), mine)
            if solo and w.double and not final and len(sides) == w.n:
                total += solo
        total /= len(options)
    if MATERIAL and not final:
        sides = options[0]
        vals = [sum(w.worth[s] for s in side) for side in sides]
        mine = next(i for i, side in enumerate(sides) if me in side)
        total += MATERIAL * _value(vals, mine)
    if not final and threat:
        hand = w.hands[w.to_act]
        if hand:
            gain = best_capture(hand, w.table, w.left > 1)
            if gain:
                total += threat * gain if same_side(w, me, w.to_act) else -threat * gain
    return total


def _live_value(w: World, me: int, final: bool, adverse: float) -> float:
    """Before the first Herald: my Herald's partnership at its value, the others' as a mean leaning to the worst."""
    own: list[float] = []
    others: list[float] = []
    for s, h in enumerate(w.hands):
        for c in h:
            if c < 4:
                sides = herald_sides(_HERALD_MODE_BY_INT[c], s)
                mine = next(i for i, side in enumerate(sides) if me in side)
                v = _value(side_values(w, sides, w.double, final), mine)
                (own if s == me else others).append(v)
    if not own and not others:
        alone = tuple((s,) for s in range(w.n))
        return _value(side_values(w, alone, w.double, final), me)
    if others:
        mix = (1.0 - adverse) * sum(others) / len(others) + adverse * min(others)
        return (sum(own) + mix * len(others)) / (len(own) + len(others))
    return sum(own) / len(own)


_CAPTURE_CACHE: dict[tuple[Any, ...], float] = {}


def best_capture(hand: list[int], table: list[int], sweep_counts: bool) -> float:
    """The worth of the best capture ``hand`` can make on ``table`` (a sweep adds SWEEP_WORTH when it counts); cached."""
    key = (*hand, -1, *table, sweep_counts)
    got = _CAPTURE_CACHE.get(key)
    if got is not None:
        return got
    ntable = len(table)
    gain = 0.0
    for card, taken in moves(hand, table):
        if taken:
            g = WORTH[card] + sum([WORTH[t] for t in taken])
            if len(taken) == ntable and sweep_counts:
                g += SWEEP_WORTH
            if g > gain:
                gain = g
    if len(_CAPTURE_CACHE) > 200_000:
        _CAPTURE_CACHE.clear()
    _CAPTURE_CACHE[key] = gain
    return gain


def same_side(w: World, me: int, seat: int) -> bool:
    """Whether ``seat`` plays for ``me``'s side as far as is known now (before the Herald: only me)."""
    if seat == me:
        return True
    if w.sides is None:
        return False
    return any(me in side and seat in side for side in w.sides)


# --- search ---------------------------------------------------------------------------


class Search:
    """Depth-limited alpha-beta on one world, with a node counter (the budget) and a leaf evaluation."""

    def __init__(self, w: World, me: int, leaf: Callable[[World, int], float], exact: Callable[[World, int], float],
                 node_limit: int) -> None:
        self.w = w
        self.me = me
        self.leaf = leaf
        self.exact = exact
        self.nodes = 0
        self.node_limit = node_limit
        self.aborted = False
        self.final_chance = False  # 2p: value the last deal exactly, as a chance node over its splits
        self.soft = 0.0  # see _soft

    def chance(self) -> float:
        """2p, the last deal just dealt: the mean over every way its cards could have been split, each solved exactly."""
        w = self.w
        saved = [h[:] for h in w.hands]
        cards = sorted(c for h in saved for c in h)
        a, b = w.to_act, 1 - w.to_act
        total = 0.0
        count = 0
        for part in combinations(cards, len(saved[a])):
            w.hands[a] = list(part)
            w.hands[b] = [c for c in cards if c not in part]
            total += self.ab(w.left, -INF, INF)
            count += 1
        w.hands[0], w.hands[1] = saved[0], saved[1]
        return total / count

    def ab(self, depth: int, alpha: float, beta: float) -> float:
        """The value of the world for ``me`` with ``depth`` plies to go."""
        w = self.w
        self.nodes += 1
        if w.left == 0:
            return self.exact(w, self.me)
        if depth <= 0:
            if self.final_chance and w.spos == len(w.stock) and w.spos and w.left == len(w.hands[0]) * 2 == w.hand_size * 2:
                self.final_chance = False  # inside, the last deal is played with every card known
                value = self.chance()
                self.final_chance = True
                return value
            return self.leaf(w, self.me)
        if self.nodes >= self.node_limit:
            self.aborted = True
            return self.leaf(w, self.me)
        ms = w.legal()
        if len(ms) > 1:
            if self.soft:
                return self._soft(ms, depth)
            ms.sort(key=_order_key)
        maximize = same_side(w, self.me, w.to_act)
        if maximize:
            best = -INF
            for card, taken in ms:
                tok = w.play(card, taken)
                v = self.ab(depth - 1, alpha, beta)
                w.undo(tok)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        best = INF
        for card, taken in ms:
            tok = w.play(card, taken)
            v = self.ab(depth - 1, alpha, beta)
            w.undo(tok)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def _soft(self, ms: list[Move], depth: int) -> float:
        """A node below the root valued as ``(1 - soft) * best + soft * mean`` of its moves (no pruning).

        In a world every player sees every card; a real player, who does not, finds the best
        move less surely: the mean tempers the clairvoyant best, for both sides.
        """
        w = self.w
        values = []
        for card, taken in ms:
            tok = w.play(card, taken)
            values.append(self.ab(depth - 1, -INF, INF))
            w.undo(tok)
        best = max(values) if same_side(w, self.me, w.to_act) else min(values)
        return (1.0 - self.soft) * best + self.soft * sum(values) / len(values)

    def root(self, root_moves: Sequence[Move], depth: int) -> list[float]:
        """The value of each root move (full window: the values are averaged over worlds)."""
        w = self.w
        out = []
        for card, taken in root_moves:
            tok = w.play(card, taken)
            out.append(self.ab(depth - 1, -INF, INF))
            w.undo(tok)
        return out


def seat_values(w: World, final: bool, threat: float) -> list[float]:
    """Everyone alone: each seat's expected round points minus the others' mean (MaxNSearch's leaf).

    The seat to move is credited with ``threat`` times its best capture, every other seat debited
    as much (as ``evaluate`` does from one seat's side).
    """
    k = w.n
    vals = side_values(w, tuple((s,) for s in range(k)), w.double, final)
    total = sum(vals)
    out = [v - (total - v) / (k - 1) for v in vals]
    if not final and threat:
        hand = w.hands[w.to_act]
        if hand:
            gain = best_capture(hand, w.table, w.left > 1)
            if gain:
                out = [v + threat * gain if s == w.to_act else v - threat * gain for s, v in enumerate(out)]
    return out


class MaxNSearch(Search):
    """A round where everyone plays alone (Kaleidos swords): each seat plays the move best for itself (max^n).

    Alpha-beta makes the three others one coalition minimising my value (paranoid); alone, each
    of them plays for itself. A node's value is one value per seat; no pruning.
    """

    def __init__(self, w: World, me: int, threat: float, node_limit: int) -> None:
        super().__init__(w, me, evaluate, exact_value, node_limit)
        self.threat = threat

    def values(self, depth: int) -> list[float]:
        """Each seat's value with ``depth`` plies to go."""
        w = self.w
        self.nodes += 1
        if w.left == 0:
            return seat_values(w, True, 0.0)
        if depth <= 0:
            return seat_values(w, False, self.threat)
        if self.nodes >= self.node_limit:
            self.aborted = True
            return seat_values(w, False, self.threat)
        seat = w.to_act
        best: list[float] | None = None
        for card, taken in w.legal():
            tok = w.play(card, taken)
            v = self.values(depth - 1)
            w.undo(tok)
            if best is None or v[seat] > best[seat]:
                best = v
        assert best is not None
        return best

    def root(self, root_moves: Sequence[Move], depth: int) -> list[float]:
        """My value after each root move."""
        w = self.w
        out = []
        for card, taken in root_moves:
            tok = w.play(card, taken)
            out.append(self.values(depth - 1)[self.me])
            w.undo(tok)
        return out


def _order_key(m: Move) -> int:
    return -len(m[1]) * 8 - (8 if SETTEBELLO in m[1] else 0)


def exact_value(w: World, me: int) -> float:
    """The exact round points of ``me``'s side minus the others' mean, when every card is played."""
    sides = w.sides or tuple((s,) for s in range(w.n))
    mine = next(i for i, side in enumerate(sides) if me in side)
    return _value(side_values(w, sides, w.double, True), mine)


# --- determinization ------------------------------------------------------------------


class View:
    """What one seat knows, read once from its observation: the fixed part of every determinized world."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.variant: str = obs["variant"]
        self.rules: PrimieraRules = RULES[self.variant]
        rules = self.rules
        self.me: int = obs["seat"]
        self.n: int = obs["players"]
        self.hand = sorted(INT[c] for c in obs["hand"])
        self.table = sorted(INT[c] for c in obs["table"])
        self.piles = [[INT[c] for c in p] for p in obs["captured"]]
        self.sweeps: list[int] = list(obs["sweeps"])
        last = obs.get("last_capturer")
        self.last: int = -1 if last is None else last
        self.hand_sizes: list[int] = list(obs["hand_sizes"])
        self.stock_size: int = obs["stock_size"]
        self.dealer: int = obs["dealer"]
        self.to_act: int = obs["to_act"]
        self.hand_size = rules.hand_size
        self.double = rules.double_alone
        sides = obs.get("sides")
        self.sides: Sides | None = tuple(tuple(s) for s in sides) if sides is not None else None
        self.live = rules.heralds and obs.get("herald") is None
        seen = set(self.hand) | set(self.table) | {c for p in self.piles for c in p}
        self.unseen = [c for c in range(40) if c not in seen]
        # Kaleidos: which other seats still hold their Herald (exactly one each).
        self.herald_holders: list[int] = []
        if rules.heralds:
            spent = set()
            picks = obs.get("picks") or []
            for s, p in enumerate(picks):
                if p is not None and p in HERALD_MODES:
                    spent.add(s)
            for e in _round_entries(obs):
                if e.get("key") in ("primiera.play", "primiera.capture", "primiera.sweep") \
                        and e["args"].get("card") in HERALD_MODES:
                    spent.add(e["seat"])
            self.herald_holders = [s for s in range(self.n)
                                   if s != self.me and s not in spent and self.hand_sizes[s] > 0]
            unseen_heralds = [c for c in self.unseen if c < 4]
            if len(unseen_heralds) != len(self.herald_holders):
                self.herald_holders = []  # cannot happen in a real game; fall back to a plain shuffle

        # Plays that captured nothing: the values that would have captured then (see _voids).
        self.voids: list[int] = _voids(obs, self.n, self.me) if self.unseen else [0] * self.n

    def misfits(self, seat: int, hand: Sequence[int]) -> int:
        """How many cards of ``hand`` would have captured when ``seat`` threw a card instead, this deal."""
        bits = self.voids[seat]
        return sum(1 for c in hand if bits >> ((c >> 2) + 1) & 1) if bits else 0

    @property
    def unseen_count(self) -> int:
        """Cards this seat cannot see: the other hands and the stock."""
        return len(self.unseen)

    def world(self, rnd: random.Random, tries: int = 40) -> World:
        """A world dealt at random, consistent with the view, and likely given the plays that captured nothing.

        A deal in which a seat threw a card while holding one that would have captured is kept
        with chance THREW_INSTEAD per such card (rejection sampling, at most ``tries`` deals;
        then the last one). Capturing is compulsory only for the card played, so no deal is
        impossible; but players who can capture nearly always do.
        """
        w = self._deal(rnd)
        if any(self.voids):
            for _ in range(tries):
                bad = sum(self.misfits(s, w.hands[s]) for s in range(self.n) if s != self.me)
                if not bad or rnd.random() < THREW_INSTEAD ** bad:
                    break
                w = self._deal(rnd)
        return w

    def _deal(self, rnd: random.Random) -> World:
        """A world dealt uniformly at random, consistent with the view."""
        n = self.n
        hands: list[list[int]] = [[] for _ in range(n)]
        hands[self.me] = list(self.hand)
        pool = self.unseen
        if self.herald_holders:
            heralds = [c for c in pool if c < 4]
            rnd.shuffle(heralds)
            for s, c in zip(self.herald_holders, heralds, strict=True):
                hands[s].append(c)
            pool = [c for c in pool if c >= 4]
        else:
            pool = list(pool)
        rnd.shuffle(pool)
        pos = 0
        for s in range(n):
            if s == self.me:
                continue
            need = self.hand_sizes[s] - len(hands[s])
            hands[s].extend(pool[pos:pos + need])
            pos += need
            hands[s].sort()
        stock = pool[pos:]
        return World(n, hands, list(self.table), stock, self.to_act, self.dealer, self.hand_size, self.live,
                     self.sides, self.double, self.piles, self.sweeps, self.last)


THREW_INSTEAD = 0.05
"""The chance given to a deal per card a seat held that would have captured when it threw another card."""


def capture_values(table: Sequence[int]) -> int:
    """The values (bits 1..10) a card would capture with on ``table`` (ints): a same rank, or a sum of 2+ cards."""
    bits = 0
    for t in table:
        bits |= 1 << ((t >> 2) + 1)
    vals = sorted((t >> 2) + 1 for t in table)
    sums = 1  # bit i: a subset of the cards seen so far adds up to i (with its size tracked below)
    pairs = 0  # bit i: a subset of 2+ cards adds up to i
    for v in vals:
        pairs |= (sums & ~1) << v
        sums |= sums << v
        sums &= (1 << 11) - 1
        pairs &= (1 << 11) - 1
    return bits | pairs


def _voids(obs: Mapping[str, Any], n: int, me: int) -> list[int]:
    """Per seat, the values that would have captured on the tables where it threw a card, since its hand was dealt.

    The table is rebuilt from this round's public log (the deal or the Kaleidos reveal, then
    every play); a re-deal (2p, 3p) gives fresh hands, so only the plays after the last one count.
    In Kaleidos the first Herald played says nothing either: it is played to set the
    partnerships, often while the player holds a card that would have captured.
    """
    out = [0] * n
    table: list[int] = []
    heralds = RULES[obs["variant"]].heralds if "variant" in obs else False
    for e in _round_entries(obs):
        key = e.get("key")
        args = e.get("args") or {}
        if key == "primiera.herald":
            heralds = False
        elif key == "primiera.deal":
            table = [INT[c] for c in args.get("table", [])]
        elif key == "primiera.reveal":
            table = [INT[c] for c in args.get("cards", [])]
        elif key == "primiera.redeal":
            out = [0] * n
        elif key == "primiera.play":
            seat = e.get("seat", -1)
            if 0 <= seat < n and seat != me and not (heralds and args["card"] in HERALD_MODES):
                out[seat] |= capture_values(table)
            table.append(INT[args["card"]])
        elif key in ("primiera.capture", "primiera.sweep"):
            gone = {INT[c] for c in args.get("captured", [])}
            table = [t for t in table if t not in gone]
    return out


def _round_entries(obs: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """This round's public log entries (from the last deal)."""
    log: list[Mapping[str, Any]] = obs.get("log") or []
    start = 0
    for i, e in enumerate(log):
        if e.get("key") == "primiera.deal":
            start = i
    return log[start:]


def root_moves(view: View) -> list[Move]:
    """The legal plays of the seat to act (the same in every world: own hand, the table)."""
    return moves(view.hand, view.table)


class VectorSearch:
    """Search over a set of worlds at once, my own choices shared by every world (no strategy fusion for me).

    A determinized search lets me choose each later move knowing the world I am in (the hidden
    cards): it overrates plays whose follow-up needs that knowledge. Here the worlds are searched
    together, as one tree of public histories (vector minimax): where I am to move, every world
    still consistent with the history takes the same move, the one of the best mean over them;
    where another seat is to move, each world takes its own best reply (that seat sees its own
    hand; an opponent minimises, a partner maximises), so the worlds split by the move played.
    A node's value is a vector: one value per world still in it. Full width (no pruning), to a
    fixed depth within the hands now dealt (my hand and the table agree across a node's worlds).
    """

    def __init__(self, worlds: Sequence[World], me: int, leaf: Callable[[World, int], float],
                 exact: Callable[[World, int], float], final_chance: bool = False) -> None:
        self.worlds = worlds
        self.me = me
        self.leaf = leaf
        self.exact = exact
        self.final_chance = final_chance
        self.nodes = 0

    def _leaf(self, w: World) -> float:
        if w.left == 0:
            return self.exact(w, self.me)
        if self.final_chance and w.spos == len(w.stock) and w.spos and w.left == len(w.hands[0]) * 2 == w.hand_size * 2:
            return Search(w, self.me, self.leaf, self.exact, 1 << 30).chance()
        return self.leaf(w, self.me)

    def root(self, root_moves: Sequence[Move], depth: int) -> list[float]:
        """Each root move's mean value over the worlds."""
        idx = list(range(len(self.worlds)))
        out = []
        for m in root_moves:
            out.append(sum(self._after(idx, m, depth - 1)) / len(idx))
        return out

    def _after(self, idx: list[int], move: Move, depth: int) -> list[float]:
        ws = self.worlds
        card, taken = move
        toks = [ws[i].play(card, taken) for i in idx]
        got = self.value(idx, depth)
        for i, t in zip(idx, toks, strict=True):
            ws[i].undo(t)
        return got

    def value(self, idx: list[int], depth: int) -> list[float]:
        """The values, one per world in ``idx`` (all at the same public history), with ``depth`` plies to go."""
        ws = self.worlds
        self.nodes += 1
        w0 = ws[idx[0]]
        if depth <= 0 or w0.left == 0:
            return [self._leaf(ws[i]) for i in idx]
        seat = w0.to_act
        if seat == self.me:
            best: list[float] = []
            top = -INF
            for m in w0.legal():
                got = self._after(idx, m, depth - 1)
                total = sum(got)
                if total > top:
                    top, best = total, got
            return best
        groups: dict[Move, list[int]] = {}
        for i in idx:
            for m in ws[i].legal():
                g = groups.get(m)
                if g is None:
                    groups[m] = [i]
                else:
                    g.append(i)
        maximize = same_side(w0, self.me, seat)
        out = dict.fromkeys(idx, -INF if maximize else INF)
        for m, sub in groups.items():
            got = self._after(sub, m, depth - 1)
            if maximize:
                for i, v in zip(sub, got, strict=True):
                    if v > out[i]:
                        out[i] = v
            else:
                for i, v in zip(sub, got, strict=True):
                    if v < out[i]:
                        out[i] = v
        return [out[i] for i in idx]

"""Primo's ``hard`` AI, the fast part: one turn in integers, and a search over its atomic actions.

The fast form (``Pos``) holds what the player to act can see of one turn: the six rows,
its own hand, the rows with a Top card this turn, every draw pile's size, and whether a
play action was made. Cards are small integers (``value * 2 + colour`` for number cards,
``TAKE`` and ``TOP`` above them), rows tuples of them, head to tail. It follows
``board.py`` (the engine's one definition of the table rules) exactly, which
tests/primo/test_ai_hard.py checks on random positions: the same legal play actions and the
same rows, hand and piles after each.

``Planner.plan`` searches the sequences of atomic actions within the turn, best first over
turn states deduplicated by a canonical key (colours dropped where the variant ignores
them), under a node budget, and scores each state where the turn could end (``evaluate``)
against the best exchange (or pass). Everything it uses is public or its own: rows, hand,
counts of hands and piles.

Moves are pruned to the useful ones: a run's move leaves the set of tail cards on the
table unchanged unless it empties its row (a freed base) or completes a row (a clear), so
only those moves, and moves that put a run under a higher head (which sets up clears, and
orders the moves so that no sequence of them cycles), are searched.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from math import comb, exp
from time import perf_counter
from typing import Any

from ..rules import RULES
from . import lookahead, rollout

ROWS = "ABCDEF"
ROW_INDEX = {r: i for i, r in enumerate(ROWS)}
TAKE = 28
TOP = 30
COLOURS = "YB"
NONE, ALTERNATE, MONO = 0, 1, 2
RULE = {"none": NONE, "alternate": ALTERNATE, "mono": MONO}
HAND_SIZE = 6


def code(card: str) -> int:
    """The integer of a card text: ``12Y`` -> 24, ``12B`` -> 25, TAKE 28, TOP 30."""
    if card == "TOP":
        return TOP
    if card == "TAKE":
        return TAKE
    return int(card[:-1]) * 2 + COLOURS.index(card[-1])


def text(c: int) -> str:
    """The card text of an integer (inverse of ``code``)."""
    if c == TOP:
        return "TOP"
    if c == TAKE:
        return "TAKE"
    return f"{c >> 1}{COLOURS[c & 1]}"


def join_ok(rule: int, upper: int, lower: int) -> bool:
    """May ``lower`` lie directly below ``upper`` under the colour rule (values aside)? (D-PO15)"""
    if rule == NONE:
        return True
    if rule == ALTERNATE:
        return (upper ^ lower) & 1 == 1
    return (upper ^ lower) & 1 == 0


Row = tuple[int, ...]
Rows = tuple[Row, ...]
# An atomic action: (verb, a, b, c): add/open/head (card, row), move (src, value, dst), top/take (row)
Act = tuple[str, int, int, int]


def act_text(a: Act) -> str:
    """The canonical text of an atomic action."""
    verb = a[0]
    if verb in ("add", "open", "head"):
        return f"{verb} {text(a[1])} {ROWS[a[2]]}"
    if verb == "move":
        return f"move {ROWS[a[1]]}:{a[2]} {ROWS[a[3]]}"
    if verb in ("top", "take"):
        return f"{verb} {ROWS[a[1]]}"
    return verb


def _without(hand: tuple[int, ...], c: int) -> tuple[int, ...]:
    i = hand.index(c)
    return hand[:i] + hand[i + 1:]


def complete(row: Row) -> bool:
    """A 13..1 row (its joins were checked as it was built, so it is valid under the colour rule)."""
    return len(row) == 13 and row[0] >> 1 == 13


class Pos:
    """One state of a turn as the player to act sees it; immutable by convention."""

    __slots__ = ("rows", "hand", "tops", "piles", "acted", "shed", "clears", "given", "path")

    def __init__(self, rows: Rows, hand: tuple[int, ...], tops: int, piles: tuple[int, ...], acted: bool,
                 shed: int = 0, clears: int = 0, given: tuple[int, ...] = (), path: tuple[Act, ...] = ()) -> None:
        self.rows = rows
        self.hand = hand
        self.tops = tops
        self.piles = piles
        self.acted = acted
        self.shed = shed
        self.clears = clears
        self.given = given or (0,) * len(piles)
        self.path = path

    def key(self, rule: int) -> tuple[Any, ...]:
        """A canonical key: colours dropped when the variant ignores them."""
        if rule == NONE:
            return (tuple((r[0] >> 1, len(r)) if r else (0, 0) for r in self.rows),
                    tuple(c >> 1 for c in self.hand), self.tops, self.piles, self.acted)
        return (self.rows, self.hand, self.tops, self.piles, self.acted)

    def actions(self, rule: int, prune: bool = False) -> list[Act]:
        """The legal play actions (every move unless ``prune``: then only the useful ones)."""
        out: list[Act] = []
        rows, hand = self.rows, self.hand
        numbers = sorted(set(c for c in hand if c < TAKE))
        if prune and rule == NONE:
            seen: set[int] = set()
            numbers = [c for c in numbers if not (c >> 1 in seen or seen.add(c >> 1))]  # type: ignore[func-returns-value]
        has_top = TOP in hand
        shed_top = False  # pruned: one Top card with no new effect stands for every one (it only sheds, D-PO7)
        opened = False
        for i, row in enumerate(rows):
            if not row:
                if prune and opened:
                    continue  # opening the first empty base stands for every empty base
                opened = True
                out.extend(("open", c, i, 0) for c in numbers)
                continue
            tail, head = row[-1], row[0]
            tv, hv = tail >> 1, head >> 1
            top_here = self.tops >> i & 1
            for c in numbers:
                v = c >> 1
                if v == tv - 1 and join_ok(rule, tail, c):
                    out.append(("add", c, i, 0))
                if top_here and v == hv + 1 and join_ok(rule, c, head):
                    out.append(("head", c, i, 0))
            if has_top:  # a second Top card on a row is allowed: it adds nothing but is shed (D-PO7)
                useful = not top_here and hv < 13
                if not prune or useful or not shed_top:
                    out.append(("top", i, 0, 0))
                    shed_top = shed_top or not useful
        if TAKE in hand:
            out.append(("take", 0, 0, 0))
            out.append(("take", 5, 0, 0))
        for j, dst in enumerate(rows):
            if not dst:
                continue
            want = (dst[-1] >> 1) - 1
            if want < 1:
                continue
            for i, src in enumerate(rows):
                if i == j or not src:
                    continue
                hv = src[0] >> 1
                k = hv - want
                if 0 <= k < len(src) and join_ok(rule, dst[-1], src[k]):
                    if prune and k > 0 and (dst[0] >> 1) <= hv and not (dst[0] >> 1 == 13 and src[-1] >> 1 == 1):
                        continue
                    out.append(("move", i, want, j))
        return out

    def apply(self, a: Act, me: int, rule: int) -> Pos:
        """The state after a legal play action (a Take's takes resolved as board.resolve_take does)."""
        verb = a[0]
        rows = list(self.rows)
        hand = self.hand
        tops = self.tops
        piles = self.piles
        shed = self.shed
        clears = self.clears
        given = self.given
        j = -1
        if verb == "add" or verb == "open":
            c, j = a[1], a[2]
            hand = _without(hand, c)
            rows[j] = rows[j] + (c,)
            shed += 1
        elif verb == "head":
            c, j = a[1], a[2]
            hand = _without(hand, c)
            rows[j] = (c,) + rows[j]
            shed += 1
        elif verb == "move":
            i, v, j = a[1], a[2], a[3]
            k = (rows[i][0] >> 1) - v
            rows[j] = rows[j] + rows[i][k:]
            rows[i] = rows[i][:k]
        elif verb == "top":
            hand = _without(hand, TOP)
            tops |= 1 << a[1]
            shed += 1
        else:  # take
            hand = _without(hand, TAKE)
            shed += 1
            n = len(piles)
            order = (0, 1, 2, 3, 4, 5) if a[1] == 0 else (5, 4, 3, 2, 1, 0)
            pl = list(piles)
            gv = list(given)
            p = 0
            for t in range(1, n):
                seat = (me + t) % n
                while p < 6 and not rows[order[p]]:
                    p += 1
                if p >= 6:
                    break
                r = order[p]
                card = rows[r][0]
                rows[r] = rows[r][1:]
                p += 1
                if pl[seat] > 0:
                    pl[seat] += 1
                    gv[seat] += 1
                    continue
                for q in order:
                    if not rows[q]:
                        rows[q] = (card,)
                        break
                else:
                    pl[seat] = 1
                    gv[seat] += 1
            piles = tuple(pl)
            given = tuple(gv)
        if j >= 0 and complete(rows[j]):
            rows[j] = ()
            clears += 1
        return Pos(tuple(rows), hand, tops, piles, True, shed, clears, given, self.path + (a,))


def from_observation(obs: Mapping[str, Any]) -> tuple[Pos, int, int]:
    """(the turn state, my seat, the colour rule) of an observation."""
    rows = tuple(tuple(code(c) for c in r["cards"]) for r in obs["rows"])
    hand = tuple(sorted(code(c) for c in obs["hand"]))
    turn = obs.get("turn") or {}
    tops = 0
    for r in turn.get("tops", ()):
        tops |= 1 << ROW_INDEX[r]
    acted = turn.get("phase") == "play"
    rules = RULES.get(obs.get("variant", "base"))
    rule = RULE[rules.colour] if rules is not None else NONE
    return Pos(rows, hand, tops, tuple(obs["piles"]), acted), int(obs["seat"]), rule


# --- the evaluation ---------------------------------------------------------------------------

WIN = 1000.0
Layout = tuple[float, list[float], list[float]]


class Weights:
    """The evaluation's weights, in cards shed (one card shed by me = 1)."""

    shed = 1.0
    ease = 0.25  # per card the next players are expected to shed on the layout left
    base_gift = 0.9  # extra per empty base left (anyone opens it with any card)
    quality = 1.0  # times the playability of each card kept or drawn
    given = 1.0  # per card the Take gave, weighted by the taker's threat (threats sum to 1)
    block = 1.2  # extra for a card given to a player who had no draw pile (they cannot go out next turn)
    clear = 0.05
    top_keep = 0.55
    take_keep = 0.75
    threat_temp = 3.0
    # The playability of a card kept, by how far below the nearest tail above it lies (0: it
    # fits now): how often such a card fitted a tail (or a free base) at hard's next turn, in 60
    # games against medium (bench/PRIMO_STRENGTH.md); with no tail above it 0.11, a 13 0.07.
    near = (0.65, 0.36, 0.34, 0.30, 0.30, 0.25)
    base_q = 0.15  # of any card while a base is free
    floor = 0.11
    floor_13 = 0.07
    go_out = 3.0  # per chance that I go out on my next turn (no draw pile left)
    danger = 4.0  # per chance that a player with no draw pile goes out on their next turn
    swap = 0.0  # per card exchanged (a fresh card is worth more than its playability next turn says)
    stall = 0.0  # a dead table (every tail a 1, no free base: D-PO13 stall ahead): + if I hold the fewest cards, - if not


class Context:
    """What stays fixed while one turn is searched: the seat, counts, and the unseen cards per value."""

    def __init__(self, obs: Mapping[str, Any], root: Pos, me: int, rule: int, weights: type[Weights] = Weights) -> None:
        self.me = me
        self.rule = rule
        self.n = len(root.piles)
        self.w = weights
        self.hands = list(obs["hands"])
        self.piles0 = root.piles
        self.my_pile = root.piles[me]
        seen = [0] * 14
        for row in root.rows:
            for c in row:
                seen[c >> 1] += 1
        for c in root.hand:
            if c < TAKE:
                seen[c >> 1] += 1
        cleared = int(obs.get("out", 0)) // 13
        self.unseen = [0] + [max(0, 8 - cleared - seen[v]) for v in range(1, 14)]
        self.specials_unseen = max(0, 10 - sum(1 for c in root.hand if c >= TAKE) - self.specials_out(obs))
        self.unseen_total = max(1, sum(self.unseen) + self.specials_unseen)
        # threat of each opponent: the fewer cards they hold, the more a card given to them is worth
        cards = [self.hands[s] + root.piles[s] for s in range(self.n)]
        others = [s for s in range(self.n) if s != me]
        self.others = others
        m = min((cards[s] for s in others), default=0)
        raw = {s: exp(-(cards[s] - m) / weights.threat_temp) for s in others}
        tot = sum(raw.values()) or 1.0
        self.threat = [raw.get(s, 0.0) / tot for s in range(self.n)]
        self.next_hand = self.hands[(me + 1) % self.n] if self.n > 1 else 0
        # P(a hand of h unseen cards holds a card of value v)
        h = min(HAND_SIZE, self.unseen_total)
        u = self.unseen_total
        denom = comb(u, h) if h > 0 else 1
        self.p_hold = [0.0] + [1.0 - comb(u - self.unseen[v], h) / denom if h > 0 else 0.0 for v in range(1, 14)]
        if rule != NONE:
            # a slot also asks for a colour: about half of the copies fit
            self.p_hold_colour = [0.0] + [1.0 - comb(u - (self.unseen[v] + 1) // 2, h) / denom if h > 0 else 0.0
                                          for v in range(1, 14)]
        else:
            self.p_hold_colour = self.p_hold
        self.cache: dict[tuple[int, ...], Layout] = {}

    @staticmethod
    def specials_out(obs: Mapping[str, Any]) -> int:
        """Special cards used so far: the cards out that are not whole cleared rows."""
        return int(obs.get("out", 0)) % 13

    def layout(self, rows: Rows) -> Layout:
        """What these rows offer: the next players' expected sheds, the playability of each value
        (0..13) on my next turn, and for h = 0..6 the chance that h unknown cards all play."""
        shape = tuple(sorted(r[-1] >> 1 if r else 0 for r in rows))  # all it depends on: the tails
        got = self.cache.get(shape)
        if got is not None:
            return got
        w = self.w
        ph = self.p_hold_colour
        u = self.unseen
        empty = shape.count(0)
        tails = [t for t in shape if t]
        slots = {t - 1 for t in tails if t > 1}
        ease = 0.0
        playable = float(self.specials_unseen)
        for v in slots:
            # they play v, then perhaps v-1 on it
            ease += ph[v] * (1.0 + 0.5 * ph[v - 1] if v > 1 else 1.0)
            playable += u[v] + (0.5 * u[v - 1] if v > 1 else 0.0)
        ease += empty * (1.0 + w.base_gift)
        # playability of a value on my next turn, three turns of the others away: near a tail above
        # it (the nearer the likelier), a free base a little (the others fill it first)
        q = [0.0] * 14
        near = w.near
        for v in range(1, 14):
            best = w.floor if v < 13 else w.floor_13
            for t in tails:
                d = t - 1 - v
                if d >= 0:
                    s = near[d] if d < len(near) else near[-1]
                    if s > best:
                        best = s
            if empty and best < w.base_q:
                best = w.base_q
            q[v] = best
        # a player with no draw pile and h cards goes out if all h play: a free base takes one each
        p_card = min(1.0, playable / self.unseen_total)
        out = [1.0] + [p_card ** (h - empty) if h > empty else 1.0 for h in range(1, HAND_SIZE + 1)]
        got = (ease, q, out)
        self.cache[shape] = got
        return got

    def mean_quality(self, q: list[float]) -> float:
        """The playability of a card drawn from the pile (as the unseen cards run)."""
        tot = sum(self.unseen) or 1
        return sum(q[v] * self.unseen[v] for v in range(1, 14)) / tot

    def kept_quality(self, hand: Sequence[int], q: list[float]) -> float:
        """The playability of the cards kept in hand."""
        w = self.w
        s = 0.0
        for c in hand:
            if c == TOP:
                s += w.top_keep
            elif c == TAKE:
                s += w.take_keep
            else:
                s += q[c >> 1]
        return s

    def danger(self, pos: Pos, out: list[float]) -> float:
        """The chance, summed over the others, that one with no draw pile goes out on their next turn."""
        d = 0.0
        for s in self.others:
            if pos.piles[s] == 0 and self.hands[s]:
                d += out[min(HAND_SIZE, self.hands[s])]
        return d

    def evaluate(self, pos: Pos) -> float:
        """The value of ending the turn in ``pos`` (in cards shed by me)."""
        me = self.me
        if not pos.hand and pos.piles[me] == 0:
            return WIN
        w = self.w
        ease, q, out = self.layout(pos.rows)
        v = w.shed * pos.shed + w.clear * pos.clears - w.ease * ease - w.danger * self.danger(pos, out)
        for s in range(self.n):
            g = pos.given[s]
            if g:
                v += g * self.threat[s] * w.given
                if self.piles0[s] == 0:
                    v += w.block * self.threat[s]
        if w.stall:
            v += w.stall * self.stall_lead(pos.rows, len(pos.hand) + pos.piles[me], pos.given)
        refill = min(HAND_SIZE - len(pos.hand), pos.piles[me])
        v += w.quality * (self.kept_quality(pos.hand, q) + refill * self.mean_quality(q))
        if pos.piles[me] == 0:
            # no pile: every card kept must still be played; fewer is much better, and the chance
            # that all of them play next turn (a special always does) is the chance to go out
            v -= 0.5 * len(pos.hand) - w.go_out * self.out_chance(pos.hand, q)
        return v

    def stall_lead(self, rows: Rows, mine: int, given: Sequence[int]) -> float:
        """On a dead table (every row ends in a 1, no free base), +1 if I hold the fewest cards
        (a D-PO13 stall is won by them), -1 if another holds fewer, 0 on a live table or a tie."""
        for r in rows:
            if not r or r[-1] >> 1 != 1:
                return 0.0
        least = min(self.hands[s] + self.piles0[s] + given[s] for s in self.others)
        return 1.0 if mine < least else -1.0 if mine > least else 0.0

    @staticmethod
    def out_chance(hand: Sequence[int], q: list[float]) -> float:
        """The chance that every card of ``hand`` plays on my next turn (cards taken as independent)."""
        p = 1.0
        for c in hand:
            if c < TAKE:
                p *= min(1.0, 1.3 * q[c >> 1])
        return p

    def exchange_value(self, root: Pos, cards: Sequence[int]) -> float:
        """The value of exchanging ``cards`` (none: a pass) from the root's hand."""
        w = self.w
        ease, q, out = self.layout(root.rows)
        kept = list(root.hand)
        for c in cards:
            kept.remove(c)
        pile = root.piles[self.me]
        fresh = min(len(cards), pile)
        back = len(cards) - fresh  # a short pile gives some of the same cards back
        backq = sorted((self.kept_quality([c], q) for c in cards), reverse=True)[:back]
        stall = w.stall * self.stall_lead(root.rows, len(root.hand) + pile, root.given) if w.stall else 0.0
        return (stall + w.swap * len(cards) - w.ease * ease - w.danger * self.danger(root, out)
                + w.quality * (self.kept_quality(kept, q) + fresh * self.mean_quality(q) + sum(backq))
                - (0.5 * len(root.hand) if pile == 0 else 0.0))


# --- the search -------------------------------------------------------------------------------


class Planner:
    """Best-first search over one turn's states; the plan is the best end-of-turn state's path.

    The search stops at ``budget`` expanded states, or once ``time_limit`` seconds of wall time
    have passed (checked every 16 states; None: no limit), whichever comes first: the limit
    keeps a turn in the browser's budget on a slow device (CPython plans in about 15 ms at
    p95, so there it does not bind; Pyodide is about 16x slower on a loaded machine).

    With ``samples`` > 0 (variants without a colour rule), the ``candidates`` best end states and
    the best ``exchanges`` by the static evaluation are scored again with the look-ahead over
    the others' next turns and my own (lookahead.look), and the best of them is played.
    """

    def __init__(self, budget: int = 600, weights: type[Weights] = Weights, samples: int = 0,
                 candidates: int = 6, exchanges: int = 2,
                 la_weights: type[lookahead.Weights] = lookahead.Weights,
                 time_limit: float | None = 0.25, rollouts: int = 0,
                 rollout_time: float | None = None, rollout_weight: float = 0.0) -> None:
        self.budget = budget
        self.rollout_weight = rollout_weight
        self.rollouts = rollouts
        self.rollout_time = rollout_time
        self.time_limit = time_limit
        self.timed_out = False
        self.weights = weights
        self.samples = samples
        self.candidates = candidates
        self.n_exchanges = exchanges
        self.la_weights = la_weights
        self.nodes = 0

    def plan(self, obs: Mapping[str, Any]) -> tuple[list[str], float]:
        """(the actions to play, the last of them ``end`` unless the hand runs out or it exchanges; value)."""
        root, me, rule = from_observation(obs)
        ctx = Context(obs, root, me, rule, self.weights)
        best_val = float("-inf")
        best: list[str] = []
        ahead = (self.samples > 0 or self.rollouts > 0) and rule == NONE and len(root.piles) > 1
        ends: list[tuple[float, int, Pos]] = []  # a min-heap of the best end states (value, tick, state)
        swaps: list[tuple[float, tuple[int, ...]]] = []
        if not root.acted:
            for cards, val in self.exchanges(ctx, root):
                swaps.append((val, cards))
                if val > best_val:
                    best_val = val
                    best = [exchange_text(cards)]
        else:
            best_val = ctx.evaluate(root)
            best = ["end"]
            ends.append((best_val, -1, root))
        found = 0

        def keep(child: Pos, val: float) -> None:
            nonlocal found
            found += 1
            if len(ends) < self.candidates:
                heapq.heappush(ends, (val, found, child))
            elif val > ends[0][0]:
                heapq.heapreplace(ends, (val, found, child))

        end, val = self.expand(ctx, root, best_val, keep if ahead else None)
        if end is not None:
            best, best_val = plan_of(end), val
        if best_val >= WIN:
            return best, best_val
        if ahead and (ends or swaps):
            if self.rollouts > 0:
                return self.roll(ctx, root, best, best_val, ends, swaps)
            return self.look_ahead(ctx, root, best, best_val, ends, swaps)
        return best, best_val

    def expand(self, ctx: Context, root: Pos, floor: float,
               visit: Callable[[Pos, float], None] | None = None) -> tuple[Pos | None, float]:
        """Best first over the turn's states below ``root``, deduplicated by key, ``budget`` states
        expanded (or ``time_limit``): the best state found where the turn may end and its value, if
        it beats ``floor`` (else None and ``floor``); it stops at a win. ``visit`` sees every new state
        and its value (the look-ahead's candidates, the review's first actions: primo/review.py)."""
        rule, me = ctx.rule, ctx.me
        best: Pos | None = None
        best_val = floor
        seen = {root.key(rule)}
        heap: list[tuple[float, int, Pos]] = [(0.0, 0, root)]
        tick = 0
        nodes = 0
        self.timed_out = False
        deadline = None if self.time_limit is None else perf_counter() + self.time_limit
        while heap and nodes < self.budget:
            if deadline is not None and nodes % 16 == 0 and nodes and perf_counter() > deadline:
                self.timed_out = True
                break
            _, _, pos = heapq.heappop(heap)
            nodes += 1
            for a in pos.actions(rule, prune=True):
                child = pos.apply(a, me, rule)
                k = child.key(rule)
                if k in seen:
                    continue
                seen.add(k)
                val = ctx.evaluate(child)
                if visit is not None:
                    visit(child, val)
                if val > best_val:
                    best_val = val
                    best = child
                if val >= WIN:
                    self.nodes = nodes
                    return best, best_val
                if child.hand:
                    tick += 1
                    # best first: the states worth most now, and those with more cards shed
                    heapq.heappush(heap, (-(val + 0.3 * child.shed), tick, child))
        self.nodes = nodes
        return best, best_val

    def look_ahead(self, ctx: Context, root: Pos, best: list[str], best_val: float,
                   ends: list[tuple[float, int, Pos]], swaps: list[tuple[float, tuple[int, ...]]]
                   ) -> tuple[list[str], float]:
        """The best of the candidates by static value plus look-ahead value (lookahead.look)."""
        me, n = ctx.me, ctx.n
        order = [(me + t) % n for t in range(1, n)]
        seed = hash((root.rows, root.hand, root.piles)) & 0x7FFFFFFF
        samples = lookahead.make_samples(ctx.unseen, ctx.specials_unseen, [ctx.hands[s] for s in order],
                                         HAND_SIZE, self.samples, seed)
        my_pile = root.piles[me]
        cands: list[tuple[float, list[str]]] = []
        for val, _, pos in ends:
            plan = plan_of(pos)
            refill = min(HAND_SIZE - len(pos.hand), my_pile)
            others = [(k, pos.piles[s], ctx.threat[s]) for k, s in enumerate(order)]
            la = lookahead.look(lookahead.layout_of(pos.rows), lookahead.kept_values(pos.hand), refill,
                                my_pile - refill <= 0, others, samples, self.la_weights)
            cands.append((val + la, plan))
        swaps.sort(key=lambda x: -x[0])
        others0 = [(k, root.piles[s], ctx.threat[s]) for k, s in enumerate(order)]
        layout0 = lookahead.layout_of(root.rows)
        for val, cards in swaps[:self.n_exchanges]:
            kept = list(root.hand)
            for c in cards:
                kept.remove(c)
            fresh = min(len(cards), my_pile)
            kept += list(cards[:len(cards) - fresh])  # a short pile gives some of them back
            la = lookahead.look(layout0, lookahead.kept_values(kept), fresh, my_pile == 0, others0, samples,
                                self.la_weights)
            cands.append((val + la, [exchange_text(cards)]))
        if best_val >= WIN or not cands:
            return best, best_val
        top = max(cands, key=lambda x: x[0])
        return top[1], top[0]

    def roll(self, ctx: Context, root: Pos, best: list[str], best_val: float,
             ends: list[tuple[float, int, Pos]], swaps: list[tuple[float, tuple[int, ...]]]
             ) -> tuple[list[str], float]:
        """The best of the candidates by whole-game rollouts (rollout.rate) over ``rollouts``
        determinizations of the cards hard cannot see (only counts and its own cards are used)."""
        if best_val >= WIN:
            return best, best_val
        me, n = ctx.me, ctx.n
        cands: list[tuple[float, list[str], rollout.Candidate]] = []
        for val, _, pos in sorted(ends, key=lambda x: (-x[0], x[1])):
            plan = plan_of(pos)
            hands = [len(pos.hand) if s == me else ctx.hands[s] for s in range(n)]
            cands.append((val, plan, rollout.Candidate(lookahead.layout_of(pos.rows), [_value(c) for c in pos.hand], [],
                                                       pos.piles, hands, 0 if pos.shed else 1)))
        swaps.sort(key=lambda x: -x[0])
        for val, cards in swaps[:self.n_exchanges]:
            kept = list(root.hand)
            for c in cards:
                kept.remove(c)
            hands = [len(kept) if s == me else ctx.hands[s] for s in range(n)]
            cands.append((val, [exchange_text(cards)],
                          rollout.Candidate(lookahead.layout_of(root.rows), [_value(c) for c in kept],
                                            [_value(c) for c in cards], root.piles, hands, 1)))
        if len(cands) <= 1:
            return best, best_val
        my_tops = sum(1 for c in root.hand if c == TOP)
        my_specials = sum(1 for c in root.hand if c >= TAKE)
        share = min(1.0, max(0.0, (5 - my_tops) / max(1, 10 - my_specials)))
        seed = hash((root.rows, root.hand, root.piles, root.tops)) & 0x7FFFFFFF
        deadline = None if self.rollout_time is None else perf_counter() + self.rollout_time
        score = rollout.rate([c[2] for c in cands], me, ctx.unseen, ctx.specials_unseen, share, self.rollouts,
                             seed, deadline)
        if self.rollout_weight > 0:  # the static value plus the weighted win rate
            i = max(range(len(cands)), key=lambda k: (cands[k][0] + self.rollout_weight * score[k], -k))
        else:  # the win rate alone (ties: the static order)
            i = max(range(len(cands)), key=lambda k: (score[k], -k))
        return cands[i][1], cands[i][0]

    def exchanges(self, ctx: Context, root: Pos) -> list[tuple[tuple[int, ...], float]]:
        """Each distinct exchange (the empty one is a pass) and its value."""
        out = []
        seen: set[tuple[int, ...]] = set()
        hand = root.hand
        for k in range(len(hand) + 1):
            for cs in combinations(hand, k):
                if cs in seen:
                    continue
                seen.add(cs)
                out.append((cs, ctx.exchange_value(root, cs)))
        return out


def _value(c: int) -> int:
    """A search card code as a rollout value (rollout.TOP_V, rollout.TAKE_V for the specials)."""
    return rollout.TOP_V if c == TOP else rollout.TAKE_V if c == TAKE else c >> 1


def plan_of(end: Pos) -> list[str]:
    """The texts of the actions that led to ``end``, and ``end`` if the hand is not played out."""
    plan = [act_text(x) for x in end.path]
    if end.hand:
        plan.append("end")
    return plan


def exchange_text(cards: Sequence[int]) -> str:
    """``exchange`` with the cards in canonical order, or ``pass``."""
    if not cards:
        return "pass"
    return "exchange " + " ".join(text(c) for c in sorted(cards))

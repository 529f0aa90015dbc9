"""Fast hand evaluation and strength tables for the Primero AI (the ai package).

Cards are small integers (their index in the variant's deck). ``Evaluator.raw``
returns one integer per 4-card hand that orders hands exactly like
``hands.evaluate`` in normal (not Losing) order: ``(kind_rank * 1000 + points)
* 100 + tie``; ``raw // 100`` is the (kind, points) part, which is how claims
compare (D-PR9). ``strength`` flips the order for Losing Primero.

Tables are built lazily, once per process and variant, and stay small:
- ``pct``: strength -> percentile of a random 4-card hand of the deck
  (midrank: worse hands plus half the equal ones), a few hundred entries;
- ``keep_value``: expected percentile of the final hand when keeping some cards
  and drawing the rest (the Waks draw, the RMS opening, Northpass trades), exact for
  the cards excluded; its sums are cached by rank/suit pattern.
Building a variant's tables evaluates each hand of its deck once (about
0.3 s on CPython for the 40-card decks).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb

from ..hands import CHORUS, FLUXUS, NUMERUS, PRIMERO, PUNTO, SUPREMUS
from ..rules import hand_rules

_KIND_NAMES = (NUMERUS, PRIMERO, SUPREMUS, PUNTO, FLUXUS, CHORUS)


@cache
def _subset_tables(h: int) -> tuple[list[tuple[int, int]], list[tuple[int, int, list[tuple[int, float]]]]]:
    """For a hand of ``h`` cards (subsets as bits of card positions): the subsets of at most 4 cards in
    an order where removing the lowest bit gives an earlier one, and, for each, the inclusion-exclusion
    terms of ``Evaluator.keep_values`` (a superset adding at most ``4 - size`` excluded cards, with its sign)."""
    full = (1 << h) - 1
    subs = [(sub, bin(sub).count("1")) for sub in range(1, full + 1) if bin(sub).count("1") <= 4]
    terms = []
    for sub, size in subs:
        rest = full ^ sub
        t = [(sub | e, -1.0 if bin(e).count("1") % 2 else 1.0)
             for e in range(rest + 1) if e & rest == e and bin(e).count("1") <= 4 - size]
        terms.append((sub, size, t))
    return subs, terms


@cache
def _keep_plan(h: int, wanted: frozenset[int] | None) -> tuple[
        list[tuple[int, int, int, int]], list[tuple[int, int, list[tuple[int, float]]]]]:
    """``_subset_tables(h)`` read for the kept sets of ``wanted`` sizes (every size when None): each
    subset with the one it extends by its lowest bit, that bit's card position and its size, or 0
    when its sum is no term (a subset smaller than every wanted size is in none); then the wanted
    subsets' terms. Worked out once per hand size and sizes, not at every hand."""
    subsets, terms_of = _subset_tables(h)
    least = 1 if wanted is None else min((k for k in wanted if k > 0), default=5)
    steps = [(sub, sub ^ (sub & -sub), (sub & -sub).bit_length() - 1, size if size >= least else 0)
             for sub, size in subsets]
    outs = [t for t in terms_of if wanted is None or t[1] in wanted]
    return steps, outs


class Evaluator:
    """Integer hand keys and percentile tables for one variant (and RMS wild option)."""

    def __init__(self, variant: str, wild: bool = False) -> None:
        hr = hand_rules(variant, wild)
        self.variant = variant
        self.rules = hr
        deck = hr.deck
        self.size = len(deck)
        self.names: tuple[str, ...] = tuple(str(c) for c in deck)
        self.index: dict[str, int] = {s: i for i, s in enumerate(self.names)}
        self.value: tuple[int, ...] = tuple(hr.values[c.rank] for c in deck)
        self.suit: tuple[int, ...] = tuple(c.suit_index for c in deck)
        self.rank: tuple[int, ...] = tuple(c.rank_index for c in deck)
        self.lowest = hr.lowest_wins
        self.tiebreak = hr.whole_hand_tiebreak
        kr = {k: (hr.kind_rank(k) if k in hr.kinds else -1) for k in _KIND_NAMES}
        self.k_numerus, self.k_primero, self.k_supremus = kr[NUMERUS], kr[PRIMERO], kr[SUPREMUS]
        self.k_punto, self.k_fluxus, self.k_chorus = kr[PUNTO], kr[FLUXUS], kr[CHORUS]
        self.sup_points = hr.supremus_points
        self.wild = self.index["JH"] if hr.wild_jh else -1
        self._pct: dict[int, float] | None = None
        self._raw: dict[int, int] = {}  # card bitmask -> raw key, filled with the tables (decks up to 40 cards)
        self._sorted: list[int] = []
        self._keep: dict[tuple[int, ...], float] = {}  # suit pattern of kept cards -> sum over completions
        self._keep_sets: dict[int, float] = {}  # the same sums by the kept cards' bitmask
        self._keep_hands: dict[int, dict[int, float]] = {}  # hand bitmask -> keep_values
        self._best_keeps: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[float, tuple[int, ...]]] = {}
        self._by_claim: tuple[array[int], array[int]] | None = None
        self._warm = False  # every draw sum filled (warm_keeps)
        self._plain_keys: dict[int, int] | None = None  # while _build runs with a wild card: each hand's plain key

    # --- keys -----------------------------------------------------------------
    def _plain(self, a: int, b: int, c: int, d: int) -> int:
        v, s, r = self.value, self.suit, self.rank
        total = v[a] + v[b] + v[c] + v[d]
        tie = total if self.tiebreak else 0
        ra, rb, rc, rd = r[a], r[b], r[c], r[d]
        if ra == rb == rc == rd:
            return (self.k_chorus * 1000 + total) * 100 + tie
        sa, sb, sc, sd = s[a], s[b], s[c], s[d]
        if sa == sb == sc == sd:
            return (self.k_fluxus * 1000 + total) * 100 + tie
        if self.k_punto >= 0 and sorted((ra, rb, rc, rd)) == [0, 5, 6, 10]:
            return (self.k_punto * 1000 + total) * 100 + tie  # D-PR4
        if len({sa, sb, sc, sd}) == 4:
            return (self.k_primero * 1000 + total) * 100 + tie
        sums = [0, 0, 0, 0]
        cnt = [0, 0, 0, 0]
        sums[sa] += v[a]
        cnt[sa] += 1
        sums[sb] += v[b]
        cnt[sb] += 1
        sums[sc] += v[c]
        cnt[sc] += 1
        sums[sd] += v[d]
        cnt[sd] += 1
        if self.k_supremus >= 0 and 3 in cnt:
            q = cnt.index(3)  # one suit at most holds three of four cards
            ranks = {r[x] for x in (a, b, c, d) if s[x] == q}
            if ranks == {0, 5, 6}:
                pts = self.sup_points if self.sup_points is not None else total
                return (self.k_supremus * 1000 + pts) * 100 + tie
        best = -1  # the best suit of two or more cards (there is one: four suits would be a primero)
        for q in (0, 1, 2, 3):
            if cnt[q] >= 2 and sums[q] > best:
                best = sums[q]
        return (self.k_numerus * 1000 + best) * 100 + tie

    def raw(self, h: Sequence[int]) -> int:
        """The hand's key in normal order (higher is a better hand outside Losing)."""
        a, b, c, d = h
        mask = (1 << a) | (1 << b) | (1 << c) | (1 << d)
        got = self._raw.get(mask)
        if got is not None:
            return got
        w = self.wild
        plain = self._plain_keys
        if w >= 0 and w in h:
            others = [x for x in h if x != w]
            best = -1
            if plain is not None:  # building the tables: every hand's plain key is known (_plain is symmetric)
                base = (1 << others[0]) | (1 << others[1]) | (1 << others[2])
                for sub in range(self.size):
                    if sub not in others:
                        k = plain[base | (1 << sub)]
                        if k > best:
                            best = k
                return best
            for sub in range(self.size):
                if sub not in others:
                    k = self._plain(others[0], others[1], others[2], sub)
                    if k > best:
                        best = k
            return best
        return self._plain(a, b, c, d) if plain is None else plain[mask]

    def strength(self, h: Sequence[int]) -> int:
        """Larger is better under the variant (Losing Primero reverses the order)."""
        k = self.raw(h)
        return -k if self.lowest else k

    def best_of(self, h: Sequence[int]) -> int:
        """The best ``strength`` of any four of ``h`` (4 or 5 cards): for five, the four-card keys are
        read from the table by bitmask (the hot loop of the RMS hard player's estimate), else ``raw``."""
        if len(h) == 4:
            return self.strength(h)
        if self._raw:  # filled whole by the tables (decks up to 40 cards)
            full = 0
            for x in h:
                full |= 1 << x
            keys = [self._raw[full ^ (1 << x)] for x in h]
        else:
            keys = [self.raw(c) for c in combinations(h, 4)]
        return -min(keys) if self.lowest else max(keys)

    def meets(self, h: Sequence[int], claim: int) -> bool:
        """The hand meets a claim key ``kind_rank * 1000 + points`` (D-PR9, normal order)."""
        return self.raw(h) // 100 >= claim

    def claim_key(self, kind: str, points: int) -> int:
        """A claim as an integer comparable with ``raw(h) // 100``."""
        return self.rules.kind_rank(kind) * 1000 + points

    # --- tables ---------------------------------------------------------------
    def _build(self) -> dict[int, float]:
        counts: dict[int, int] = {}
        if self.wild >= 0:
            # With the wild J of hearts a hand's key is the best of 37 plain keys: work out each plain
            # key once (then read) rather than 37 times for each of the 9,139 hands holding the J.
            self._plain_keys = {(1 << h[0]) | (1 << h[1]) | (1 << h[2]) | (1 << h[3]): self._plain(*h)
                                for h in combinations(range(self.size), 4)}
        for h in combinations(range(self.size), 4):
            k = self.strength(h)
            if self.size <= 40:
                self._raw[(1 << h[0]) | (1 << h[1]) | (1 << h[2]) | (1 << h[3])] = -k if self.lowest else k
            counts[k] = counts.get(k, 0) + 1
        self._plain_keys = None
        total = sum(counts.values())
        out: dict[int, float] = {}
        below = 0
        for k in sorted(counts):
            out[k] = (below + counts[k] / 2) / total
            below += counts[k]
        self._sorted = sorted(out)
        return out

    def pct_of(self, strength: int) -> float:
        """Percentile of a strength among all hands of the deck (0 worst .. 1 best)."""
        if self._pct is None:
            self._pct = self._build()
        p = self._pct.get(strength)
        if p is not None:
            return p
        i = bisect_left(self._sorted, strength)  # only for keys no hand has (never for real hands)
        return 0.0 if i == 0 else self._pct[self._sorted[i - 1]]

    def pct(self, h: Sequence[int]) -> float:
        """Percentile of a 4-card hand."""
        return self.pct_of(self.strength(h))

    def pct_claim(self, claim: int) -> float:
        """Fraction of hands (normal order) below a claim: the chance a random hand misses it."""
        if self._pct is None:
            self._pct = self._build()
        key = claim * 100
        if self.lowest:
            return 0.5
        i = bisect_left(self._sorted, key)
        return 0.0 if i == 0 else self._pct[self._sorted[i - 1]]

    def pattern(self, kept: Sequence[int]) -> tuple[int, ...]:
        """A key for a set of cards that is the same for suit-symmetric sets (with the wild J of
        hearts, only the suits other than hearts are interchangeable)."""
        cards = sorted(kept, key=lambda x: (self.rank[x], self.suit[x]))
        key: list[int] = []
        first_suit: dict[int, int] = {}
        if self.wild >= 0:
            first_suit[self.suit[self.wild]] = 9  # hearts hold the wild card: never swapped
        for x in cards:
            key.append(self.rank[x])
            key.append(first_suit.setdefault(self.suit[x], len(first_suit)))
            key.append(1 if x == self.wild else 0)
        return tuple(key)

    def _keep_sum(self, kept: Sequence[int], mask: int) -> float:
        """The sum of the percentiles of every completion of ``kept`` (0-3 cards; ``mask``: their
        bits) to 4 cards from the rest of the deck. Cached by the cards (at most 10,700 sets for a
        40-card deck), and the enumeration by suit pattern (the sum depends on nothing else)."""
        got = self._keep_sets.get(mask)
        if got is not None:
            return got
        key = self.pattern(kept)
        got = self._keep.get(key)
        if got is None:
            pool = [x for x in range(self.size) if not mask >> x & 1]
            kl = list(kept)
            got = 0.0
            if self._raw or self.wild < 0:
                got = self._keep_sum_keys(kl, mask, pool)
            else:
                for fill in combinations(pool, 4 - len(kl)):
                    got += self.pct(kl + list(fill))
            self._keep[key] = got
        self._keep_sets[mask] = got
        return got

    def _keep_sum_keys(self, kl: list[int], mask: int, pool: list[int]) -> float:
        """``_keep_sum``'s enumeration, ``pct`` of each completion added in the same order, each key read
        straight from the table of every hand (by bitmask) or, without one and without a wild card,
        worked out by ``_plain`` (which is what ``raw`` does then): no calls through ``pct``,
        ``strength`` and ``raw`` for each of up to 20,825 completions (a 52-card deck's single card)."""
        if self._pct is None:
            self._pct = self._build()
        table, raw, lowest, plain = self._pct, self._raw, self.lowest, self._plain
        got = 0.0
        if raw:
            bits = [1 << x for x in pool]
            for fill in combinations(bits, 4 - len(kl)):
                m = mask
                for b in fill:
                    m |= b
                r = raw[m]
                k = -r if lowest else r
                p = table.get(k)
                got += self.pct_of(k) if p is None else p
            return got
        for fill in combinations(pool, 4 - len(kl)):
            r = plain(*kl, *fill)
            k = -r if lowest else r
            p = table.get(k)
            got += self.pct_of(k) if p is None else p
        return got

    def warm_keeps(self, big: bool = False) -> None:
        """Fill the draw sums of every set of 1-3 cards now (10,700 sets and about 1,000 suit patterns
        for a 40-card deck: 0.1 s on CPython, 0.7 MB), so that no later decision waits for them (a
        first Northpass trade reads about 1,500 of them). A 52-card deck has no hand table, so its
        sums cost ten times more: only with ``big`` (the boot snapshot), else they fill as played."""
        if self._warm or (self.size > 40 and not big):
            return
        if self._pct is None:
            self._pct = self._build()
        for k in (1, 2, 3):
            for kept in combinations(range(self.size), k):
                mask = 0
                for x in kept:
                    mask |= 1 << x
                if mask not in self._keep_sets:
                    self._keep_sum(kept, mask)
        self._warm = True

    def keep_value(self, kept: Sequence[int], exclude: Sequence[int] = ()) -> float:
        """Expected percentile of the final hand after keeping ``kept`` and drawing the rest
        from the deck minus ``kept`` and ``exclude`` (exact; 0.5 for no kept card)."""
        if not kept:
            return 0.5
        if len(kept) == 4:
            return self.pct(kept)
        mask = 0
        for x in kept:
            mask |= 1 << x
        return self.keep_values(list(kept) + [x for x in exclude if not mask >> x & 1]).get(mask, 0.0)

    def keep_values(self, hand: Sequence[int]) -> dict[int, float]:
        """``keep_value`` of every non-empty subset of ``hand`` (up to 4 kept cards), the rest of
        ``hand`` excluded from the draw, keyed by the kept cards' bitmask.

        Exact for *which* cards are excluded (issue 11), by inclusion-exclusion: the completions
        of a kept set K that avoid the excluded cards E are all completions of K, minus those
        holding one card of E, plus those holding two, ...; each term is the sum over all
        completions of a subset of ``hand``, cached by its cards (``_keep_sum``), so the value
        never depends on what was computed before. Memoised by the hand (bounded)."""
        hm = 0
        for x in hand:
            hm |= 1 << x
        got = self._keep_hands.get(hm)
        if got is not None:
            return got
        out = self._keep_values(hand, None)
        if len(self._keep_hands) > 20_000:  # about 1 KB each
            self._keep_hands.clear()
        self._keep_hands[hm] = out
        return out

    def _keep_values(self, hand: Sequence[int], sizes: Sequence[int] | None) -> dict[int, float]:
        """``keep_values(hand)`` (not remembered), only for kept sets of ``sizes`` cards when given: the
        same values, each the same sum in the same order, without working out the others (a trade
        keeps two or three cards: the single cards' values are half the work)."""
        cards = sorted(set(hand))
        h = len(cards)
        bits = [1 << x for x in cards]
        masks = [0] * (1 << h)  # subset (by position bits) -> card bitmask
        sums = [0.0] * (1 << h)
        steps, outs = _keep_plan(h, None if sizes is None else frozenset(sizes))
        sets, raw, pct = self._keep_sets, self._raw, self._pct
        for sub, prev, low, size in steps:
            m = masks[prev] | bits[low]
            masks[sub] = m
            if not size:
                continue
            if size == 4:
                r = raw.get(m)
                sums[sub] = pct[-r if self.lowest else r] if r is not None and pct is not None else self.pct(
                    [cards[j] for j in range(h) if sub >> j & 1])
            else:
                t = sets.get(m)
                sums[sub] = t if t is not None else self._keep_sum([cards[j] for j in range(h) if sub >> j & 1], m)
        out: dict[int, float] = {}
        rest = self.size - h
        for sub, size, terms in outs:
            if size == 4:
                out[masks[sub]] = sums[sub]
                continue
            total = 0.0
            for x, sign in terms:
                total += sign * sums[x]
            n = comb(rest, 4 - size)
            out[masks[sub]] = round(total / n, 12) if n else 0.0  # rounded: equal values compare equal
        return out

    def keep_options(self, hand: Sequence[int], sizes: Sequence[int]) -> list[tuple[float, tuple[int, ...]]]:
        """(expected final percentile, kept cards) for every way of keeping ``sizes`` cards of ``hand``
        (kept in ``hand``'s order), the rest of ``hand`` excluded from the draw, best first."""
        out = []
        sizes = tuple(sizes)  # read twice
        hm = 0
        for x in hand:
            hm |= 1 << x
        vals = self._keep_hands.get(hm)  # by kept cards' bitmask, the rest of the hand excluded
        if vals is None:
            vals = self._keep_values(hand, sizes)  # keep_values(hand), for these sizes only
        for k in sizes:
            for kept in combinations(hand, k):
                mask = 0
                for x in kept:
                    mask |= 1 << x
                got = vals.get(mask) if kept else 0.5
                if got is None:
                    got = self.keep_value(kept, [x for x in hand if x not in kept])
                out.append((got, kept))
        out.sort(key=lambda t: (-t[0], t[1]))
        return out

    def best_keep(self, hand: Sequence[int], sizes: Sequence[int]) -> tuple[float, tuple[int, ...]]:
        """``keep_options(hand, sizes)[0]``, remembered by the hand (in its order) and the sizes: the
        hard players' samples ask the same small hands again and again (a bounded memo of the
        evaluator's exact values)."""
        key = (tuple(hand), tuple(sizes))
        got = self._best_keeps.get(key)
        if got is None:
            got = self.keep_options(hand, key[1])[0]
            if len(self._best_keeps) > 20_000:  # about 300 bytes each
                self._best_keeps.clear()
            self._best_keeps[key] = got
        return got

    def hands_by_claim(self) -> tuple[array[int], array[int]]:
        """Every 4-card hand of the deck sorted by claim key (``raw // 100``), with the sorted keys:
        hands with claim key ``c`` are ``hands[bisect_left(keys, c):bisect_right(keys, c)]``, each
        packed six bits a card, the first card highest (``unpack``). Arrays, not lists of tuples:
        0.7 MB instead of about 10 MB of heap, which the engine's boot snapshot carries."""
        if self._by_claim is None:
            # One int per hand (claim key above the packed cards), sorted: a small peak of memory too.
            both = sorted((self.raw(h) // 100) << 24 | h[0] << 18 | h[1] << 12 | h[2] << 6 | h[3]
                          for h in combinations(range(self.size), 4))
            self._by_claim = (array("i", [x >> 24 for x in both]), array("L", [x & 0xFFFFFF for x in both]))
        return self._by_claim


def unpack(packed: int) -> tuple[int, int, int, int]:
    """The four cards of a hand packed by ``Evaluator.hands_by_claim``."""
    return packed >> 18, packed >> 12 & 63, packed >> 6 & 63, packed & 63


_SHARED: dict[tuple[object, ...], Evaluator] = {}


@cache
def evaluator(variant: str, wild: bool = False) -> Evaluator:
    """The (lazily built) evaluator of a variant, one per process, shared by every variant whose hands
    rank alike: Waks, Italian and Suzuki differ only in betting, so they share one set of tables
    (built once, about 20 MB in Pyodide's heap, and built into the engine's boot snapshot)."""
    hr = hand_rules(variant, wild)
    key = (hr.deck, tuple(sorted(hr.values.items())), hr.kinds, hr.supremus_points, hr.whole_hand_tiebreak,
           hr.wild_jh, hr.lowest_wins)
    got = _SHARED.get(key)
    if got is None:
        got = _SHARED[key] = Evaluator(variant, wild)
        twin = _SHARED.get(key[:-1] + (not hr.lowest_wins,))
        if twin is not None:  # Losing ranks hands like Waks, in reverse: one table of raw keys for both
            got._raw = twin._raw
    return got


def clear_tables() -> None:
    """Forget every evaluator and its tables (tests that check when tables are built)."""
    evaluator.cache_clear()
    _SHARED.clear()

"""Round scoring, as pure functions: the engine, the round scorer CLI and the scorer screen all use these.

Each side scores (docs/rules-decisions.md section 1.2):
- ``cards``: the most cards captured; ``coins``: the most coins; a tie for the most gives
  nobody the point, with any number of sides (D-PA4);
- ``settebello``: the side holding the seven of coins, ``7D``;
- ``primiera``: the best total of one card per suit (D-PA1 values); a side missing a suit
  cannot win it (D-PA5), and a tie gives nobody the point (D-PA6);
- ``sweeps``: one point each.
In an individual Kaleidos round the four base points are doubled, the sweeps are not (D-PA7).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import safejson
from ..cards import SUITS, Card
from ..errors import InvalidCardError, PrimiError, plain, quote
from .rules import COINS, DECK, ORDER, PRIMIERA, RULES, SETTEBELLO, SUIT, PrimieraRules

CATEGORIES: tuple[str, ...] = ("cards", "coins", "settebello", "primiera", "sweeps")


class ScoreInputError(PrimiError):
    """The round scorer's input is not a valid round (a card twice, missing cards, a bad count...)."""


@dataclass(frozen=True)
class SidePoints:
    """One side's points in one round (after doubling), and the counts they come from."""

    cards: int
    coins: int
    settebello: int
    primiera: int
    sweeps: int
    card_count: int
    coin_count: int
    primiera_total: int | None  # None: a suit is missing (D-PA5)
    coin_cards: tuple[str, ...] = ()  # the coins captured, canonical order
    best_cards: tuple[str, ...] = ()  # the primiera's best card per suit captured (primiera_cards)

    @property
    def total(self) -> int:
        """The side's points this round."""
        return self.cards + self.coins + self.settebello + self.primiera + self.sweeps

    def points(self) -> dict[str, int]:
        """``{cards, coins, settebello, primiera, sweeps, total}``."""
        return {"cards": self.cards, "coins": self.coins, "settebello": self.settebello,
                "primiera": self.primiera, "sweeps": self.sweeps, "total": self.total}

    def evidence(self) -> dict[str, Any]:
        """The cards behind the points: ``{cards: n, coins: [coin cards], settebello: bool, primiera: [best per suit]}``."""
        return {"cards": self.card_count, "coins": list(self.coin_cards), "settebello": SETTEBELLO in self.coin_cards,
                "primiera": list(self.best_cards)}

    def counts(self) -> dict[str, int | None]:
        """``{cards, coins, primiera}``: what was captured (primiera None when a suit is missing)."""
        return {"cards": self.card_count, "coins": self.coin_count, "primiera": self.primiera_total}


def primiera_total(cards: Iterable[str]) -> int | None:
    """The best primiera total: the highest D-PA1 value in each suit, summed; None if a suit is missing (D-PA5)."""
    best = dict.fromkeys(SUITS, 0)
    for c in cards:
        v = PRIMIERA[c]
        s = SUIT[c]
        if v > best[s]:
            best[s] = v
    if 0 in best.values():
        return None
    return sum(best.values())


def primiera_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """The cards that make the best primiera (one per suit present, the first such in canonical order)."""
    best: dict[str, str] = {}
    for c in cards:
        s = SUIT[c]
        if s not in best or PRIMIERA[c] > PRIMIERA[best[s]]:
            best[s] = c
    return tuple(best[s] for s in SUITS if s in best)


def sole_best(values: Sequence[int | None]) -> int | None:
    """The index of the sole highest value; None on a tie for highest (D-PA4, D-PA6) or if none qualifies (D-PA5)."""
    top = max((v for v in values if v is not None), default=None)
    if top is None:
        return None
    at = [i for i, v in enumerate(values) if v == top]
    return at[0] if len(at) == 1 else None


def score_round(piles: Sequence[Sequence[str]], sweeps: Sequence[int], double: bool = False) -> tuple[SidePoints, ...]:
    """Each side's points for a round, from its captured cards and sweeps; ``double`` for a solo round (D-PA7)."""
    counts = [len(p) for p in piles]
    coins = [sum(1 for c in p if SUIT[c] == COINS) for p in piles]
    prim = [primiera_total(p) for p in piles]
    win_cards, win_coins, win_prim = sole_best(counts), sole_best(coins), sole_best(prim)
    base = 2 if double else 1  # D-PA7: the four base points double, sweeps stay 1
    out = []
    for i, pile in enumerate(piles):
        out.append(SidePoints(
            cards=base if i == win_cards else 0,
            coins=base if i == win_coins else 0,
            settebello=base if SETTEBELLO in pile else 0,
            primiera=base if i == win_prim else 0,
            sweeps=sweeps[i],
            card_count=counts[i], coin_count=coins[i], primiera_total=prim[i],
            coin_cards=tuple(sorted((c for c in pile if SUIT[c] == COINS), key=ORDER.__getitem__)),
            best_cards=primiera_cards(pile),
        ))
    return tuple(out)


# --- the round scorer: its input checked, then scored -------------------------------


def side_counts(rules: PrimieraRules, solo: bool) -> int:
    """How many sides a round of the mode ``rules`` has: the Heralds' two partnerships, or four players
    alone (D-PA2); the fixed partnerships; else one side per player."""
    if rules.heralds:
        return 4 if solo else 2
    return len(rules.fixed_sides) if rules.fixed_sides else rules.players


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ScoreInputError(f"the key {quote(k)} is given twice")
        out[k] = v
    return out


MAX_REQUEST_CHARS = 1_000_000
"""The scorer's input is at most this long (a round is a few hundred characters)."""


def parse_request(text: str | bytes) -> Any:
    """The scorer's JSON input as data; ScoreInputError if it is not JSON (or gives a key twice), or is
    too long or nested too deeply (bounded before parsing, ``safejson``)."""
    if len(text) > MAX_REQUEST_CHARS:
        raise ScoreInputError(f"the input is too long (at most {MAX_REQUEST_CHARS:,} characters)")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ScoreInputError("the input is not UTF-8 text") from None
    try:
        return safejson.loads(text.removeprefix("\ufeff"), what="it", max_chars=MAX_REQUEST_CHARS,
                              object_pairs_hook=_no_duplicate_keys)
    except safejson.JsonLimitError as exc:
        raise ScoreInputError(f"the input is not valid JSON: {exc}") from None
    except ValueError as exc:
        if isinstance(exc, ScoreInputError):
            raise
        raise ScoreInputError(f"the input is not valid JSON: {exc}") from None
    except RecursionError:  # cannot happen after safejson's bound; kept as a last guard
        raise ScoreInputError("the input is not valid JSON: it is nested too deeply") from None


def score_request(data: Any) -> dict[str, Any]:
    """Score a round given as ``{"variant", "sides": {name: {"cards", "sweeps"}}, "solo"}``.

    Returns ``{"sides": {name: {cards, coins, settebello, primiera, sweeps, total}}, "counts":
    {name: {cards, coins, primiera}}}``; ScoreInputError names the first problem found.
    """
    if not isinstance(data, Mapping):
        raise ScoreInputError("give an object with variant, sides and solo")
    unknown = sorted(set(data) - {"variant", "sides", "solo"})
    if unknown:
        raise ScoreInputError(f"unknown key {quote(unknown[0])}: give variant, sides and solo")
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in RULES:
        raise ScoreInputError(f"unknown variant {quote(variant)}; choose one of {', '.join(RULES)}")
    solo = data.get("solo", False)
    if not isinstance(solo, bool):
        raise ScoreInputError(f"solo must be true or false, not {quote(solo)}")
    if solo and not RULES[variant].double_alone:
        raise ScoreInputError(f"solo rounds (doubled points) are played only in kaleidos, not in {variant}",
                              key="primiera.score.err.solo")
    sides = data.get("sides")
    if not isinstance(sides, Mapping) or not sides:
        raise ScoreInputError("sides must be an object: {\"<name>\": {\"cards\": [...], \"sweeps\": n}, ...}")
    want = side_counts(RULES[variant], solo)
    if len(sides) != want:
        kind = " solo" if solo else ""
        raise ScoreInputError(f"a{kind} {variant} round has {want} sides, not {len(sides)}",
                              key="primiera.score.err.sides", want=want, n=len(sides))
    owner: dict[str, str] = {}
    piles: list[tuple[str, ...]] = []
    sweeps: list[int] = []
    for name, side in sides.items():
        if not isinstance(side, Mapping):
            raise ScoreInputError(f"side {quote(name)} must be an object with cards and sweeps")
        extra = sorted(set(side) - {"cards", "sweeps"})
        if extra:
            raise ScoreInputError(f"side {quote(name)}: unknown key {quote(extra[0])}")
        cards = side.get("cards", [])
        if not isinstance(cards, list):
            raise ScoreInputError(f"side {quote(name)}: cards must be a list of cards such as \"7D\"")
        pile = []
        for text in cards:
            try:
                card = str(Card.parse(text))
            except InvalidCardError as exc:
                raise ScoreInputError(f"side {quote(name)}: {exc}", key="primiera.score.err.card", side=plain(name),
                                      card=plain(text, 12)) from None
            if card not in PRIMIERA:
                raise ScoreInputError(f"side {quote(name)}: {card} is not one of the 40 cards (A-7, J, Q, K)",
                                      key="primiera.score.err.card", side=plain(name), card=card)
            if card in owner:
                where = "again" if owner[card] == name else f"and side {quote(owner[card])}"
                raise ScoreInputError(f"card {card} is given twice (side {quote(name)} {where})", key="primiera.score.err.twice",
                                      card=card)
            owner[card] = name
            pile.append(card)
        n = side.get("sweeps", 0)
        if isinstance(n, bool) or not isinstance(n, int):
            raise ScoreInputError(f"side {quote(name)}: sweeps must be a whole number, not {quote(n)}",
                                  key="primiera.score.err.sweeps", side=plain(name))
        if n < 0:
            raise ScoreInputError(f"side {quote(name)}: sweeps cannot be negative ({n})", key="primiera.score.err.sweeps",
                                  side=plain(name))
        if n > 40:
            raise ScoreInputError(f"side {quote(name)}: {n} sweeps is more than a round can have",
                                  key="primiera.score.err.toomany", side=plain(name))
        piles.append(tuple(pile))
        sweeps.append(n)
    missing = [c for c in DECK if c not in owner]
    if missing:
        shown = " ".join(missing[:10]) + (" ..." if len(missing) > 10 else "")
        raise ScoreInputError(f"the sides hold {len(owner)} cards, not all 40: missing {shown}",
                              key="primiera.score.err.missing", n=len(owner), missing=shown)
    points = score_round(piles, sweeps, double=solo)
    names = list(sides)
    return {
        "sides": {n: p.points() for n, p in zip(names, points, strict=True)},
        "counts": {n: p.counts() for n, p in zip(names, points, strict=True)},
        "evidence": {n: p.evidence() for n, p in zip(names, points, strict=True)},
    }

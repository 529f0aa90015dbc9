"""Cards and decks in Primi's one text notation (docs/rules-decisions.md section 0).

Playing cards are written rank then suit: ``7D``, ``AS``, ``10H``, ``KC``.
Primo number cards are written value then colour: ``12Y``, ``3B``; its
special cards are ``TOP`` and ``TAKE``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InvalidCardError, plain, quote

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# Italian and Spanish suits map onto the French letters (section 0).
ITALIAN_SUIT_NAMES: dict[str, str] = {"S": "swords", "H": "cups", "D": "coins", "C": "clubs"}
RANK_NAMES: dict[str, str] = {
    "A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "8": "8", "9": "9", "10": "10", "J": "Jack", "Q": "Queen", "K": "King",
}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


def _not_a_card(text: object, why: str = "") -> InvalidCardError:
    """A typed card Primi cannot read: the English for the command line, ``err.card`` and the text for the page."""
    return InvalidCardError(f"not a card: {quote(text)}{why}", key="err.card", card=plain(text, 12))


@dataclass(frozen=True, order=True)
class Card:
    """A playing card; ``str(card)`` is its canonical text, e.g. ``7D``."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in _RANK_INDEX or self.suit not in _SUIT_INDEX:
            raise InvalidCardError(f"not a card: rank {quote(self.rank)}, suit {quote(self.suit)}")

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def rank_index(self) -> int:
        """Position of the rank in A..K (A=0)."""
        return _RANK_INDEX[self.rank]

    @property
    def suit_index(self) -> int:
        """Position of the suit in S H D C."""
        return _SUIT_INDEX[self.suit]

    @property
    def pip(self) -> int:
        """Face number: A=1, 2..10, J=11, Q=12, K=13."""
        return _RANK_INDEX[self.rank] + 1

    def name(self, italian: bool = False) -> str:
        """Human name, e.g. ``7 of diamonds`` or ``7 of coins``."""
        suits = ITALIAN_SUIT_NAMES if italian else SUIT_NAMES
        return f"{RANK_NAMES[self.rank]} of {suits[self.suit]}"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``7D``/``10h``/`` as ``; raise InvalidCardError on anything else."""
        if not isinstance(text, str):
            raise _not_a_card(text)
        t = text.strip()
        # ASCII only: str.upper() maps some other letters onto ours ("ſ" -> "S", "ı" -> "I").
        if not t.isascii():
            raise _not_a_card(text, " (write rank then suit in plain letters, e.g. 7D, 10H, KC)")
        t = t.upper()
        if len(t) < 2 or len(t) > 3:
            raise _not_a_card(text, " (write rank then suit, e.g. 7D, 10H, KC)")
        rank, suit = t[:-1], t[-1]
        if rank == "1":
            rank = "A"
        if rank not in _RANK_INDEX:
            raise _not_a_card(text, f" (unknown rank {quote(rank)})")
        if suit not in _SUIT_INDEX:
            raise _not_a_card(text, f" (unknown suit {quote(suit)}; use S H D C)")
        return Card(rank, suit)


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards, keeping their order."""
    return tuple(Card.parse(t) for t in texts)


def format_cards(cards: Iterable[Card]) -> str:
    """Space-separated canonical text of cards."""
    return " ".join(str(c) for c in cards)


def _deck(ranks: Iterable[str]) -> tuple[Card, ...]:
    rs = tuple(ranks)
    return tuple(Card(r, s) for s in SUITS for r in rs)


DECK_40: tuple[Card, ...] = _deck(("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"))
DECK_52: tuple[Card, ...] = _deck(RANKS)
DECK_NORTHPASS: tuple[Card, ...] = _deck(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10"))


def deck_40() -> tuple[Card, ...]:
    """The 40-card Italian/Spanish deck: A-7 and J Q K in each suit."""
    return DECK_40


def deck_52() -> tuple[Card, ...]:
    """The full 52-card deck (Roman Primero)."""
    return DECK_52


def deck_northpass() -> tuple[Card, ...]:
    """The Northpass deck: A-10 in each suit, no court cards."""
    return DECK_NORTHPASS


# --- Primo -----------------------------------------------------------------

PRIMO_COLOURS: tuple[str, ...] = ("Y", "B")
PRIMO_COLOUR_NAMES: dict[str, str] = {"Y": "yellow", "B": "blue"}
PRIMO_SPECIALS: tuple[str, ...] = ("TOP", "TAKE")


@dataclass(frozen=True, order=True)
class PrimoCard:
    """A Primo card: a number 1..13 with a colour, or a special (TOP, TAKE)."""

    value: int  # 0 for special cards
    colour: str  # "Y"/"B", or the special's name

    def __post_init__(self) -> None:
        if self.value == 0:
            if self.colour not in PRIMO_SPECIALS:
                raise InvalidCardError(f"not a Primo special card: {quote(self.colour)}")
        elif not (1 <= self.value <= 13) or self.colour not in PRIMO_COLOURS:
            raise InvalidCardError(f"not a Primo card: {self.value}{self.colour}")

    @property
    def is_special(self) -> bool:
        """True for TOP and TAKE."""
        return self.value == 0

    def __str__(self) -> str:
        return self.colour if self.value == 0 else f"{self.value}{self.colour}"

    def __repr__(self) -> str:
        return f"PrimoCard.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> PrimoCard:
        """Parse ``12Y``, ``3B``, ``TOP`` or ``TAKE``."""
        if not isinstance(text, str):
            raise InvalidCardError(f"not a Primo card: {quote(text)}")
        t = text.strip()
        if not t.isascii():  # str.isdigit() accepts "²", which int() refuses; str.upper() maps "ı" to "I"
            raise InvalidCardError(f"not a Primo card: {quote(text)} (write e.g. 12Y, 3B, TOP, TAKE)")
        t = t.upper()
        if t in PRIMO_SPECIALS:
            return PrimoCard(0, t)
        num, col = t[:-1], t[-1:]
        if not num.isdigit() or col not in PRIMO_COLOURS:
            raise InvalidCardError(f"not a Primo card: {quote(text)} (write e.g. 12Y, 3B, TOP, TAKE)")
        value = int(num)
        if not 1 <= value <= 13 or str(value) != num:
            raise InvalidCardError(f"not a Primo card: {quote(text)} (numbers run 1..13)")
        return PrimoCard(value, col)


def primo_number_cards(copies_per_colour: int = 4) -> tuple[PrimoCard, ...]:
    """Primo's 104 number cards: 1..13 in two colours, four copies each (D-PO2)."""
    return tuple(
        PrimoCard(v, c) for c in PRIMO_COLOURS for v in range(1, 14) for _ in range(copies_per_colour)
    )


def primo_special_cards(tops: int = 5, takes: int = 5) -> tuple[PrimoCard, ...]:
    """Primo's 10 special cards, split 5 Top + 5 Take by default (D-PO1)."""
    return tuple([PrimoCard(0, "TOP")] * tops + [PrimoCard(0, "TAKE")] * takes)

"""Primo's variants as data: one frozen rules record per variant, its options, and the card tables.

Cards (docs/rules-decisions.md section 0, D-PO2): number cards ``1Y``..``13Y`` and ``1B``..``13B``
(yellow, blue; four copies of each), and the special cards ``TOP`` and ``TAKE`` (ten in all,
split by the ``tops`` option, D-PO1). Rows ``A``..``F`` run from the head (first laid,
highest) to the tail (lowest, the accessible end) (D-PO4).

Seats are numbered clockwise: seat ``i + 1`` (mod n) plays after seat ``i``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..cards import PRIMO_COLOURS, primo_number_cards
from ..protocol import OptionSpec, VariantInfo

ROWS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F")
ROW_INDEX: Mapping[str, int] = {r: i for i, r in enumerate(ROWS)}
TOP = "TOP"
TAKE = "TAKE"
SPECIALS: tuple[str, ...] = (TAKE, TOP)
HAND_SIZE = 6
SPECIAL_COUNT = 10
NUMBER_CARDS: tuple[str, ...] = tuple(str(c) for c in primo_number_cards())
"""The 104 number cards (D-PO2), as text."""
TOTAL_CARDS = len(NUMBER_CARDS) + SPECIAL_COUNT  # 114
DISTINCT: tuple[str, ...] = tuple(f"{v}{c}" for v in range(1, 14) for c in PRIMO_COLOURS) + SPECIALS

VALUE: Mapping[str, int] = {c: (0 if c in SPECIALS else int(c[:-1])) for c in DISTINCT}
"""A card's number (0 for TOP and TAKE)."""
COLOUR: Mapping[str, str] = {c: ("" if c in SPECIALS else c[-1]) for c in DISTINCT}
ORDER: Mapping[str, int] = {c: i for i, c in enumerate(DISTINCT)}
"""Canonical order in hands and action texts: by value, then colour (Y, B); TAKE and TOP last."""

TURN_ACTION_CAP = 40
"""D-PO13: a play turn ends by itself after this many actions (so even random play ends)."""


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards (texts) in canonical order."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


@dataclass(frozen=True)
class PrimoRules:
    """Everything the engine needs to know about one variant."""

    name: str
    colour: str  # "none" (base, rounds) | "alternate" (colour rule a) | "mono" (colour rule b), D-PO15
    several_rounds: bool  # D-PO14: the ``rounds`` option applies
    decisions: tuple[str, ...] = ()
    # D-PO13: the round stalls after this many full cycles of turns with no card placed. One cycle
    # ended ~43% of 4-player medium games (30 seeded games) while piles still held unseen cards;
    # three let every player exchange through more of the pile first (~30%).
    stall_laps: int = 3


_COMMON = ("D-PO1", "D-PO2", "D-PO3", "D-PO4", "D-PO5", "D-PO6", "D-PO7", "D-PO8", "D-PO9", "D-PO10",
           "D-PO11", "D-PO12", "D-PO13", "P-PO1", "P-PO2", "P-PO3")

RULES: Mapping[str, PrimoRules] = {
    "base": PrimoRules("base", "none", False, _COMMON),
    "rounds": PrimoRules("rounds", "none", True, (*_COMMON, "D-PO14")),
    "alternate": PrimoRules("alternate", "alternate", False, (*_COMMON, "D-PO15")),
    "mono": PrimoRules("mono", "mono", False, (*_COMMON, "D-PO15")),
}


def _options(rules: PrimoRules) -> tuple[OptionSpec, ...]:
    tops = OptionSpec("tops", "Top cards", "int", 5, minimum=0, maximum=SPECIAL_COUNT,
                      help="How many of the 10 special cards are Top cards; the rest are Take cards (D-PO1).")
    if not rules.several_rounds:
        return (tops,)
    return (tops, OptionSpec("rounds", "Rounds", "int", 4, minimum=1, maximum=20,
                             help="Rounds to play. Whoever ends a round scores 3, and each player loses 1 per card left in hand (D-PO14)."))


_LABELS = {
    "base": ("Base game", "One round: the first player out of cards wins; colours play no role."),
    "rounds": ("Several rounds", "Rounds scored: -1 per card left, +3 for ending the round; best total wins."),
    "alternate": ("Colours alternate", "Colour variant: along a row the colours must alternate."),
    "mono": ("Single-colour rows", "Colour variant: each row is one colour."),
}

VARIANTS: tuple[VariantInfo, ...] = tuple(
    VariantInfo(name, _LABELS[name][0], 2, 6, 4, _options(r), _LABELS[name][1]) for name, r in RULES.items()
)

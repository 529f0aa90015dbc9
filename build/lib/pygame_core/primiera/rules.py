"""Primiera's modes as data: one frozen rules record per variant, its options, and the card tables.

Seats are numbered in turn order: seat ``i + 1`` (mod n) plays after seat ``i`` and sits
on its right, since play passes counter-clockwise (D-PA14). The deal passes to the right
too: the next dealer is ``dealer + 1`` (D-PA10).

Cards are written in the one notation of docs/rules-decisions.md section 0: the 40-card deck is
``A``-``7`` plus ``J Q K`` in each suit, coins are ``D``, cups ``H``, swords ``S`` and clubs
``C``; ``J Q K`` capture as 8, 9 and 10, and the settebello is ``7D``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import DECK_40, SUITS
from ..errors import OptionsError
from ..protocol import OptionSpec, VariantInfo

DECK: tuple[str, ...] = tuple(str(c) for c in DECK_40)
"""The 40 cards as text."""

VALUE: Mapping[str, int] = {str(c): c.pip if c.pip <= 7 else c.pip - 3 for c in DECK_40}
"""Capture value (rank): A=1 .. 7=7, J=8, Q=9, K=10."""

SUIT: Mapping[str, str] = {str(c): c.suit for c in DECK_40}

PRIMIERA_VALUES: Mapping[int, int] = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
"""Primiera value by capture value; the rulebook prints them only on the cards (D-PA1)."""

PRIMIERA: Mapping[str, int] = {c: PRIMIERA_VALUES[VALUE[c]] for c in DECK}

ORDER: Mapping[str, int] = {
    c: i for i, c in enumerate(sorted(DECK, key=lambda c: (VALUE[c], SUITS.index(SUIT[c]))))
}
"""Canonical order of cards in hands, tables and action texts: by value A..K, then suit S H D C."""

HERALDS: tuple[str, ...] = ("AS", "AH", "AD", "AC")
"""The four 1s, the Heralds; a Herald keeps its suit and value (D-PA13)."""

SETTEBELLO = "7D"
COINS = "D"

# The partnership each Herald sets when it is the first one played (D-PA2): the partner's
# offset from the player in turn order. Left neighbour = previous seat, right = next (D-PA14).
HERALD_MODES: Mapping[str, str] = {"AH": "opposite", "AC": "left", "AD": "right", "AS": "alone"}
_PARTNER_OFFSET: Mapping[str, int] = {"opposite": 2, "left": 3, "right": 1}


def sort_cards(cards: Any) -> tuple[str, ...]:
    """Cards (texts) in canonical order."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def herald_sides(mode: str, seat: int) -> tuple[tuple[int, ...], ...]:
    """The sides a Herald of ``mode`` played by ``seat`` makes in a 4-player round, sorted."""
    if mode == "alone":
        return ((0,), (1,), (2,), (3,))
    partner = (seat + _PARTNER_OFFSET[mode]) % 4
    first = tuple(sorted((seat, partner)))
    second = tuple(s for s in range(4) if s not in first)
    return tuple(sorted((first, second)))


@dataclass(frozen=True)
class PrimieraRules:
    """Everything the engine needs to know about one mode."""

    name: str
    players: int
    deal: str  # "heralds" | "classic" | "table_first"
    hand_size: int  # cards dealt to each player per deal (kaleidos: 10, one is picked for the table)
    target: int  # points to win (D-PA11)
    fixed_sides: tuple[tuple[int, ...], ...] | None  # classic partners; None: individual or set by a Herald
    heralds: bool  # the first Herald played sets the partnerships (D-PA2)
    double_alone: bool  # individual rounds double the four base points (D-PA7)
    ending: str  # "extra_round" (Kaleidos) | "highest" (the others), D-PA12
    decisions: tuple[str, ...] = ()


RULES: Mapping[str, PrimieraRules] = {
    "kaleidos": PrimieraRules(
        "kaleidos", 4, "heralds", 10, 21, None, heralds=True, double_alone=True, ending="extra_round",
        decisions=("D-PA1", "D-PA2", "D-PA3", "D-PA4", "D-PA5", "D-PA6", "D-PA7", "D-PA8", "D-PA9",
                   "D-PA11", "D-PA12", "D-PA13", "D-PA14", "P-PA1"),
    ),
    "classic": PrimieraRules(
        "classic", 4, "classic", 9, 11, ((0, 2), (1, 3)), heralds=False, double_alone=False, ending="highest",
        decisions=("D-PA1", "D-PA4", "D-PA5", "D-PA6", "D-PA7", "D-PA8", "D-PA9", "D-PA11", "D-PA12", "D-PA14",
                   "P-PA1"),
    ),
    "2p": PrimieraRules(
        "2p", 2, "table_first", 3, 11, None, heralds=False, double_alone=False, ending="highest",
        decisions=("D-PA1", "D-PA4", "D-PA5", "D-PA6", "D-PA7", "D-PA8", "D-PA9", "D-PA10", "D-PA11", "D-PA12",
                   "P-PA1"),
    ),
    "3p": PrimieraRules(
        "3p", 3, "table_first", 6, 11, None, heralds=False, double_alone=False, ending="highest",
        decisions=("D-PA1", "D-PA4", "D-PA5", "D-PA6", "D-PA7", "D-PA8", "D-PA9", "D-PA10", "D-PA11", "D-PA12",
                   "P-PA1"),
    ),
}


def _check(options: Mapping[str, Any]) -> None:
    """Cross-check: a game needs a target or a round limit, or it would never end."""
    if options["target"] == 0 and options["max_rounds"] == 0:
        raise OptionsError("with no target score (target 0) give a round limit (max_rounds of at least 1)",
                           key="primiera.err.endless")


def _options(rules: PrimieraRules) -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("target", "Target score", "int", rules.target, minimum=0, maximum=101,
                   help="Points to win. 0: no target; the game then ends at the round limit."),
        OptionSpec("max_rounds", "Round limit", "int", 0, minimum=0, maximum=100,
                   help="The most rounds played (0: no limit); after the last one the highest total wins, and a tie shares the win (P-PA1)."),
    )


_LABELS = {
    "kaleidos": ("Kaleidos (4 players, Heralds)",
                 "The first Herald played sets the partnerships; solo rounds double the base points; to 21."),
    "classic": ("Classic (4 players, partners)", "Fixed partners sitting opposite; dealt 3-2-3-2-3; to 11."),
    "2p": ("Two players", "4 to the table, 3 each, dealt again whenever both hands are empty; to 11."),
    "3p": ("Three players", "4 to the table, 6 each, dealt twice; to 11."),
}

VARIANTS: tuple[VariantInfo, ...] = tuple(
    VariantInfo(name, _LABELS[name][0], r.players, r.players, r.players, _options(r), _LABELS[name][1], check=_check)
    for name, r in RULES.items()
)

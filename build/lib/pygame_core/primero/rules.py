"""Primero's rule sets as data: one frozen record per variant, plus its options.

Variants are data, not copies of code: each ``PrimeroRules`` record names its
engine object (``engine.waks.ENGINE``, ``engine.northpass.ENGINE`` or ``engine.rms.ENGINE``) and the
fields where variants of one family differ. Hand values come from ``hands.py``
through ``hand_rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import OptionsError
from ..protocol import OptionSpec, VariantInfo
from .claims import claim_key, claim_table
from .engine import northpass, rms, waks
from .hands import HandRules
from .state import CIRCUIT_CAP, REVIE_CAP, PrimeroRules

__all__ = ["CIRCUIT_CAP", "REVIE_CAP", "RULES", "VARIANTS", "PrimeroRules", "claim_key", "claim_table", "hand_rules"]


def _waks(name: str, decisions: tuple[str, ...], claims_on_vie: bool = False) -> PrimeroRules:
    """A Waks-family record: no ante, the lowest card deals first, bets between stake and rest."""
    return PrimeroRules(
        name, waks.ENGINE, name, claims_on_vie=claims_on_vie, win_needs_claim=claims_on_vie,
        announces_claims=claims_on_vie, dealer_by_low_card=True,
        min_bet_option="stake", max_bet_option="rest", decisions=decisions,
    )


RULES: Mapping[str, PrimeroRules] = {
    "waks": _waks("waks", ("D-WB1", "D-WB2", "D-WB3", "D-WB4", "D-WB5", "P-WB1", "P-WB2", "P-POT1", "P-END")),
    "italian": _waks("italian", ("D-PR9", "P-IT1", "P-CL1"), claims_on_vie=True),
    "roman": _waks("roman", ("D-PR11",)),
    "losing": _waks("losing", ("D-PR10",)),
    "suzuki": PrimeroRules(
        "suzuki", northpass.ENGINE, "suzuki", announces_claims=True, ante=True, side_pots=False, min_bet_option="stake",
        max_bet_option="rest", decisions=("D-WB6", "P-NP2"),
    ),
    "northpass": PrimeroRules(
        "northpass", northpass.ENGINE, "northpass", announces_claims=True, ante=True, side_pots=False, max_bet_option="limit",
        decisions=("D-NP1", "D-NP2", "D-NP3", "D-NP4", "D-NP5", "D-NP6", "D-NP7", "P-NP1", "P-NP2", "P-CL1", "P-END"),
    ),
    "rms": PrimeroRules(
        "rms", rms.ENGINE, "rms", ante=True, min_bet_option="min_bet", max_bet_option="max_raise", wild_option=True,
        decisions=("D-RM1", "D-RM2", "D-RM3", "D-RM4", "D-RM5", "D-RM6", "P-RM1", "P-RM2", "P-POT1", "P-END"),
    ),
}


_CHIPS = OptionSpec("chips", "Starting chips", "int", 50, 1, 10_000, help="Chips each player starts with.")
_DEALS = OptionSpec(
    "deals", "Deals", "int", 20, 1, 1000, help="Agreed number of deals; the game also ends when one player holds all chips."
)
_STAKE = OptionSpec("stake", "Stake", "int", 1, 1, 100, help="The smallest bet.")
_REST = OptionSpec("rest", "Rest", "int", 3, 1, 100, help="The largest bet or raise in one turn.")
_ANTE = OptionSpec("ante", "Ante", "int", 1, 0, 100, help="Chips each player puts in before the deal.")

_WAKS_OPTIONS = (_STAKE, _REST, _CHIPS, _DEALS)


def _check_ante(options: Mapping[str, Any]) -> None:
    """An ante must leave chips to bet: one that takes every chip leaves everyone all-in before anyone speaks."""
    ante, chips = options.get("ante"), options["chips"]
    if ante is not None and ante >= chips:
        raise OptionsError(f"The ante ({ante}) must be less than the starting chips ({chips}), or nobody could ever bet.",
                           key="primero.err.ante", ante=ante, chips=chips)


def _check_range(low: str, high: str, low_name: str, high_name: str) -> Callable[[Mapping[str, Any]], None]:
    """A cross-check that the smallest bet fits under the largest one and under the starting chips
    (and that an ante, where there is one, leaves chips to bet)."""

    def check(options: Mapping[str, Any]) -> None:
        _check_ante(options)
        lo, hi, chips = options[low], options[high], options["chips"]
        if lo > hi:
            raise OptionsError(f"The {low_name} ({lo}) can't be more than the {high_name} ({hi}).",
                               key=f"primero.err.{low}", lo=lo, hi=hi)  # primero.err.stake, primero.err.min_bet
        if lo > chips:
            raise OptionsError(f"The {low_name} ({lo}) can't be more than the starting chips ({chips}).",
                               key=f"primero.err.{low}.chips", lo=lo, chips=chips)

    return check


_STAKE_CHECK = _check_range("stake", "rest", "stake", "rest")

VARIANTS: tuple[VariantInfo, ...] = (
    VariantInfo("waks", "Waks (English)", 2, 6, 4, _WAKS_OPTIONS,
                "Mark Waks's English game: vie, see, revie, pass, fold; two betting rounds with a draw between.", check=_STAKE_CHECK),
    VariantInfo("italian", "Italian (Cardano)", 2, 6, 4, _WAKS_OPTIONS,
                "Every vie names a claim; you win only if you hold at least the last claim.", check=_STAKE_CHECK),
    VariantInfo("suzuki", "Suzuki", 2, 6, 4, (_ANTE, _STAKE, _REST, _CHIPS, _DEALS),
                "No folding: bet and announce a better hand, or pass and exchange one or two cards.", check=_STAKE_CHECK),
    VariantInfo("roman", "Roman (52 cards)", 2, 6, 4, _WAKS_OPTIONS, "The English game with all 52 cards.", check=_STAKE_CHECK),
    VariantInfo("losing", "Losing", 2, 6, 4, _WAKS_OPTIONS, "The English game in which the lowest hand wins.", check=_STAKE_CHECK),
    VariantInfo("rms", "RMS", 4, 6, 4, (
        _ANTE,
        OptionSpec("min_bet", "Minimum bet", "int", 1, 1, 100, help="The smallest bet or raise."),
        OptionSpec("max_raise", "Maximum raise", "int", 3, 1, 100, help="The largest bet or raise."),
        OptionSpec("table", "Draw from", "choice", "eight", choices=("eight", "stock"),
                   choice_labels=("Eight face-down cards on the table", "A draw pile and a discard pile"),
                   help="Where players draw their new cards from."),
        OptionSpec("wild", "Wild J of hearts", "bool", False, help="The J of hearts stands for any card (D-PR6)."),
        _CHIPS, _DEALS,
    ), "The Renaissance Military Society game: draw and discard, knock 'vada', wager each circuit.",
       check=_check_range("min_bet", "max_raise", "minimum bet", "maximum raise")),
    VariantInfo("northpass", "Northpass", 2, 6, 4, (
        _ANTE,
        OptionSpec("limit", "Bet limit", "int", 6, 1, 100, help="The largest amount one bet may add."),
        _CHIPS, _DEALS,
    ), "Pip values, A-10 deck: bet and announce a better hand, or pass and trade one or two cards.", check=_check_ante),
)


def hand_rules(variant: str, wild: bool = False) -> HandRules:
    """The hand-evaluation rules of a variant (with RMS's wild J of hearts when asked)."""
    return RULES[variant].hand_rules(wild)

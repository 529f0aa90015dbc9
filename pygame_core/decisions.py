"""Player-facing summaries of the rules decisions (rules-decisions.md) that the core applies.

The UI shows these next to the rules they shape, so players can see where the
rulebooks were silent or contradicted themselves and what Primi decided.
"""

from __future__ import annotations

DECISIONS: dict[str, str] = {
    "D-PR1": "Waks's hand list is missing from the book: Primi ranks chorus > fluxus > supremus > primero > numerus (Cardano's order). A supremus needs its fourth card in another suit; otherwise the hand is a fluxus.",
    "D-PR2": "Waks says both 'all other hands count all four cards' and 'supremus: always 55': a supremus is worth 55, so two supremus hands are settled by seat.",
    "D-PR3": "With two suits of two cards, the better pair counts (in every rule set). Only Northpass then breaks ties with the whole-hand total.",
    "D-PR4": "RMS's punto (A, 6, 7, J) can't mean one suit, since that would be a fluxus: a punto is the ranks A, 6, 7 and J in mixed suits, worth 65. It beats supremus and primero.",
    "D-PR5": "RMS does not say what a supremus scores: it counts all four cards (an option makes it 55).",
    "D-PR6": "RMS says the Jack of hearts 'may be' wild: an option, off by default. When on, it stands for any card not already in the hand, and the best result is taken.",
    "D-PR7": "RMS ties with equal points split the pot; an odd chip stays in the pot.",
    "D-PR8": "Waks's value table is missing: Primi uses Cardano's full table (7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, face cards 10).",
    "D-PR9": "Italian claims: a claim is met by a hand of at least the claimed kind and points; each new vie must claim strictly more.",
    "D-PR10": "Losing Primero: hands are valued normally and the comparison is reversed; exact ties still go to the player nearest the dealer's right.",
    "D-PR11": "Roman Primero's 8, 9 and 10 have no value in the sources: they count 10, like face cards.",
    "D-NP1": "Northpass lists hands from low to high: chorus > fluxus > primero > numerus (no supremus, no punto).",
    "D-WB6": "Suzuki's betting is not given: Primi uses the Northpass engine (announce and meet the latest bet; pass = trade 1 or 2 cards; no folding) with Cardano's values and hands.",
}


def explain(ids: tuple[str, ...] | list[str]) -> list[dict[str, str]]:
    """The summaries of the given decision numbers, in order, as plain data."""
    return [{"id": i, "text": DECISIONS[i]} for i in ids if i in DECISIONS]

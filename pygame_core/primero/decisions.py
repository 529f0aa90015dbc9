"""Primero's rules decisions (docs/rules-decisions.md): the player-facing summary of each.

The page shows them on Primero's rules page and next to the rules they shape, so players can see
where the rulebook was silent or contradicted itself and what Primi decided. Declared in the
game's ``GameInfo.decisions``; pygame_core/decisions.py gathers every game's, and
primero/translations.py has their Italian and German.
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
    "D-WB1": "Waks: players draw once, after the first betting round and before the two extra cards, in seat order from the eldest (as the book's example does).",
    "D-WB2": "Waks: facing an unmatched bet you may pass once per round; a pass before any vie, or by a player who already matched, does not count.",
    "D-WB3": "Waks forced see: in round 1, if someone vied and nobody has seen, the nearest player before the vier must see (or see and revie); short of chips, they go all-in. With two players, the non-vier can never fold in round 1.",
    "D-WB4": "Waks: the rest caps what you add beyond the see; each raise is at least one stake; Primi allows at most 4 revies per round.",
    "D-WB5": "Waks: the lowest card by point value deals first; tied players draw again.",
    "D-RM1": "RMS: 'starting with the dealer' is taken literally: the dealer is dealt to first and acts first, and play goes counter-clockwise.",
    "D-RM2": "RMS eight-card table: you pick one of the 8 face-down cards blind and put your discard face down in the empty slot. With a stock, the discards are reshuffled when it runs out.",
    "D-RM3": "RMS: a player who has not knocked must draw or knock; knocked players still wager; after 10 circuits the hands are shown.",
    "D-RM4": "RMS: a bet that everyone refuses is withdrawn (nobody folds); if anyone accepts, the refusers may still match or fold. A raise that anyone refuses is withdrawn.",
    "D-RM5": "RMS forced stay: when only one player is left, folded players may volunteer in turn; if none does, the next player after the survivor must match and come back in, so a showdown always has two players.",
    "D-RM6": "RMS leaves the ante, bet sizes and dealer rotation open: they are options; the deal passes to the right.",
    "D-NP2": "Northpass: 2-6 players; the player after the dealer starts, and the deal rotates.",
    "D-NP3": "Northpass: a pass must trade exactly 1 or 2 cards; a bettor does not trade; the discards are reshuffled when the stock runs out.",
    "D-NP4": "Northpass bets: first pay the latest bet, then add at least 1, announcing a hand strictly better than the last announcement. Bluffing carries no penalty; the showdown uses the real hands.",
    "D-NP5": "Northpass: players who pass stay in and can win.",
    "D-NP6": "Northpass: betting stops once every other player has had one turn since the latest bet; a full circuit with no bet goes to the showdown.",
    "D-NP7": "Northpass forced stake: only when exactly one player bet in the deal, the last player before the bettor pays the bettor's amount and still trades.",
    "D-WB6": "Suzuki's betting is not given: Primi uses the Northpass engine (announce and meet the latest bet; pass = trade 1 or 2 cards; no folding) with Cardano's values and hands.",
    # Primi's own readings, where even docs/rules-decisions.md leaves a choice open.
    "P-WB1": "Primi's reading: a player who has already matched the highest bet does not speak again in that round (the book's 'Ben passes' changes nothing).",
    "P-WB2": "Primi's reading: side pots are split only at the amounts all-in players put in; everyone else can win every layer.",
    "P-IT1": "Primi's reading: only a vie names a claim (a revie does not), and a player left alone wins without showing, whatever the claim.",
    "P-NP1": "Primi's reading: one bet may add at most the table's limit (6 by default, the largest bet in the book's example), and you must be able to pay a bet in full; forced stakes may go all-in.",
    "P-RM1": "Primi's reading: the wagering after the fourth card serves as the wager before the dealer's first turn; folded players are still dealt four cards, so a forced re-entry has a full hand.",
    "P-RM2": "Primi's reading: a raise that anyone refuses goes back to the previous bet, and players below it get one chance to match or fold.",
    "P-NP2": "Primi's reading: Northpass and Suzuki have no side pots. Nobody has to match a bet (passers stay in for free), so every player still in can win the whole pot, whatever they put in; a player who can't cover a forced stake pays what they have and can still win it all.",
    "P-POT1": "Primi's reading: a side pot that only one player can win (their own unmatched chips) goes back to that player at the showdown, whatever the claim.",
    "P-CL1": "Primi's reading: a claim must name a hand that can really be dealt under the rules in play: four aces are a chorus, so 'primero 4' is no claim, and with Cardano's values an ace, six and seven of one suit make a supremus, never a 'numerus 55'.",
    "P-END": "Primi's reading: no chip stays on the table when the game ends. If the agreed number of deals ends while a pot is carried over, the only player left with chips takes it; otherwise it is shared equally among the players still in (not folded) at the end of the last deal. A pot split in the last deal keeps no odd chip for a next pot: it goes to the players who tied. Odd chips go one each, from the first of them to speak in the deal.",
}

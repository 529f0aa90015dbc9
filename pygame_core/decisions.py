"""Player-facing summaries of the rules decisions (docs/rules-decisions.md) that the core applies.

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
    # Primiera (seed 001).
    "D-PA1": "Primiera values are printed only on the cards: Primi uses the traditional table (7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, J/Q/K=10), which gives the book's totals 62 and 75.",
    "D-PA2": "Only a Herald played on a turn sets the partnerships, whether or not it captures; Heralds among the four secret table cards do not count.",
    "D-PA3": "If no Herald is played in a round (all four went to the table), everyone plays alone, as with the Herald of Swords, and the base points are doubled.",
    "D-PA4": "With three or four sides, a point for the most cards or coins goes only to the sole highest; a tie for the highest gives nobody the point.",
    "D-PA5": "A side missing a suit cannot win the primiera; if no side has all four suits, nobody gets the point.",
    "D-PA6": "A tie for the best primiera gives nobody the point.",
    "D-PA7": "In a Kaleidos round played alone, only cards, coins, the seven of coins and primiera are doubled; each sweep is still 1 point. Nothing is doubled in the other modes.",
    "D-PA8": "Whoever plays the last card of the round never scores a sweep; in 2 and 3 players, a sweep with the last card of an earlier deal does count.",
    "D-PA9": "If nobody captured anything in a round, the cards left on the table go to nobody.",
    "D-PA10": "2 and 3 players: the first dealer is random and the deal passes to the right; with 2 the non-dealer leads, with 3 the dealer's right; the same dealer makes the re-deals.",
    "D-PA11": "The target is 21 in the Herald game and 11 in the classic, 2-player and 3-player games.",
    "D-PA12": "Kaleidos: if two or more players reach 21 in the same round, an extra round is played and then the highest total wins (a tie plays again). Other modes: the highest total at or over 11 wins; a tie between sides plays another round.",
    "D-PA13": "A Herald keeps its suit and value: the 1 of coins is a coin and is worth 16 in primiera.",
    "D-PA14": "Cards are dealt and played counter-clockwise from the dealer's right, so play passes to the right and your left neighbour is the player before you.",
    "P-PA1": "Primi's reading: with a round limit set, the game ends after that round, and the highest totals share the win.",
    # Primo (seed 000).
    "D-PO1": "Primo's 10 special cards are not split in the book: 5 Top and 5 Take by default; the split is an option.",
    "D-PO2": "The book never says how many colours there are: two, yellow and blue, each with four copies of 1 to 13.",
    "D-PO3": "Primo takes 2 to 6 players. With 5, the starting player and the next two clockwise get one card more.",
    "D-PO4": "A row's head is its first-laid, highest card and its tail the lowest, accessible end: cards go below the tail, a Take card takes the head, and a Top card lets you add above the head.",
    "D-PO5": "Rows go down by exactly 1 per card, with no gaps, never above 13 or below 1.",
    "D-PO6": "Any tail run (from any card of a row down to its tail) may move onto another row that is not empty and whose tail is one higher; a run never opens an empty base.",
    "D-PO7": "A Top card lets you add hand number cards above one row's head, as many as fit, this turn only; several Top cards may go on different rows; never on an empty row.",
    "D-PO8": "A Take card goes on row A (then rows are visited A to F) or row F (F to A); each other player in turn, clockwise, takes the head of the next row that is not empty; when the rows run out, the rest take nothing.",
    "D-PO9": "A player who must take a card but has no draw pile opens an empty base with it; if there is none, the card becomes their one-card draw pile.",
    "D-PO10": "Your turn ends the moment your hand is empty (special cards count); the cards you then draw wait for your next turn.",
    "D-PO11": "A turn of moves alone is allowed; exchanging no card is a pass; exchanging with an empty draw pile gives you back the same cards.",
    "D-PO12": "A complete row is cleared after every placement, and you may reuse its base in the same turn.",
    "D-PO13": "A round ends when three full cycles of turns pass with no card played (the decision says one; Primi waits three so that players can exchange through more of their piles first), and is then scored by the cards left; a turn ends by itself after 40 actions.",
    "D-PO14": "Several rounds: each round scores 3 for the player who ended it, minus 1 per card still held; the highest total wins, ties share; the round's winner starts the next round.",
    "D-PO15": "Colour variants: the colour rule holds at every join, when adding, moving a run and adding above a Top card; opening a row is free, and a row clears only if it is valid under the rule.",
    "X-PO1": "The book says Svenja cannot play her 12s and 13s; she can (move row A onto row E, open A with a 13 and add a 12). Her exchange is still legal.",
    "P-PO1": "Primi's reading: a taker without a draw pile opens the first empty base counting from the Take card's row in its direction (it may be the row the card was just taken from).",
    "P-PO2": "Primi's reading: after a round that stalled, the player with the fewest cards left starts the next round (the first of them clockwise from the round's starter).",
    "P-PO3": "Primi's reading: a play turn ends with End, or by itself when the hand is empty; exchanging (or passing) is only possible as the turn's first action.",
}


def explain(ids: tuple[str, ...] | list[str]) -> list[dict[str, str]]:
    """The summaries of the given decision numbers, in order, as plain data."""
    return [{"id": i, "text": DECISIONS[i]} for i in ids if i in DECISIONS]

"""What Primo decided where seed 000 is silent (D-PO1-D-PO15, X-PO1, P-PO1-P-PO3), in the players' words."""

from __future__ import annotations

DECISIONS: dict[str, str] = {
    "D-PO1": "Primo's 10 special cards are not split in the book: 5 Top and 5 Take by default; the split is an option.",
    "D-PO2": "The book never says how many colours there are: two, yellow and blue, each with four copies of 1 to 13.",
    "D-PO3": "Primo takes 2 to 6 players. With 5, the starting player and the next two clockwise get one card more.",
    "D-PO4": "A row's head is its first-laid, highest card and its tail the lowest, accessible end: cards go below the tail, a Take card takes the head, and a Top card lets you add above the head.",
    "D-PO5": "Rows go down by exactly 1 per card, with no gaps, never above 13 or below 1.",
    "D-PO6": "Any tail run (from any card of a row down to its tail) may move onto another row that is not empty and whose tail is one higher; a run never opens an empty base.",
    "D-PO7": "A Top card lets you add hand number cards above one row's head, as many as fit, this turn only; several Top cards may be played in a turn, and a second one on the same row is allowed (it adds nothing new, but you shed it, which can let you go out); never on an empty row.",
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

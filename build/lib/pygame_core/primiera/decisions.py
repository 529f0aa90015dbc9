"""Primiera's rules decisions (D-PA1-D-PA14 and P-PA1) as its rules page words them, for its GameInfo."""

from __future__ import annotations

DECISIONS: dict[str, str] = {
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
}

"""Primo's Descriptions: every message key the game writes (``DESCRIPTION_KEYS``) and an action described.

The engine writes the log entries (engine.py, with these keys); the page and the lessons
describe an action before it is played with ``describe_action``. No English here: the page
words every key (web/games/primo's strings and the translations).
"""

from __future__ import annotations

from ..protocol import Description, message
from .board import resolve_take
from .engine import takers
from .rules import ROWS, VALUE
from .state import PrimoState

DESCRIPTION_KEYS: tuple[str, ...] = (
    "primo.add",  # seat adds {card} to row {row}'s tail
    "primo.open",  # seat opens the empty row {row} with {card}
    "primo.move",  # seat moves the run {cards} from row {row} (from the card {value}) onto row {to}
    "primo.top",  # seat plays a Top card on row {row}
    "primo.head",  # seat puts {card} above row {row}'s head (Top card)
    "primo.take",  # seat plays a Take card on row {row}; {takes}: primo.took messages
    "primo.took",  # nested: seat takes {card} from row {row} (onto its pile, or opening row {opened})
    "primo.clear",  # row {row} is complete and cleared (D-PO12)
    "primo.exchange",  # seat puts {n} cards under its pile (which ones stays secret)
    "primo.pass",  # seat passes
    "primo.end",  # seat's turn ends: {reason} end (chosen) | empty (hand played out, D-PO10) | cap (D-PO13)
    "primo.refill",  # seat draws {n} cards
    "primo.roundend",  # round {round} ends; {ender} went out (-1: nobody), {left}, {points}, {scores}
    "primo.stall",  # round {round}: a full cycle of turns without a card played (D-PO13)
    "primo.win",  # the game ends: {winners}, {scores}
)


def describe_action(state: PrimoState, action: str) -> Description:
    """The canonical ``action`` by the seat to act, as a Description:
    ``{"key": "primo.add", "seat": 1, "args": {"card": "7Y", "row": "B"}}``.

    A move names the run it carries (D-PO6); a Take names every card it sends and where (D-PO8).
    """
    seat = state.to_act
    parts = action.split()
    verb = parts[0]
    if verb in ("add", "open", "head"):
        return message("primo." + verb, seat, card=parts[1], row=parts[2])
    if verb == "top":
        return message("primo.top", seat, row=parts[1])
    if verb == "move":
        src, value = parts[1].split(":")
        row = state.rows[ROWS.index(src)]
        k = VALUE[row[0]] - int(value) if row else 0
        return message("primo.move", seat, row=src, value=int(value), to=parts[2], cards=list(row[k:]))
    if verb == "take":
        _, takes = resolve_take(state.rows, parts[1], takers(state))
        took = [{"key": "primo.took", "seat": t, "args": {"card": c, "row": r, "opened": o}} for t, c, r, o in takes]
        return message("primo.take", seat, row=parts[1], takes=took)
    if verb == "exchange":
        return message("primo.exchange", seat, n=len(parts) - 1)
    if verb == "pass":
        return message("primo.pass", seat)
    return message("primo.end", seat, reason="end")

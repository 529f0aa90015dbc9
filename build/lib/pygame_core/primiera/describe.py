"""Primiera's Descriptions: every message key the game writes (``DESCRIPTION_KEYS``) and an action described.

The engine writes the log entries (engine.py, with these keys); the page and the lessons
describe an action before it is played with ``describe_action``. No English here: the page
words every key (web/games/primiera/strings.en.js and the translations).
"""

from __future__ import annotations

from ..protocol import Description, message
from .state import PrimieraState

DESCRIPTION_KEYS: tuple[str, ...] = (
    "primiera.deal",  # seat: the dealer; args: round, table (the face-up cards; empty for Kaleidos)
    "primiera.redeal",  # seat: the dealer; args: deal (2p/3p: the n-th deal of the round)
    "primiera.pick",  # describe_action only: seat picks {card} for the table (the picker's own view)
    "primiera.picked",  # log: seat has chosen a table card (which one stays secret)
    "primiera.reveal",  # args: cards (the four table cards, in seat order)
    "primiera.play",  # seat plays {card}, capturing nothing
    "primiera.capture",  # seat plays {card} and takes {captured}
    "primiera.sweep",  # seat plays {card}, takes {captured} and clears the table: a sweep
    "primiera.herald",  # seat plays the first Herald {card}: {partnership} and {sides}
    "primiera.last_take",  # seat (the last capturer) takes the {cards} left on the table
    "primiera.leftover",  # nobody captured this round: the {cards} left go to nobody (D-PA9)
    "primiera.round_end",  # args: round, points, totals, sides (a list of primiera.side_points)
    "primiera.side_points",  # nested: seats, cards, coins, settebello, primiera, sweeps, total
    "primiera.extra_round",  # several reached the target: an extra round (D-PA12)
    "primiera.game_end",  # args: winners, scores
)


def describe_action(state: PrimieraState, action: str) -> Description:
    """The canonical ``action`` by the seat to act, as a Description:
    ``{"key": "primiera.capture", "seat": 1, "args": {"card": "7D", "captured": ["3C", "4H"]}}``.

    A capture that takes the whole table is a sweep, except with the round's last card (D-PA8).
    """
    seat = state.to_act
    verb, card, *rest = action.split()
    if verb == "pick":
        return message("primiera.pick", seat, card=card)
    if not rest:
        return message("primiera.play", seat, card=card)
    taken = rest[1:]
    last_card = not state.stock and sum(len(h) for h in state.hands) == 1
    swept = len(taken) == len(state.table) and set(taken) == set(state.table) and not last_card
    return message("primiera.sweep" if swept else "primiera.capture", seat, card=card, captured=taken)

"""The table as pure functions: six rows, one hand and this turn's Top cards.

Everything here works on plain tuples, without the game state, so that the engine, the
``why`` operation (which sees only an observation) and the AI (which plans whole turns)
share one definition of what is legal and what a placement does:

- ``rows``: six tuples of card texts, head (first laid, highest) to tail (lowest) (D-PO4);
- ``hand``: the hand's card texts in canonical order;
- ``tops``: the rows that have a Top card this turn, in row order (D-PO7);
- ``colour``: the variant's colour rule, ``"none"``, ``"alternate"`` or ``"mono"`` (D-PO15).

Action texts: ``add 12Y B``, ``open 13B A``, ``move C:7 E``, ``top D``, ``head 9Y C``,
``take A``, ``exchange 3B 3B 12Y``, ``pass``, ``end``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from ..errors import InvalidActionError, quote
from .rules import COLOUR, HAND_SIZE, ROW_INDEX, ROWS, TAKE, TOP, VALUE, sort_cards

Rows = tuple[tuple[str, ...], ...]
Why = dict[str, Any]  # a Description {key, args}

PLAY_VERBS = ("add", "open", "move", "top", "head", "take")

# --- parsing -------------------------------------------------------------------------------


def _card(text: str, action: str, number: bool) -> str:
    t = text.strip()
    if not t.isascii():
        raise InvalidActionError(f"not an action: {quote(action)} (write cards like 12Y, 3B, TOP, TAKE)")
    t = t.upper()
    if t not in VALUE:
        raise InvalidActionError(f"not an action: {quote(action)} ({quote(text)} is not a Primo card: "
                                 "write e.g. 12Y, 3B, TOP, TAKE)")
    if number and VALUE[t] == 0:
        raise InvalidActionError(f"not an action: {quote(action)} (only a number card goes on a row, not {t})")
    return t


def _row(text: str, action: str) -> str:
    t = text.strip().upper()
    if t not in ROW_INDEX:
        raise InvalidActionError(f"not an action: {quote(action)} ({quote(text)} is no row: the rows are A to F)")
    return t


def parse(text: str) -> str:
    """Canonical text of a Primo action; InvalidActionError if it is not one."""
    if not isinstance(text, str):
        raise InvalidActionError(f"not an action: {quote(text)}")
    if len(text) > 200:
        raise InvalidActionError(f"not an action: {quote(text)} (too long)")
    parts = text.replace(",", " ").split()
    if not parts:
        raise InvalidActionError("empty action: write e.g. add 12Y B, open 13B A, move C:7 E, top D, head 9Y C, "
                                 "take A, exchange 3B 12Y, pass or end")
    verb = parts[0].lower()
    args = parts[1:]
    if verb in ("add", "open", "head") and len(args) == 2:
        return f"{verb} {_card(args[0], text, True)} {_row(args[1], text)}"
    if verb in ("top", "take") and len(args) == 1:
        return f"{verb} {_row(args[0], text)}"
    if verb == "move" and len(args) == 2 and args[0].count(":") == 1:
        src, value = args[0].split(":")
        v = value.strip()
        if not (v.isascii() and v.isdigit() and 1 <= int(v) <= 13 and str(int(v)) == v):
            raise InvalidActionError(f"not an action: {quote(text)} (write move ROW:VALUE ROW, e.g. move C:7 E)")
        return f"move {_row(src, text)}:{int(v)} {_row(args[1], text)}"
    if verb == "exchange":
        if not args:
            return "pass"
        if len(args) > HAND_SIZE:
            raise InvalidActionError(f"not an action: {quote(text)} (a hand holds at most {HAND_SIZE} cards)")
        return exchange_text(_card(a, text, False) for a in args)
    if verb in ("pass", "end") and not args:
        return verb
    raise InvalidActionError(f"not an action: {quote(text)} (write e.g. add 12Y B, open 13B A, move C:7 E, top D, "
                             "head 9Y C, take A, exchange 3B 12Y, pass or end)")


def exchange_text(cards: Iterable[str]) -> str:
    """``exchange`` with the cards sorted (duplicates repeated), or ``pass`` for none."""
    cs = sort_cards(cards)
    return "exchange " + " ".join(cs) if cs else "pass"


# --- the rules of a row ---------------------------------------------------------------------


def join_ok(colour: str, upper: str, lower: str) -> bool:
    """May ``lower`` lie directly below ``upper`` in a row under the colour rule (values aside)? (D-PO15)"""
    if colour == "alternate":
        return COLOUR[upper] != COLOUR[lower]
    if colour == "mono":
        return COLOUR[upper] == COLOUR[lower]
    return True


def row_valid(row: Sequence[str], colour: str) -> bool:
    """Descending by exactly 1 from head to tail (D-PO5), every join keeping the colour rule."""
    return all(VALUE[a] == VALUE[b] + 1 and join_ok(colour, a, b) for a, b in zip(row, row[1:], strict=False))


def complete(row: Sequence[str], colour: str) -> bool:
    """A full 13..1 row that is valid under the colour rule: it clears at once (D-PO12, D-PO15)."""
    return len(row) == 13 and VALUE[row[0]] == 13 and row_valid(row, colour)


def _hand_without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def play_actions(rows: Rows, hand: Sequence[str], tops: Sequence[str], colour: str,
                 moves: bool = True) -> list[str]:
    """Every play action (add, open, move, top, head, take) legal on this table with this hand (unsorted)."""
    out: list[str] = []
    numbers = sorted({c for c in hand if VALUE[c]}, key=lambda c: (VALUE[c], c))
    for i, row in enumerate(rows):
        name = ROWS[i]
        if not row:
            out.extend(f"open {c} {name}" for c in numbers)
            continue
        tail, head = row[-1], row[0]
        tv, hv = VALUE[tail], VALUE[head]
        for c in numbers:
            v = VALUE[c]
            if v == tv - 1 and join_ok(colour, tail, c):
                out.append(f"add {c} {name}")
            if name in tops and v == hv + 1 and join_ok(colour, c, head):
                out.append(f"head {c} {name}")
        if TOP in hand:  # a second Top card on a row is allowed: no new effect, but it is shed (D-PO7)
            out.append(f"top {name}")
    if TAKE in hand:
        out.extend(("take A", "take F"))
    if moves:
        out.extend(move_actions(rows, colour))
    return out


def move_actions(rows: Rows, colour: str) -> list[str]:
    """Every legal move of a tail run onto another non-empty row (D-PO6)."""
    out: list[str] = []
    for j, dst in enumerate(rows):
        if not dst:
            continue
        want = VALUE[dst[-1]] - 1
        if want < 1:
            continue
        for i, src in enumerate(rows):
            if i == j or not src:
                continue
            k = VALUE[src[0]] - want  # index of the card of value ``want`` in src
            if 0 <= k < len(src) and join_ok(colour, dst[-1], src[k]):
                out.append(f"move {ROWS[i]}:{want} {ROWS[j]}")
    return out


def why_not(rows: Rows, hand: Sequence[str], tops: Sequence[str], colour: str, action: str) -> Why | None:
    """Why the play action (canonical text) is not legal on this table, or None if it is."""
    parts = action.split()
    verb = parts[0]

    def msg(key: str, **args: Any) -> Why:
        return {"key": "primo.why." + key, "args": args}

    if verb in ("add", "open", "head"):
        card, name = parts[1], parts[2]
        row = rows[ROW_INDEX[name]]
        if card not in hand:
            return msg("nocard", card=card)
        if verb == "open":
            return None if not row else msg("notempty", row=name, card=card)
        if not row:
            return msg("empty", row=name, card=card)
        if verb == "add":
            tail = row[-1]
            if VALUE[tail] - 1 != VALUE[card]:
                return msg("value", card=card, row=name, need=VALUE[tail] - 1, end="tail")
            return None if join_ok(colour, tail, card) else msg("colour", card=card, row=name, rule=colour)
        if name not in tops:
            return msg("notop", card=card, row=name)
        head = row[0]
        if VALUE[head] + 1 != VALUE[card]:
            return msg("value", card=card, row=name, need=VALUE[head] + 1, end="head")
        return None if join_ok(colour, card, head) else msg("colour", card=card, row=name, rule=colour)
    if verb == "top":
        name = parts[1]
        if TOP not in hand:
            return msg("nocard", card=TOP)
        if not rows[ROW_INDEX[name]]:
            return msg("empty", row=name)
        return None  # a row that has a Top card this turn may take another (D-PO7)
    if verb == "take":
        if TAKE not in hand:
            return msg("nocard", card=TAKE)
        return None if parts[1] in ("A", "F") else msg("takerow", row=parts[1])
    if verb == "move":
        src_name, v_text = parts[1].split(":")
        dst_name = parts[2]
        v = int(v_text)
        src, dst = rows[ROW_INDEX[src_name]], rows[ROW_INDEX[dst_name]]
        if src_name == dst_name:
            return msg("samerow", row=src_name)
        if not src or not VALUE[src[-1]] <= v <= VALUE[src[0]]:
            return msg("notrun", row=src_name, value=v)
        if not dst:
            return msg("empty", row=dst_name)
        if VALUE[dst[-1]] - 1 != v:
            return msg("value", card=src[VALUE[src[0]] - v], row=dst_name, need=VALUE[dst[-1]] - 1, end="tail")
        first = src[VALUE[src[0]] - v]
        return None if join_ok(colour, dst[-1], first) else msg("colour", card=first, row=dst_name, rule=colour)
    return msg("invalid")


# --- doing it -------------------------------------------------------------------------------


def place(rows: Rows, hand: tuple[str, ...], tops: tuple[str, ...], action: str,
          colour: str) -> tuple[Rows, tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Apply a legal play action other than ``take``: (rows, hand, tops, rows cleared by it).

    A row that becomes a complete 13..1 row is cleared at once (D-PO12).
    """
    parts = action.split()
    verb = parts[0]
    rs = list(rows)
    if verb == "top":
        tops = tuple(r for r in ROWS if r in tops or r == parts[1])
        return rows, _hand_without(hand, TOP), tops, ()
    if verb == "move":
        src_name, v_text = parts[1].split(":")
        i, j = ROW_INDEX[src_name], ROW_INDEX[parts[2]]
        k = VALUE[rs[i][0]] - int(v_text)
        rs[j] = rs[j] + rs[i][k:]
        rs[i] = rs[i][:k]
    else:
        card, j = parts[1], ROW_INDEX[parts[2]]
        hand = _hand_without(hand, card)
        rs[j] = (card, *rs[j]) if verb == "head" else (*rs[j], card)
    if complete(rs[j], colour):
        rs[j] = ()
        return tuple(rs), hand, tops, (ROWS[j],)
    return tuple(rs), hand, tops, ()


def take_order(row: str) -> tuple[int, ...]:
    """The rows a Take card on A or F visits, in order (D-PO8)."""
    return (0, 1, 2, 3, 4, 5) if row == "A" else (5, 4, 3, 2, 1, 0)


def resolve_take(rows: Rows, row: str, takers: Sequence[tuple[int, bool]]
                 ) -> tuple[Rows, list[tuple[int, str, str, str | None]]]:
    """The takes of a Take card on ``row`` (D-PO8, D-PO9, P-PO1): the rows after them, and each take.

    ``takers`` are the other seats clockwise from the player of the Take card, each with
    whether it has a draw pile. Each takes the head of the next non-empty row in the card's
    direction; once the rows run out, the rest take nothing. A taker without a draw pile
    opens the first empty base in the card's direction (P-PO1) with it; if there is none,
    the card becomes their one-card draw pile (D-PO9). Each take is
    ``(seat, card, row taken from, row opened or None)``.
    """
    order = take_order(row)
    rs = list(rows)
    pos = 0
    out: list[tuple[int, str, str, str | None]] = []
    for seat, has_pile in takers:
        while pos < len(order) and not rs[order[pos]]:
            pos += 1
        if pos >= len(order):
            break
        r = order[pos]
        card = rs[r][0]
        rs[r] = rs[r][1:]
        pos += 1
        opened: str | None = None
        if not has_pile:
            for q in order:
                if not rs[q]:
                    rs[q] = (card,)
                    opened = ROWS[q]
                    break
        out.append((seat, card, ROWS[r], opened))
    return tuple(rs), out


def why_action(rows: Rows, hand: Sequence[str], tops: Sequence[str], colour: str, phase: str,
               action: str) -> Why | None:
    """Why the action (canonical text) is not legal for the player to act, or None if it is.

    ``phase`` is the turn's: ``start`` (exchange, pass or play) or ``play`` (go on or end).
    """
    verb = action.split()[0]
    if verb in ("pass", "exchange"):
        if phase != "start":
            return {"key": "primo.why.exchange", "args": {}}
        rest = list(hand)
        for c in action.split()[1:]:
            if c not in rest:
                return {"key": "primo.why.nocard", "args": {"card": c}}
            rest.remove(c)
        return None
    if verb == "end":
        return None if phase == "play" else {"key": "primo.why.end", "args": {}}
    return why_not(rows, hand, tops, colour, action)


_REASONS = {
    "primo.why.nocard": "{card} is not in the hand",
    "primo.why.notempty": "row {row} is not empty: only an empty base can be opened",
    "primo.why.empty": "row {row} is empty: open it with a card from the hand instead",
    "primo.why.value": "{card} does not fit row {row}: its {end} needs {a} {need}",
    "primo.why.colour": "{card} breaks row {row}'s colour rule ({rule})",
    "primo.why.notop": "row {row} has no Top card this turn: play a Top card on it first",
    "primo.why.takerow": "a Take card goes on row A or row F, not {row}",
    "primo.why.samerow": "a run cannot move onto its own row {row}",
    "primo.why.notrun": "row {row} has no card {value}: a run starts at a card of the row and runs to its tail",
    "primo.why.exchange": "cards can be exchanged only as the turn's first action",
    "primo.why.end": "nothing was played yet this turn: play, exchange or pass",
    "primo.why.turn": "it is another player's turn",
    "primo.why.over": "the game is over",
    "primo.why.invalid": "that is not an action",
}


def reason_text(why: Why) -> str:
    """The English text of a ``primo.why.*`` Description, for error messages (the page translates the key)."""
    args = {"a": "a", **why.get("args", {})}
    if args.get("rule") == "alternate":
        args["rule"] = "colours alternate"
    elif args.get("rule") == "mono":
        args["rule"] = "one colour per row"
    if why["key"] == "primo.why.value" and str(args.get("need")) in ("8", "11", "18"):
        args["a"] = "an"  # "an 8", "an 11", "an 18", as the page says it
    return _REASONS.get(why["key"], "not legal now").format(**args)


def exchanges(hand: Sequence[str]) -> list[str]:
    """Every distinct exchange of hand cards (``pass`` for none): at most 64 for a hand of 6."""
    cards = sort_cards(hand)
    return sorted({exchange_text(c) for n in range(len(cards) + 1) for c in combinations(cards, n)})

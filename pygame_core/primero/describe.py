"""Descriptions of Primero's actions and log entries: message keys and args, never sentences.

The page renders a Description through its translation table (web/i18n.js, English
keys ``primero.act.*``, ``primero.claim``, ``primero.kind.*``); ``seat`` becomes the seat's name (``{name}``).
One function, ``describe_text``, reads every public log text the engines write and
every canonical action text, so the log, the announcements and the hot-seat recap
all say the same thing.

Public texts (what the log keeps) and their keys:

=========================== =================================== ==========================
text                        key                                 args
=========================== =================================== ==========================
``first-dealer``            ``primero.act.first-dealer``
``vie N``                   ``primero.act.vie``                 n
``vie N KIND POINTS``       ``primero.act.vie.claim``           n, claim (nested ``claim``)
``see`` / ``see all-in``    ``primero.act.see`` / ``primero.act.see.allin``
``revie N``                 ``primero.act.revie``               n
``pass`` ``fold`` ``refuse`` ``vada`` ``stay`` ``match``: ``primero.act.<verb>``
``match all-in``            ``primero.act.match.allin``
``discard 0``               ``primero.act.keep``                (Waks draw: keeps all)
``discard K``               ``primero.act.discard``             n (Waks draw: K cards)
``discard``                 ``primero.act.discard.one``         (RMS: one card, after drawing)
``trade K``                 ``primero.act.trade``               n
``trade K forced stake F``  ``primero.act.trade.forced``        n, paid
``bet N``                   ``primero.act.bet``                 n (RMS)
``bet N KIND POINTS``       ``primero.act.bet.claim``           n, claim (Northpass, Suzuki)
``raise N``                 ``primero.act.raise``               n
``bet withdrawn``           ``primero.act.bet.withdrawn``       (RMS, D-RM4: nobody matched)
``raise withdrawn``         ``primero.act.raise.withdrawn``     (RMS, D-RM4: refused)
``forced to stay``          ``primero.act.stay.forced``         (RMS, D-RM5)
``draw`` / ``draw N``       ``primero.act.draw`` / ``primero.act.draw.slot`` (n: the table slot)
``shows KIND POINTS``       ``primero.act.shows``               claim (the deal's end: a hand shown)
``wins N``                  ``primero.act.wins``                n (the deal's end: chips won)
anything else               ``primero.act.other``               action (the text itself)
=========================== =================================== ==========================

Action texts name cards (``discard 7D KC``, ``trade 2H``); their descriptions give
only the count, as the log does. RMS's ``discard C`` is ``primero.act.discard.one``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..gamelog import loads_each
from ..protocol import Description
from .gamelog import Entry

KINDS = ("numerus", "primero", "supremus", "punto", "fluxus", "chorus")
_BARE = {
    "first-dealer": "primero.act.first-dealer", "see": "primero.act.see", "pass": "primero.act.pass", "fold": "primero.act.fold",
    "refuse": "primero.act.refuse", "vada": "primero.act.vada", "stay": "primero.act.stay", "match": "primero.act.match", "draw": "primero.act.draw",
    "see all-in": "primero.act.see.allin", "match all-in": "primero.act.match.allin", "forced to stay": "primero.act.stay.forced",
    "bet withdrawn": "primero.act.bet.withdrawn", "raise withdrawn": "primero.act.raise.withdrawn",
}
_NUMBERED = {"vie": "primero.act.vie", "revie": "primero.act.revie", "bet": "primero.act.bet", "raise": "primero.act.raise", "draw": "primero.act.draw.slot"}

KEYS = frozenset({*_BARE.values(), *_NUMBERED.values(), "primero.act.discard.one", "primero.act.shows", "primero.act.wins", "primero.act.vie.claim", "primero.act.bet.claim", "primero.act.keep", "primero.act.discard",
                  "primero.act.trade", "primero.act.trade.forced", "primero.act.other", "primero.claim", *(f"primero.kind.{k}" for k in KINDS)})
"""Every key a description may use (tests check each is in web/i18n.js's English table)."""


def _int(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def claim_message(kind: str, points: int) -> dict[str, Any]:
    """The nested message for a claim, e.g. ``primero 60``: ``{"key": "primero.claim", "args": {"kind": ..., "points": 60}}``."""
    return {"key": "primero.claim", "args": {"kind": {"key": f"primero.kind.{kind}", "args": {}}, "points": points}}


def describe_text(text: str, rms: bool = False, log: bool = False) -> tuple[str, dict[str, Any]]:
    """``(key, args)`` for a public log text (``log``) or a canonical action text.

    ``rms``: the text is an RMS action, whose ``discard C`` discards one card after a draw.
    In the log, a bare ``discard`` is RMS's (the Waks draw logs a count, ``discard 0``).
    """
    if text == "discard" and (log or rms):
        return "primero.act.discard.one", {}
    if text in _BARE:
        return _BARE[text], {}
    parts = text.split()
    verb, rest = (parts[0], parts[1:]) if parts else ("", [])
    nums = [_int(x) for x in rest]
    if verb in ("discard", "trade"):
        if len(rest) == 1 and nums[0] is not None:  # the public form: a count
            n = nums[0]
        elif verb == "trade" and len(rest) == 4 and rest[1:3] == ["forced", "stake"] and None not in (nums[0], nums[3]):
            return "primero.act.trade.forced", {"n": nums[0], "paid": nums[3]}
        else:  # an action naming its cards: only the count is public
            n = len(rest)
        if verb == "trade":
            return "primero.act.trade", {"n": n}
        if rms:
            return "primero.act.discard.one", {}
        return ("primero.act.keep", {}) if n == 0 else ("primero.act.discard", {"n": n})
    if verb in _NUMBERED and len(rest) == 1 and nums[0] is not None:
        return _NUMBERED[verb], {"n": nums[0]}
    if verb == "shows" and len(rest) == 2 and rest[0] in KINDS and nums[1] is not None:
        return "primero.act.shows", {"claim": claim_message(rest[0], nums[1])}
    if verb == "wins" and len(rest) == 1 and nums[0] is not None:
        return "primero.act.wins", {"n": nums[0]}
    if verb in ("vie", "bet") and len(rest) == 3 and rest[1] in KINDS and None not in (nums[0], nums[2]):
        return f"primero.act.{verb}.claim", {"n": nums[0], "claim": claim_message(rest[1], nums[2] or 0)}
    return "primero.act.other", {"action": text}


def describe(seat: int, text: str, rms: bool = False, log: bool = False) -> Description:
    """A Description of ``text`` by ``seat`` (see ``describe_text``)."""
    key, args = describe_text(text, rms, log)
    return {"key": key, "seat": seat, "args": args}


def log_entries(entries: Sequence[Entry]) -> list[dict[str, Any]]:
    """The log entries as the observation carries them (seat, key, args, the public action text and the
    deal): each distinct text is read once (``_log_said``), and the args of all are decoded at once
    (``gamelog.loads_each``), fresh dicts each time (every observation carries two deals' entries)."""
    said = [_log_said(text) for _seat, text, _deal in entries]
    args = loads_each(a for _key, a in said)
    return [{"seat": seat, "key": key, "args": a, "action": text, "deal": deal}
            for (seat, text, deal), (key, _), a in zip(entries, said, args, strict=True)]


@lru_cache(maxsize=4096)
def _log_said(text: str) -> tuple[str, str]:
    """``describe_text(text, log=True)`` with the args as JSON text (a bounded memo of immutable strings:
    the args are JSON, ints and strings, so ``json.loads`` gives them back exactly)."""
    key, args = describe_text(text, log=True)
    return key, json.dumps(args)

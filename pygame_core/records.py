"""Game records: ``{format, game, variant, options, seed, actions[, final][, seats]}``, and their replay.

``options`` are the resolved options, so ``players`` is always there. JSON text may
start with a UTF-8 byte-order mark; a key given twice in any object is an error.

``final`` (optional) checks the end of the recorded game, so that a wrong seed (or a
changed action) is caught even when every action still applies:
``{"actions": n, "digest": "<64 hex digits>"}``, where ``digest`` is ``final_digest``
of the state after the first ``n`` actions: the SHA-256 of a canonical JSON (sorted
keys, no spaces, ASCII) of ``{"current": seat to act, "legal": [legal actions],
"hidden": [sorted hidden_cards of seat s for s = -1 .. players-1],
"winners": ..., "scores": ...}`` (the last two from ``result``, null unless the
game is over). It uses only the protocol's own parts, so it does not change when a
game's observations gain a field; it depends on the hidden cards (the stock, the
hands not shown), which a different seed deals differently. Records without
``final`` load as before.

``seats`` (optional) says who played each seat: ``"human"`` or a computer level (``"easy"``,
``"medium"``, ``"hard"``, ...), one per player. It is informational: a replay ignores it, and
an app that opens an unfinished record offers those players again. Records without it load as
before.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import safejson
from .errors import PrimiError, RecordError, quote
from .protocol import Game, S
from .registry import load

FORMAT_VERSION = 1
_KEYS = {"format", "game", "variant", "options", "seed", "actions"}
_OPTIONAL = {"final", "seats"}
MAX_SEAT_KIND = 20  # a seat kind ("human", "medium", ...) is a short name
_DIGEST = re.compile(r"[0-9a-f]{64}")
_MESSAGE_LIMIT = 300  # a game's own error message, as quoted in a RecordError
MAX_RECORD_CHARS = 20_000_000
"""A record's JSON text is at most this long (a game of thousands of moves is far smaller; the worker
and the command line read less: their own bounds)."""


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _DuplicateKey(k)
        out[k] = v
    return out


_LIMIT_KEYS = {"deep": "err.record.deep", "long": "err.record.long"}


def _loads(data: str | bytes) -> Any:
    """JSON text (a UTF-8 byte-order mark allowed) with no key given twice; RecordError otherwise.

    Its depth and size are bounded before it is parsed (``safejson``): a record nested thousands of
    levels deep (a replay link of 31 characters) must be refused, not kill the browser's engine."""
    if isinstance(data, bytes):
        if len(data) > MAX_RECORD_CHARS:  # before decoding a huge file
            raise RecordError("the record is too long", key="err.record.long")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the record is not valid JSON: it is not UTF-8 text (byte {exc.start})", key="err.record.json") from None
    data = data.removeprefix("\ufeff")
    try:
        return safejson.loads(data, what="the record", max_chars=MAX_RECORD_CHARS, object_pairs_hook=_no_duplicates)
    except safejson.JsonLimitError as exc:
        raise RecordError(str(exc), key=_LIMIT_KEYS[exc.reason]) from None
    except _DuplicateKey as exc:
        raise RecordError(f"the record gives the key {quote(exc.key)} twice", key="err.record.json") from None
    except ValueError as exc:
        raise RecordError(f"the record is not valid JSON: {exc}", key="err.record.json") from None
    except RecursionError:  # cannot happen after safejson's bound; kept as a last guard
        raise RecordError("the record is not valid JSON: it is nested too deeply", key="err.record.deep") from None


def _cut(text: str) -> str:
    """A game's error message, cut so that a hostile action it quotes in full cannot flood the output."""
    return text if len(text) <= _MESSAGE_LIMIT else text[:_MESSAGE_LIMIT] + "..."


def final_digest(game: Game[S], state: S, players: int) -> str:
    """The digest of a state for a record's ``final`` check (see the module docstring)."""
    terminal = game.is_terminal(state)
    result = game.result(state) if terminal else {}
    data = {
        "current": game.current_player(state),
        "legal": list(game.legal_actions(state)),
        "hidden": [sorted(game.hidden_cards(state, seat)) for seat in range(-1, players)],
        "winners": result.get("winners"),
        "scores": result.get("scores"),
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class FinalCheck:
    """A record's check of its final state: the digest after the first ``actions`` actions."""

    actions: int
    digest: str


@dataclass(frozen=True)
class Record:
    """An immutable game record; ``to_json``/``from_json`` round-trip exactly."""

    game: str
    variant: str
    options: tuple[tuple[str, Any], ...]
    seed: int
    actions: tuple[str, ...] = ()
    final: FinalCheck | None = None
    seats: tuple[str, ...] | None = None
    """Who played each seat (``"human"`` or a computer level), when known; a replay ignores it."""

    def to_json(self) -> dict[str, Any]:
        """Plain data, ready for ``json.dumps``."""
        data: dict[str, Any] = {
            "format": FORMAT_VERSION,
            "game": self.game,
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.final is not None:
            data["final"] = {"actions": self.final.actions, "digest": self.final.digest}
        if self.seats is not None:
            data["seats"] = list(self.seats)
        return data

    def with_action(self, action: str) -> Record:
        """This record with one more action (a final check, if any, still checks the same point)."""
        return replace(self, actions=self.actions + (action,))

    def with_final(self, game: Game[S], state: S) -> Record:
        """This record with a check of ``state``, the state after all its actions (see ``final_digest``)."""
        players = dict(self.options).get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError(_NO_PLAYERS, key="err.record.players")
        return replace(self, final=FinalCheck(len(self.actions), final_digest(game, state, players)))

    @staticmethod
    def from_json(data: Any) -> Record:
        """Validate the shape of record data; RecordError with a clear message if malformed."""
        if isinstance(data, (str, bytes)):
            data = _loads(data)
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object", key="err.record.json")
        missing = _KEYS - set(data)
        if missing:
            raise RecordError(f"the record lacks {', '.join(sorted(missing))}", key="err.record.shape")
        extra = set(data) - _KEYS - _OPTIONAL
        if extra:
            names = sorted(e if len(e) <= 40 else e[:40] + "..." for e in extra)
            more = f" and {len(names) - 5} more" if len(names) > 5 else ""
            raise RecordError(f"the record has unknown fields: {', '.join(names[:5])}{more}", key="err.record.shape")
        fmt = data["format"]
        if type(fmt) is not int or fmt != FORMAT_VERSION:  # not True, not 1.0: True == 1.0 == 1 in Python
            raise RecordError(f"record format {_show(fmt)} is not supported (expected {FORMAT_VERSION})",
                              key="err.record.format", want=FORMAT_VERSION)
        game, variant, seed = data["game"], data["variant"], data["seed"]
        if not isinstance(game, str) or not isinstance(variant, str):
            raise RecordError("game and variant must be text", key="err.record.shape")
        if not variant:
            raise RecordError(_NO_VARIANT, key="err.record.variant")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("seed must be a whole number", key="err.record.shape")
        options = data["options"]
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise RecordError("options must be a JSON object", key="err.record.shape")
        # Option values are scalars (OptionSpec kinds bool/int/choice); refusing nested values here
        # means no later step (sorting, repr, json.dumps, option checks) can recurse on hostile input.
        for k, v in options.items():
            if v is not None and not isinstance(v, (bool, int, float, str)):
                raise RecordError(f"options must be a JSON object of numbers, booleans or texts (option {quote(k)})", key="err.record.shape")
        if "players" not in options:
            raise RecordError(_NO_PLAYERS, key="err.record.players")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions must be a list of texts", key="err.record.shape")
        final = _final_from_json(data["final"]) if "final" in data else None
        seats = _seats_from_json(data["seats"], options["players"]) if "seats" in data else None
        return Record(game, variant, tuple(sorted(options.items())), seed, tuple(actions), final, seats)


_NO_PLAYERS = "the record's options lack players (the number of players)"
_NO_VARIANT = "the record's variant is empty: name the rule set it was played under"


def _final_from_json(final: Any) -> FinalCheck:
    if not isinstance(final, Mapping) or set(final) != {"actions", "digest"}:
        raise RecordError('final must be a JSON object {"actions": n, "digest": "..."}', key="err.record.shape")
    n, digest = final["actions"], final["digest"]
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise RecordError("final actions must be a whole number, at least 0", key="err.record.shape")
    if not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
        raise RecordError("final digest must be 64 hexadecimal digits (lower case)", key="err.record.shape")
    return FinalCheck(n, digest)


def _seats_from_json(seats: Any, players: Any) -> tuple[str, ...]:
    """The record's seat kinds: one short name per player."""
    if (not isinstance(seats, list) or not all(isinstance(k, str) and 0 < len(k) <= MAX_SEAT_KIND for k in seats)
            or isinstance(players, bool) or not isinstance(players, int) or len(seats) != players):
        raise RecordError('seats must be a list of one player kind per seat ("human" or a computer level)', key="err.record.shape")
    return tuple(seats)


def _show(value: Any) -> str:
    """A short, non-recursive rendering of a value for an error message."""
    if isinstance(value, int) and value.bit_length() > 64:
        return "(a huge number)"  # repr of a huge int may exceed Python's int-string limit
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "...")
    return f"of type {type(value).__name__}"  # never repr a container: it may be nested arbitrarily deep


def start(record: Record) -> tuple[Game[Any], Any]:
    """The game and initial state of a record; RecordError if the header is bad."""
    if not record.variant:
        raise RecordError(_NO_VARIANT, key="err.record.variant")
    if "players" not in dict(record.options):
        raise RecordError(_NO_PLAYERS, key="err.record.players")
    try:
        game = load(record.game)
        state = game.initial_state(dict(record.options), record.seed, record.variant)
    except PrimiError as exc:
        raise RecordError(f"the record cannot start: {_cut(str(exc))}", key="err.record.start") from None
    except Exception as exc:  # a game's bug must not reach a user as a traceback
        raise RecordError(f"the record cannot start: the game failed to deal it ({type(exc).__name__})",
                          key="err.record.start") from None
    return game, state


def replay(record: Record | Mapping[str, Any] | str | bytes,
           visit: Callable[[Game[Any], int, Any], None] | None = None) -> tuple[Game[Any], Any]:
    """Replay a record and return ``(game, final_state)``.

    Raises RecordError naming the first action that does not apply (whatever the game
    raised), or saying the seed or actions do not match when the ``final`` check fails.
    ``visit(game, n, state)`` (optional) sees the state after each ``n`` actions, from 0 to the
    last (pygame_core.fairplay checks what a player saw on the way, with these same checks).
    """
    rec = record if isinstance(record, Record) else Record.from_json(record)
    game, state = start(rec)
    final = rec.final
    if final is not None and final.actions > len(rec.actions):
        raise RecordError(f"the record's final check is after {final.actions} actions, "
                          f"but the record has only {len(rec.actions)}", key="err.record.mismatch")
    for i, action in enumerate(rec.actions):
        if visit is not None:
            visit(game, i, state)
        if final is not None and final.actions == i:
            _check_final(game, state, rec, final)
        try:
            state = game.apply(state, action)
        except PrimiError as exc:
            raise RecordError(f"action {i + 1} ({quote(action)}) does not apply: {_cut(str(exc))}", i, action,
                              key="err.record.action", n=i + 1) from None
        except Exception as exc:  # a game's bug must not reach a user as a traceback
            raise RecordError(
                f"action {i + 1} ({quote(action)}) does not apply: the game failed on it ({type(exc).__name__})",
                i, action, key="err.record.action", n=i + 1,
            ) from None
    if visit is not None:
        visit(game, len(rec.actions), state)
    if final is not None and final.actions == len(rec.actions):
        _check_final(game, state, rec, final)
    return game, state


def _check_final(game: Game[S], state: S, rec: Record, final: FinalCheck) -> None:
    players = dict(rec.options)["players"]
    try:
        digest = final_digest(game, state, players)
    except Exception as exc:
        raise RecordError(f"the record's final check cannot be computed ({type(exc).__name__})",
                          key="err.record.mismatch") from None
    if digest != final.digest:
        raise RecordError(
            f"the seed or actions do not match the recorded game: the state after {final.actions} actions "
            "is not the one recorded", key="err.record.mismatch",
        )

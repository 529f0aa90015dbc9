"""Game records: ``{format, game, variant, options, seed, actions}``, and their replay."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import PrimiError, RecordError
from .protocol import Game
from .registry import load

FORMAT_VERSION = 1
_KEYS = {"format", "game", "variant", "options", "seed", "actions"}


@dataclass(frozen=True)
class Record:
    """An immutable game record; ``to_json``/``from_json`` round-trip exactly."""

    game: str
    variant: str
    options: tuple[tuple[str, Any], ...]
    seed: int
    actions: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain data, ready for ``json.dumps``."""
        return {
            "format": FORMAT_VERSION,
            "game": self.game,
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": list(self.actions),
        }

    def with_action(self, action: str) -> Record:
        """This record with one more action."""
        return Record(self.game, self.variant, self.options, self.seed, self.actions + (action,))

    @staticmethod
    def from_json(data: Any) -> Record:
        """Validate the shape of record data; RecordError with a clear message if malformed."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise RecordError(f"the record is not valid JSON: {exc}") from None
            except RecursionError:  # e.g. "[" * 100_000: json.loads recurses once per level
                raise RecordError("the record is not valid JSON: it is nested too deeply") from None
        if not isinstance(data, Mapping):
            raise RecordError("a record must be a JSON object")
        missing = _KEYS - set(data)
        if missing:
            raise RecordError(f"the record lacks {', '.join(sorted(missing))}")
        extra = set(data) - _KEYS
        if extra:
            raise RecordError(f"the record has unknown fields: {', '.join(sorted(extra))}")
        fmt = data["format"]
        if type(fmt) is not int or fmt != FORMAT_VERSION:  # not True, not 1.0: True == 1.0 == 1 in Python
            raise RecordError(f"record format {_show(fmt)} is not supported (expected {FORMAT_VERSION})")
        game, variant, seed = data["game"], data["variant"], data["seed"]
        if not isinstance(game, str) or not isinstance(variant, str):
            raise RecordError("game and variant must be text")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("seed must be a whole number")
        options = data["options"]
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise RecordError("options must be a JSON object")
        # Option values are scalars (OptionSpec kinds bool/int/choice); refusing nested values here
        # means no later step (sorting, repr, json.dumps, option checks) can recurse on hostile input.
        for k, v in options.items():
            if v is not None and not isinstance(v, (bool, int, float, str)):
                raise RecordError(f"options must be a JSON object of numbers, booleans or texts (option {k!r})")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("actions must be a list of texts")
        return Record(game, variant, tuple(sorted(options.items())), seed, tuple(actions))


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
    try:
        game = load(record.game)
        state = game.initial_state(dict(record.options), record.seed, record.variant)
    except PrimiError as exc:
        raise RecordError(f"the record cannot start: {exc}") from None
    return game, state


def replay(record: Record | Mapping[str, Any] | str) -> tuple[Game[Any], Any]:
    """Replay a record and return ``(game, final_state)``.

    Raises RecordError naming the first action that does not apply.
    """
    rec = record if isinstance(record, Record) else Record.from_json(record)
    game, state = start(rec)
    for i, action in enumerate(rec.actions):
        try:
            state = game.apply(state, action)
        except PrimiError as exc:
            raise RecordError(f"action {i + 1} ({action!r}) does not apply: {exc}", i, action) from None
    return game, state

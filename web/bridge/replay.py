"""The replay viewer's op: one step of a finished game's record, seen by one seat or with every hand.

A record is checked exactly like ``python -m pygame_core replay`` (shape, every action, the final
digest) and must be a finished game (the game is over, so nothing is secret any more). Its states
are kept for the last ``MAX_REPLAYS`` records, so stepping through one costs O(1) a step.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from pygame_core.errors import RecordError
from pygame_core.protocol import JSON, Game
from pygame_core.records import Record, replay, start

from .request import RequestError, int_field
from .sessions import Handler, log_size, no_player

MAX_RECORD_CHARS = 1_000_000
"""A replayed record's JSON text is at most this long (a replay link's record is far smaller)."""
MAX_REPLAYS = 2
"""Replayed records whose states are kept, so stepping through a replay costs O(1) a step."""
MAX_REPLAY_LOG = 300
"""At most this many of the latest log entries with each replay step."""


class Replay:
    """A finished game's record, checked and replayed once, with the state after every action."""

    def __init__(self, record: Record) -> None:
        game, final_state = replay(record)  # the CLI's checks: shape, every action, the final digest
        if not game.is_terminal(final_state):
            raise RecordError("this record's game is not over; a replay shows finished games only",
                              key="err.replay.unfinished")
        self.game: Game[Any] = game
        self.players = int(dict(record.options)["players"])
        _, state = start(record)
        self.states = [state]
        for action in record.actions:
            state = game.apply(state, action)
            self.states.append(state)
        self.record = record if record.final is not None else record.with_final(game, final_state)


def _no_log(observation: dict[str, JSON]) -> dict[str, JSON]:
    """An observation without its log (a replay step sends the log once, for the seat chosen)."""
    return {k: v for k, v in observation.items() if k != "log"}


def _record_text(raw: Any) -> str:
    """The request's record as JSON text, refused when too long."""
    if isinstance(raw, str):
        text = raw
    elif isinstance(raw, Mapping):
        text = json.dumps(raw)
    else:
        raise RequestError("the request needs 'record': a game record")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError("the record is too long", key="err.record.long")
    return text


class Replays:
    """The records replayed lately, by the SHA-256 of their text, least recently used first."""

    def __init__(self) -> None:
        self.kept: OrderedDict[str, Replay] = OrderedDict()

    def ops(self) -> dict[str, Handler]:
        """This job's ops, by name."""
        return {"replay": self.replay}

    def get(self, text: str) -> Replay:
        """The replay of a record's text, made (checked, replayed) on first use."""
        key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        rep = self.kept.get(key)
        if rep is None:
            rep = Replay(Record.from_json(text))
            self.kept[key] = rep
            while len(self.kept) > MAX_REPLAYS:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        return rep

    def replay(self, req: Mapping[str, Any]) -> JSON:
        """One step of a finished game's record, seen by one seat or with every hand (the replay viewer)."""
        rep = self.get(_record_text(req.get("record")))
        steps = len(rep.states) - 1
        step = int_field(req, "step", steps)
        if not 0 <= step <= steps:
            raise RequestError(f"this replay has steps 0 to {steps}", key="err.replay.steps", n=steps)
        every = req.get("seat", -1) == "all"
        seat = -1 if every else int_field(req, "seat", -1)
        if not -1 <= seat < rep.players:
            raise no_player(seat, RequestError)
        game, state = rep.game, rep.states[step]
        observation = game.observation(state, seat)
        size = log_size(observation) or 0
        terminal = game.is_terminal(state)
        return {
            "record": rep.record.to_json(),
            "steps": steps,
            "step": step,
            "seat": "all" if every else seat,
            "players": rep.players,
            "action": rep.record.actions[step - 1] if step > 0 else None,
            "current": -1 if terminal else game.current_player(state),
            "terminal": terminal,
            "result": game.result(state) if terminal else None,
            "observation": observation,
            "hands": [_no_log(game.observation(state, s)) for s in range(rep.players)] if every else None,
            "log": list(game.log_entries(state, seat, max(0, size - MAX_REPLAY_LOG), size)),
            "log_size": size,
        }

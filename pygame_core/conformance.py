"""The conformance check that every registered game must pass (cf. OpenSpiel's random_sim_test).

It plays random games from many seeds and checks, at every step, that legal
actions apply, illegal ones are refused with the protocol's error types,
observations are JSON-able and leak no hidden card, an observation is unchanged
when only hidden cards change, and the record replays to an identical state.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from .errors import IllegalActionError, InvalidActionError, PrimiError
from .protocol import TERMINAL, Game
from .records import Record, replay
from .rng import AgentRandom

_TOKEN = re.compile(r"[A-Za-z0-9]+")


class ConformanceError(AssertionError):
    """A game broke the protocol; the message says where."""


def _tokens(data: Any) -> set[str]:
    """Every word of every string (keys included) in JSON data."""
    found: set[str] = set()
    if isinstance(data, str):
        found.update(_TOKEN.findall(data))
    elif isinstance(data, dict):
        for k, v in data.items():
            found.update(_tokens(k))
            found.update(_tokens(v))
    elif isinstance(data, (list, tuple)):
        for v in data:
            found.update(_tokens(v))
    return found


def check_observations(game: Game[Any], state: Any, players: int, where: str, resample_seed: int) -> None:
    """Each seat's observation is JSON, leaks none of its hidden cards, and ignores them."""
    for seat in range(-1, players):
        obs = game.observation(state, seat)
        try:
            text = json.dumps(obs, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise ConformanceError(f"{where}: observation for seat {seat} is not JSON-able: {exc}") from None
        if json.loads(text) != obs:
            raise ConformanceError(f"{where}: observation for seat {seat} does not survive JSON")
        hidden = set(game.hidden_cards(state, seat))
        leaked = hidden & _tokens(obs)
        if leaked:
            raise ConformanceError(f"{where}: seat {seat} sees hidden cards {sorted(leaked)}")
        other = game.resample_hidden(state, seat, resample_seed)
        if game.observation(other, seat) != obs:
            raise ConformanceError(f"{where}: seat {seat}'s observation changes when only hidden cards change")


def random_playthrough(
    game: Game[Any],
    variant: str | None,
    seed: int,
    options: dict[str, Any] | None = None,
    max_steps: int = 5000,
    check_every: int = 1,
) -> Record:
    """Play one random game with every check; return its record."""
    info = game.info.variant(variant)
    opts = info.resolve_options(options)
    players = opts["players"]
    state = game.initial_state(opts, seed, info.name)
    rng = AgentRandom(seed ^ 0x5EED)
    record = Record(game.info.name, info.name, tuple(sorted(opts.items())), seed)
    previous_legal: tuple[str, ...] = ()
    for step in range(max_steps):
        where = f"{game.info.name}/{info.name} seed {seed} step {step}"
        if step % check_every == 0 or game.is_terminal(state):
            check_observations(game, state, players, where, seed + step)
        if game.is_terminal(state):
            if game.current_player(state) != TERMINAL or game.legal_actions(state):
                raise ConformanceError(f"{where}: terminal state still has a player or actions")
            result = game.result(state)
            json.dumps(result)
            if not result.get("winners") and result.get("winners") != []:
                raise ConformanceError(f"{where}: result has no winners list")
            break
        seat = game.current_player(state)
        if not 0 <= seat < players:
            raise ConformanceError(f"{where}: current player {seat} is not a seat")
        legal = game.legal_actions(state)
        if not legal:
            raise ConformanceError(f"{where}: no legal action in a live state")
        if len(set(legal)) != len(legal) or game.legal_actions(state) != legal:
            raise ConformanceError(f"{where}: legal actions repeat or are not deterministic")
        for a in legal:
            if game.parse_action(a) != a:
                raise ConformanceError(f"{where}: action {a!r} does not parse back to itself")
        _check_refusals(game, state, legal, previous_legal, where)
        action = rng.choice(legal)
        state = game.apply(state, action)
        record = record.with_action(action)
        previous_legal = legal
    else:
        raise ConformanceError(f"{game.info.name} seed {seed}: no end after {max_steps} steps")
    _, replayed = replay(Record.from_json(json.loads(json.dumps(record.to_json()))))
    if replayed != state:
        raise ConformanceError(f"{game.info.name} seed {seed}: replay differs from play")
    return record


def _check_refusals(game: Game[Any], state: Any, legal: tuple[str, ...], others: Iterable[str], where: str) -> None:
    for junk in ("", "   ", "no-such-verb 1", "\x00"):
        try:
            game.apply(state, junk)
        except InvalidActionError:
            pass
        except PrimiError as exc:
            raise ConformanceError(f"{where}: junk {junk!r} gave {type(exc).__name__}, not InvalidActionError") from None
        else:
            raise ConformanceError(f"{where}: junk action {junk!r} was accepted")
    for other in others:
        if other in legal:
            continue
        try:
            game.apply(state, other)
        except IllegalActionError:
            pass
        except PrimiError as exc:
            raise ConformanceError(f"{where}: illegal {other!r} gave {type(exc).__name__}, not IllegalActionError") from None
        else:
            raise ConformanceError(f"{where}: illegal action {other!r} was accepted")
        break

"""The conformance check that every registered game must pass (cf. OpenSpiel's random_sim_test).

It plays random games from many seeds and checks, at every step, that legal
actions apply, illegal ones are refused with the protocol's error types,
``describe_action`` gives a Description (a message key and JSON args, nested
messages allowed) for every legal action and names no card hidden from the actor,
observations are JSON-able and leak no hidden card, an observation is unchanged
when only hidden cards change, observations carry ``log`` and ``log_size`` and
``log_entries`` agrees with them and leaks no hidden card either, the result has
``winners`` and one score per seat, and the record replays to an identical state.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import IllegalActionError, InvalidActionError, PrimiError
from .protocol import TERMINAL, Game, S
from .records import Record, replay
from .rng import AgentRandom

_TOKEN = re.compile(r"[A-Za-z0-9]+")
_ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}|.)")
_WORD_BREAKS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})  # ASCII: all but _TOKEN's


class ConformanceError(AssertionError):
    """A game broke the protocol; the message says where."""


def _hidden_in(hidden: set[str], text: str) -> set[str]:
    """The cards of ``hidden`` that are words of ``text``, some data's JSON text: every word of every
    string (keys included; escapes such as \\n, \\" or \\u00e9 are separators, and numbers match no card).

    An ASCII text (``json.dumps``'s) is cut into words by ``str.translate`` and ``split``, the same
    words as ``_TOKEN`` finds at a third of its cost.
    """
    if not hidden:
        return set()
    plain = _ESCAPE.sub(" ", text)
    words = plain.translate(_WORD_BREAKS).split() if plain.isascii() else _TOKEN.findall(plain)
    return hidden.intersection(words)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _json_round_trip(data: Any, what: str, where: str) -> str:
    """``data``'s JSON text (keys sorted, ASCII); ConformanceError if it is not JSON or does not survive it.

    ``_hidden_in`` reads the text's words (the order of keys changes none)."""
    try:
        text = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{where}: {what} is not JSON-able: {exc}") from None
    if json.loads(text) != data:
        raise ConformanceError(f"{where}: {what} does not survive JSON")
    return text


_SCALARS = (str, int, float, bool)


def _is_mapping(x: Any) -> bool:
    return type(x) is dict or isinstance(x, Mapping)  # a dict skips the ABC's slower check


def _check_arg(value: Any, what: str, where: str) -> None:
    """A Description arg: a JSON scalar, a list of args, or a nested message."""
    if value is None or isinstance(value, _SCALARS):
        return
    if isinstance(value, list):
        for v in value:
            _check_arg(v, what, where)
        return
    if isinstance(value, Mapping):
        check_description(value, what, where)
        return
    raise ConformanceError(f"{where}: {what} has an arg of type {type(value).__name__}")


def check_description(desc: Any, what: str, where: str, players: int | None = None) -> None:
    """``desc`` is a Description: ``{"key": str, "args": {str: arg}, "seat"?: int}`` (args may nest messages)."""
    if not _is_mapping(desc):
        raise ConformanceError(f"{where}: {what} is a {type(desc).__name__}, not a Description")
    key, args = desc.get("key"), desc.get("args")
    if not isinstance(key, str) or not key:
        raise ConformanceError(f"{where}: {what} has no message key")
    if not _is_mapping(args) or not all(isinstance(k, str) for k in args):
        raise ConformanceError(f"{where}: {what} ({key}) has no args object")
    if "seat" in desc and not (_is_int(desc["seat"]) and (players is None or -1 <= desc["seat"] < players)):
        raise ConformanceError(f"{where}: {what} ({key}) names no seat of the game: {desc['seat']!r}")
    for v in args.values():
        if v is not None and not isinstance(v, _SCALARS):  # a scalar passes _check_arg at once
            _check_arg(v, f"{what} ({key})", where)


def check_observations(
    game: Game[S], state: S, players: int, where: str, resample_seed: int, whole_log: bool = False
) -> None:
    """Each seat's observation is JSON, leaks none of its hidden cards, and ignores them; its log agrees
    with ``log_entries`` (the whole log is read and leak-checked only when ``whole_log``)."""
    for seat in range(-1, players):
        obs = game.observation(state, seat)
        text = _json_round_trip(obs, f"observation for seat {seat}", where)
        hidden = set(game.hidden_cards(state, seat))
        leaked = _hidden_in(hidden, text)
        if leaked:
            raise ConformanceError(f"{where}: seat {seat} sees hidden cards {sorted(leaked)}")
        other = game.resample_hidden(state, seat, resample_seed)
        if game.observation(other, seat) != obs:
            raise ConformanceError(f"{where}: seat {seat}'s observation changes when only hidden cards change")
        _check_log(game, state, seat, obs, hidden, players, where, whole_log)


def _check_log(
    game: Game[S], state: S, seat: int, obs: Mapping[str, Any], hidden: set[str], players: int, where: str,
    whole_log: bool,
) -> None:
    """``log``/``log_size`` in the observation, and ``log_entries`` agreeing with them."""
    size, log = obs.get("log_size"), obs.get("log")
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise ConformanceError(f"{where}: observation for seat {seat} has no log_size (a count of entries)")
    if not isinstance(log, list) or len(log) > size:
        raise ConformanceError(f"{where}: observation for seat {seat} has no log list of at most log_size entries")
    for entry in log:
        check_description(entry, f"a log entry for seat {seat}", where, players)
        if not _is_int(entry.get("seat")):
            raise ConformanceError(f"{where}: a log entry for seat {seat} has no seat number")
    start = 0 if whole_log else size - len(log)
    entries = game.log_entries(state, seat, start, size)
    if not isinstance(entries, list) or len(entries) != size - start:
        raise ConformanceError(f"{where}: log_entries({seat}, {start}, {size}) gives no list of {size - start} entries")
    if log and entries[len(entries) - len(log):] != log:
        raise ConformanceError(f"{where}: log_entries for seat {seat} does not end with the observation's log")
    if whole_log:
        leaked = _hidden_in(hidden, _json_round_trip(entries, f"log_entries for seat {seat}", where))
        if leaked:
            raise ConformanceError(f"{where}: seat {seat}'s log_entries show hidden cards {sorted(leaked)}")


def random_playthrough(
    game: Game[S],
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
        checked = step % check_every == 0 or game.is_terminal(state)
        if checked:
            # The whole log is read at steps 0, 1, 2, 4, 8, ... and at the end, so long games stay cheap.
            whole_log = step & (step - 1) == 0 or game.is_terminal(state)
            check_observations(game, state, players, where, seed + step, whole_log)
        if game.is_terminal(state):
            if game.current_player(state) != TERMINAL or game.legal_actions(state):
                raise ConformanceError(f"{where}: terminal state still has a player or actions")
            check_result(game.result(state), players, where)
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
        hidden = set(game.hidden_cards(state, seat))
        for a in legal if checked else (action,):
            desc = game.describe_action(state, a)
            check_description(desc, f"describe_action({a!r})", where, players)
            leaked = _hidden_in(hidden, _json_round_trip(desc, f"describe_action({a!r})", where))
            if leaked:
                raise ConformanceError(f"{where}: describe_action({a!r}) names cards hidden from seat {seat}: "
                                       f"{sorted(leaked)}")
        state = game.apply(state, action)
        record = record.with_action(action)
        previous_legal = legal
    else:
        raise ConformanceError(f"{game.info.name} seed {seed}: no end after {max_steps} steps")
    _, replayed = replay(Record.from_json(json.loads(json.dumps(record.to_json()))))
    if replayed != state:
        raise ConformanceError(f"{game.info.name} seed {seed}: replay differs from play")
    return record


def check_result(result: Any, players: int, where: str) -> None:
    """``result`` is JSON with ``winners`` (seats) and ``scores`` (one number per seat)."""
    if not isinstance(result, Mapping):
        raise ConformanceError(f"{where}: result is not an object")
    _json_round_trip(result, "result", where)
    winners, scores = result.get("winners"), result.get("scores")
    if not isinstance(winners, list) or not all(_is_int(w) and 0 <= w < players for w in winners):
        raise ConformanceError(f"{where}: result has no winners list of seats")
    if len(set(winners)) != len(winners):
        raise ConformanceError(f"{where}: result names a winner twice")
    if not isinstance(scores, list) or len(scores) != players or not all(_is_number(x) for x in scores):
        raise ConformanceError(f"{where}: result has no scores list with one number per seat")


def _check_refusals(game: Game[S], state: S, legal: tuple[str, ...], others: Iterable[str], where: str) -> None:
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

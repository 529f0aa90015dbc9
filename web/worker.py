"""The worker bridge: it holds the rules core (and the AI) off the main thread, and speaks the protocol only.

The page calls ``call(request_json)``; every request and answer is JSON text, so
only plain data crosses the thread boundary. This file imports nothing
game-specific: a game's extra operations (Primero's hand score, coach and
lessons) come through ``game.info.operations`` (``game_op``), its AI levels
through ``make_agent``.

Answers: ``{"ok": true, "result": ..., "ms": n}`` or ``{"ok": false, "error":
"<a sentence for a player>", "kind": "<error class>", "ms": n}``. A View is
``{seat, observation, legal, current, terminal, result, actions, say, record, seed, undo}``
(``say``: the public log entries this call added; ``record``/``seed``: see below; ``undo``:
whether the seat shown may undo now).
Ops (request fields -> result):

- ``info`` -> ``{python, core, games}``
- ``new_game {game, variant?, options?, seats, seed?, undo?, names?}`` or ``{record, seats, undo?, names?}``
  -> ``{session, seats, view}`` (``undo``: whether the game allows undo, default true, false for a
  daily deal; ``names``: the players' names the page shows, kept with the game's save);
  ``daily: "YYYY-MM-DD"`` instead of ``seed``: the day's deal (``daily_seed``), its seed kept until the end
- ``show {session, seat}`` -> View (and that seat is shown from now on)
- ``view {session}`` -> View of the seat shown
- ``act {session, seat, action, show?}`` -> View after the action
- ``ai_step {session}`` -> View after the computer seat to act played, plus ``think_ms``, and ``why``
  (a Description: why it played that) when its agent has ``explain(public_observation, action)``
- ``undo {session, seat}`` -> View after going back to before the last action of ``seat`` (the
  human shown), replaying nothing (the worker keeps every state). Refused unless the game allows
  undo, is not over, and every action after that one was ``seat``'s own or a computer's.
- ``log {session, start, stop}`` -> the public log entries ``start:stop``
- ``record {session, export?}`` -> the record (game over, or ``export: true``)
- ``game_op {game, name, session?, ...}`` -> the game's operation ``name``
- ``close {session}`` -> true; ``ping`` -> "pong"; ``prepare {game, variant?, options?}`` -> the levels whose tables it built (the setup screen asks, issue 12); ``boot`` -> ``{mode: "snapshot"|"plain", error?, ms?}``
  (whether web/engine-boot.mjs restored the build's memory snapshot); ``heap`` -> ``{wasm: bytes}``; ``deal_preview {seed, count?}`` -> card texts
- ``replay {record, step?, seat?}`` -> one step of a finished game's record (the replay viewer): the
  record is checked exactly like ``python -m pygame_core replay`` (shape, every action, the final
  digest) and must be a finished game; ``seat`` is -1..players-1 or ``"all"`` (every hand: the game
  is over, so nothing is secret any more). Result ``{record, steps, step, seat, players, action,
  current, terminal, result, observation, hands, log, log_size}``; ``record`` is the record with its
  ``final`` check (the replay link carries it).
- Saved games (``call_async`` only: they need the browser's storage, IndexedDB):
  ``saves`` -> ``{storage, more, saves: [{id, status: "ok"|"corrupt", problem, game, variant, players, seats,
  names, updated, turn, actions, kept}]}`` (most recent first; a corrupt save is listed, marked, with its
  ``problem`` as a Description ``save.bad.*``); ``resume {save}`` -> like ``new_game``;
  ``delete_save {save}`` or ``{all: true}`` -> true; ``export_save {save}`` -> ``{text, kind}``
  (``kind: "record"``: the game record as JSON text for a file; ``"raw"``: a damaged save's own text);
  ``import_record {record, seats?}`` -> like ``new_game`` (the checks of ``python -m pygame_core
  replay``; an unfinished game goes on and is saved; ``seats``: who plays each seat, which the page
  asks the player, offering the record's own ``seats``); ``check_record {record}`` (works without storage) ->
  ``{game, variant, players, actions, terminal, seats}`` (the same checks, nothing opened; ``seats``:
  the record's seat kinds, or the default for a record without them or a level this version lacks).
  Every record the worker gives (export, a game's end) carries its ``seats``. ``saves {limit?}`` lists ``limit`` games in progress (50 by default) and says how
  many are left in ``more``. A save whose record this version's rules refuse at move ``n`` opens
  at the move before it and carries ``kept: {n, total}`` (its original record is kept with it:
  ``export_save {save, original: true}``); the answers of ``resume`` carry ``kept`` too.
  ``new_game``, ``resume`` and ``import_record`` answer ``{session, seats, names, game, variant,
  options, undo, save, view}``.

Saves: the worker writes each game's save (record, seats, names) after every call that changed it,
before answering, and drops it once the game is over (unless it keeps an original record the rules
refused: then it stays, listed with ``turn: -1``, until the player deletes it); the page gets metadata only. When the storage
refuses (private mode, full, unavailable), the game goes on and the answer carries ``unsaved: true``.

The rules it keeps:

- **Nothing hidden leaks while a game runs.** A reply carries only the
  observation of the seat the page is showing; the record only once the game
  is over (or on ``record`` with ``export: true``); a seed the worker drew only
  once the game is over (a seed the player typed, or a record the page sent,
  is the page's own and may be echoed).
- **Show rules.** The page may show seat -1 (a spectator) always; any seat once
  the game is over; otherwise only a human seat that is the only human or is
  the seat to act now. ``view``, ``act`` and needs-view operations answer only
  for the seat shown.
- **Sessions** have ids that are never reused in the worker's lifetime; at most
  ``MAX_SESSIONS`` are kept (finished ones are dropped first, then the least
  recently used), and ``close`` frees one at once.

Details the spec leaves open, decided here:
- After ``act`` (without ``show``) or ``ai_step``, a shown seat the show rules no
  longer allow (a hot-seat human whose turn has passed) falls back to -1. The
  reply's ``seat`` says which seat the View is for.
- ``view`` with a ``seat`` other than the seat shown is refused (use ``show``).
- ``log`` returns at most ``MAX_LOG_SLICE`` entries; ``start``/``stop`` are clamped.
- ``game_op`` passes the operation the request without its envelope (``op``,
  ``game``, ``name``, ``session``): ``name`` is the operation's name, so an
  operation's own fields must use other keys (the lessons op: ``lesson``, ``step``).
- A malformed request gets kind ``RequestError``; a bug gets kind
  ``InternalError`` with a generic ``error``, and in ``detail`` where it happened
  (the stack and the exception's type, never its message, which may quote hidden state).
"""

from __future__ import annotations

import hashlib
import inspect
import itertools
import json
import re
import secrets
import sys
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import pygame_core
from pygame_core import registry
from pygame_core.agents import make_agent
from pygame_core.cards import DECK_40
from pygame_core.errors import IllegalActionError, InvalidActionError, OptionsError, PrimiError, RecordError, quote
from pygame_core.protocol import JSON, Agent, Game, VariantInfo
from pygame_core.records import Record, replay, start
from pygame_core.rng import AgentRandom, Rng

try:  # PyScript's worker API; absent under CPython (tests import this file with or without a stub)
    from pyscript import sync
except ImportError:
    sync = None

SEED_BOUND = 2**53
"""A drawn seed is below this: 53 random bits, the most a JavaScript number holds exactly (the end
screen's replay link must deal the same game). With fewer, say 10**9 seeds, the cards a player
sees (their hand, a showdown) single out the seed by trying every one offline, and with it every
card still hidden."""
MAX_SESSIONS = 8
MAX_RECORD_CHARS = 1_000_000
"""A replayed record's JSON text is at most this long (a replay link's record is far smaller)."""
MAX_REPLAYS = 2
"""Replayed records whose states are kept, so stepping through a replay costs O(1) a step."""
MAX_REPLAY_LOG = 300
"""At most this many of the latest log entries with each replay step."""
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
"""Sessions kept at once; beyond this the least recently used (finished ones first) is dropped."""
MAX_ACTION_CHARS = 1000
"""No action text is this long; a longer one is refused before it reaches the game's parser."""
MAX_NAME_CHARS = 40
"""A player's name, as the page sends it with a new game, is at most this long."""
MAX_LOG_SLICE = 1000
"""At most this many log entries per ``log`` request."""
MAX_ERROR_CHARS = 400
"""An error message is cut to this length (a core message quoting hostile input must stay small)."""
INTERNAL_MESSAGE = (
    "Something went wrong in the game engine; your game is safe. "
    "Try again, or save the game record and start it again from there."
)


class RequestError(PrimiError):
    """The request itself is malformed: not JSON, not an object, an unknown op, a field of the wrong type."""


# --- request fields ------------------------------------------------------------


def _int(req: Mapping[str, Any], key: str, default: int | None = None) -> int:
    """A whole-number field of the request (booleans and huge numbers refused)."""
    value = req.get(key, default)
    if value is None:
        raise RequestError(f"the request needs {key!r}")
    if isinstance(value, bool) or not isinstance(value, int) or value.bit_length() > 64:
        raise RequestError(f"{key!r} must be a whole number, not {quote(value)}")
    return value


def _str(req: Mapping[str, Any], key: str) -> str:
    """A text field of the request."""
    value = req.get(key)
    if not isinstance(value, str):
        raise RequestError(f"the request needs {key!r} as text, not {quote(value)}")
    return value


def _cut(text: str) -> str:
    """A core message, cut so that a hostile action it quotes cannot flood the reply."""
    return text if len(text) <= 300 else text[:300] + "..."


# --- sessions --------------------------------------------------------------------


class Session:
    """One game in progress: the game, its current state, its actions, the seats and their agents.

    ``actions`` is a list appended in place (a record is built only when one is
    sent), so a long game costs O(1) per action.
    """

    def __init__(self, record: Record, seats: list[str], seed_public: bool, undo: bool = True,
                 names: list[str] | None = None, save_id: str | None = None, agents: bool = True) -> None:
        players = dict(record.options).get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise RecordError("the record does not say how many players there are (options.players)")
        if len(seats) != players or not all(isinstance(k, str) for k in seats):
            raise OptionsError(f"give one player kind per seat ({players} seats: human or a computer level)")
        self.game: Game[Any]
        if record.final is not None:
            replay(record)  # the final-state check, as `python -m pygame_core replay` makes it
        self.game, state = start(record)
        # states[i] is the state before action i (undo goes back to one of them); actors[i] who played it
        self.states: list[Any] = []
        self.actors: list[int] = []
        for i, action in enumerate(record.actions):
            self.states.append(state)
            self.actors.append(self.game.current_player(state))
            try:
                state = self.game.apply(state, action)
            except PrimiError as exc:
                raise RecordError(f"action {i + 1} ({quote(action)}) does not apply: {_cut(str(exc))}", i, action) from None
            except Exception as exc:  # a game's bug must not reach a player as a traceback
                raise RecordError(f"action {i + 1} ({quote(action)}) does not apply: the game failed on it "
                                  f"({type(exc).__name__})", i, action) from None
        self.state = state
        self.header = Record(record.game, record.variant, record.options, record.seed)
        self.actions: list[str] = list(record.actions)
        self.seats = seats
        self.seed_public = seed_public
        self.undo = undo
        self.names = names
        self.save_id = save_id
        self.changed = save_id is not None  # an action or undo since the last autosave
        self.created: int | None = None
        self.kept: dict[str, Any] | None = None
        """A save whose record this version's rules refuse goes on from before the refused move; its
        original record is kept with the save (``{"record", "n": the refused move, "total"}``), exportable."""
        options = dict(record.options)
        self.agents: dict[int, Agent] = {}
        for seat, kind in enumerate(seats):
            if kind == "human":
                continue
            if not agents:  # a save listed only (not played) needs no AI, only a level that exists
                if kind != "random" and kind not in self.game.info.agents:
                    raise OptionsError(f"no computer level {quote(kind)} for {record.game}")
                continue
            agent = make_agent(record.game, kind)
            prepare: Callable[[str, Mapping[str, Any]], None] | None = getattr(agent, "prepare", None)
            if callable(prepare):
                prepare(record.variant, options)  # build the AI's tables now, not on its first move
            self.agents[seat] = agent
        self.rngs = {seat: AgentRandom(record.seed * 7919 + seat) for seat in self.agents}
        humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
        self.humans = humans
        self.shown = humans[0] if len(humans) == 1 else -1
        self.log_size = self._log_size(self.game.observation(self.state, self.shown))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def terminal(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    def record(self) -> Record:
        """The whole record (only ever sent when the game is over, or exported on the player's request)."""
        h = self.header
        return Record(h.game, h.variant, h.options, h.seed, tuple(self.actions), seats=tuple(self.seats))

    def may_show(self, seat: int, state: Any = None) -> bool:
        """The show rules: -1 always; any seat once over; else a human seat that is the only one or is to act."""
        state = self.state if state is None else state
        if seat == -1:
            return True
        if not 0 <= seat < self.players:
            return False
        if self.game.is_terminal(state):
            return True
        if self.seats[seat] != "human":
            return False
        return self.humans == [seat] or self.game.current_player(state) == seat

    def check_show(self, seat: int, state: Any = None) -> None:
        """Raise a clear error unless the page may show ``seat``."""
        if seat == -1 or self.may_show(seat, state):
            return
        if not 0 <= seat < self.players:
            raise OptionsError(f"this game has no player number {seat + 1}")
        if self.seats[seat] != "human":
            raise IllegalActionError("that player is played by the computer; its cards stay hidden until the end")
        raise IllegalActionError("that player's cards are shown only on their turn")

    @staticmethod
    def _log_size(observation: Mapping[str, Any]) -> int | None:
        size = observation.get("log_size")
        return size if isinstance(size, int) and not isinstance(size, bool) else None

    def undo_point(self, seat: int) -> int | None:
        """The index of ``seat``'s last action, if undo may go back to before it; else None.

        Undo is possible only in a game that allows it, not over, for a human seat, and when every
        action after that one was played by ``seat`` itself or by computer seats.
        """
        if not self.undo or self.terminal or not 0 <= seat < self.players or self.seats[seat] != "human":
            return None
        for i in range(len(self.actors) - 1, -1, -1):
            actor = self.actors[i]
            if actor == seat:
                return i
            if 0 <= actor < self.players and self.seats[actor] == "human":
                return None
        return None

    def rewind(self, index: int) -> None:
        """Go back to the state before action ``index`` (states are immutable: nothing is recomputed)."""
        self.state = self.states[index]
        del self.states[index:], self.actors[index:], self.actions[index:]
        self.log_size = self._log_size(self.game.observation(self.state, self.shown))

    def advance(self, new_state: Any, action: str, shown: int | None) -> dict[str, JSON]:
        """Commit ``action`` (already applied into ``new_state``), set the seat shown, and return its View."""
        self.states.append(self.state)
        self.actors.append(self.game.current_player(self.state))
        self.state = new_state
        self.actions.append(action)
        self.changed = True
        if shown is not None:
            self.shown = shown
        elif not self.may_show(self.shown):
            self.shown = -1
        return self.view(say_from=self.log_size)

    def view(self, say_from: int | None = None) -> dict[str, JSON]:
        """The View of the seat shown; ``say`` holds the public log entries from ``say_from`` on."""
        game, state, seat = self.game, self.state, self.shown
        terminal = self.terminal
        to_act = -1 if terminal else game.current_player(state)
        observation = game.observation(state, seat)
        size = self._log_size(observation)
        say: list[JSON] = []
        if say_from is not None and size is not None and size > say_from:
            say = list(game.log_entries(state, seat, say_from, size))
        self.log_size = size
        return {
            "seat": seat,
            "observation": observation,
            "legal": list(game.legal_actions(state)) if seat >= 0 and seat == to_act else [],
            "current": to_act,
            "terminal": terminal,
            "result": game.result(state) if terminal else None,
            "actions": len(self.actions),
            "say": say,
            "record": self.record().to_json() if terminal else None,
            "seed": self.header.seed if terminal or self.seed_public else None,
            "undo": self.undo_point(seat) is not None,
        }


# Games in progress, by session id, least recently used first. The core itself keeps no state.
SESSIONS: OrderedDict[str, Session] = OrderedDict()
_IDS = itertools.count(1)


def _keep(session: Session) -> str:
    """Store a new session under a fresh id, dropping old ones beyond MAX_SESSIONS."""
    sid = f"s{next(_IDS)}"
    SESSIONS[sid] = session
    while len(SESSIONS) > MAX_SESSIONS:
        finished = next((k for k, s in SESSIONS.items() if s.terminal and k != sid), None)
        if finished is not None:
            del SESSIONS[finished]
        else:
            SESSIONS.popitem(last=False)
    return sid


def _session(req: Mapping[str, Any]) -> Session:
    sid = req.get("session")
    if not isinstance(sid, str) or sid not in SESSIONS:
        raise RequestError("that game is no longer open in this tab; start it again from its record")
    SESSIONS.move_to_end(sid)
    return SESSIONS[sid]


def _bool(req: Mapping[str, Any], key: str, default: bool) -> bool:
    value = req.get(key, default)
    if not isinstance(value, bool):
        raise RequestError(f"{key!r} must be true or false, not {quote(value)}")
    return value


def _names(req: Mapping[str, Any]) -> list[str] | None:
    """The players' names the page shows (kept with a save, so the list can say whose turn it is)."""
    names = req.get("names")
    if names is None:
        return None
    if not isinstance(names, list) or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_CHARS for n in names):
        raise RequestError(f"names must be a list of short texts (at most {MAX_NAME_CHARS} characters each)")
    return list(names)


def _seats(req: Mapping[str, Any]) -> list[str]:
    seats = req.get("seats")
    if not isinstance(seats, list) or not all(isinstance(k, str) for k in seats):
        raise OptionsError("give one player kind per seat: human or a computer level")
    return list(seats)


# --- ops -------------------------------------------------------------------------


def _info(req: Mapping[str, Any]) -> JSON:
    return {"python": sys.version.split()[0], "core": pygame_core.__version__, "games": registry.catalogue()}


def _rule_set(req: Mapping[str, Any]) -> tuple[Game[Any], VariantInfo, dict[str, Any]]:
    """The request's game, variant (its default when none) and options resolved by the variant."""
    game = registry.load(_str(req, "game"))
    variant = req.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise RequestError(f"the variant must be a name, not {quote(variant)}")
    info = game.info.variant(variant)
    options = req.get("options") or {}
    if not isinstance(options, Mapping):
        raise OptionsError("the options must be a JSON object")
    return game, info, info.resolve_options(options)


def _new_game(req: Mapping[str, Any]) -> JSON:
    """Start a game (or resume one from a record the page sends) and return its first View."""
    if "record" in req:
        record = Record.from_json(req["record"])
        seed_public = True  # the record came from the page: nothing new is revealed
    else:
        game, info, resolved = _rule_set(req)
        seed_public = req.get("seed") is not None
        if seed_public and req.get("daily") is not None:
            raise RequestError("a daily deal has no seed of its own")
        if req.get("daily") is not None:
            seed = daily_seed(game.info.name, _str(req, "daily"))
        else:
            seed = _int(req, "seed") if seed_public else secrets.randbelow(SEED_BOUND)
        record = Record(game.info.name, info.name, tuple(sorted(resolved.items())), seed)
    session = Session(record, _seats(req), seed_public, _bool(req, "undo", True), _names(req))
    if not session.terminal:
        session.save_id = "g" + secrets.token_hex(8)  # autosaved from now on (call_async)
        session.changed = True
    sid = _keep(session)
    return _started(sid, session)


def _show(req: Mapping[str, Any]) -> JSON:
    session = _session(req)
    seat = _int(req, "seat")
    session.check_show(seat)
    session.shown = seat
    return session.view()


def _view(req: Mapping[str, Any]) -> JSON:
    session = _session(req)
    if req.get("seat") is not None and req.get("seat") != session.shown:
        raise IllegalActionError("only the player on screen can be viewed; show another player first")
    if not session.may_show(session.shown):
        session.shown = -1
    return session.view()


def _act(req: Mapping[str, Any]) -> JSON:
    """A human's action: refused unless the seat is shown, human, to act, and the action legal."""
    session = _session(req)
    game, state = session.game, session.state
    seat = _int(req, "seat")
    if game.is_terminal(state):
        raise IllegalActionError("the game is over")
    if not 0 <= seat < session.players:
        raise OptionsError(f"this game has no player number {seat + 1}")
    if session.seats[seat] != "human":
        raise IllegalActionError("that player is played by the computer")
    if seat != session.shown:
        raise IllegalActionError("only the player on screen can act; show that player first")
    if game.current_player(state) != seat:
        raise IllegalActionError("it is not your turn")
    action = req.get("action")
    if not isinstance(action, str):
        raise InvalidActionError(f"an action is text, not {quote(action)}")
    if len(action) > MAX_ACTION_CHARS:
        raise InvalidActionError(f"not an action: {quote(action)}")
    text = game.parse_action(action)
    new_state = game.apply(state, text)
    shown = None
    if req.get("show") is not None:
        shown = _int(req, "show")
        session.check_show(shown, new_state)
    return session.advance(new_state, text, shown)


def _ai_step(req: Mapping[str, Any]) -> JSON:
    """The computer seat to act plays one action, chosen from its own observation only."""
    session = _session(req)
    game, state = session.game, session.state
    seat = -1 if game.is_terminal(state) else game.current_player(state)
    if seat < 0 or seat not in session.agents:
        view = session.view()
        view["think_ms"] = 0
        return view
    legal = game.legal_actions(state)
    started = time.perf_counter()
    agent = session.agents[seat]
    action = agent.choose(game.observation(state, seat), legal, session.rngs[seat])
    think = (time.perf_counter() - started) * 1000
    if action not in legal:
        raise RuntimeError(f"the {session.seats[seat]} AI chose an illegal action {quote(action)}")
    # An agent that can say why (``explain``) reads the public observation only (seat -1, before the move).
    explain: Callable[[Mapping[str, Any], str], Any] | None = getattr(agent, "explain", None)
    why = explain(game.observation(state, -1), action) if explain is not None else None
    view = session.advance(game.apply(state, action), action, None)
    view["think_ms"] = round(think, 1)
    if why is not None:
        view["why"] = why
    return view


def _undo(req: Mapping[str, Any]) -> JSON:
    """Go back to before the last action of ``seat`` (the human on screen), undoing the computers' moves since."""
    session = _session(req)
    seat = _int(req, "seat")
    if not session.undo:
        raise IllegalActionError("undo is off for this game")
    if session.terminal:
        raise IllegalActionError("the game is over: there is nothing to undo")
    if not 0 <= seat < session.players:
        raise OptionsError(f"this game has no player number {seat + 1}")
    if session.seats[seat] != "human":
        raise IllegalActionError("that player is played by the computer")
    if seat != session.shown:
        raise IllegalActionError("only the player on screen can undo; show that player first")
    index = session.undo_point(seat)
    if index is None:
        if seat in session.actors:
            raise IllegalActionError("another player has played since your last move: it cannot be undone")
        raise IllegalActionError("you have made no move to undo yet")
    session.rewind(index)
    session.changed = True
    return session.view()


def _log(req: Mapping[str, Any]) -> JSON:
    """Public log entries ``start:stop`` as the seat shown sees them (for "show older")."""
    session = _session(req)
    if not session.may_show(session.shown):
        session.shown = -1
    size = session._log_size(session.game.observation(session.state, session.shown)) or 0
    start = min(max(_int(req, "start", 0), 0), size)
    stop = min(max(_int(req, "stop", size), start), size, start + MAX_LOG_SLICE)
    return list(session.game.log_entries(session.state, session.shown, start, stop))


def _record(req: Mapping[str, Any]) -> JSON:
    """The record: once the game is over, or when the player asks to export or save it."""
    session = _session(req)
    if not session.terminal and req.get("export") is not True:
        raise IllegalActionError("the game record is given when the game is over, or when you export it")
    return session.record().to_json()


_ENVELOPE = frozenset({"op", "game", "name", "session"})
"""The ``game_op`` request's own keys; the operation gets the other fields only (a lesson is ``lesson``, not ``name``)."""


def _game_op(req: Mapping[str, Any]) -> JSON:
    """A game's own operation (Primero: hand, coach, lessons); needs-view ones see the seat shown only."""
    game = registry.load(_str(req, "game"))
    op = game.info.operation(_str(req, "name"))
    view: Mapping[str, Any] | None = None
    if op.needs_view:
        session = _session(req)
        if session.game.info.name != game.info.name:
            raise RequestError(f"that game session is not a game of {game.info.label}")
        if not session.may_show(session.shown):
            session.shown = -1
        view = session.game.observation(session.state, session.shown)
    own = {k: v for k, v in req.items() if k not in _ENVELOPE}
    return op.run(own, view)


def _close(req: Mapping[str, Any]) -> JSON:
    sid = req.get("session")
    if isinstance(sid, str):
        SESSIONS.pop(sid, None)
    return True


def _ping(req: Mapping[str, Any]) -> JSON:
    return "pong"


def _prepare(req: Mapping[str, Any]) -> JSON:
    """Build the AI's tables for a rule set before the game starts (the setup screen asks when it shows
    one), so that neither the start nor a first computer move waits for them (issue 12). Each level's
    ``prepare`` keeps its tables for the process; a second call costs nothing. Answers the levels
    prepared."""
    game, info, resolved = _rule_set(req)
    done = []
    for kind in game.info.agents:
        prepare: Callable[[str, Mapping[str, Any]], None] | None = getattr(make_agent(game.info.name, kind), "prepare", None)
        if callable(prepare):
            prepare(info.name, resolved)
            done.append(kind)
    return done


def _boot(req: Mapping[str, Any]) -> JSON:
    """How this worker's Python started: ``{"mode": "snapshot"}`` when web/engine-boot.mjs restored
    the build's memory snapshot (with ``ms``: the time of each step, fetch, check, unpack and
    restore), ``{"mode": "plain", "error": ...}`` when it started Python the usual way (and why),
    ``{"mode": "cpython"}`` outside the browser."""
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to the worker's globals
    except ImportError:
        return {"mode": "cpython"}
    info = getattr(js, "primiBoot", None)
    if info is None:
        return {"mode": "plain", "error": "no boot record"}
    mode = str(getattr(info, "mode", "plain"))
    error = getattr(info, "error", None)
    steps = getattr(info, "steps", None)
    timings = {str(k): int(v) for k, v in steps.to_py().items()} if steps is not None else {}
    return {"mode": mode, **({"error": str(error)} if error else {}), **({"ms": timings} if timings else {})}


def _heap(req: Mapping[str, Any]) -> JSON:
    """The worker's WebAssembly memory in bytes (bench/boot.py), or null outside the browser."""
    try:
        import pyodide_js  # type: ignore[import-not-found]
    except ImportError:
        return None
    return {"wasm": int(pyodide_js._module.HEAP8.length)}


def _deal_preview(req: Mapping[str, Any]) -> JSON:
    """The first cards of a seeded shuffle of the 40-card deck (proves the browser deals like CPython)."""
    seed = _int(req, "seed")
    count = _int(req, "count", 16)
    deck, _ = Rng.from_seed(seed).shuffle(DECK_40)
    return [str(c) for c in deck[: max(count, 0)]]


def daily_seed(game: str, date: str) -> int:
    """The seed of a game's daily deal on a UTC date ``YYYY-MM-DD``: the same for everyone that day.

    The first 8 bytes of SHA-256 of ``primi-daily/<game>/<date>``, below SEED_BOUND (a JavaScript
    number). It is public (anyone can compute it), but the worker keeps it until the game ends,
    like a drawn seed, so the page never holds what the hidden cards follow from.
    """
    m = _DATE.fullmatch(date)
    if m is None or not (2000 <= int(m[1]) <= 9999 and 1 <= int(m[2]) <= 12 and 1 <= int(m[3]) <= 31):
        raise RequestError(f"a daily deal needs a date written YYYY-MM-DD, not {quote(date)}")
    digest = hashlib.sha256(f"primi-daily/{game}/{date}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_BOUND


class Replay:
    """A finished game's record, checked and replayed once, with the state after every action."""

    def __init__(self, record: Record) -> None:
        game, final_state = replay(record)  # the CLI's checks: shape, every action, the final digest
        if not game.is_terminal(final_state):
            raise RecordError("this record's game is not over; a replay shows finished games only")
        self.game: Game[Any] = game
        self.players = int(dict(record.options)["players"])
        _, state = start(record)
        self.states = [state]
        for action in record.actions:
            state = game.apply(state, action)
            self.states.append(state)
        self.record = record if record.final is not None else record.with_final(game, final_state)


REPLAYS: OrderedDict[str, Replay] = OrderedDict()


def _no_log(observation: dict[str, JSON]) -> dict[str, JSON]:
    """An observation without its log (a replay step sends the log once, for the seat chosen)."""
    return {k: v for k, v in observation.items() if k != "log"}


def _replay(req: Mapping[str, Any]) -> JSON:
    """One step of a finished game's record, seen by one seat or with every hand (the replay viewer)."""
    raw = req.get("record")
    if isinstance(raw, str):
        if len(raw) > MAX_RECORD_CHARS:
            raise RecordError("the record is too long")
        text = raw
    elif isinstance(raw, Mapping):
        text = json.dumps(raw)
        if len(text) > MAX_RECORD_CHARS:
            raise RecordError("the record is too long")
    else:
        raise RequestError("the request needs 'record': a game record")
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    rep = REPLAYS.get(key)
    if rep is None:
        rep = Replay(Record.from_json(text))
        REPLAYS[key] = rep
        while len(REPLAYS) > MAX_REPLAYS:
            REPLAYS.popitem(last=False)
    REPLAYS.move_to_end(key)
    steps = len(rep.states) - 1
    step = _int(req, "step", steps)
    if not 0 <= step <= steps:
        raise RequestError(f"this replay has steps 0 to {steps}")
    who = req.get("seat", -1)
    every = who == "all"
    seat = -1 if every else _int(req, "seat", -1)
    if not -1 <= seat < rep.players:
        raise RequestError(f"this game has no player number {seat + 1}")
    game, state = rep.game, rep.states[step]
    observation = game.observation(state, seat)
    size = Session._log_size(observation) or 0
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


# --- saved games ---------------------------------------------------------------------
# The worker keeps the saves, so the page never holds a seed or a record mid-game: after every
# call that changed a game, its save (the record, the seats and their names) is written to the
# browser's IndexedDB from here; the page only ever gets a save's public metadata.

SAVE_VERSION = 1
"""The save format: ``{"v": 1, "id", "record": <a game record>, "seats", "names", "undo", "created",
"updated", "kept"?}`` (times in milliseconds since 1970), stored as JSON text under its id. ``kept``
(optional): ``{"record", "n", "total"}``, the original record of a game this version's rules refused
at move ``n`` of ``total``, which goes on from before that move."""
STORE_TIMEOUT = 5.0
"""Seconds a storage request may take before the game goes on without saving."""
MAX_SAVES = 50
"""The ``saves`` list gives this many games in progress at first (the most recent first); ``limit`` asks
for more, and ``more`` says how many are left (nothing is hidden: the page offers "Show more")."""
MAX_SAVES_LIMIT = 100_000


class StorageError(PrimiError):
    """The browser's storage refused a request (private mode, full, unavailable)."""


class NotText:
    """A stored value that is not text (written by something else): kept, reported, exportable as JSON."""

    def __init__(self, text: str) -> None:
        self.text = text


class SaveStore:
    """Where saves live: a mapping of save id -> JSON text. This one keeps them in memory (tests, or
    a browser without IndexedDB); ``IdbStore`` keeps them in IndexedDB."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}
        self.refuse = False  # tests: act as a browser that refuses storage

    def _check(self) -> None:
        if self.refuse:
            raise StorageError("storage refused")

    async def load(self) -> dict[str, Any]:
        self._check()
        return dict(self.data)

    async def put(self, key: str, text: str) -> None:
        self._check()
        self.data[key] = text

    async def delete(self, key: str | None) -> None:
        self._check()
        if key is None:
            self.data.clear()
        else:
            self.data.pop(key, None)


class IdbStore(SaveStore):
    """Saves in the browser's IndexedDB (database ``primi``, object store ``saves``), reached from
    the worker through Pyodide's ``js`` module; each request is awaited as a future."""

    DB = "primi"
    STORE = "saves"

    def __init__(self) -> None:
        super().__init__()
        self._db: Any = None

    @staticmethod
    async def _wait(target: Any, ok: str, bad: tuple[str, ...]) -> Any:
        import asyncio
        import importlib

        ffi = importlib.import_module("pyodide.ffi")
        future: asyncio.Future[Any] = asyncio.get_event_loop().create_future()
        proxies: list[Any] = []

        def done(_event: Any) -> None:
            if not future.done():
                future.set_result(getattr(target, "result", None))

        def failed(_event: Any) -> None:
            if not future.done():
                error = getattr(target, "error", None)
                future.set_exception(StorageError(f"storage refused ({getattr(error, 'name', 'error')})"))

        proxies.append(ffi.create_proxy(done))
        setattr(target, "on" + ok, proxies[-1])
        for name in bad:
            proxies.append(ffi.create_proxy(failed))
            setattr(target, "on" + name, proxies[-1])
        try:
            return await asyncio.wait_for(future, STORE_TIMEOUT)
        except TimeoutError:
            raise StorageError("storage did not answer") from None
        finally:
            for p in proxies:
                p.destroy()

    async def _open(self) -> Any:
        if self._db is not None:
            return self._db
        import importlib

        try:
            ffi = importlib.import_module("pyodide.ffi")
            js = importlib.import_module("js")
            request = js.indexedDB.open(self.DB, 1)
        except Exception:
            raise StorageError("storage unavailable") from None

        def upgrade(_event: Any) -> None:
            db = request.result
            if not db.objectStoreNames.contains(self.STORE):
                db.createObjectStore(self.STORE)

        proxy = ffi.create_proxy(upgrade)
        request.onupgradeneeded = proxy
        try:
            self._db = await self._wait(request, "success", ("error", "blocked"))
        finally:
            proxy.destroy()
        return self._db

    async def _run(self, mode: str, work: Callable[[Any], Any]) -> Any:
        db = await self._open()
        try:
            tx = db.transaction(self.STORE, mode)
            result = work(tx.objectStore(self.STORE))
        except Exception:
            self._db = None
            raise StorageError("storage refused") from None
        await self._wait(tx, "complete", ("error", "abort"))
        return result

    async def load(self) -> dict[str, Any]:
        import importlib

        js = importlib.import_module("js")
        found: dict[str, Any] = {}
        got = await self._run("readonly", lambda store: (store.getAllKeys(), store.getAll()))
        keys, values = got[0].result, got[1].result
        for key, value in zip(keys, values, strict=False):
            if not isinstance(key, str):
                continue
            if isinstance(value, str):
                found[key] = value
            else:
                try:
                    found[key] = NotText(str(js.JSON.stringify(value)))
                except Exception:
                    found[key] = NotText("null")
        return found

    async def put(self, key: str, text: str) -> None:
        await self._run("readwrite", lambda store: store.put(text, key))

    async def delete(self, key: str | None) -> None:
        await self._run("readwrite", lambda store: store.clear() if key is None else store.delete(key))


STORE: SaveStore | None = None
"""The saves' store: IndexedDB in the browser, set below; tests set a ``SaveStore``."""
UNSAVED = False
"""A save failed in the current call: the answer says so (``unsaved: true``) and the page tells the player."""
_CHECKED: dict[str, tuple[str, dict[str, Any]]] = {}
"""Saves already checked (by replaying them), by id: the text checked and what the list shows of it."""


def _now_ms() -> int:
    return int(time.time() * 1000)


def _problem(key: str, **args: Any) -> dict[str, Any]:
    """A save's problem, as a Description the page translates (``save.bad.*``)."""
    return {"key": "save.bad." + key, "args": args}


class BadSave(Exception):
    def __init__(self, problem: dict[str, Any]) -> None:
        super().__init__(problem["key"])
        self.problem = problem


def _parse_save(value: Any) -> tuple[dict[str, Any], Record]:
    """A stored save's data and record, or BadSave saying what is wrong with it (in the page's words)."""
    if not isinstance(value, str):
        raise BadSave(_problem("type"))
    try:
        data = json.loads(value)
    except (ValueError, RecursionError):
        raise BadSave(_problem("json")) from None
    if not isinstance(data, dict) or isinstance(data.get("v"), bool) or not isinstance(data.get("v"), int):
        raise BadSave(_problem("type"))
    if data["v"] != SAVE_VERSION:
        raise BadSave(_problem("version", version=data["v"] if abs(data["v"]) < 10**6 else "?"))
    try:
        record = Record.from_json(data.get("record"))
    except RecordError:
        raise BadSave(_problem("type")) from None
    players = dict(record.options).get("players")
    seats, names = data.get("seats"), data.get("names")
    if (not isinstance(seats, list) or len(seats) != players or not all(isinstance(k, str) for k in seats)
            or not (names is None or (isinstance(names, list) and len(names) == players
                                      and all(isinstance(n, str) and len(n) <= MAX_NAME_CHARS for n in names)))
            or not isinstance(data.get("undo", True), bool)
            or not all(isinstance(data.get(k), (int, float)) and not isinstance(data.get(k), bool)
                       for k in ("created", "updated"))):
        raise BadSave(_problem("type"))
    return data, record


def _kept(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """A save's kept original record (``{"record", "n", "total"}``), or None; BadSave if malformed."""
    kept = data.get("kept")
    if kept is None:
        return None
    if (not isinstance(kept, dict) or not isinstance(kept.get("record"), dict)
            or not all(isinstance(kept.get(k), int) and not isinstance(kept.get(k), bool) for k in ("n", "total"))):
        raise BadSave(_problem("type"))
    return {"record": kept["record"], "n": kept["n"], "total": kept["total"]}


def _open_save(value: Any, save_id: str, agents: bool = True) -> Session:
    """The session a save resumes (its record replayed through the core), or BadSave.

    When this version's rules refuse an action of the record (the rules changed since it was
    saved), the game goes on from just before that action; the original record is kept with the
    save (``Session.kept``), so it stays exportable. A save that cannot be opened at all is BadSave.
    """
    data, record = _parse_save(value)
    kept = _kept(data)

    def open_record(rec: Record) -> Session:
        return Session(rec, list(data["seats"]), False, data.get("undo", True), data.get("names"), save_id, agents)

    try:
        session = open_record(record)
    except RecordError as exc:
        if exc.index is None:
            raise BadSave(_problem("record")) from None
        try:
            session = open_record(Record(record.game, record.variant, record.options, record.seed,
                                         record.actions[: exc.index]))
        except PrimiError:
            raise BadSave(_problem("action", n=exc.index + 1)) from None
        if kept is None:  # a save refused twice keeps its first original
            kept = {"record": record.to_json(), "n": exc.index + 1, "total": len(record.actions)}
    except PrimiError:
        raise BadSave(_problem("record")) from None
    session.created = data["created"]
    session.kept = kept
    return session


def _summary(save_id: str, value: Any) -> dict[str, Any]:
    """What the list shows of a save: public metadata only (no card, no seed, no action)."""
    text = value if isinstance(value, str) else None
    cached = _CHECKED.get(save_id)
    if cached is not None and text is not None and cached[0] == text:
        return cached[1]
    entry: dict[str, Any] = {"id": save_id, "status": "ok", "problem": None, "game": None, "variant": None,
                             "players": None, "seats": None, "names": None, "updated": None, "turn": -1,
                             "actions": None, "kept": None}
    try:
        data, record = _parse_save(value)
        entry.update(game=record.game, variant=record.variant, players=dict(record.options)["players"],
                     seats=data["seats"], names=data.get("names"), updated=data["updated"],
                     actions=len(record.actions))
        session = _open_save(value, save_id, agents=False)
        entry["turn"] = -1 if session.terminal else session.game.current_player(session.state)
        entry["actions"] = len(session.actions)
        entry["kept"] = _kept_public(session)
        entry["terminal"] = session.terminal
    except BadSave as exc:
        entry.update(status="corrupt", problem=exc.problem)
    except Exception:  # a bug in a game must not hide the other saves
        entry.update(status="corrupt", problem=_problem("record"))
    if text is not None:
        _CHECKED[save_id] = (text, entry)
    return entry


def _kept_public(session: Session) -> dict[str, int] | None:
    """What the page may know of a kept original record: the refused move's number and the record's length."""
    return None if session.kept is None else {"n": session.kept["n"], "total": session.kept["total"]}


def _save_text(session: Session) -> str:
    now = _now_ms()
    data = {
        "v": SAVE_VERSION, "id": session.save_id, "record": session.record().to_json(), "seats": session.seats,
        "names": session.names, "undo": session.undo, "created": session.created or now, "updated": now,
    }
    if session.kept is not None:
        data["kept"] = session.kept
    return json.dumps(data, separators=(",", ":"))


async def _flush_saves() -> None:
    """Write every changed game's save (or drop it once the game is over). A refusal only sets UNSAVED."""
    global UNSAVED
    if STORE is None:
        return
    for session in list(SESSIONS.values()):
        if not session.changed or session.save_id is None:
            continue
        session.changed = False
        try:
            if session.terminal and session.kept is None:
                await STORE.delete(session.save_id)  # a finished game leaves the list (its result goes to stats)
                session.save_id = None
            else:
                await STORE.put(session.save_id, _save_text(session))
        except Exception:  # storage full, refused, gone: the game goes on unsaved
            UNSAVED = True


def _save_id(req: Mapping[str, Any]) -> str:
    key = _str(req, "save")
    if not 0 < len(key) <= 100:
        raise RequestError("that saved game is unknown")
    return key


async def _stored() -> dict[str, Any]:
    if STORE is None:
        raise StorageError("saved games are not available here")
    return await STORE.load()


async def _saves(req: Mapping[str, Any]) -> JSON:
    """The saved games, most recent first: ``{storage, saves: [summary...], more}``; corrupt ones are
    listed, marked. Games in progress are checked (replayed) and listed up to ``limit`` (MAX_SAVES by
    default); ``more`` is how many are left to list (a larger ``limit`` lists them)."""
    limit = _int(req, "limit", MAX_SAVES)
    if not 1 <= limit <= MAX_SAVES_LIMIT:
        raise RequestError(f"'limit' must be 1 to {MAX_SAVES_LIMIT}")
    try:
        stored = await _stored()
    except StorageError:
        return {"storage": False, "saves": [], "more": 0}
    # A first look (the JSON only, no replay) orders them; only the ones listed are replayed.
    readable: list[tuple[float, str]] = []
    entries: list[dict[str, Any]] = []
    for key, value in stored.items():
        try:
            data, _ = _parse_save(value)
        except BadSave:
            entries.append(_summary(key, value))
            continue
        readable.append((-float(data["updated"]), key))
    readable.sort()
    for _, key in readable[:limit]:
        entries.append(_summary(key, stored[key]))
    # A finished game leaves the list, unless it keeps an original record (nothing lost: it stays until deleted).
    entries = [e for e in entries if not e.get("terminal") or e.get("kept")]
    entries.sort(key=lambda e: (e["status"] != "ok", -(e["updated"] or 0), e["id"]))
    for e in entries:
        e.pop("terminal", None)
    return {"storage": True, "saves": entries, "more": max(0, len(readable) - limit)}


def _open_session_of(save_id: str) -> str | None:
    return next((sid for sid, s in SESSIONS.items() if s.save_id == save_id), None)


def _started(sid: str, session: Session) -> dict[str, Any]:
    """What new_game, resume and import answer: the session, its seats and names, and its first View."""
    h = session.header
    return {"session": sid, "seats": session.seats, "names": session.names, "game": h.game, "variant": h.variant,
            "options": dict(h.options), "undo": session.undo, "save": session.save_id, "kept": _kept_public(session),
            "view": session.view()}


async def _resume(req: Mapping[str, Any]) -> JSON:
    """Resume a saved game: its record is replayed through the core; the View is of the seat shown
    (-1 first in a hot-seat game, so the hand-over comes first)."""
    save_id = _save_id(req)
    open_sid = _open_session_of(save_id)
    if open_sid is not None:
        session = SESSIONS[open_sid]
        SESSIONS.move_to_end(open_sid)
        if len(session.humans) > 1 and not session.terminal:
            session.shown = -1
        return _started(open_sid, session)
    stored = await _stored()
    if save_id not in stored:
        raise RequestError("that saved game is no longer there")
    try:
        session = _open_save(stored[save_id], save_id)
    except BadSave:
        raise RecordError("that saved game is damaged; it is set aside: you can export it or delete it") from None
    return _started(_keep(session), session)


async def _delete_save(req: Mapping[str, Any]) -> JSON:
    """Delete one save (``save``) or every one (``all: true``); an open game of it is no longer saved."""
    key = None if req.get("all") is True else _save_id(req)
    if STORE is None:
        raise StorageError("saved games are not available here")
    await STORE.delete(key)
    for session in SESSIONS.values():
        if key is None or session.save_id == key:
            session.save_id = None
    if key is None:
        _CHECKED.clear()
    else:
        _CHECKED.pop(key, None)
    return True


async def _export_save(req: Mapping[str, Any]) -> JSON:
    """A save's game record as JSON text for a file (on the player's request only); a damaged save's own text.
    ``original: true``: the original record this version's rules refused (kept with the save)."""
    save_id = _save_id(req)
    original = _bool(req, "original", False)
    stored = await _stored()
    if save_id not in stored:
        raise RequestError("that saved game is no longer there")
    value = stored[save_id]
    try:
        data, record = _parse_save(value)
        kept = _kept(data)
    except BadSave:
        text = value.text if isinstance(value, NotText) else value if isinstance(value, str) else json.dumps(None)
        return {"text": text, "kind": "raw"}
    seats = list(data["seats"])  # an older save's record lacks its seat kinds: the save has them
    if original and kept is not None:
        return {"text": json.dumps({**kept["record"], "seats": kept["record"].get("seats", seats)}, indent=1),
                "kind": "record"}
    return {"text": json.dumps(dict(record.to_json(), seats=seats), indent=1), "kind": "record"}


def _default_level(game: Game[Any]) -> str:
    agents = [a for a in game.info.agents if a != "random"]
    return "medium" if "medium" in agents else (agents[0] if agents else "random")


def _default_seats(game: Game[Any], players: int) -> list[str]:
    return ["human"] + [_default_level(game)] * (players - 1)


def _record_seats(game: Game[Any], record: Record, players: int) -> list[str]:
    """Who plays each seat of an imported record: the seat kinds it was exported with (a computer
    level this version lacks: its default level); a record without them: you at the first seat, the
    computer at the others."""
    if record.seats is None or len(record.seats) != players:
        return _default_seats(game, players)
    return [k if k == "human" or k in game.info.agents else _default_level(game) for k in record.seats]


def _imported(req: Mapping[str, Any]) -> tuple[Record, Game[Any], int]:
    """A game record from a file, with the first checks of ``python -m pygame_core replay``."""
    data = req.get("record")
    if isinstance(data, str) and len(data) > 5_000_000:
        raise RecordError("that file is too large to be a game record")
    record = Record.from_json(data)
    game = registry.load(record.game)
    players = dict(record.options).get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 64:
        raise RecordError("the record does not say how many players there are (options.players)")
    return record, game, players


def _check_record(req: Mapping[str, Any]) -> JSON:
    """Check a record from a file (like ``import_record``, opening nothing) and say what it is, so the
    player can choose who plays each seat: ``{game, variant, players, actions, terminal, seats}``
    (``seats``: the record's own, else you at the first seat and the computer at the others)."""
    record, game, players = _imported(req)
    _, state = replay(record)  # every check: shape, every action, the final digest
    return {"game": record.game, "variant": record.variant, "players": players, "actions": len(record.actions),
            "terminal": bool(game.is_terminal(state)), "seats": _record_seats(game, record, players)}


def _import(req: Mapping[str, Any]) -> JSON:
    """Open a game record from a file: the checks of ``python -m pygame_core replay`` (its final-state
    check too), then the game: over, its end; unfinished, it goes on with the seats the player chose
    (``seats``; without it, the record's own, else you at the first seat and the computer at the others)
    and is saved like any game."""
    record, game, players = _imported(req)
    seats = _seats(req) if req.get("seats") is not None else _record_seats(game, record, players)
    session = Session(record, seats, True, _bool(req, "undo", True), _names(req))
    if not session.terminal:
        session.save_id = "g" + secrets.token_hex(8)
        session.changed = True
    return _started(_keep(session), session)


HANDLERS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "info": _info,
    "new_game": _new_game,
    "show": _show,
    "view": _view,
    "act": _act,
    "ai_step": _ai_step,
    "undo": _undo,
    "log": _log,
    "record": _record,
    "game_op": _game_op,
    "close": _close,
    "ping": _ping,
    "prepare": _prepare,
    "boot": _boot,
    "heap": _heap,
    "deal_preview": _deal_preview,
    "replay": _replay,
    "saves": _saves,
    "resume": _resume,
    "delete_save": _delete_save,
    "export_save": _export_save,
    "import_record": _import,
    "check_record": _check_record,
}
"""The ops; a coroutine function among them needs the browser's storage, so only ``call_async`` runs it."""


def _request(request_json: Any) -> Mapping[str, Any]:
    if not isinstance(request_json, (str, bytes, bytearray)):
        raise RequestError("a request is JSON text")
    try:
        req = json.loads(request_json)
    except RecursionError:
        raise RequestError("the request is not valid JSON: it is nested too deeply") from None
    except ValueError:
        raise RequestError("the request is not valid JSON") from None
    if not isinstance(req, dict):
        raise RequestError("a request is a JSON object with an 'op'")
    return req


def _answer(started: float, result: Any = None, exc: BaseException | None = None) -> str:
    """The JSON answer: the result, or the error as a player reads it (a bug: a generic sentence)."""
    answer: dict[str, Any]
    if exc is None:
        answer = {"ok": True, "result": result}
        if UNSAVED:
            answer["unsaved"] = True
        answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
        try:
            return json.dumps(answer, allow_nan=False)
        except Exception as err:  # reported below like any bug
            exc = err
    if isinstance(exc, PrimiError):
        message = str(exc)
        if len(message) > MAX_ERROR_CHARS:
            message = message[: MAX_ERROR_CHARS - 1] + "…"
        answer = {"ok": False, "error": message, "kind": type(exc).__name__}
    else:  # a bug in the core must not kill the worker; the page apologises, the console gets details
        # the stack and the exception's type, not its message: a message may quote hidden state
        # (an AI's illegal choice names its cards), and this reply reaches the page mid-game
        detail = "".join(traceback.format_tb(exc.__traceback__)) + type(exc).__name__
        answer = {"ok": False, "error": INTERNAL_MESSAGE, "kind": "InternalError", "detail": detail[-4000:]}
    if UNSAVED:
        answer["unsaved"] = True
    answer["ms"] = round((time.perf_counter() - started) * 1000, 2)
    return json.dumps(answer)


def _handler(req: Mapping[str, Any]) -> Callable[[Mapping[str, Any]], Any]:
    op = req.get("op")
    handler = HANDLERS.get(op) if isinstance(op, str) else None
    if handler is None:
        raise RequestError(f"unknown request {quote(op)}")
    return handler


def call(request_json: str) -> str:
    """Answer one JSON request with JSON: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": ...}``.

    Without storage: the saves' ops are refused here, and no game is saved (see ``call_async``).
    """
    global UNSAVED
    started = time.perf_counter()
    UNSAVED = False
    try:
        req = _request(request_json)
        handler = _handler(req)
        if inspect.iscoroutinefunction(handler):
            raise StorageError("saved games need the browser's storage")
        return _answer(started, handler(req))
    except Exception as exc:
        return _answer(started, exc=exc)


async def call_async(request_json: str) -> str:
    """``call``, with the browser's storage: the saves' ops work, and every game the call changed is
    saved before the answer goes (``unsaved: true`` in it when the storage refused)."""
    global UNSAVED
    started = time.perf_counter()
    UNSAVED = False
    try:
        req = _request(request_json)
        result = _handler(req)(req)
        if inspect.isawaitable(result):
            result = await result
    except Exception as exc:
        await _flush_saves()
        return _answer(started, exc=exc)
    await _flush_saves()
    return _answer(started, result)


if sync is not None:
    STORE = IdbStore()
    sync.call = call_async

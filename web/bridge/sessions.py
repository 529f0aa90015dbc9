"""The game-session master: the games in progress, their states and seats, the show rules, undo, and
the ops that play (``new_game``, ``show``, ``view``, ``act``, ``ai_step``, ``undo``, ``log``, ``record``,
``game_op``, ``close``, ``prepare``). Game-neutral: a game comes from the registry, its AI from
``make_agent``, its extra operations from ``game.info.operations``.

The rules it keeps (see the package's docstring): nothing hidden leaks while a game runs; the show
rules; session ids never reused, at most ``MAX_SESSIONS`` kept.
"""

from __future__ import annotations

import hashlib
import itertools
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from pygame_core import registry
from pygame_core.agents import make_agent
from pygame_core.errors import IllegalActionError, InvalidActionError, OptionsError, PrimiError, RecordError, quote
from pygame_core.protocol import JSON, Agent, Game, Operation, VariantInfo
from pygame_core.records import Record, replay, start
from pygame_core.rng import AgentRandom

from .request import RequestError, bool_field, check_fields, int_field, text_field

Handler = Callable[[Mapping[str, Any]], Any]
"""An op: the request (a JSON object) -> the result (plain data), or an awaitable of it (the saves' ops)."""

SEED_BOUND = 2**53
"""A drawn seed is below this: 53 random bits, the most a JavaScript number holds exactly (the end
screen's replay link must deal the same game). With fewer, say 10**9 seeds, the cards a player
sees (their hand, a showdown) single out the seed by trying every one offline, and with it every
card still hidden."""
MAX_SESSIONS = 8
"""Sessions kept at once; beyond this the least recently used (finished ones first) is dropped."""
MAX_ACTION_CHARS = 1000
"""No action text is this long; a longer one is refused before it reaches the game's parser."""
MAX_NAME_CHARS = 40
"""A player's name, as the page sends it with a new game, is at most this long."""
MAX_LOG_SLICE = 1000
"""At most this many log entries per ``log`` request."""
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _cut(text: str) -> str:
    """A core message, cut so that a hostile action it quotes cannot flood a message built on it."""
    return text if len(text) <= 300 else text[:300] + "..."


def log_size(observation: Mapping[str, Any]) -> int | None:
    """The size of the whole public log, as an observation says it (None if it does not)."""
    size = observation.get("log_size")
    return size if isinstance(size, int) and not isinstance(size, bool) else None


def no_player(seat: int, kind: type[PrimiError] = OptionsError) -> PrimiError:
    """The error for a seat number the game does not have (the page counts players from 1)."""
    return kind(f"this game has no player number {seat + 1}", key="err.noplayer", n=seat + 1)


class Session:
    """One game in progress: the game, its current state, its actions, the seats and their agents.

    ``actions`` is a list appended in place (a record is built only when one is
    sent), so a long game costs O(1) per action.
    """

    def __init__(self, record: Record, seats: list[str], seed_public: bool, undo: bool = True,
                 names: list[str] | None = None, save_id: str | None = None, agents: bool = True) -> None:
        players = dict(record.options).get("players")
        if isinstance(players, bool) or not isinstance(players, int):
            raise RecordError("the record does not say how many players there are (options.players)",
                              key="err.record.players")
        if len(seats) != players or not all(isinstance(k, str) for k in seats):
            raise OptionsError(f"give one player kind per seat ({players} seats: human or a computer level)",
                               key="err.seats")
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
                raise RecordError(f"action {i + 1} ({quote(action)}) does not apply: {_cut(str(exc))}", i, action,
                                  key="err.record.action", n=i + 1) from None
            except Exception as exc:  # a game's bug must not reach a player as a traceback
                raise RecordError(f"action {i + 1} ({quote(action)}) does not apply: the game failed on it "
                                  f"({type(exc).__name__})", i, action, key="err.record.action", n=i + 1) from None
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
        self.agents: dict[int, Agent] = {}
        self.rngs: dict[int, AgentRandom] = {}
        for seat, kind in enumerate(seats):
            self.set_kind(seat, kind, agents)
        self.net: Any = None
        """A table played across devices (``bridge.net.NetTable``): its secrets, its fallback level."""
        self.remote_log: dict[int, int | None] = {}
        """Each remote seat's log position: the size of the public log at its last View (its next ``say`` starts there)."""
        humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
        self.humans = humans
        self.shown = humans[0] if len(humans) == 1 else -1
        self.log_size = log_size(self.game.observation(self.state, self.shown))

    def set_kind(self, seat: int, kind: str, agents: bool = True) -> None:
        """Who plays ``seat`` from now on: ``human`` (this screen), ``remote`` (a guest's device, issue 22:
        no agent here) or a computer level (its agent, its tables built now, not on its first move)."""
        self.agents.pop(seat, None)
        self.rngs.pop(seat, None)
        if kind in ("human", "remote"):
            return
        h = self.header
        if not agents:  # a save listed only (not played) needs no AI, only a level that exists
            if kind != "random" and kind not in self.game.info.agents:
                raise OptionsError(f"no computer level {quote(kind)} for {h.game}")
            return
        agent = make_agent(h.game, kind)
        prepare: Callable[[str, Mapping[str, Any]], None] | None = getattr(agent, "prepare", None)
        if callable(prepare):
            prepare(h.variant, dict(h.options))
        self.agents[seat] = agent
        self.rngs[seat] = AgentRandom(h.seed * 7919 + seat)

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
            raise no_player(seat)
        if self.seats[seat] == "remote":
            raise IllegalActionError("that player plays on their own device", key="err.remote")
        if self.seats[seat] != "human":
            raise IllegalActionError("that player is played by the computer; its cards stay hidden until the end",
                                     key="err.computer")
        raise IllegalActionError("that player's cards are shown only on their turn", key="err.notshown")

    def check_human_on_screen(self, seat: int, doing: str) -> None:
        """Raise unless ``seat`` is a human seat of the game and the one on screen (act and undo)."""
        if not 0 <= seat < self.players:
            raise no_player(seat)
        if self.seats[seat] == "remote":
            raise IllegalActionError("that player plays on their own device", key="err.remote")
        if self.seats[seat] != "human":
            raise IllegalActionError("that player is played by the computer", key="err.computer")
        if seat != self.shown:
            raise IllegalActionError(f"only the player on screen can {doing}; show that player first",
                                     key="err.onscreen")

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
        self.log_size = log_size(self.game.observation(self.state, self.shown))

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
        view, self.log_size = self.view_of(self.shown, say_from)
        return view

    def remote_views(self) -> dict[str, JSON]:
        """The View each remote seat's guest gets now (issue 22), by seat: what the worker would show that
        seat on its own screen, ``say`` holding the public log entries since that seat's last View."""
        views: dict[str, JSON] = {}
        for seat, kind in enumerate(self.seats):
            if kind == "remote":
                views[str(seat)], self.remote_log[seat] = self.view_of(seat, self.remote_log.get(seat))
        return views

    def answer(self, view: dict[str, JSON]) -> dict[str, JSON]:
        """The host's View as an op answers it: at a table with remote seats, with every guest's View
        (``remote``; the host page sends each guest its own and strips the field)."""
        if self.net is not None:
            view["remote"] = self.remote_views()
        return view

    def view_of(self, seat: int, say_from: int | None = None) -> tuple[dict[str, JSON], int | None]:
        """The View of ``seat`` (the show rules are the caller's) and the log's size now."""
        game, state = self.game, self.state
        terminal = self.terminal
        to_act = -1 if terminal else game.current_player(state)
        observation = game.observation(state, seat)
        size = log_size(observation)
        say: list[JSON] = []
        if say_from is not None and size is not None and size > say_from:
            say = list(game.log_entries(state, seat, say_from, size))
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
        }, size

    def log_slice(self, seat: int, req: Mapping[str, Any]) -> list[JSON]:
        """Public log entries ``start:stop`` of the request (clamped, at most MAX_LOG_SLICE) as ``seat`` sees them."""
        size = log_size(self.game.observation(self.state, seat)) or 0
        first = min(max(int_field(req, "start", 0), 0), size)
        stop = min(max(int_field(req, "stop", size), first), size, first + MAX_LOG_SLICE)
        return list(self.game.log_entries(self.state, seat, first, stop))

    def kept_public(self) -> dict[str, int] | None:
        """What the page may know of a kept original record: the refused move's number and the record's length."""
        return None if self.kept is None else {"n": self.kept["n"], "total": self.kept["total"]}

    def autosaved(self) -> Session:
        """Save this game from now on (a game in progress; ``call_async`` writes it), and return it."""
        if not self.terminal:
            self.save_id = "g" + secrets.token_hex(8)
            self.changed = True
        return self


def net_record_later() -> IllegalActionError:
    """A table played together (issue 22) gives no record before the end, not even on the host's request:
    the record holds the seed, and with it every guest's hidden cards."""
    return IllegalActionError("at a table played together, the record is given when the game is over",
                              key="net.record.later")


def names_field(req: Mapping[str, Any]) -> list[str] | None:
    """The players' names the page shows (kept with a save, so the list can say whose turn it is)."""
    names = req.get("names")
    if names is None:
        return None
    if not isinstance(names, list) or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_CHARS for n in names):
        raise RequestError(f"names must be a list of short texts (at most {MAX_NAME_CHARS} characters each)")
    return list(names)


def seats_field(req: Mapping[str, Any], remote: bool = False) -> list[str]:
    """Who plays each seat: ``human`` or a computer level, one a seat (``remote`` too, a guest's device,
    only at a table played together: ``bridge.net``)."""
    seats = req.get("seats")
    if (not isinstance(seats, list) or not all(isinstance(k, str) for k in seats)
            or (not remote and "remote" in seats)):
        raise OptionsError("give one player kind per seat: human or a computer level", key="err.seats")
    return list(seats)


def rule_set(req: Mapping[str, Any]) -> tuple[Game[Any], VariantInfo, dict[str, Any]]:
    """The request's game, variant (its default when none) and options resolved by the variant."""
    game = registry.load(text_field(req, "game"))
    variant = req.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise RequestError(f"the variant must be a name, not {quote(variant)}")
    info = game.info.variant(variant)
    options = req.get("options") or {}
    if not isinstance(options, Mapping):
        raise OptionsError("the options must be a JSON object", key="err.options")
    return game, info, info.resolve_options(options)


def daily_seed(game: str, date: str) -> int:
    """The seed of a game's daily deal on a UTC date ``YYYY-MM-DD``: the same for everyone that day.

    The first 8 bytes of SHA-256 of ``primi-daily/<game>/<date>``, below SEED_BOUND (a JavaScript
    number). It is public (anyone can compute it), but the worker keeps it until the game ends,
    like a drawn seed, so the page never holds what the hidden cards follow from.
    """
    m = _DATE.fullmatch(date)
    if m is None or not (2000 <= int(m[1]) <= 9999 and 1 <= int(m[2]) <= 12 and 1 <= int(m[3]) <= 31):
        raise RequestError(f"a daily deal needs a date written YYYY-MM-DD, not {quote(date)}", key="err.daily.date")
    digest = hashlib.sha256(f"primi-daily/{game}/{date}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_BOUND


_ENVELOPE = frozenset({"op", "game", "name", "session"})
"""The ``game_op`` request's own keys; the operation gets the other fields only (a lesson is ``lesson``, not ``name``)."""


class Sessions:
    """The games in progress, by session id, least recently used first (the core itself keeps no state),
    and the ops that play them."""

    def __init__(self) -> None:
        self.open: OrderedDict[str, Session] = OrderedDict()
        self._ids = itertools.count(1)

    def ops(self) -> dict[str, Handler]:
        """This job's ops, by name."""
        return {"new_game": self.new_game, "show": self.show, "view": self.view, "act": self.act,
                "ai_step": self.ai_step, "undo": self.undo, "log": self.log, "record": self.record,
                "game_op": self.game_op, "close": self.close, "prepare": prepare}

    def keep(self, session: Session) -> str:
        """Store a new session under a fresh id, dropping old ones beyond MAX_SESSIONS."""
        sid = f"s{next(self._ids)}"
        self.open[sid] = session
        while len(self.open) > MAX_SESSIONS:
            finished = next((k for k, s in self.open.items() if s.terminal and k != sid), None)
            if finished is not None:
                del self.open[finished]
            else:
                self.open.popitem(last=False)
        return sid

    def session(self, req: Mapping[str, Any]) -> Session:
        """The request's open session (now the most recently used)."""
        sid = req.get("session")
        if not isinstance(sid, str) or sid not in self.open:
            raise RequestError("that game is no longer open in this tab; start it again from its record",
                               key="err.session")
        self.open.move_to_end(sid)
        return self.open[sid]

    def of_save(self, save_id: str) -> str | None:
        """The id of the open session that is this save's game, if any."""
        return next((sid for sid, s in self.open.items() if s.save_id == save_id), None)

    def started(self, session: Session, sid: str | None = None) -> dict[str, Any]:
        """What new_game, resume and import answer: the session (kept now unless ``sid`` is given), its
        seats and names, and its first View."""
        sid = self.keep(session) if sid is None else sid
        h = session.header
        return {"session": sid, "seats": session.seats, "names": session.names, "game": h.game, "variant": h.variant,
                "options": dict(h.options), "undo": session.undo, "save": session.save_id,
                "kept": session.kept_public(), "view": session.view()}

    # --- ops ---------------------------------------------------------------------------

    def new_game(self, req: Mapping[str, Any]) -> JSON:
        """Start a game (or resume one from a record the page sends) and return its first View."""
        if "record" in req:
            record = Record.from_json(req["record"])
            seed_public = True  # the record came from the page: nothing new is revealed
        else:
            game, info, resolved = rule_set(req)
            seed_public = req.get("seed") is not None
            if seed_public and req.get("daily") is not None:
                raise RequestError("a daily deal has no seed of its own", key="err.daily.seed")
            if req.get("daily") is not None:
                seed = daily_seed(game.info.name, text_field(req, "daily"))
            else:
                seed = int_field(req, "seed") if seed_public else secrets.randbelow(SEED_BOUND)
            record = Record(game.info.name, info.name, tuple(sorted(resolved.items())), seed)
        session = Session(record, seats_field(req), seed_public, bool_field(req, "undo", True), names_field(req))
        return self.started(session.autosaved())  # autosaved from now on (call_async)

    def show(self, req: Mapping[str, Any]) -> JSON:
        session = self.session(req)
        seat = int_field(req, "seat")
        session.check_show(seat)
        session.shown = seat
        return session.answer(session.view())

    def view(self, req: Mapping[str, Any]) -> JSON:
        session = self.session(req)
        if req.get("seat") is not None and req.get("seat") != session.shown:
            raise IllegalActionError("only the player on screen can be viewed; show another player first",
                                     key="err.onscreen")
        if not session.may_show(session.shown):
            session.shown = -1
        return session.answer(session.view())

    def act(self, req: Mapping[str, Any]) -> JSON:
        """A human's action: refused unless the seat is shown, human, to act, and the action legal."""
        session = self.session(req)
        game, state = session.game, session.state
        seat = int_field(req, "seat")
        if game.is_terminal(state):
            raise IllegalActionError("the game is over", key="err.over")
        session.check_human_on_screen(seat, "act")
        if game.current_player(state) != seat:
            raise IllegalActionError("it is not your turn", key="err.notyourturn")
        action = req.get("action")
        if not isinstance(action, str):
            raise InvalidActionError(f"an action is text, not {quote(action)}")
        if len(action) > MAX_ACTION_CHARS:
            raise InvalidActionError(f"not an action: {quote(action)}")
        text = game.parse_action(action)
        new_state = game.apply(state, text)
        shown = None
        if req.get("show") is not None:
            shown = int_field(req, "show")
            session.check_show(shown, new_state)
        return session.answer(session.advance(new_state, text, shown))

    def ai_step(self, req: Mapping[str, Any]) -> JSON:
        """The computer seat to act plays one action, chosen from its own observation only."""
        session = self.session(req)
        game, state = session.game, session.state
        seat = -1 if game.is_terminal(state) else game.current_player(state)
        if seat < 0 or seat not in session.agents:
            view = session.view()
            view["think_ms"] = 0
            return session.answer(view)
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
        return session.answer(view)

    def undo(self, req: Mapping[str, Any]) -> JSON:
        """Go back to before the last action of ``seat`` (the human on screen), undoing the computers' moves since."""
        session = self.session(req)
        seat = int_field(req, "seat")
        if not session.undo:
            raise IllegalActionError("undo is off for this game", key="err.undo.off")
        if session.terminal:
            raise IllegalActionError("the game is over: there is nothing to undo", key="err.undo.over")
        session.check_human_on_screen(seat, "undo")
        index = session.undo_point(seat)
        if index is None:
            if seat in session.actors:
                raise IllegalActionError("another player has played since your last move: it cannot be undone",
                                         key="err.undo.since")
            raise IllegalActionError("you have made no move to undo yet", key="err.undo.none")
        session.rewind(index)
        session.changed = True
        return session.answer(session.view())

    def log(self, req: Mapping[str, Any]) -> JSON:
        """Public log entries ``start:stop`` as the seat shown sees them (for "show older")."""
        session = self.session(req)
        if not session.may_show(session.shown):
            session.shown = -1
        return session.log_slice(session.shown, req)


    def record(self, req: Mapping[str, Any]) -> JSON:
        """The record: once the game is over, or when the player asks to export or save it."""
        session = self.session(req)
        if not session.terminal and req.get("export") is not True:
            raise IllegalActionError("the game record is given when the game is over, or when you export it",
                                     key="err.record.later")
        if not session.terminal and session.net is not None:
            raise net_record_later()
        return session.record().to_json()

    def game_op(self, req: Mapping[str, Any]) -> JSON:
        """A game's own operation (Primero: hand, coach, lessons); needs-view ones see the seat shown only.
        The request is checked against the operation's declared fields first."""
        game = registry.load(text_field(req, "game"))
        op = game.info.operation(text_field(req, "name"))
        view: Mapping[str, Any] | None = None
        if op.needs_view:
            session = self.session(req)
            if session.game.info.name != game.info.name:
                raise RequestError(f"that game session is not a game of {game.info.label}")
            if not session.may_show(session.shown):
                session.shown = -1
            view = session.game.observation(session.state, session.shown)
        return operate(op, req, view)

    def close(self, req: Mapping[str, Any]) -> JSON:
        sid = req.get("session")
        if isinstance(sid, str):
            self.open.pop(sid, None)
        return True


def operate(op: Operation, req: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    """Run a game's operation on the request without its envelope, once its declared fields are there
    (``view``: the observation of the seat it answers for, when the operation needs one)."""
    own = {k: v for k, v in req.items() if k not in _ENVELOPE}
    check_fields(op.fields, own)
    return op.run(own, view)


def prepare(req: Mapping[str, Any]) -> JSON:
    """Build the AI's tables for a rule set before the game starts (the setup screen asks when it shows
    one), so that neither the start nor a first computer move waits for them (issue 12). Each level's
    ``prepare`` keeps its tables for the process; a second call costs nothing. Answers the levels
    prepared."""
    game, info, resolved = rule_set(req)
    done = []
    for kind in game.info.agents:
        prepare: Callable[[str, Mapping[str, Any]], None] | None = getattr(make_agent(game.info.name, kind), "prepare", None)
        if callable(prepare):
            prepare(info.name, resolved)
            done.append(kind)
    return done

"""Saved games: the store behind a small interface, the save format and its recovery, and the ops that
list, resume, delete, export and import games.

The worker keeps the saves, so the page never holds a seed or a record mid-game: after every call
that changed a game, its save (the record, the seats and their names) is written to the store
(IndexedDB in the browser, ``bridge.idb``; a dict in CPython's tests, ``MemoryStore``); the page
only ever gets a save's public metadata. A damaged save is set aside, listed and exportable, never
lost; a save whose moves a newer version's rules refuse goes on from just before the refused move
and keeps its original record.
"""

from __future__ import annotations

import abc
import json
import math
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from pygame_core import registry, safejson
from pygame_core.errors import PrimiError, RecordError
from pygame_core.protocol import JSON, Game
from pygame_core.records import Record, replay

from .net import REMOTE, NetTable
from .request import RequestError, bool_field, int_field, text_field
from .sessions import MAX_NAME_CHARS, Handler, Session, Sessions, names_field, net_record_later, seats_field

SAVE_VERSION = 1
"""The save format: ``{"v": 1, "id", "record": <a game record>, "seats", "names", "undo", "created",
"updated", "kept"?, "net"?}`` (times in milliseconds since 1970), stored as JSON text under its id. ``kept``
(optional): ``{"record", "n", "total"}``, the original record of a game this version's rules refused
at move ``n`` of ``total``, which goes on from before that move. ``net`` (optional, issue 22): a table
played across devices, what its reveal needs (``bridge.net.NetTable.to_save``: the host's secret, its
commitment, the guests' secrets, the fallback level, the guests' seats); its ``seats`` may say
``"remote"``. Saves without it load as before."""
MAX_SAVES = 50
"""The ``saves`` list gives this many games in progress at first (the most recent first); ``limit`` asks
for more, and ``more`` says how many are left (nothing is hidden: the page offers "Show more")."""
MAX_SAVES_LIMIT = 100_000
MAX_IMPORT_CHARS = 5_000_000
"""A record file larger than this is refused before it is read."""
MAX_SAVE_CHARS = 2 * MAX_IMPORT_CHARS + 100_000
"""A save holds at most two records (its own and a kept original) and a little more."""
MAX_TIME_MS = 10**14
"""A save's times are milliseconds since 1970, at most this (the year 5138): anything else is damage."""
MAX_ACTIONS = 10**6
OPENING_KEY = "primi:opening"
"""The store's marker while the worker reads saves: a JSON list of their ids, written before a save's
text is read and removed after. Left behind, it names a save whose reading may have killed the engine
(issue 20: a save must never brick the site), or one the worker was reading when the page was closed or
reloaded: ``DIED_KEY`` tells the two apart."""
DIED_KEY = "primi:died"
"""Written by the page when it finds its engine dead (``web/shell/saves.js`` ``noteEngineDeath``): the
marker left beside it names a save whose reading killed the engine, and the next worker sets it aside
at once instead of reading it."""
SUSPECT_KEY = "primi:suspect"
"""A marker left with no death noted (the page was closed or reloaded mid-read, or the whole tab
crashed): its saves, a JSON list, are read again, but if the next worker leaves them mid-read again
with no death noted, they are set aside (a tab that crashes on a save stops after two tries)."""
ASIDE_KEY = "primi:aside"
"""The store's list (JSON) of the saves set aside that way: listed as damaged, exportable, never read."""
RESERVED = frozenset((OPENING_KEY, DIED_KEY, SUSPECT_KEY, ASIDE_KEY))
"""Keys of the store that are not saves (a save's id is "g" and 16 hex digits)."""
RESERVED_PREFIXES = ("review:",)
"""Key spaces of the store that are not saves: the kept game reviews (``bridge.review``, issue 23)."""


def is_save_key(key: str) -> bool:
    """Whether a key of the store names a save (not one of the store's own keys, not a kept review)."""
    return key not in RESERVED and not key.startswith(RESERVED_PREFIXES)


class StorageError(PrimiError):
    """The browser's storage refused a request (private mode, full, unavailable)."""

    default_key = "err.storage.refused"


def no_storage(message: str = "saved games are not available here") -> StorageError:
    """The error for a saves' op where there is no store (``call``, or a browser without storage)."""
    return StorageError(message, key="err.storage")


class NotText:
    """A stored value that is not text (written by something else): kept, reported, exportable as JSON."""

    def __init__(self, text: str) -> None:
        self.text = text


class SaveStore(abc.ABC):
    """Where saves live: a mapping of save id -> JSON text (or ``NotText``). Each method raises
    StorageError when the storage refuses."""

    @abc.abstractmethod
    async def load(self) -> dict[str, Any]:
        """Every save, by id."""

    @abc.abstractmethod
    async def put(self, key: str, text: str) -> None:
        """Write one save."""

    @abc.abstractmethod
    async def delete(self, key: str | None) -> None:
        """Delete one save, or every one (``key`` None)."""


class MemoryStore(SaveStore):
    """Saves in a dict (CPython's tests; ``refuse`` acts as a browser that refuses storage)."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}
        self.refuse = False

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


# --- the save format ---------------------------------------------------------------------


def _now_ms() -> int:
    return int(time.time() * 1000)


def _problem(key: str, **args: Any) -> dict[str, Any]:
    """A save's problem, as a Description the page translates (``save.bad.*``)."""
    return {"key": "save.bad." + key, "args": args}


class BadSave(Exception):
    """A save that cannot be opened; ``problem`` says why, as a Description."""

    def __init__(self, problem: dict[str, Any]) -> None:
        super().__init__(problem["key"])
        self.problem = problem


def _count(value: Any, low: int, high: int) -> bool:
    """A whole number (not a boolean) from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _time(value: Any) -> bool:
    """A save's time: a finite number of milliseconds since 1970, in range (not NaN, not 1e999)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0 <= value <= MAX_TIME_MS)


def parse_save(value: Any) -> tuple[dict[str, Any], Record]:
    """A stored save's data and record, or BadSave saying what is wrong with it (in the page's words).

    Every field is checked, so that a save the list shows can always be sent to the page as JSON
    (issue 20: one save whose ``updated`` was 1e999 hid every save). Its text is bounded in size and
    depth before it is parsed (``safejson``): a save nested thousands deep must not kill the engine."""
    if not isinstance(value, str):
        raise BadSave(_problem("type"))
    try:
        data = safejson.loads(value, what="the save", max_chars=MAX_SAVE_CHARS)
    except safejson.JsonLimitError:
        raise BadSave(_problem("size")) from None
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
    if (not isinstance(seats, list) or len(seats) != players
            or not all(isinstance(k, str) and 0 < len(k) <= MAX_NAME_CHARS for k in seats)
            or not (names is None or (isinstance(names, list) and len(names) == players
                                      and all(isinstance(n, str) and len(n) <= MAX_NAME_CHARS for n in names)))
            or not isinstance(data.get("undo", True), bool)
            or not isinstance(data.get("id", ""), str)
            or not all(_time(data.get(k)) for k in ("created", "updated"))
            or len(record.actions) > MAX_ACTIONS):
        raise BadSave(_problem("type"))
    _kept(data)
    _net_table(data, players)
    return data, record


def _net_table(data: Mapping[str, Any], players: int) -> NetTable | None:
    """A save's net table, or None; BadSave if malformed (a save that says "remote" without one too)."""
    if data.get("net") is None:
        if REMOTE in data["seats"]:
            raise BadSave(_problem("type"))
        return None
    try:
        return NetTable.from_save(data["net"], players)
    except (ValueError, TypeError):
        raise BadSave(_problem("type")) from None


def _kept(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """A save's kept original record (``{"record", "n", "total"}``), or None; BadSave if malformed."""
    kept = data.get("kept")
    if kept is None:
        return None
    if (not isinstance(kept, dict) or not isinstance(kept.get("record"), dict)
            or not _count(kept.get("total"), 1, MAX_ACTIONS) or not _count(kept.get("n"), 1, kept["total"])):
        raise BadSave(_problem("type"))
    try:
        Record.from_json(kept["record"])
    except RecordError:
        raise BadSave(_problem("type")) from None
    return {"record": kept["record"], "n": kept["n"], "total": kept["total"]}


def open_save(value: Any, save_id: str, agents: bool = True) -> Session:
    """The session a save resumes (its record replayed through the core), or BadSave.

    When this version's rules refuse an action of the record (the rules changed since it was
    saved), the game goes on from just before that action; the original record is kept with the
    save (``Session.kept``), so it stays exportable. A save that cannot be opened at all is BadSave.
    """
    data, record = parse_save(value)
    kept = _kept(data)
    table = _net_table(data, dict(record.options)["players"])
    seats = list(data["seats"])
    if table is not None:  # the host reloaded: its guests' seats are the fallback's until they rejoin (net_seat)
        for seat in table.remote:
            seats[seat] = table.fallback

    def open_record(rec: Record) -> Session:
        return Session(rec, seats, False, data.get("undo", True), data.get("names"), save_id, agents)

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
    session.net = table
    return session


def save_text(session: Session) -> str:
    """A game's save, as the store keeps it (see SAVE_VERSION)."""
    now = _now_ms()
    data = {
        "v": SAVE_VERSION, "id": session.save_id, "record": session.record().to_json(), "seats": session.seats,
        "names": session.names, "undo": session.undo, "created": session.created or now, "updated": now,
    }
    if session.kept is not None:
        data["kept"] = session.kept
    if isinstance(session.net, NetTable):
        data["net"] = session.net.to_save()
    return json.dumps(data, separators=(",", ":"))


# --- records from a file ------------------------------------------------------------------


def _default_level(game: Game[Any]) -> str:
    agents = [a for a in game.info.agents if a != "random"]
    return "medium" if "medium" in agents else (agents[0] if agents else "random")


def _record_seats(game: Game[Any], record: Record, players: int) -> list[str]:
    """Who plays each seat of an imported record: the seat kinds it was exported with (a computer
    level this version lacks: its default level); a record without them: you at the first seat, the
    computer at the others."""
    if record.seats is None or len(record.seats) != players:
        return ["human"] + [_default_level(game)] * (players - 1)
    return [k if k == "human" or k in game.info.agents else _default_level(game) for k in record.seats]


def _imported(req: Mapping[str, Any]) -> tuple[Record, Game[Any], int]:
    """A game record from a file, with the first checks of ``python -m pygame_core replay``."""
    data = req.get("record")
    if isinstance(data, str) and len(data) > MAX_IMPORT_CHARS:
        raise RecordError("that file is too large to be a game record", key="err.record.large")
    record = Record.from_json(data)
    game = registry.load(record.game)
    players = dict(record.options).get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 64:
        raise RecordError("the record does not say how many players there are (options.players)",
                          key="err.record.players")
    return record, game, players


def check_record(req: Mapping[str, Any]) -> JSON:
    """Check a record from a file (like ``import_record``, opening nothing) and say what it is, so the
    player can choose who plays each seat: ``{game, variant, players, actions, terminal, seats}``
    (``seats``: the record's own, else you at the first seat and the computer at the others)."""
    record, game, players = _imported(req)
    _, state = replay(record)  # every check: shape, every action, the final digest
    return {"game": record.game, "variant": record.variant, "players": players, "actions": len(record.actions),
            "terminal": bool(game.is_terminal(state)), "seats": _record_seats(game, record, players)}


# --- the ops ----------------------------------------------------------------------------------


class Saves:
    """The saves' job: the store (None where there is none), what the list has checked already, the
    saves set aside, and the ops; it opens games in ``sessions``."""

    def __init__(self, sessions: Sessions, store: SaveStore | None = None) -> None:
        self.sessions = sessions
        self.store = store
        self.checked: dict[str, tuple[str, dict[str, Any]]] = {}
        """Saves already checked (by replaying them), by id: the text checked and what the list shows of it."""
        self.looked: dict[str, str] = {}
        """Saves whose text this worker has parsed already without dying, by id: that text."""
        self.aside: set[str] | None = None
        """The saves set aside because reading one killed the engine (None until the store is first read)."""
        self.opening: set[str] = set()
        """The saves being read now (what the store's marker names)."""
        self.marked = False
        """Whether the store holds a marker of this worker's."""

    def ops(self) -> dict[str, Handler]:
        """This job's ops, by name (the coroutine functions need the store: ``call_async`` only)."""
        return {"saves": self.saves, "resume": self.resume, "delete_save": self.delete_save,
                "export_save": self.export_save, "import_record": self.import_record, "check_record": check_record}

    async def flush(self) -> bool:
        """Write every changed game's save (or drop it once the game is over); False when the storage refused."""
        if self.store is None:
            return True
        ok = True
        for session in list(self.sessions.open.values()):
            if not session.changed or session.save_id is None:
                continue
            session.changed = False
            try:
                if session.terminal and session.kept is None:
                    await self.store.delete(session.save_id)  # a finished game leaves the list (its result goes to stats)
                    session.save_id = None
                else:
                    await self.store.put(session.save_id, save_text(session))
            except Exception:  # storage full, refused, gone: the game goes on unsaved
                ok = False
        return ok

    # --- saves that kill the engine ---------------------------------------------------------

    async def _stored(self) -> dict[str, Any]:
        """Every save, by id (the store's own keys left out); the first time, a save whose reading
        killed the last worker (the marker it left, with the page's note of its death) is set aside for
        good. A marker left with no death noted is only suspected: the page may have been closed while
        its worker read a healthy save. Left so twice in a row, the save is set aside all the same."""
        if self.store is None:
            raise no_storage()
        stored = await self.store.load()
        if self.aside is None:
            self.aside = _id_list(stored.get(ASIDE_KEY))
            left = _id_list(stored.get(OPENING_KEY)) - self.aside
            died = DIED_KEY in stored
            dead = left if died else left & _id_list(stored.get(SUSPECT_KEY))
            suspect = set() if died else left - dead
            if dead:
                self.aside |= dead
                await self._write(ASIDE_KEY, json.dumps(sorted(self.aside)))
            if suspect or SUSPECT_KEY in stored:
                await self._write(SUSPECT_KEY, json.dumps(sorted(suspect)) if suspect else None)
            for key in (OPENING_KEY, DIED_KEY):
                if key in stored:
                    await self._write(key, None)
        return {k: v for k, v in stored.items() if is_save_key(k)}

    async def _write(self, key: str, text: str | None) -> None:
        """Write (or with None, delete) one of the store's own keys; a refusal is no reason to stop."""
        assert self.store is not None
        try:
            if text is None:
                await self.store.delete(key)
            else:
                await self.store.put(key, text)
        except Exception:
            pass

    @asynccontextmanager
    async def _reading(self, save_id: str, fresh: bool = True) -> AsyncIterator[None]:
        """Read a save's text inside this: the store's marker names it first (unless ``fresh`` is
        False: this worker read the same text safely before), so that if its reading kills the engine,
        the next worker sets it aside rather than die again."""
        if self.store is None or not fresh:
            yield
            return
        self.opening.add(save_id)
        self.marked = True
        await self._write(OPENING_KEY, json.dumps(sorted(self.opening)))
        try:
            yield
        finally:
            self.opening.discard(save_id)

    @asynccontextmanager
    async def _marking(self) -> AsyncIterator[None]:
        """An op that reads saves: the marker is removed at its end, once no save is being read. Not
        when the engine dies (Pyodide's fatal error, a BaseException in the tests): then it stays."""
        try:
            yield
        except Exception:
            await self._unmark()
            raise
        await self._unmark()

    async def _unmark(self) -> None:
        if self.marked and not self.opening:
            self.marked = False
            await self._write(OPENING_KEY, None)

    def _set_aside(self, save_id: str) -> bool:
        return self.aside is not None and save_id in self.aside

    # --- the ops ------------------------------------------------------------------------------

    async def _stored_save(self, req: Mapping[str, Any]) -> tuple[str, Any]:
        """The request's save id and its stored value."""
        save_id = _save_id(req)
        stored = await self._stored()
        if save_id not in stored:
            raise RequestError("that saved game is no longer there", key="err.save.gone")
        return save_id, stored[save_id]

    def _look(self, save_id: str, value: Any) -> tuple[dict[str, Any], Record]:
        """``parse_save``, remembering a text read safely (inside ``_reading``)."""
        data, record = parse_save(value)
        self.looked[save_id] = value
        return data, record

    def _summary(self, save_id: str, value: Any) -> dict[str, Any]:
        """What the list shows of a save: public metadata only (no card, no seed, no action)."""
        text = value if isinstance(value, str) else None
        cached = self.checked.get(save_id)
        if cached is not None and text is not None and cached[0] == text:
            return cached[1]
        entry = _entry(save_id)
        try:
            data, record = self._look(save_id, value)
            entry.update(game=record.game, variant=record.variant, players=dict(record.options)["players"],
                         seats=data["seats"], names=data.get("names"), updated=data["updated"],
                         actions=len(record.actions), net=data.get("net") is not None)
            session = open_save(value, save_id, agents=False)
            entry["turn"] = -1 if session.terminal else session.game.current_player(session.state)
            entry["actions"] = len(session.actions)
            entry["kept"] = session.kept_public()
            entry["terminal"] = session.terminal
            json.dumps(entry, allow_nan=False)  # the answer must stay strict JSON, whatever the save held
        except BadSave as exc:
            entry = _entry(save_id, exc.problem)
        except Exception:  # a bug in a game must not hide the other saves
            entry = _entry(save_id, _problem("record"))
        if text is not None:
            self.checked[save_id] = (text, entry)
        return entry

    def _unread(self, save_id: str, value: Any) -> bool:
        """Whether reading this save's value needs the marker: a text this worker has not read yet (a value
        that is not text is refused unread)."""
        return isinstance(value, str) and self.looked.get(save_id) != value and self._unreplayed(save_id, value)

    async def saves(self, req: Mapping[str, Any]) -> JSON:
        """The saved games, most recent first: ``{storage, saves: [summary...], more}``; corrupt ones are
        listed, marked. Games in progress are checked (replayed) and listed up to ``limit`` (MAX_SAVES by
        default); ``more`` is how many are left to list (a larger ``limit`` lists them)."""
        limit = int_field(req, "limit", MAX_SAVES)
        if not 1 <= limit <= MAX_SAVES_LIMIT:
            raise RequestError(f"'limit' must be 1 to {MAX_SAVES_LIMIT}")
        try:
            stored = await self._stored()
        except StorageError:
            return {"storage": False, "saves": [], "more": 0}
        async with self._marking():
            return await self._list(stored, limit)

    async def _list(self, stored: dict[str, Any], limit: int) -> JSON:
        # A first look (the JSON only, no replay) orders them; only the ones listed are replayed.
        readable: list[tuple[float, str]] = []
        entries: list[dict[str, Any]] = []
        for key, value in stored.items():
            if self._set_aside(key):
                entries.append(_entry(key, _problem("crash")))
                continue
            try:
                async with self._reading(key, self._unread(key, value)):
                    data, _ = self._look(key, value)
            except BadSave:
                entries.append(self._summary(key, value))
                continue
            readable.append((-float(data["updated"]), key))
        readable.sort()
        for _, key in readable[:limit]:
            async with self._reading(key, self._unreplayed(key, stored[key])):
                entries.append(self._summary(key, stored[key]))
        # A finished game leaves the list, unless it keeps an original record (nothing lost: it stays until deleted).
        entries = [e for e in entries if not e.get("terminal") or e.get("kept")]
        entries.sort(key=lambda e: (e["status"] != "ok", -(e["updated"] or 0), e["id"]))
        for e in entries:
            e.pop("terminal", None)
        return {"storage": True, "saves": entries, "more": max(0, len(readable) - limit)}

    def _unreplayed(self, save_id: str, value: Any) -> bool:
        """Whether replaying this save needs the marker: a text this worker has not replayed yet."""
        cached = self.checked.get(save_id)
        return isinstance(value, str) and not (cached is not None and cached[0] == value)

    async def resume(self, req: Mapping[str, Any]) -> JSON:
        """Resume a saved game: its record is replayed through the core; the View is of the seat shown
        (-1 first in a hot-seat game, so the hand-over comes first)."""
        save_id = _save_id(req)
        open_sid = self.sessions.of_save(save_id)
        if open_sid is not None:
            session = self.sessions.open[open_sid]
            self.sessions.open.move_to_end(open_sid)
            if len(session.humans) > 1 and not session.terminal:
                session.shown = -1
            return self.sessions.started(session, open_sid)
        save_id, value = await self._stored_save(req)
        damaged = RecordError("that saved game is damaged; it is set aside: you can export it or delete it",
                              key="err.save.damaged")
        if self._set_aside(save_id):
            raise damaged
        try:
            async with self._marking(), self._reading(save_id):
                session = open_save(value, save_id)
        except BadSave:
            raise damaged from None
        return self.sessions.started(session)

    async def delete_save(self, req: Mapping[str, Any]) -> JSON:
        """Delete one save (``save``) or every one (``all: true``); an open game of it is no longer saved."""
        key = None if req.get("all") is True else _save_id(req)
        if self.store is None:
            raise no_storage()
        if key is None:  # every save, not the kept reviews (issue 23: they feed the statistics)
            for k in [k for k in await self.store.load() if is_save_key(k)] + sorted(RESERVED):
                await self.store.delete(k)
        else:
            await self.store.delete(key)
        for session in self.sessions.open.values():
            if key is None or session.save_id == key:
                session.save_id = None
        if key is None:
            self.checked.clear()
            self.looked.clear()
            self.aside = set()
        else:
            self.checked.pop(key, None)
            self.looked.pop(key, None)
            if self._set_aside(key):
                assert self.aside is not None
                self.aside.discard(key)
                await self._write(ASIDE_KEY, json.dumps(sorted(self.aside)) if self.aside else None)
        return True

    async def export_save(self, req: Mapping[str, Any]) -> JSON:
        """A save's game record as JSON text for a file (on the player's request only); a damaged save's own text.
        ``original: true``: the original record this version's rules refused (kept with the save)."""
        _save_id(req)
        original = bool_field(req, "original", False)
        save_id, value = await self._stored_save(req)
        raw = {"text": value.text if isinstance(value, NotText) else value if isinstance(value, str) else json.dumps(None),
               "kind": "raw"}
        if self._set_aside(save_id):
            return raw  # never read again: its own text, as it is
        try:
            async with self._marking(), self._reading(save_id, self._unread(save_id, value)):
                data, record = self._look(save_id, value)
                kept = _kept(data)
        except BadSave:
            return raw
        if data.get("net") is not None:  # its record holds the seed of a game played together: not before the end
            raise net_record_later()
        seats = list(data["seats"])  # an older save's record lacks its seat kinds: the save has them
        if original and kept is not None:
            return {"text": json.dumps({**kept["record"], "seats": kept["record"].get("seats", seats)}, indent=1),
                    "kind": "record"}
        return {"text": json.dumps(dict(record.to_json(), seats=seats), indent=1), "kind": "record"}

    def import_record(self, req: Mapping[str, Any]) -> JSON:
        """Open a game record from a file: the checks of ``python -m pygame_core replay`` (its final-state
        check too), then the game: over, its end; unfinished, it goes on with the seats the player chose
        (``seats``; without it, the record's own, else you at the first seat and the computer at the others)
        and is saved like any game."""
        record, game, players = _imported(req)
        seats = seats_field(req) if req.get("seats") is not None else _record_seats(game, record, players)
        session = Session(record, seats, True, bool_field(req, "undo", True), names_field(req))
        return self.sessions.started(session.autosaved())


def _entry(save_id: str, problem: dict[str, Any] | None = None) -> dict[str, Any]:
    """A save's line in the list, before anything is known of it; with a ``problem``, a damaged save's."""
    return {"id": save_id, "status": "ok" if problem is None else "corrupt", "problem": problem, "game": None,
            "variant": None, "players": None, "seats": None, "names": None, "updated": None, "turn": -1,
            "actions": None, "kept": None, "net": False}


def _id_list(value: Any) -> set[str]:
    """The save ids of one of the store's own keys (a JSON list of texts); nothing when it is not one."""
    try:
        ids = safejson.loads(value, max_chars=1_000_000) if isinstance(value, str) else None
    except ValueError:
        return set()
    return {k for k in ids if isinstance(k, str)} if isinstance(ids, list) else set()


def _save_id(req: Mapping[str, Any]) -> str:
    key = text_field(req, "save")
    if not 0 < len(key) <= 100:
        raise RequestError("that saved game is unknown", key="err.save.gone")
    return key

"""Playing together across devices (issue 22): the host's side of a net table, and the guest's check.

The host's worker holds the only game; each remote seat (kind ``"remote"``: a guest on its own device,
no agent here) gets exactly the View the worker would show that seat on its own screen: its
observation, its legal moves on its turn, the public log entries since its last View (``say``), the
seed and record only at the end. The host page relays messages between the guests' data channels and
this worker; it strips ``remote`` from the host's View and sends each guest its own.

The deal is fair (``pygame_core.fairplay``): ``net_host`` draws the host's secret and answers its
commitment only; ``net_start`` derives the seed from it and every guest's secret (the seed stays
here: the host's View has ``seed: null`` until the end); ``net_reveal`` gives the secrets and the
record at the end; a guest's own worker checks them with ``net_verify``.

Ops (request fields -> result):

- ``net_host {game, variant?, options?, seats, names?, fallback?}`` -> ``{table, commitment}``: exactly one
  ``"human"`` seat (the host), at least one ``"remote"``, the others computer levels; ``fallback``
  (default ``medium``): the level that plays a guest's seat while the guest is away.
- ``net_start {table, secrets: {"<seat>": hex}, names?}`` -> ``Started`` plus ``remote`` (each guest's View) and
  ``net: {commitment, secrets}`` (the guests' secrets in seat order). Autosaved like any game; undo off.
  ``names``: the players' names now that the guests gave theirs (else ``net_host``'s). ``tamper: true``
  with ``debug: true`` deals from the seed plus one (the e2e test of the warning).
  Nothing gives the record before the end at such a table (``record``, ``export_save``: ``net.record.later``).
- ``net_message {session, seat, text}`` -> ``{host, remote, reply}``: one raw message from the guest of
  remote seat ``seat``. ``host``/``remote``: the Views once the game moved (else null); ``reply``: the
  message to send back to that guest only, or null. Guest input never raises: a refusal is the reply
  ``{"t": "refused", "key": "net.refused.*", "args"}`` and the game goes on.
- ``net_seat {session, seat, kind}`` -> ``{seats, host, remote}``: ``"remote"`` (the guest (re)joined) or
  a computer level (it plays the seat of a guest who dropped).
- ``net_reveal {session}`` (the game over) -> ``{secret, commitment, secrets, record}``.
- ``net_verify {record, secret, commitment, secrets, seat, seen, game?}`` (the guest's own worker) ->
  ``{ok, problem}`` (``fairplay.verify``).
- ``net_info {session}`` -> ``{seats, fallback, commitment, remote}`` (a resumed save: its remote seats
  are played by the fallback level until their guests rejoin, ``net_seat``).
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pygame_core import fairplay, safejson
from pygame_core.errors import IllegalActionError, OptionsError, PrimiError
from pygame_core.protocol import JSON
from pygame_core.records import Record

from .request import RequestError, bool_field, int_field, text_field
from .sessions import (
    MAX_ACTION_CHARS,
    Handler,
    Session,
    Sessions,
    names_field,
    operate,
    rule_set,
    seats_field,
)

REMOTE = "remote"
DEFAULT_FALLBACK = "medium"
MAX_PENDING = 8
"""Tables set up and not started yet, kept at once (the oldest is dropped)."""
MAX_MESSAGE_CHARS = 64 * 1024
"""A guest's message is at most this long (the host page's relay drops longer ones first)."""
MAX_MESSAGE_DEPTH = 8
"""No message of the wire format nests deeper than this (an op's fields included)."""
MAX_ID_CHARS = 40
PASSED = frozenset({"ping", "pong", "secret", "rematch"})
"""Message types the host page handles itself (heartbeats, the lobby, a rematch): ignored here."""


class NetRefused(PrimiError):
    """A guest's message the host's game does not take; the reply says why, and the game goes on."""

    default_key = "net.refused.garbage"


@dataclass
class NetTable:
    """What a table played across devices keeps: the host's secret and its commitment, the guests'
    secrets (in the seat order of the remote seats), the level that plays a guest's seat while the
    guest is away, and which seats are guests'."""

    secret: str
    commitment: str
    fallback: str
    remote: list[int]
    secrets: list[str] = field(default_factory=list)

    def to_save(self) -> dict[str, Any]:
        return {"secret": self.secret, "commitment": self.commitment, "secrets": self.secrets,
                "fallback": self.fallback, "remote": self.remote}

    @staticmethod
    def from_save(data: Any, players: int) -> NetTable:
        """A save's net table (``to_save``); ValueError if it is not one."""
        if not isinstance(data, dict) or set(data) != {"secret", "commitment", "secrets", "fallback", "remote"}:
            raise ValueError("not a net table")
        remote, guest_secrets, fallback = data["remote"], data["secrets"], data["fallback"]
        if (not isinstance(remote, list) or not remote or len(set(remote)) != len(remote)
                or not all(type(s) is int and 0 <= s < players for s in remote)
                or not isinstance(guest_secrets, list) or len(guest_secrets) != len(remote)
                or not isinstance(fallback, str) or not 0 < len(fallback) <= 20
                or fairplay.commitment(data["secret"]) != data["commitment"]):
            raise ValueError("not a net table")
        fairplay.derive_seed(data["secret"], guest_secrets)  # each secret well formed
        return NetTable(data["secret"], data["commitment"], fallback, sorted(remote), list(guest_secrets))


@dataclass
class Pending:
    """A table set up (``net_host``) whose guests are joining: its rule set, seats, names and secret."""

    header: Record
    seats: list[str]
    names: list[str] | None
    table: NetTable


def _check_seats(seats: list[str], players: int, levels: Mapping[str, Any], fallback: str) -> list[int]:
    """A net table's seats: one a player, exactly one the host, at least one a guest, the others
    computer levels of the game; the remote seats."""
    if len(seats) != players:
        raise OptionsError(f"give one player kind per seat ({players} seats)", key="err.seats")
    if seats.count("human") != 1:
        raise OptionsError("a table played together has exactly one player on this device", key="net.setup.host")
    remote = [s for s, k in enumerate(seats) if k == REMOTE]
    if not remote:
        raise OptionsError("a table played together needs at least one friend's seat", key="net.setup.remote")
    for kind in seats:
        if kind not in ("human", REMOTE) and kind not in levels:
            raise OptionsError("a seat is played by a computer level this game does not have", key="err.seats")
    if fallback not in levels:
        raise OptionsError("the level that plays for a friend who leaves is not one of this game's",
                           key="net.setup.fallback")
    return remote


def _net(session: Session) -> NetTable:
    if not isinstance(session.net, NetTable):
        raise RequestError("that game is not played together with other devices", key="net.notnet")
    return session.net


def _seat(session: Session, req: Mapping[str, Any]) -> int:
    """The request's seat: one of the table's guests' seats."""
    seat = int_field(req, "seat")
    if seat not in _net(session).remote:
        raise RequestError("that seat is not a guest's")
    return seat


def _message_id(msg: Mapping[str, Any]) -> dict[str, JSON]:
    """A guest's own id for a request (``log``, ``op``), echoed in the reply so its page can match them."""
    mid = msg.get("id")
    if mid is None:
        return {}
    if (isinstance(mid, str) and len(mid) <= MAX_ID_CHARS) or (type(mid) is int and mid.bit_length() <= 53):
        return {"id": mid}
    raise NetRefused("a message id is a short text or a number")


class Net:
    """The net tables' job: the tables set up and not started yet, and the ops."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.pending: OrderedDict[str, Pending] = OrderedDict()
        self._ids = itertools.count(1)

    def ops(self) -> dict[str, Handler]:
        return {"net_host": self.net_host, "net_start": self.net_start, "net_message": self.net_message,
                "net_seat": self.net_seat, "net_reveal": self.net_reveal, "net_verify": net_verify,
                "net_info": self.net_info}

    def net_host(self, req: Mapping[str, Any]) -> JSON:
        """Set up a table: the host's secret is drawn here and only its commitment is answered."""
        game, info, resolved = rule_set(req)
        fallback = req.get("fallback", DEFAULT_FALLBACK)
        if not isinstance(fallback, str):
            raise RequestError("the fallback is a computer level's name")
        seats = seats_field(req, remote=True)
        remote = _check_seats(seats, resolved["players"], game.info.agents, fallback)
        secret = fairplay.new_secret()
        table = NetTable(secret, fairplay.commitment(secret), fallback, remote)
        header = Record(game.info.name, info.name, tuple(sorted(resolved.items())), 0)
        tid = f"t{next(self._ids)}"
        self.pending[tid] = Pending(header, seats, names_field(req), table)
        while len(self.pending) > MAX_PENDING:
            self.pending.popitem(last=False)
        return {"table": tid, "commitment": table.commitment}

    def net_start(self, req: Mapping[str, Any]) -> JSON:
        """Deal the table's game from every player's secret; each guest's first View goes with it."""
        tid = text_field(req, "table")
        pending = self.pending.get(tid)
        if pending is None:
            raise RequestError("that table is no longer set up here: set it up again", key="net.table.gone")
        table = pending.table
        given = req.get("secrets")
        if not isinstance(given, Mapping) or set(given) != {str(s) for s in table.remote}:
            raise RequestError("net_start needs one secret for each friend's seat", key="net.setup.secrets")
        guest_secrets = [given[str(s)] for s in table.remote]
        seed = fairplay.derive_seed(table.secret, guest_secrets)  # a malformed secret: net.refused.secret
        if bool_field(req, "tamper", False) and bool_field(req, "debug", False):
            seed = (seed + 1) % fairplay.SEED_BOUND  # the e2e test of a host that deals another game
        h = pending.header
        names = names_field(req) if req.get("names") is not None else pending.names  # the guests' own, as they joined
        session = Session(Record(h.game, h.variant, h.options, seed), list(pending.seats), False, False, names)
        table.secrets = guest_secrets
        session.net = table
        del self.pending[tid]
        started = self.sessions.started(session.autosaved())
        started["remote"] = session.remote_views()
        started["net"] = {"commitment": table.commitment, "secrets": list(guest_secrets)}
        return started

    def net_message(self, req: Mapping[str, Any]) -> JSON:
        """One message from a guest: a move, a request for older log entries, or a game's operation for its
        own seat. Whatever the guest sends, the answer is a reply to it, never an error for the page."""
        session = self.sessions.session(req)
        seat = _seat(session, req)
        text = req.get("text")
        moved: dict[str, JSON] | None = None
        try:
            if session.seats[seat] != REMOTE:
                raise NetRefused("the computer plays that seat now", key="net.refused.replaced")
            msg = _parse(text)
            kind = msg.get("t")
            if kind == "act":
                moved = self._act(session, seat, msg)
                reply = None
            elif kind == "log":
                reply = {"t": "log", **_message_id(msg), "entries": session.log_slice(seat, _log_fields(msg))}
            elif kind == "op":
                reply = _operation(session, seat, msg)
            elif kind in PASSED:
                reply = None
            else:
                raise NetRefused("unknown message type")
        except PrimiError as exc:
            reply = {"t": "refused", "key": exc.key, "args": exc.params}
        except Exception:  # a guest's message must never break the host's table
            reply = {"t": "refused", "key": NetRefused.default_key, "args": {}}
        if moved is None:
            return {"host": None, "remote": None, "reply": reply}
        return {"host": moved, "remote": session.remote_views(), "reply": reply}

    def _act(self, session: Session, seat: int, msg: Mapping[str, Any]) -> dict[str, JSON]:
        """A guest's move: its own seat's, on its turn, at the point it saw, legal; the host's View after."""
        action, at = msg.get("action"), msg.get("at")
        if not isinstance(action, str) or len(action) > MAX_ACTION_CHARS or type(at) is not int:
            raise NetRefused("a move is an action text and the number of actions it follows")
        if "seat" in msg and msg["seat"] != seat:
            raise NetRefused("a move for another player", key="net.refused.seat")
        game, state = session.game, session.state
        if game.is_terminal(state):
            raise NetRefused("the game is over", key="net.refused.over")
        if game.current_player(state) != seat:
            raise NetRefused("not this player's turn", key="net.refused.turn")
        if at != len(session.actions):
            raise NetRefused("the move was made on an older view of the game", key="net.refused.stale")
        try:
            text = game.parse_action(action)
            new_state = game.apply(state, text)
        except PrimiError as exc:
            raise NetRefused("the rules refuse that move", key="net.refused.illegal", why=exc.description) from None
        return session.advance(new_state, text, None)

    def net_seat(self, req: Mapping[str, Any]) -> JSON:
        """A guest's seat changes hands: ``remote`` (the guest is back) or a computer level (it left)."""
        session = self.sessions.session(req)
        seat = _seat(session, req)
        kind = text_field(req, "kind")
        if kind != REMOTE and kind not in session.game.info.agents:
            raise OptionsError("a guest's seat is played by the guest or by a computer level", key="err.seats")
        if session.seats[seat] != kind:
            session.set_kind(seat, kind)
            session.seats[seat] = kind
            session.remote_log.pop(seat, None)  # a guest back starts from a fresh View (its observation has the recent log)
            session.changed = session.save_id is not None
        return {"seats": list(session.seats), "host": session.view(), "remote": session.remote_views()}

    def net_reveal(self, req: Mapping[str, Any]) -> JSON:
        """The secrets and the record, for every guest to check the deal: only once the game is over."""
        session = self.sessions.session(req)
        table = _net(session)
        if not session.terminal:
            raise IllegalActionError("the secrets are revealed when the game is over", key="err.record.later")
        record = session.record().with_final(session.game, session.state)
        return {"secret": table.secret, "commitment": table.commitment, "secrets": list(table.secrets),
                "record": record.to_json()}

    def net_info(self, req: Mapping[str, Any]) -> JSON:
        """A net table's seats, fallback level, commitment and guests' seats (a resumed save's lobby)."""
        session = self.sessions.session(req)
        table = _net(session)
        return {"seats": list(session.seats), "fallback": table.fallback, "commitment": table.commitment,
                "remote": list(table.remote)}


def _parse(text: Any) -> dict[str, Any]:
    """A guest's message: a JSON object with a type ``t``, bounded before it is read; NetRefused otherwise."""
    if not isinstance(text, str):
        raise NetRefused("a message is JSON text")
    try:
        msg = safejson.loads(text, what="a message", max_chars=MAX_MESSAGE_CHARS, max_depth=MAX_MESSAGE_DEPTH)
    except (ValueError, RecursionError):
        raise NetRefused("the message is not JSON, or too long, or nested too deeply") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        raise NetRefused("a message is a JSON object with a type")
    return msg


def _log_fields(msg: Mapping[str, Any]) -> dict[str, Any]:
    """A ``log`` message's ``start``/``stop`` (whole numbers, or absent)."""
    fields = {k: msg[k] for k in ("start", "stop") if msg.get(k) is not None}
    try:
        for key in fields:
            int_field(fields, key)
    except RequestError:
        raise NetRefused("log start and stop are whole numbers") from None
    return fields


def _operation(session: Session, seat: int, msg: Mapping[str, Any]) -> dict[str, JSON]:
    """A game's operation for the guest's own seat (a needs-view one sees that seat's observation only):
    ``{"t": "op", "name", "result"}``, or ``{"t": "op", "name", "error": {kind, key, args}}``."""
    name, fields = msg.get("name"), msg.get("fields", {})
    if not isinstance(name, str) or not isinstance(fields, dict):
        raise NetRefused("an operation is a name and its fields")
    reply: dict[str, JSON] = {"t": "op", **_message_id(msg), "name": name}
    try:
        op = session.game.info.operation(name)
        view = session.game.observation(session.state, seat) if op.needs_view else None
        reply["result"] = operate(op, fields, view)
    except PrimiError as exc:
        reply["error"] = {"kind": type(exc).__name__, "key": exc.key, "args": exc.params}
    return reply


def net_verify(req: Mapping[str, Any]) -> JSON:
    """The guest's check of the deal at the end (its own worker): ``fairplay.verify``."""
    game = req.get("game")
    ok, problem = fairplay.verify(req.get("record"), req.get("secret"), req.get("commitment"), req.get("secrets"),
                                  req.get("seat"), req.get("seen"), game=game if isinstance(game, str) else None)
    return {"ok": ok, "problem": problem}

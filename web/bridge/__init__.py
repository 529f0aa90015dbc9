"""The worker bridge: it holds the rules core (and the AI) off the main thread, and speaks the protocol only.

The page calls ``call(request_json)`` (web/worker.py, PyScript's main script, exposes one ``Bridge``);
every request and answer is JSON text, so only plain data crosses the thread boundary. This package
imports nothing game-specific: a game's extra operations (Primero's hand score, coach and lessons)
come through ``game.info.operations`` (``game_op``), its AI levels through ``make_agent``.

One module a job: ``sessions`` (the games in progress, the show rules, undo), ``saves`` (the save
format, its recovery and the store's interface, ``MemoryStore`` in CPython), ``idb`` (the browser's
store, IndexedDB), ``replay`` (the replay viewer), ``review`` (the game review, issue 23), ``net`` (tables played together across devices,
issue 22: the ``net_*`` ops, documented there), ``diagnostics`` (info, ping, boot, heap,
deal_preview), ``request`` (reading a request's fields) and ``dispatch`` (the op table, ``call``,
``call_async`` and the answer envelope). Only web/worker.py imports ``pyscript``.

Answers: ``{"ok": true, "result": ..., "ms": n}`` or ``{"ok": false, "kind": "<error class>", "key":
"<a message key>", "args": {...}, "ms": n}`` (issue 19: errors are keys; the page's tables say them in
the player's words, ``web/shell/errors.js``; a bug: ``key`` ``error.internal`` and ``detail``). A View is
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
- ``game_op {game, name, session?, ...}`` -> the game's operation ``name``, once the request has its
  declared fields (``Operation.fields``: a required one there, each one there of its kind; else RequestError)
- ``close {session}`` -> true; ``ping`` -> "pong"; ``prepare {game, variant?, options?}`` -> the levels whose tables it built (the setup screen asks, issue 12); ``boot`` -> ``{mode: "snapshot"|"plain", error?, ms?}``
  (whether web/engine-boot.mjs restored the engine's memory snapshot); ``heap`` -> ``{wasm: bytes}``; ``deal_preview {seed, count?}`` -> card texts
- ``replay {record, step?, seat?}`` -> one step of a finished game's record (the replay viewer): the
  record is checked exactly like ``python -m pygame_core replay`` (shape, every action, the final
  digest) and must be a finished game; ``seat`` is -1..players-1 or ``"all"`` (every hand: the game
  is over, so nothing is secret any more). Result ``{record, steps, step, seat, players, action,
  current, terminal, result, observation, hands, log, log_size}``; ``record`` is the record with its
  ``final`` check (the replay link carries it).
- ``review {record, seat, start?, slice_ms?, hindsight?, human?}`` (``call_async`` only) -> ``{header, lines, next,
  total, summary?, kept}``: a slice of a finished game's review of ``seat`` (issue 23, ``review``: the
  decisions from ``start`` for about ``slice_ms``, 250 by default; ``next`` null when done, with the
  ``summary``); a finished review is kept in the store (its own key space, ``review:…``) and answered at
  once after (``kept: true``); ``review_list`` -> ``{storage, reviews: [{game, variant, seat, human,
  time, accuracy, decisions, mean_loss, unit}]}``, newest first (at most 50 kept).
- Saved games (``call_async`` only: they need the browser's storage, IndexedDB):
  ``saves`` -> ``{storage, more, saves: [{id, status: "ok"|"corrupt", problem, game, variant, players, seats,
  names, updated, turn, actions, kept, net}]}`` (``net``: a table played together, issue 22) (most recent first; a corrupt save is listed, marked, with its
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

Hostile input: every JSON text from outside (the request itself, a record, a stored save) is bounded in
size and nesting depth before it is parsed (``pygame_core.safejson``; Pyodide's stack dies on a few
thousand levels), and read as strict JSON. Every field of a save is checked before it is listed, so
one damaged save never hides the others. Before it reads a save's text, the worker names that save
in the store (``saves.OPENING_KEY``) and removes the mark after. A mark left behind beside the page's
note that its engine died (``saves.DIED_KEY``) means reading that save killed the engine, so the next
worker sets it aside for good (listed as damaged, ``save.bad.crash``, exportable as it is, never read
again; ``saves.ASIDE_KEY``); a mark left with no such note (the page closed mid-read) sets it aside only
when the next worker leaves it so again (``saves.SUSPECT_KEY``).

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
- A malformed request gets kind ``RequestError`` (key ``err.request``); a bug gets kind
  ``InternalError`` (key ``error.internal``), and in ``detail`` where it happened
  (the stack and the exception's type, never its message, which may quote hidden state).
"""

from __future__ import annotations

from .dispatch import Bridge
from .saves import MemoryStore, SaveStore

__all__ = ["Bridge", "MemoryStore", "SaveStore"]

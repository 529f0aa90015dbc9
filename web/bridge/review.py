"""The game review's ops (issue 23): a finished game's decisions of one seat weighed, in slices, and kept.

``review {record, seat, start?, slice_ms?, hindsight?, human?}`` reviews the seat's decisions from decision
``start`` until about ``slice_ms`` milliseconds are spent (at least one decision), so the page shows
progress, fills the lines in as they come and can stop between slices; ``next`` says where to go on
(None: done, and the answer carries the ``summary``). The live ``Review`` (the record replayed once,
the lines made so far) is kept for the last ``MAX_LIVE`` (record, seat, hindsight), so a slice replays
nothing. A finished review is kept in the store behind the saves (``SaveStore``, its own key space
``review:<sha256 of the record's canonical JSON>:<seat>:<0|1>``), so it is made once: asked again, it is
answered at once (``kept: true``) while the lines' format and the game's reviewer version are the same.
``review_list`` lists the kept reviews' summaries, newest first; at most ``MAX_KEPT`` are kept.

Only a finished game is reviewed: a record the page holds is public (the end screen, the replay viewer,
a file), and a game in progress is never sent to the page, so no hidden card of one can reach it here.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from pygame_core import registry, safejson
from pygame_core.errors import OptionsError, RecordError
from pygame_core.protocol import JSON
from pygame_core.records import Record
from pygame_core.review import MARKS, REVIEW_FORMAT, Review, reviewer_for, summary

from .replay import _record_text
from .request import RequestError, bool_field, int_field
from .saves import Saves, StorageError
from .sessions import Handler

PREFIX = "review:"
"""The store's keys of kept reviews (the saves' list leaves them out: ``saves.RESERVED_PREFIXES``)."""
MAX_LIVE = 2
"""Live reviews (records replayed, lines made so far) kept between slices."""
MAX_KEPT = 50
"""Finished reviews kept in the store; the oldest beyond this are dropped."""
SLICE_MS = 250
"""A slice's time when the request does not say (the page's progress moves about four times a second)."""
MAX_SLICE_MS = 10_000


def canonical(record: Record) -> str:
    """The record's rules, deal and moves as canonical JSON (who played and the final check left out:
    the same game reviewed from the end screen, a replay link or a file is one review)."""
    data = {"game": record.game, "variant": record.variant, "options": dict(record.options),
            "seed": record.seed, "actions": list(record.actions)}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def store_key(record: Record, seat: int, hindsight: bool) -> str:
    """The store's key of a kept review."""
    digest = hashlib.sha256(canonical(record).encode("utf-8", "surrogatepass")).hexdigest()
    return f"{PREFIX}{digest}:{seat}:{int(hindsight)}"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _line(line: Any) -> bool:
    """Whether a kept review's line has the shape the page draws (``review.weigh_line``'s)."""
    return (isinstance(line, dict) and isinstance(line.get("step"), int) and line.get("mark") in MARKS
            and all(_number(line.get(k)) for k in ("loss", "value", "best_value"))
            and all(isinstance(line.get(k), str) for k in ("played", "best"))
            and all(isinstance(line.get(k), dict) for k in ("played_text", "best_text")))


def _read(value: Any) -> dict[str, Any] | None:
    """A kept review's data, or None when it is not one of this format (the store is the browser's: anything
    may be there; a damaged one is made again)."""
    try:
        data = safejson.loads(value, what="a kept review") if isinstance(value, str) else None
    except (ValueError, RecursionError):
        return None
    if (not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT or not _number(data.get("time"))
            or not isinstance(data.get("lines"), list) or not all(_line(x) for x in data["lines"])
            or not isinstance(data.get("header"), dict) or not isinstance(data.get("summary"), dict)
            or not isinstance(data["summary"].get("marks"), dict) or not isinstance(data["summary"].get("kinds"), dict)):
        return None
    return data


def _without_hindsight(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in line.items() if k != "hindsight"} for line in lines]


class Live:
    """A review under way: the ``Review`` (record replayed) and the lines made so far, by decision index
    (None: a decision the reviewer skipped)."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.done: dict[int, dict[str, JSON] | None] = {}

    def line(self, index: int) -> dict[str, JSON] | None:
        if index not in self.done:
            self.done[index] = self.review.line(index)
        return self.done[index]

    def lines(self) -> list[dict[str, JSON]]:
        """Every reviewed line, in order (any decision not made yet is made now)."""
        return [got for i in range(self.review.total) if (got := self.line(i)) is not None]


class Reviews:
    """The reviews' job: the live ones, and the kept ones through the saves' store."""

    def __init__(self, saves: Saves) -> None:
        self.saves = saves
        self.live: OrderedDict[str, Live] = OrderedDict()

    def ops(self) -> dict[str, Handler]:
        """This job's ops, by name (coroutine functions: ``call_async`` only, as they read the store)."""
        return {"review": self.review, "review_list": self.review_list}

    def _live(self, key: str, record: Record, seat: int, hindsight: bool) -> Live:
        live = self.live.get(key)
        if live is None:
            review = Review(record, seat, hindsight=hindsight)  # replays the record: RecordError if it does not
            if not review.header()["finished"]:
                raise RecordError("only a finished game can be reviewed", key="err.review.unfinished")
            live = self.live[key] = Live(review)
            while len(self.live) > MAX_LIVE:
                self.live.popitem(last=False)
        self.live.move_to_end(key)
        return live

    async def _kept(self, key: str, version: str) -> dict[str, Any] | None:
        """A kept review of this key, if the store has one of this format and reviewer version."""
        store = self.saves.store
        if store is None:
            return None
        try:
            data = _read((await store.load()).get(key))
        except StorageError:
            return None
        return data if data is not None and data.get("version") == version else None

    async def _keep(self, key: str, data: dict[str, Any]) -> None:
        """Keep a finished review, and drop the oldest beyond MAX_KEPT; a refusing store keeps nothing."""
        store = self.saves.store
        if store is None:
            return
        try:
            await store.put(key, json.dumps(data, separators=(",", ":")))
            old = sorted(self._listed(await store.load()), key=lambda e: -e[1].get("time", 0))[MAX_KEPT:]
            for k, _ in old:
                await store.delete(k)
        except StorageError:
            pass

    @staticmethod
    def _listed(stored: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """The store's kept reviews, read (a damaged one is left out)."""
        return [(k, data) for k, value in stored.items() if k.startswith(PREFIX) and (data := _read(value)) is not None]

    async def review(self, req: Mapping[str, Any]) -> JSON:
        """A slice of a seat's review (see the module's docstring):
        ``{header, lines, next, total, summary?, kept}``."""
        record = Record.from_json(_record_text(req.get("record")))
        seat = int_field(req, "seat")
        start = int_field(req, "start", 0)
        slice_ms = int_field(req, "slice_ms", SLICE_MS)
        hindsight = bool_field(req, "hindsight", False)
        human = bool_field(req, "human", False)  # the player's own seat: its accuracy goes to the statistics
        if start < 0 or not 1 <= slice_ms <= MAX_SLICE_MS:
            raise RequestError(f"'start' must be 0 or more, 'slice_ms' 1 to {MAX_SLICE_MS}")
        players = dict(record.options).get("players")
        if not isinstance(players, int) or isinstance(players, bool) or not 0 <= seat < players:
            raise OptionsError("no such seat in this game", key="err.review.seat")
        version = reviewer_for(registry.load(record.game)).version  # err.review.nogame
        key = store_key(record, seat, hindsight)
        if start == 0:
            kept = await self._kept(key, version)
            if kept is None and not hindsight:  # the review made with hindsight holds this one: its lines without it
                kept = await self._kept(store_key(record, seat, True), version)
            if kept is not None:
                said = kept["lines"] if hindsight else _without_hindsight(kept["lines"])
                return {"header": kept["header"], "lines": said, "next": None,
                        "total": kept["header"].get("decisions", len(kept["lines"])),
                        "summary": kept["summary"], "kept": True}
        live = self._live(key, record, seat, hindsight)
        review = live.review
        began = time.perf_counter()
        lines: list[dict[str, JSON]] = []
        i = start
        while i < review.total:
            got = live.line(i)
            i += 1
            if got is not None:
                lines.append(got)
            if time.perf_counter() - began >= slice_ms / 1000:
                break
        header = review.header()
        answer: dict[str, JSON] = {"header": header, "lines": lines, "next": i if i < review.total else None,
                                   "total": review.total, "kept": False}
        if answer["next"] is None:
            every = live.lines()
            answer["summary"] = summary(every, review.reviewer.thresholds)
            await self._keep(key, {"format": REVIEW_FORMAT, "version": version, "header": header, "lines": every,
                                   "summary": answer["summary"], "game": record.game, "variant": record.variant,
                                   "seat": seat, "hindsight": hindsight, "human": human,
                                   "time": int(time.time() * 1000)})
        return answer

    async def review_list(self, req: Mapping[str, Any]) -> JSON:
        """The kept reviews, newest first: ``{storage, reviews: [{game, variant, seat, human, time, accuracy,
        decisions, mean_loss, unit}]}`` (``human``: a player's own seat, as the page said when it asked; a game
        reviewed with and without hindsight is listed once)."""
        store = self.saves.store
        try:
            if store is None:
                raise StorageError("no storage")
            stored = await store.load()
        except StorageError:
            return {"storage": False, "reviews": []}
        seen: set[str] = set()
        out: list[dict[str, JSON]] = []
        for k, data in sorted(self._listed(stored), key=lambda e: (-e[1]["time"], e[0])):
            game_seat = k.rsplit(":", 1)[0]
            if game_seat in seen:
                continue
            seen.add(game_seat)
            s, h = data["summary"], data.get("header") or {}
            out.append({"game": str(data.get("game")), "variant": str(data.get("variant")), "seat": h.get("seat"),
                        "human": data.get("human") is True, "time": data["time"], "accuracy": s.get("accuracy"),
                        "decisions": s.get("decisions"), "mean_loss": s.get("mean_loss"), "unit": h.get("unit")})
        return {"storage": True, "reviews": out[:MAX_KEPT]}

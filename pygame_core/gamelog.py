"""A game's public log as a persistent linked list: appending is O(1). Shared by every game.

A state holds the newest node; each node points to the one before it, so every
state of a game shares the older entries with the states before it and an
action never copies the log (the protocol asks for this: a 70,000-action game
must replay in linear time). Nodes are immutable, hashable and compare by
their entries (without recursion, so a 70,000-entry log compares, hashes,
pickles and prints safely).

An entry is any immutable, hashable value the game chooses (Primero: ``(seat,
text, deal)``; Primiera: ``(seat, key, args as JSON text)``); the game turns
entries into the observation's ``{seat, key, args, ...}`` dicts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

E = TypeVar("E")
T = TypeVar("T")


class PublicLog(Generic[E]):
    """A log: an empty ``PublicLog()`` or the newest entry plus the log before it."""

    __slots__ = ("_entry", "_hash", "_prev", "_size")

    _entry: E | None
    _prev: PublicLog[E] | None
    _size: int
    _hash: int

    def __init__(self, entry: E | None = None, prev: PublicLog[E] | None = None) -> None:
        size = 0 if entry is None else (prev._size if prev is not None else 0) + 1
        prev_hash = prev._hash if prev is not None else 0
        object.__setattr__(self, "_entry", entry)
        object.__setattr__(self, "_prev", prev)
        object.__setattr__(self, "_size", size)
        object.__setattr__(self, "_hash", hash((entry, prev_hash, size)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a PublicLog is immutable")

    @staticmethod
    def of(entries: Iterable[E]) -> PublicLog[E]:
        """A log holding ``entries`` (oldest first)."""
        log: PublicLog[E] = PublicLog()
        for e in entries:
            log = log.append(e)
        return log

    def append(self, entry: E) -> PublicLog[E]:
        """The log with ``entry`` added at the end (O(1): this log is shared, not copied)."""
        return PublicLog(entry, self if self._size else None)

    @property
    def previous(self) -> PublicLog[E] | None:
        """The log before the newest entry (shared, not copied), or None for a log of 0 or 1 entries."""
        return self._prev

    def __len__(self) -> int:
        return self._size

    def newest(self) -> Iterator[E]:
        """The entries from the newest back to the oldest (stop early to read only recent ones)."""
        node: PublicLog[E] | None = self
        while node is not None and node._entry is not None:
            yield node._entry
            node = node._prev

    def entries(self, start: int = 0, stop: int | None = None) -> list[E]:
        """Entries ``start:stop`` (Python slice rules), oldest first; costs O(size - start)."""
        start, stop, _ = slice(start, stop).indices(self._size)
        if stop <= start:
            return []
        out: list[E] = []
        for i, e in enumerate(self.newest()):
            index = self._size - 1 - i
            if index < start:
                break
            if index < stop:
                out.append(e)
        out.reverse()
        return out

    def __iter__(self) -> Iterator[E]:
        return iter(self.entries())

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            if index.step not in (None, 1):
                return self.entries()[index]
            return self.entries(index.start or 0, index.stop)
        i = index + self._size if index < 0 else index
        if not 0 <= i < self._size:
            raise IndexError("log index out of range")
        return self.entries(i, i + 1)[0]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PublicLog):
            return NotImplemented
        a: PublicLog[Any] | None = self
        b: PublicLog[Any] | None = other
        if self._size != other._size or self._hash != other._hash:
            return False
        while a is not None and b is not None:
            if a is b:
                return True
            if a._entry != b._entry:
                return False
            a, b = a._prev, b._prev
        return a is None and b is None

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        last = f", newest={self._entry!r}" if self._entry is not None else ""
        return f"PublicLog(size={self._size}{last})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PublicLog.of, (tuple(self.entries()),))

    def __copy__(self) -> PublicLog[E]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> PublicLog[E]:
        return self


def loads_each(texts: Iterable[str]) -> list[Any]:
    """Each of ``texts`` (JSON values, a log's args) decoded: the same fresh values as one ``json.loads``
    per text, from one call for all (an observation decodes its window of the log every time)."""
    return json.loads("[" + ",".join(texts) + "]")  # type: ignore[no-any-return]


class LogFold(Generic[E, T]):
    """A value folded over a log's entries (oldest first), remembered for the last ``size`` logs read.

    ``extend(value, entries)`` gives the value of a log from the value of an earlier part of it and
    the entries after that part; ``empty`` is the value of an empty log. A later state's log shares
    its past with an earlier one's, so reading it folds only the entries added since the newest log
    remembered (an action adds a few), not the whole log again. A pure memo keyed on immutable logs,
    bounded, with no game state; ``T`` must be immutable (every caller gets the same value).
    """

    __slots__ = ("_empty", "_extend", "_memo", "_size")

    def __init__(self, extend: Callable[[T, list[E]], T], empty: T, size: int = 32) -> None:
        self._extend = extend
        self._empty = empty
        self._size = size
        self._memo: dict[PublicLog[E], T] = {}

    def __call__(self, log: PublicLog[E]) -> T:
        memo = self._memo
        got = memo.pop(log, _MISSING)  # put back last: the memo drops the least recently read first
        if got is not _MISSING:
            value: T = got
        else:
            value = self._empty
            fresh: list[E] = []
            node: PublicLog[E] | None = log
            while node is not None and node._entry is not None:
                earlier = memo.get(node, _MISSING)
                if earlier is not _MISSING:
                    value = earlier
                    break
                fresh.append(node._entry)
                node = node._prev
            if fresh:
                fresh.reverse()
                value = self._extend(value, fresh)
            while len(memo) >= self._size:
                memo.pop(next(iter(memo)), None)
        memo[log] = value
        return value


_MISSING: Any = object()

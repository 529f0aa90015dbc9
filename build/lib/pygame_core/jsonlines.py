"""JSON lines in and out, for the command line: ``python -m pygame_core`` (cli.py) and the commands each
game declares (``<game>/cli.py``, ``GameInfo.commands``) write one JSON document a line and read
their input line by line. A module of its own so a game's commands need not import the top-level
command line, which loads the registry (and so every game)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any, TextIO

from .errors import PrimiError

EXIT_OK = 0
EXIT_BAD_INPUT = 2
MAX_INPUT_BYTES = 10_000_000
"""A command reads at most this much of a whole input (a record, a round): ``replay /dev/zero`` is refused, not read."""
MAX_LINE_BYTES = 10_000
"""A line of a line-by-line input is at most this long (a hand is a few characters)."""


class InputError(PrimiError):
    """The input cannot be read: too long, a line too long, or stdin closed."""


def dump(data: Any, out: TextIO) -> None:
    """One JSON document on one line."""
    out.write(json.dumps(data, sort_keys=False) + "\n")


def flush(buffer: list[str], out: TextIO) -> None:
    """Write and flush the results so far, so that nothing already computed is lost."""
    if buffer:
        out.write("\n".join(buffer) + "\n")
        out.flush()
        buffer.clear()


def numbered_lines(stdin: TextIO | None, limit: int = MAX_LINE_BYTES) -> Iterator[tuple[int, str | None]]:
    """``(line number, text)`` of each line, text None for a line that is not UTF-8 (a leading BOM is dropped).

    InputError for a line longer than ``limit`` (read no further: ``</dev/zero`` is one endless line)."""
    if stdin is None:
        raise InputError("there is no input: stdin is closed")
    binary = getattr(stdin, "buffer", None)
    source: Any = binary if binary is not None else stdin  # a text stream handed to main (tests): already decoded
    for lineno in itertools.count(1):
        raw = source.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit:
            raise InputError(f"line {lineno} is too long (more than {limit:,} characters)")
        if lineno == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf" if isinstance(raw, bytes) else "\ufeff")
        if isinstance(raw, str):
            yield lineno, raw
            continue
        try:
            yield lineno, raw.decode("utf-8")
        except UnicodeDecodeError:
            yield lineno, None


def read_all(stdin: TextIO | None, limit: int = MAX_INPUT_BYTES) -> str | bytes:
    """All of stdin, as bytes when it has them (so that the reader decides on UTF-8 and a BOM); InputError
    when it is longer than ``limit`` (read no further) or stdin is closed."""
    if stdin is None:
        raise InputError("there is no input: stdin is closed")
    binary = getattr(stdin, "buffer", None)
    data: str | bytes = read_at_most(binary if binary is not None else stdin, limit)
    return data


def read_at_most(source: Any, limit: int = MAX_INPUT_BYTES) -> Any:
    """At most ``limit`` bytes (or characters) of a stream; InputError when it holds more."""
    data = source.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"the input is too long (more than {limit:,} bytes)")
    return data

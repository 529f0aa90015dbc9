"""JSON lines in and out, for the command line: ``python -m pygame_core`` (cli.py) and the commands each
game declares (``<game>/cli.py``, ``GameInfo.commands``) write one JSON document a line and read
their input line by line. A module of its own so a game's commands need not import the top-level
command line, which loads the registry (and so every game)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def dump(data: Any, out: TextIO) -> None:
    """One JSON document on one line."""
    out.write(json.dumps(data, sort_keys=False) + "\n")


def flush(buffer: list[str], out: TextIO) -> None:
    """Write and flush the results so far, so that nothing already computed is lost."""
    if buffer:
        out.write("\n".join(buffer) + "\n")
        out.flush()
        buffer.clear()


def numbered_lines(stdin: TextIO) -> Iterator[tuple[int, str | None]]:
    """``(line number, text)`` of each line, text None for a line that is not UTF-8 (a leading BOM is dropped)."""
    binary = getattr(stdin, "buffer", None)
    if binary is None:  # a text stream handed to main (tests): already decoded
        for lineno, line in enumerate(stdin, 1):
            yield lineno, line.removeprefix("\ufeff") if lineno == 1 else line
        return
    for lineno, raw in enumerate(binary, 1):
        if lineno == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        try:
            yield lineno, raw.decode("utf-8")
        except UnicodeDecodeError:
            yield lineno, None


def read_all(stdin: TextIO) -> str | bytes:
    """All of stdin, as bytes when it has them (so that the reader decides on UTF-8 and a BOM)."""
    binary = getattr(stdin, "buffer", None)
    return binary.read() if binary is not None else stdin.read()

"""JSON from outside, read with its nesting depth and its size bounded before it is parsed.

``json.loads`` recurses once per level of nesting. CPython stops at its recursion limit with a
RecursionError, but Pyodide's WebAssembly stack may run out first: ``"[" * 5000`` (a 31-character
replay link, deflated) killed the browser's engine for good (issue 20, item 13). So every JSON text
that comes from outside (a request to the worker, a replay link's or a file's record, a stored save,
the command line's input) is scanned first, cheaply and without recursion, and refused when it
nests deeper than ``MAX_DEPTH`` or is longer than its reader's bound. Nothing Primi writes nests
deeper than 6 levels (a save: ``{kept: {record: {options: {...}}}}``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from .errors import PrimiError

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects accepted (Pyodide handles 1,000; Primi writes at most 6)."""
MAX_CHARS = 5_000_000
"""The longest JSON text accepted unless the reader gives its own bound (a record file's bound)."""

# A string, so that the brackets inside it are not counted. Unrolled, so that a long string is
# matched without backtracking. Outside a string, a '"' always starts one in valid JSON; an
# unterminated one matches nothing here, and json.loads refuses the text anyway.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIRS = str.maketrans("[]{}", "()()")


_KEYS = {"deep": "err.json.deep", "long": "err.json.long"}


class JsonLimitError(PrimiError):
    """A JSON text refused before parsing: nested too deeply (``reason`` "deep") or too long ("long")."""

    default_key = "err.input"

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message, key=_KEYS[reason])
        self.reason = reason


def depth(text: str | bytes | bytearray, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of arrays and objects in a JSON text, counted until it passes ``limit`` (then
    more than ``limit``). No recursion and no loop over characters in Python (Pyodide is slow at that):
    the strings are cut out, the brackets kept, and each pass of ``str.replace`` removes every innermost
    pair, one level a pass. A text with few brackets is not scanned at all."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", "replace")  # '"', '\\' and the brackets are ASCII: unchanged
    opened = text.count("[") + text.count("{")
    if opened <= limit:
        return opened  # an upper bound, within the limit: no need to know it exactly
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_PAIRS)
    level = 0
    while level <= limit:
        inner = brackets.replace("()", "")
        if inner == brackets:
            break  # no pair left: what remains was never closed (a text cut short), and still counts
        level += 1
        brackets = inner
    return level + brackets.count("(")


def check(text: str | bytes | bytearray, *, what: str = "the input", max_chars: int = MAX_CHARS,
          max_depth: int = MAX_DEPTH) -> None:
    """JsonLimitError unless ``text`` is at most ``max_chars`` long and nests at most ``max_depth`` deep."""
    if len(text) > max_chars:
        raise JsonLimitError(f"{what} is too long ({len(text):,} characters; at most {max_chars:,})", "long")
    if depth(text, max_depth) > max_depth:
        raise JsonLimitError(f"{what} is nested too deeply (more than {max_depth} levels)", "deep")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e999: valid JSON, but no answer could carry it back (strict JSON)
        raise ValueError(f"the number {text[:40]} is too large")
    return number


def loads(text: str | bytes | bytearray, *, what: str = "the input", max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH,
          object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None) -> Any:
    """``json.loads`` of a text from outside, after ``check``: JsonLimitError when it is too long or
    nested too deeply, ValueError (json's) when it is not strict JSON (NaN, Infinity and a number
    too large for a float are refused: whatever is read may have to be sent back as JSON)."""
    check(text, what=what, max_chars=max_chars, max_depth=max_depth)
    return json.loads(text, object_pairs_hook=object_pairs_hook, parse_constant=_no_constant, parse_float=_finite)

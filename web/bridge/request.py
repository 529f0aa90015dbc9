"""Reading a request's fields: the worker's own error for a malformed request, and the readers every op uses.

A field the request lacks or gives in the wrong type is a ``RequestError``: the page says
``err.request`` ("The game could not do that"), since only a bug or a hostile caller sends one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pygame_core.errors import PrimiError, quote
from pygame_core.protocol import FieldSpec


class RequestError(PrimiError):
    """The request itself is malformed: not JSON, not an object, an unknown op, a field of the wrong type."""

    default_key = "err.request"


def int_field(req: Mapping[str, Any], key: str, default: int | None = None) -> int:
    """A whole-number field of the request (booleans and huge numbers refused)."""
    value = req.get(key, default)
    if value is None:
        raise RequestError(f"the request needs {key!r}")
    if isinstance(value, bool) or not isinstance(value, int) or value.bit_length() > 64:
        raise RequestError(f"{key!r} must be a whole number, not {quote(value)}")
    return value


def text_field(req: Mapping[str, Any], key: str) -> str:
    """A text field of the request."""
    value = req.get(key)
    if not isinstance(value, str):
        raise RequestError(f"the request needs {key!r} as text, not {quote(value)}")
    return value


def bool_field(req: Mapping[str, Any], key: str, default: bool) -> bool:
    """A true-or-false field of the request."""
    value = req.get(key, default)
    if not isinstance(value, bool):
        raise RequestError(f"{key!r} must be true or false, not {quote(value)}")
    return value


def check_fields(fields: Sequence[FieldSpec], req: Mapping[str, Any]) -> None:
    """Check a game operation's request against its declared fields (``Operation.fields``) before the
    operation runs: a required field must be there, and each field there (not null) of its kind."""
    for spec in fields:
        value = req.get(spec.name)
        if value is None:
            if spec.required:
                raise RequestError(f"the request needs {spec.name!r} ({spec.kind})")
        elif not spec.accepts(value):
            raise RequestError(f"{spec.name!r} must be of kind {spec.kind}, not {quote(value)}")

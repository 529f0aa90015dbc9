"""The error taxonomy of the rules core: every error is a ValueError subclass."""

from __future__ import annotations

from typing import Any


class PrimiError(ValueError):
    """Base class of every error the core raises on bad input.

    Every error carries a Description for the page (issue 19: errors are keys): ``key`` names a
    message in the page's translation tables (the shell's ``err.*``, or a game's own prefix) and
    ``params`` its placeholders (plain JSON data: numbers, texts, nested ``{"key", "args"}``).
    The worker forwards ``{kind, key, args}`` and never the English text, which stays for the
    command line, logs and tests. A subclass without a specific key falls back to its
    ``default_key``, which the page says in the player's words.
    """

    default_key = "err.input"

    def __init__(self, message: str, *, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.key: str = key or self.default_key
        self.params: dict[str, Any] = params

    @property
    def description(self) -> dict[str, Any]:
        """``{"key": ..., "args": {...}}``: what the page translates (a protocol Description)."""
        return {"key": self.key, "args": dict(self.params)}


class InvalidCardError(PrimiError):
    """The text is not a card in our notation, or not in the deck in play."""

    default_key = "err.input"


class InvalidActionError(PrimiError):
    """The text is not an action of this game at all (it does not parse)."""

    default_key = "err.move"


class IllegalActionError(PrimiError):
    """The action parses, but it is not legal in this state."""

    default_key = "err.move"


class OptionsError(PrimiError):
    """A variant name, player count or option value is not accepted."""

    default_key = "err.options"


class RecordError(PrimiError):
    """A game record is malformed or does not replay."""

    default_key = "err.record"

    def __init__(
        self, message: str, index: int | None = None, action: str | None = None, *, key: str | None = None, **params: Any
    ) -> None:
        super().__init__(message, key=key, **params)
        self.index = index
        self.action = action


QUOTE_LIMIT = 80


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of a piece of input for an error message, cut to about ``limit`` characters.

    A hostile input (a 50 MB action, a huge number) must not turn into a huge message.
    """
    if isinstance(text, int) and not isinstance(text, bool) and text.bit_length() > 64:
        return "(a huge number)"  # repr of a huge int may exceed Python's int-string limit
    if not isinstance(text, (str, bytes, int, float, bool)) and text is not None:
        return f"(a {type(text).__name__})"  # never repr a container: it may be nested arbitrarily deep
    if isinstance(text, (str, bytes)) and len(text) > limit:
        return repr(text[:limit]) + f"... ({len(text):,} characters)"
    return repr(text)


PLAIN_LIMIT = 40


def plain(text: object, limit: int = PLAIN_LIMIT) -> str:
    """A piece of input as a Description's argument: the text itself (a number as its digits), cut to
    ``limit`` characters with an ellipsis; "" for anything else. Never ``quote``d: the page puts it in
    its own sentence, in its own quotation marks, and a hostile input must stay short there too."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        return ""
    if isinstance(text, int):
        return str(text) if text.bit_length() <= 64 else ""
    return text if len(text) <= limit else text[:limit] + "…"

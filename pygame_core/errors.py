"""The error taxonomy of the rules core: every error is a ValueError subclass."""

from __future__ import annotations


class PrimiError(ValueError):
    """Base class of every error the core raises on bad input."""


class InvalidCardError(PrimiError):
    """The text is not a card in our notation, or not in the deck in play."""


class InvalidActionError(PrimiError):
    """The text is not an action of this game at all (it does not parse)."""


class IllegalActionError(PrimiError):
    """The action parses, but it is not legal in this state."""


class OptionsError(PrimiError):
    """A variant name, player count or option value is not accepted."""


class RecordError(PrimiError):
    """A game record is malformed or does not replay."""

    def __init__(self, message: str, index: int | None = None, action: str | None = None) -> None:
        super().__init__(message)
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

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

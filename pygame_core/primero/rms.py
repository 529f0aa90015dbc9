"""The RMS engine (placeholder until implemented)."""

from __future__ import annotations

from .state import PrimeroState


def forced_info(s: PrimeroState) -> int:
    """The seat under an obligation now, or -1."""
    return -1


def start_wager(s: PrimeroState) -> PrimeroState:
    """Open a wagering round."""
    raise NotImplementedError


def legal(s: PrimeroState) -> list[str]:
    """Legal actions."""
    raise NotImplementedError


def apply(s: PrimeroState, action: str) -> PrimeroState:
    """Apply an action."""
    raise NotImplementedError

"""Primiera's command-line command (``GameInfo.commands``): ``python -m pygame_core primiera-score``.

It reads one round as JSON on stdin (``{"variant", "sides": {name: {"cards", "sweeps"}}, "solo"}``)
and prints ``{"sides": {name: {cards, coins, settebello, primiera, sweeps, total}}}``; bad input is a
ScoreInputError (exit status 2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ..jsonlines import dump, read_all
from ..protocol import Command
from .scoring import parse_request, score_request

if TYPE_CHECKING:  # the game declares its command; the worker never runs it, so argparse stays unloaded there
    import argparse


def _run(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:

    scored = score_request(parse_request(read_all(stdin)))  # ScoreInputError is a PrimiError: exit 2
    dump({"sides": scored["sides"]}, out)
    return 0


COMMANDS = (
    Command("primiera-score", "score a Primiera round: JSON on stdin with each side's captured cards and sweeps",
            lambda p: None, _run),
)

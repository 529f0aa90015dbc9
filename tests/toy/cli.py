"""Toy Swap's command-line command (``GameInfo.commands``): ``python -m pygame_core toy-value 7C KC``
prints ``{"sum": 17}``; a card not in the toy deck is bad input (exit status 2)."""

from __future__ import annotations

import argparse
from typing import TextIO

from pygame_core.jsonlines import dump
from pygame_core.protocol import Command

from .rules import value_of


def _setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("cards", nargs="+", help="toy cards, e.g. 7C KC")


def _run(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    dump({"sum": value_of(args.cards)}, out)
    return 0


COMMANDS = (Command("toy-value", "the sum of some Toy Swap cards", _setup, _run),)

"""Primero's command-line command (``GameInfo.commands``): ``python -m pygame_core primero-hand``.

``primero-hand [--rules R] [--wild] [--supremus-fixed] CARDS...`` prints the hand's kind and points
as JSON; with no cards it reads one hand per stdin line and prints one JSON line each, as it goes.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, TextIO

from ..cards import Card
from ..errors import PrimiError
from ..jsonlines import EXIT_BAD_INPUT, EXIT_OK, dump, flush, numbered_lines
from ..protocol import Command
from .hands import RULESETS, evaluate, get_rules

if TYPE_CHECKING:  # the game declares its command; the worker never runs it, so argparse stays unloaded there
    import argparse

RULE_SETS = tuple(RULESETS)
_CARD_SPLIT = re.compile(r"[\s,]+")


def _setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="waks", help=f"rule set: {', '.join(RULE_SETS)} (default waks)")
    p.add_argument("--wild", action="store_true", help="RMS only: the J of hearts is wild (D-PR6)")
    p.add_argument("--supremus-fixed", action="store_true", help="RMS only: supremus scores 55 (D-PR5)")
    p.add_argument("cards", nargs="*", help="four cards, e.g. 7S 6H AD KC; none to read stdin")


def _run(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:

    rules = get_rules(args.rules, wild=args.wild, supremus_fixed=args.supremus_fixed)
    if args.cards:
        texts = [t for a in args.cards for t in _CARD_SPLIT.split(a) if t]
        dump(evaluate(texts, rules).to_json(rules), out)
        return EXIT_OK

    # stdin mode: one hand per line. Parsing is cached per token and results per
    # hand (as given), and the rules are resolved once, so 91,390 lines take seconds.
    # stdin is read as bytes and decoded line by line, so a line that is not UTF-8 is
    # reported like any other bad line, and every result is written as it comes.
    card_cache: dict[str, Card] = {}
    line_cache: dict[tuple[str, ...], str] = {}
    status = EXIT_OK
    buffer: list[str] = []
    try:  # a line too long (``</dev/zero``) ends the input: what was computed before it is still written
        for lineno, line in numbered_lines(stdin):
            if line is None:
                buffer.append(json.dumps({"error": f"line {lineno}: not UTF-8 text"}))
                status = EXIT_BAD_INPUT
                continue
            tokens = tuple(t for t in _CARD_SPLIT.split(line) if t)
            if not tokens:
                continue
            text = line_cache.get(tokens)
            if text is None:
                try:
                    cards = []
                    for t in tokens:
                        card = card_cache.get(t)
                        if card is None:
                            card = card_cache[t] = Card.parse(t)
                        cards.append(card)
                    text = json.dumps(evaluate(cards, rules).to_json(rules))
                    if len(line_cache) < 200_000:
                        line_cache[tokens] = text
                except PrimiError as exc:
                    text = json.dumps({"error": f"line {lineno}: {exc}"})
                    status = EXIT_BAD_INPUT
            buffer.append(text)
            if len(buffer) >= 256:
                flush(buffer, out)
    finally:
        flush(buffer, out)
    return status


COMMANDS = (
    Command("primero-hand", "value a 4-card Primero hand (or one hand per stdin line)", _setup, _run),
)

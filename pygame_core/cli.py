"""The command line: ``python -m pygame_core list|replay|review|simulate`` and each game's own commands.

A game brings its commands in ``GameInfo.commands`` (see protocol.Command; Primero's
``primero-hand``, Primiera's ``primiera-score``); ``build_parser`` adds every registered game's.

Every command prints JSON on stdout. Bad input (an unknown game, a malformed
record, a card not in the deck, options that fail a variant's cross-check, a
line that is not UTF-8...) gives a one-line message on stderr (quoting at most
about 80 characters of the input) and exit status 2, never a traceback.

- ``replay`` prints ``{ok, game, variant, actions, terminal, result, final_checked}``;
  a record's optional ``final`` check (see ``records``) catches a wrong seed.
- ``review FILE --seat N`` prints one line per reviewed decision of that seat (``step``, ``played``,
  ``best``, ``loss`` in the game's unit, ``mark``...; see review.py), and with ``--summary`` a last line
  with the accuracy, the marks and the mistakes by kind;
- ``simulate`` prints ``{game, variant, players, agents, options, seed, games, figures,
  per_seat, per_agent, mean_game_length, elapsed_seconds, games_per_second}`` plus,
  for a game whose figures are counted per unit, that unit's total (Primero: ``deals``);
  ``per_agent[kind]`` has wins, win rate, mean score and each figure (Primero:
  ``chips_per_deal``), each with its 95% interval (see ``simulate``).
- a game's commands: see its ``cli.py`` (``primero/cli.py``, ``primiera/cli.py``).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from .errors import QUOTE_LIMIT, PrimiError, RecordError, quote
from .jsonlines import EXIT_BAD_INPUT, EXIT_OK, dump, flush, read_all, read_at_most
from .protocol import Command

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


_OWN = ("list", "replay", "review", "simulate")  # the commands every game shares; a game's commands are its own
_INT = re.compile(r"[+-]?\d{1,18}")
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'" + r'|"(?:[^"\\]|\\.)*"')  # argparse quotes a bad argument whole
_LONG_WORD = re.compile(rf"\S{{{QUOTE_LIMIT + 20},}}")  # a piece of input given unquoted (unrecognized arguments)
MAX_MESSAGE = 400


class UsageError(Exception):
    """Bad command-line input; the message is shown as-is on stderr."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises UsageError instead of exiting, so ``main`` returns a status.

    ``--help`` is written to ``stdout`` when given (``main``'s stream), else to ``sys.stdout``.
    """

    def __init__(self, *args: Any, stdout: TextIO | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stdout = stdout

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        super().print_help(file if file is not None else self._stdout)

    def print_usage(self, file: SupportsWrite[str] | None = None) -> None:
        super().print_usage(file if file is not None else self._stdout)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:  # argparse's own swallows an OSError: ``--help >/dev/full`` would say nothing and exit 0
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {_short(message)}")


def _cut_quoted(match: re.Match[str]) -> str:
    text = match.group()
    if len(text) <= QUOTE_LIMIT + 2:
        return text
    return f"{text[:QUOTE_LIMIT + 1]}...{text[0]} ({len(text) - 2:,} characters)"


def _long_word(match: re.Match[str]) -> str:
    return f"{match.group()[:QUOTE_LIMIT]}... ({len(match.group()):,} characters)"


def _short(message: str) -> str:
    """A failure's message on one line, each piece of input it quotes cut to about 80 characters (argparse
    quotes a bad argument whole, or lists unrecognized ones unquoted: one may be 131,000 characters)."""
    message = _QUOTED.sub(_cut_quoted, message)
    message = _LONG_WORD.sub(_long_word, message)
    message = " ".join(message.split())
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE] + "..."




# --- list --------------------------------------------------------------------


def _cmd_list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from . import registry
    from .agents import agent_names

    games: list[dict[str, Any]] = []
    status = EXIT_OK
    for name in registry.game_names():
        try:
            entry = registry.load(name).info.to_json()
            entry["agents"] = list(agent_names(name))
        except (ImportError, AttributeError) as exc:  # a game module that is not there yet
            err.write(f"list: game {quote(name)} cannot be loaded: {exc}\n")
            entry = {"name": name, "error": f"cannot be loaded: {exc}"}
            status = 1
        games.append(entry)
    dump({"games": games}, out)
    return status


# --- replay ------------------------------------------------------------------


def _read_record(command: str, source: str, stdin: TextIO | None) -> Any:
    """The record named on the command line (a file, or - for stdin), parsed; UsageError if bad."""
    from .records import Record

    data: str | bytes
    try:
        if source == "-":
            data = read_all(stdin)  # bytes, so that the record decides on UTF-8 and a BOM
        else:
            with open(source, "rb") as fh:
                data = read_at_most(fh)  # bounded: ``replay /dev/zero`` is refused, not read
    except OSError as exc:
        raise UsageError(f"{command}: cannot read {quote(source)}: {exc.strerror or exc}") from None
    try:
        return Record.from_json(data)
    except RecordError as exc:  # also absurdly nested JSON: Record.from_json turns that into a RecordError
        raise UsageError(f"{command}: bad record: {exc}") from None


def _bad_record(command: str, exc: RecordError) -> UsageError:
    if exc.index is not None:
        return UsageError(f"{command}: bad record: first bad action is #{exc.index + 1} {quote(exc.action)}: {exc}")
    return UsageError(f"{command}: bad record: {exc}")


def _cmd_replay(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    from .records import replay

    record = _read_record("replay", args.file, stdin)
    try:
        game, state = replay(record)
    except RecordError as exc:
        raise _bad_record("replay", exc) from None
    terminal = game.is_terminal(state)
    dump(
        {
            "ok": True,
            "game": record.game,
            "variant": record.variant,
            "actions": len(record.actions),
            "terminal": terminal,
            "result": game.result(state) if terminal else None,
            "final_checked": record.final is not None,
        },
        out,
    )
    return EXIT_OK


# --- review ------------------------------------------------------------------


def _cmd_review(args: argparse.Namespace, out: TextIO, err: TextIO, stdin: TextIO | None) -> int:
    """One JSON line per reviewed decision of ``--seat`` (issue 23), then, with --summary, the summary."""
    from .review import Review, summary

    record = _read_record("review", args.file, stdin)
    try:
        review = Review(record, args.seat, hindsight=args.hindsight)
    except RecordError as exc:
        raise _bad_record("review", exc) from None
    lines = []
    buffer: list[str] = []
    for line in review.lines():
        lines.append(line)
        buffer.append(json.dumps(line))
        if len(buffer) >= 8:  # a long review shows its lines as they come
            flush(buffer, out)
    flush(buffer, out)
    if args.summary:
        dump({"summary": summary(lines, review.reviewer.thresholds), **{"review": review.header()}}, out)
    return EXIT_OK


# --- simulate ----------------------------------------------------------------


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` with the value read as int, true/false or text; UsageError if malformed."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", key):
        raise UsageError(f"malformed option {quote(text)}: write key=value, e.g. --option rest=3")
    value: Any
    raw = raw.strip()
    if _INT.fullmatch(raw):
        value = int(raw)
    elif raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw == "":
        raise UsageError(f"malformed option {quote(text)}: the value is empty")
    else:
        value = raw
    return key, value


def _cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .simulate import simulate

    options: dict[str, Any] = {}
    for text in args.option or ():
        key, value = parse_option(text)
        if key in options:
            raise UsageError(f"option {quote(key)} given twice")
        if key == "players":
            raise UsageError("give the player count with --players, not --option players=")
        options[key] = value
    agents = None
    if args.agents is not None:
        agents = [a.strip() for a in args.agents.split(",")]
        if not all(agents):
            raise UsageError(f"malformed --agents {quote(args.agents)}: write names separated by commas")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    try:
        figures = simulate(args.game, args.variant, args.players, agents, args.games, args.seed, options)
    except ImportError as exc:
        raise UsageError(f"simulate: game {quote(args.game)} cannot be loaded: {exc}") from None
    dump(figures, out)
    return EXIT_OK


# --- helpers for the games' commands ---------------------------------------------








# --- main --------------------------------------------------------------------


def build_parser(stdout: TextIO | None = None, games: bool = True, until: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of ``python -m pygame_core``; ``--help`` goes to ``stdout`` (default sys.stdout).

    ``games``: with the registered games' commands (which loads the games), all of them or those of the
    games up to the one that has the command ``until``. ``main`` asks for none when the command is one
    of the shared ones (so ``replay`` loads only its record's game) and stops at a game's own command."""
    parser = _Parser(prog="python -m pygame_core", description="Primi rules core: games, records, self-play, hands.",
                     stdout=stdout)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sub.add_parser("list", stdout=stdout, help="the games, their variants, player counts, options and agents (JSON)")

    p = sub.add_parser("replay", stdout=stdout, help="validate and replay a game record (JSON file, or - for stdin)")
    p.add_argument("file", help="record file, or - to read stdin")

    p = sub.add_parser("review", stdout=stdout,
                       help="weigh each decision of one seat against its best move, from what it knew (JSON lines)")
    p.add_argument("file", help="record file, or - to read stdin")
    p.add_argument("--seat", type=int, required=True, help="the seat to review, from 0")
    p.add_argument("--hindsight", action="store_true", help="also weigh each decision knowing every card")
    p.add_argument("--summary", action="store_true", help="end with a summary line (accuracy, marks, kinds)")

    p = sub.add_parser("simulate", stdout=stdout, help="self-play between agents, seats rotated; prints figures as JSON")
    p.add_argument("game")
    p.add_argument("--variant", default=None)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--agents", default=None, help="comma-separated agent names, one per seat (or one for all)")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rules option; repeatable")

    for command in game_commands(until).values() if games else ():
        command.setup(sub.add_parser(command.name, stdout=stdout, help=command.help))
    return parser


def game_commands(until: str | None = None) -> dict[str, Command]:
    """The registered games' commands by name, in menu order: every game's, or those of the games up to
    the first that has the command ``until``. A game that cannot be loaded brings none (``list`` reports it)."""
    from . import registry

    out: dict[str, Command] = {}
    for name in registry.game_names():
        try:
            commands = registry.load(name).info.commands
        except (ImportError, AttributeError):
            continue
        for command in commands:
            if command.name in _OWN or command.name in out:
                raise ValueError(f"the command {command.name!r} of {name} is already taken")
            out[command.name] = command
        if until is not None and until in out:
            break
    return out


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the CLI and return the exit status (0 ok, 2 bad input, or output that cannot be written).

    Every failure is one line on stderr, never a traceback: bad input (quoted at most ~80 characters),
    input too long, a closed stdin or stdout, an output that cannot be written (``>/dev/full``)."""
    err: TextIO = stderr or sys.stderr or io.StringIO()  # a closed stderr: say nothing, still exit 2
    out = stdout or sys.stdout
    inp = stdin or sys.stdin  # None when closed: a command that reads it says so (jsonlines.InputError)
    if out is None:
        return _fail(err, "error: there is nowhere to write the output: stdout is closed")
    try:
        status = _run(argv, inp, out, err)
        out.flush()
        return status
    except BrokenPipeError:  # e.g. piped into head: the reader wanted no more
        _drop_stdout(out)
        return EXIT_OK
    except OSError as exc:  # e.g. >/dev/full
        _drop_stdout(out)
        return _fail(err, f"error: cannot write the output: {exc.strerror or type(exc).__name__}")
    except MemoryError:  # a last guard: every input is bounded
        return _fail(err, "error: the input is too large")


def _fail(err: TextIO, line: str) -> int:
    """Say one line on stderr (if it can be written) and return the bad-input status."""
    try:
        err.write(_short(line) + "\n")
        err.flush()
    except (OSError, ValueError):
        pass
    return EXIT_BAD_INPUT


def _drop_stdout(out: TextIO) -> None:
    """After a failed write, point the real stdout at /dev/null, so that Python's last flush at exit
    does not fail again with a second message."""
    if out is not sys.stdout:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def _run(argv: Sequence[str] | None, inp: TextIO | None, out: TextIO, err: TextIO) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    first = words[0] if words else None
    parser = build_parser(out, games=first not in _OWN, until=first)
    try:
        args = parser.parse_args(words)
        if args.command == "list":
            return _cmd_list(args, out, err)
        if args.command == "replay":
            return _cmd_replay(args, out, err, inp)
        if args.command == "review":
            return _cmd_review(args, out, err, inp)
        if args.command == "simulate":
            return _cmd_simulate(args, out, err)
        command = game_commands(args.command).get(args.command)
        if command is not None:
            return command.run(args, inp, out)
        raise UsageError(f"unknown command {quote(args.command)}")  # pragma: no cover - argparse prevents it
    except UsageError as exc:
        return _fail(err, str(exc))
    except PrimiError as exc:
        return _fail(err, f"error: {exc}")
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else EXIT_OK

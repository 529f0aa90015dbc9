"""The command line against hostile input and broken streams (issue 20, item 16), run as a subprocess:
endless input (``/dev/zero``), an output that cannot be written (``/dev/full``), a closed stdin,
stdout or stderr, a huge argument, and JSON nested thousands deep. Every failure is one line on
stderr, quoting at most ~80 characters of the input, and exit status 2; never a traceback and
never a MemoryError."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
HUGE = "x" * 131_000
LINE_LIMIT = 400  # one message: the command, the problem, at most ~80 characters of the input


def cli(*args: str, stdin: IO[Any] | int | None = subprocess.DEVNULL, stdout: IO[Any] | int | None = subprocess.PIPE,
        shell_tail: str = "") -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m pygame_core args`` (with ``shell_tail``: through sh, for ``>&-`` and ``<&-``)."""
    if shell_tail:
        words = " ".join(f"'{a}'" for a in args)
        cmd: Any = f"exec {sys.executable} -m pygame_core {words} {shell_tail}"
        return subprocess.run(cmd, shell=True, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, cwd=ROOT,
                              env=ENV, timeout=120, check=False)
    return subprocess.run([sys.executable, "-m", "pygame_core", *args], stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, cwd=ROOT, env=ENV, timeout=120, check=False)


def failed(proc: subprocess.CompletedProcess[bytes], says: str = "") -> str:
    """The one line a failure says (status 2, no traceback, short)."""
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err[:2000])
    assert "Traceback" not in err and "MemoryError" not in err, err[:2000]
    assert len(err.strip().splitlines()) == 1 and len(err) < LINE_LIMIT, err[:2000]
    assert says.lower() in err.lower(), err
    return err


# --- endless input ---------------------------------------------------------------------------


def test_replay_of_dev_zero_is_refused_not_read() -> None:
    failed(cli("replay", "/dev/zero"), "too long")


@pytest.mark.parametrize("command", ["primiera-score", "primero-hand", "replay"])
def test_a_command_reading_stdin_refuses_dev_zero(command: str) -> None:
    args = [command, "-"] if command == "replay" else [command]
    with open("/dev/zero", "rb") as zero:
        failed(cli(*args, stdin=zero), "too long")


def test_primero_hand_still_writes_the_hands_before_a_line_too_long(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(b"7S 6H AD KC\n" * 3 + b"7" * 100_000 + b"\n7S 6H AD KC\n")
    with path.open("rb") as fh:
        proc = cli("primero-hand", stdin=fh)
    failed(proc, "line 4 is too long")
    assert len(proc.stdout.decode().splitlines()) == 3


# --- broken output and closed streams ---------------------------------------------------------------


@pytest.mark.parametrize("args", [["list"], ["--help"], ["primero-hand", "7S", "6H", "AD", "KC"]])
def test_an_output_that_cannot_be_written_is_one_line(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        failed(cli(*args, stdout=full), "cannot write the output")


def test_a_closed_stdout_is_one_line() -> None:
    failed(cli("list", shell_tail=">&-", stdout=None), "stdout is closed")


@pytest.mark.parametrize("args", [["replay", "-"], ["primero-hand"], ["primiera-score"]])
def test_a_closed_stdin_is_one_line(args: list[str]) -> None:
    failed(cli(*args, shell_tail="<&-", stdin=None), "stdin is closed")


def test_a_closed_stderr_still_exits_2() -> None:
    proc = cli("replay", "/dev/zero", shell_tail="2>&-")
    assert proc.returncode == 2 and proc.stderr == b""


# --- huge arguments -----------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["simulate", "primo", "--games", HUGE],
    ["simulate", "primo", "--players", HUGE],
    ["simulate", "primo", "--option", HUGE],
    [HUGE],
    ["list", HUGE],
    ["primero-hand", "--rules", HUGE],
    ["primero-hand", HUGE],
    ["replay", HUGE],
])
def test_a_huge_argument_is_quoted_short(args: list[str]) -> None:
    err = failed(cli(*args))
    assert "x" * 90 not in err


# --- deep nesting -----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [5_000, 100_000])
def test_deep_json_is_refused_by_every_command_that_reads_json(tmp_path: Path, n: int) -> None:
    deep = "[" * n + "]" * n
    record = {"format": 1, "game": "primo", "variant": "base", "options": {"players": 2}, "seed": 1, "actions": []}
    inside = json.dumps(record)[:-1] + ', "x": ' + deep + "}"
    for text in (deep, "[" * n, inside):
        path = tmp_path / "record.json"
        path.write_text(text)
        failed(cli("replay", str(path)), "nested too deeply")
        with path.open("rb") as fh:
            failed(cli("replay", "-", stdin=fh), "nested too deeply")
    score = '{"variant": "classic", "sides": {"a": {"cards": ' + deep + "}}}"
    for text in (deep, score):
        path = tmp_path / "round.json"
        path.write_text(text)
        with path.open("rb") as fh:
            failed(cli("primiera-score", stdin=fh), "nested too deeply")

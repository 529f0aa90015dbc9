"""The command line ``python -m pygame_core``: every command and every bad input.

The commands run in this process as ``python -m pygame_core`` runs them (``run``: sys.argv and the
three standard streams are the command's own for the call, UTF-8 text over bytes as a process's are,
and ``main``'s status is the exit status), so a test costs what the command does, not a Python
start-up. A few run as a real subprocess (``process=True``), for what only a process shows: the module
entry point, the exit status the process ends with, and bytes on the real stdin."""

from __future__ import annotations

import importlib
import io
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pygame_core import registry
from pygame_core.cards import DECK_40
from pygame_core.cli import UsageError, main, parse_option
from pygame_core.conformance import random_playthrough
from pygame_core.primero.cli import RULE_SETS
from tests.toy import game as toygame

ROOT = Path(__file__).resolve().parents[1]
# Runs the CLI with the toy game registered (a test-only game: the real registry does not list it).
_WITH_TOY = (
    "import sys, pygame_core.registry as r; r.register('toy', 'tests.toy.game'); "
    "from pygame_core.cli import main; sys.exit(main(sys.argv[1:]))"
)


def _primero_game_available() -> bool:
    try:
        importlib.import_module("pygame_core.primero.game")
    except ImportError:
        return False
    return True


needs_primero_game = pytest.mark.skipif(not _primero_game_available(), reason="pygame_core.primero.game not written yet")


def _in_process(args: tuple[str, ...], stdin: bytes, toy: bool) -> tuple[int, bytes, bytes]:
    """``(status, stdout, stderr)`` of the CLI run in this process as ``python -m pygame_core`` (or, with
    ``toy``, ``_WITH_TOY``) runs it: for the call sys.argv is the command's, sys.stdin, sys.stdout and
    sys.stderr are UTF-8 text streams over bytes (stdin and stdout strict, as PYTHONIOENCODING=utf-8:strict
    makes a process's; stderr backslashreplace, as Python's always is; each with its ``buffer``, so the
    commands read the bytes as they do a real stdin's), the working directory is the repository, and
    the toy game is registered only with ``toy`` (as in a fresh process, never left behind)."""
    out, err = io.BytesIO(), io.BytesIO()
    streams = {
        "stdin": io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict"),
        "stdout": io.TextIOWrapper(out, encoding="utf-8", errors="strict"),
        "stderr": io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace"),
    }
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        for name, stream in streams.items():
            mp.setattr(sys, name, stream)
        mp.delitem(registry._GAMES, "toy", raising=False)
        if toy:
            mp.setitem(registry._MODULES, "toy", "tests.toy.game")
            mp.setattr(sys, "argv", ["-c", *args])
            status = main(sys.argv[1:])
        else:
            mp.delitem(registry._MODULES, "toy", raising=False)
            mp.setattr(sys, "argv", [str(ROOT / "pygame_core" / "__main__.py"), *args])
            status = main()
        streams["stdout"].flush()
        streams["stderr"].flush()
    return status, out.getvalue(), err.getvalue()


def _process(args: tuple[str, ...], stdin: bytes | None, toy: bool, env: dict[str, str]) -> tuple[int, bytes, bytes]:
    """``(status, stdout, stderr)`` of ``python -m pygame_core`` (or, with ``toy``, ``_WITH_TOY``) as a subprocess."""
    cmd = [sys.executable, "-c", _WITH_TOY, *args] if toy else [sys.executable, "-m", "pygame_core", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    proc = subprocess.run(cmd, input=stdin, capture_output=True, cwd=ROOT, env=env, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def run(*args: str, stdin: str | None = None, toy: bool = False,
        process: bool = False) -> subprocess.CompletedProcess[str]:
    """Run the CLI (in this process, or with ``process`` as a subprocess); never a traceback on stderr,
    whatever the status."""
    data = None if stdin is None else stdin.encode()
    if process:
        status, out, err = _process(args, data, toy, {})
    else:
        status, out, err = _in_process(args, data or b"", toy)
    proc = subprocess.CompletedProcess(list(args), status, out.decode(), err.decode())
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def bad(*args: str, stdin: str | None = None, toy: bool = False, says: str = "") -> str:
    """Run a command that must fail with status 2 and a one-line message on stderr."""
    proc = run(*args, stdin=stdin, toy=toy)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.strip() and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert says.lower() in proc.stderr.lower(), proc.stderr
    return proc.stderr


def js(proc: subprocess.CompletedProcess[str]) -> Any:
    """The single JSON object a command printed."""
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1, proc.stdout
    return json.loads(lines[0])


@pytest.fixture
def toy_record(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A finished 3-player toy game's record, as JSON data."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    return random_playthrough(toygame.GAME, None, 12, {"players": 3, "rounds": 2}).to_json()


# --- list ----------------------------------------------------------------------------------


def test_list_with_the_toy_game() -> None:
    proc = run("list", toy=True)
    games = {g["name"]: g for g in json.loads(proc.stdout)["games"]}
    toy = games["toy"]
    assert toy["agents"] == ["random", "greedy"]
    assert [v["name"] for v in toy["variants"]] == ["standard", "lowball"]
    assert toy["variants"][0]["players"] == {"min": 2, "max": 3, "default": 2}
    assert toy["variants"][0]["options"][0]["name"] == "rounds"


def test_list_reports_a_game_that_cannot_load(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "ghost", "pygame_core.no_such_module")
    out, err = io.StringIO(), io.StringIO()
    assert main(["list"], stdout=out, stderr=err) == 1
    games = {g["name"]: g for g in json.loads(out.getvalue())["games"]}
    assert "cannot be loaded" in games["ghost"]["error"] and "ghost" in err.getvalue()


@needs_primero_game
def test_list_shows_primero() -> None:
    proc = run("list")
    assert proc.returncode == 0, proc.stderr
    games = {g["name"]: g for g in json.loads(proc.stdout)["games"]}
    assert "random" in games["primero"]["agents"] and games["primero"]["variants"]


# --- replay ---------------------------------------------------------------------------------


def test_replay_file_and_stdin(tmp_path: Path, toy_record: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(toy_record))
    for proc in (run("replay", str(path), toy=True), run("replay", "-", stdin=path.read_text(), toy=True)):
        assert proc.returncode == 0, proc.stderr
        out = js(proc)
        assert out["ok"] is True and out["actions"] == 6 and out["terminal"] is True
        assert set(out["result"]) == {"winners", "scores", "chips"}


def test_replay_of_an_unfinished_game(toy_record: dict[str, Any]) -> None:
    partial = {**toy_record, "actions": toy_record["actions"][:2]}
    out = js(run("replay", "-", stdin=json.dumps(partial), toy=True))
    assert out == {"ok": True, "game": "toy", "variant": "standard", "actions": 2, "terminal": False, "result": None,
                   "final_checked": False}


def test_replay_names_the_first_bad_action(toy_record: dict[str, Any]) -> None:
    actions = list(toy_record["actions"])
    actions[2] = "swap 9H"  # not in the toy deck
    actions[4] = "fold"
    err = bad("replay", "-", stdin=json.dumps({**toy_record, "actions": actions}), toy=True, says="#3")
    assert "'swap 9H'" in err and "fold" not in err


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("this is not json", "not valid JSON"),
        ("[1, 2, 3]", "must be a JSON object"),
        ('{"format": 1}', "lacks"),
        ("[" * 100_000, "nested too deeply"),
        ('{"format": 1, "game": "chess", "variant": "x", "options": {"players": 2}, "seed": 1, "actions": []}',
         "no game 'chess'"),
        ('{"format": 1, "game": "toy", "variant": "", "options": {"players": 2}, "seed": 1, "actions": []}',
         "variant is empty"),
        ('{"format": 1, "game": "toy", "variant": "standard", "options": {}, "seed": 1, "actions": []}',
         "options lack players"),
        ('{"format": 1, "game": "toy", "variant": "standard", "options": {"players": 2}, "seed": 1, "seed": 2, '
         '"actions": []}', "gives the key 'seed' twice"),
        ('{"format": 1, "game": "toy", "variant": "lowball", "options": {"players": 3, "rounds": 3}, "seed": 1, '
         '"actions": []}', "Lowball with 3 players takes at most 2 rounds, not 3"),
        ('{"format": 9, "game": "toy", "variant": "", "options": {}, "seed": 1, "actions": []}', "format 9"),
    ],
)
def test_replay_bad_records(text: str, says: str) -> None:
    bad("replay", "-", stdin=text, toy=True, says=says)


def test_replay_missing_file(tmp_path: Path) -> None:
    bad("replay", str(tmp_path / "nope.json"), says="cannot read")


# --- simulate -------------------------------------------------------------------------------


def test_simulate_toy() -> None:
    proc = run("simulate", "toy", "--agents", "random,greedy", "--games", "6", "--seed", "3", "--option", "rounds=2",
               toy=True)
    assert proc.returncode == 0, proc.stderr
    out = js(proc)
    for key in ("games", "per_seat", "per_agent", "mean_game_length", "elapsed_seconds", "games_per_second"):
        assert key in out
    assert out["games"] == 6 and out["options"] == {"players": 2, "rounds": 2} and out["mean_game_length"] == 4
    assert set(out["per_agent"]) == {"random", "greedy"} and len(out["per_seat"]) == 2
    for seat in out["per_seat"]:
        assert set(seat) == {"wins", "score", "chips"}
    again = js(run("simulate", "toy", "--agents", "random,greedy", "--games", "6", "--seed", "3", "--option",
                   "rounds=2", toy=True))
    assert again["per_seat"] == out["per_seat"]


def test_simulate_variant_and_players() -> None:
    out = js(run("simulate", "toy", "--variant", "lowball", "--players", "3", "--games", "3", toy=True))
    assert out["variant"] == "lowball" and out["players"] == 3 and out["agents"] == ["random"] * 3


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "chess"], "no game 'chess'"),
        (["simulate", "toy", "--variant", "turbo"], "no variant 'turbo'"),
        (["simulate", "toy", "--agents", "random,genius"], "no agent 'genius'"),
        (["simulate", "toy", "--agents", "random,,greedy"], "malformed --agents"),
        (["simulate", "toy", "--players", "5"], "2-3 players"),
        (["simulate", "toy", "--players", "two"], "invalid int value"),
        (["simulate", "toy", "--games", "0"], "at least 1"),
        (["simulate", "toy", "--option", "rounds"], "malformed option 'rounds'"),
        (["simulate", "toy", "--option", "=3"], "malformed option"),
        (["simulate", "toy", "--option", "rounds="], "value is empty"),
        (["simulate", "toy", "--option", "rounds=many"], "whole number"),
        (["simulate", "toy", "--option", "rounds=true"], "whole number"),
        (["simulate", "toy", "--option", "rounds=9"], "at most 3"),
        (["simulate", "toy", "--option", "speed=1"], "unknown option 'speed'"),
        (["simulate", "toy", "--option", "rounds=1", "--option", "rounds=2"], "given twice"),
        (["simulate", "toy", "--option", "players=3"], "--players"),
        (["simulate"], "required"),
        (["nonsense"], "invalid choice"),
        ([], "required"),
    ],
)
def test_simulate_and_usage_errors(args: list[str], says: str) -> None:
    bad(*args, toy=True, says=says)


@needs_primero_game
def test_simulate_primero() -> None:
    proc = run("simulate", "primero", "--games", "2", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    assert js(proc)["games"] == 2


def test_parse_option() -> None:
    assert parse_option("rest=3") == ("rest", 3)
    assert parse_option("ante=-2") == ("ante", -2)
    assert parse_option("wild=true") == ("wild", True)
    assert parse_option("wild=False") == ("wild", False)
    assert parse_option("deck=eight") == ("deck", "eight")
    assert parse_option(" deck = pile ") == ("deck", "pile")
    for junk in ("rest", "=1", "a b=1", "rest=", "1x=2"):
        with pytest.raises(UsageError):
            parse_option(junk)


# --- primero-hand ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (["7S", "6H", "AD", "KC"], {"rules": "waks", "kind": "primero", "points": 65}),
        (["--rules", "waks", "7h,6h,5h,kc"], {"kind": "numerus", "points": 54, "counting": ["7H", "6H", "5H"]}),
        (["--rules", "italian", "AH", "6H", "7H", "2C"], {"kind": "supremus", "points": 55}),
        (["--rules", "suzuki", "AH", "6H", "7H", "2C"], {"kind": "supremus", "points": 55}),
        (["--rules", "losing", "AH", "6H", "7H", "2C"], {"kind": "supremus", "points": 55}),
        (["--rules", "roman", "8S", "9H", "10D", "KC"], {"kind": "primero", "points": 40}),
        (["--rules", "rms", "AH", "6H", "7H", "2C"], {"kind": "supremus", "points": 67}),
        (["--rules", "rms", "--supremus-fixed", "AH", "6H", "7H", "2C"], {"kind": "supremus", "points": 55}),
        (["--rules", "rms", "AS", "6H", "7D", "JC"], {"kind": "punto", "points": 65}),
        (["--rules", "rms", "--wild", "JH", "6H", "7H", "2C"], {"kind": "supremus", "points": 67, "wild_as": "AH"}),
        (["--rules", "northpass", "7C", "9C", "3S", "6S"], {"kind": "numerus", "points": 16, "total": 25}),
    ],
)
def test_primero_hand(args: list[str], expect: dict[str, Any]) -> None:
    proc = run("primero-hand", *args)
    assert proc.returncode == 0, proc.stderr
    out = js(proc)
    assert {k: out[k] for k in expect} == expect
    assert ("total" in out) == ("northpass" in args)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["7S", "7S", "AD", "KC"], "7S appears twice"),
        (["7S", "7s", "AD", "KC"], "7S appears twice"),
        (["8H", "6H", "AD", "KC"], "8H is not in the Waks"),
        (["--rules", "northpass", "JH", "6H", "AD", "2C"], "JH is not in the Northpass"),
        (["--rules", "rms", "10H", "6H", "AD", "2C"], "10H is not in the RMS"),
        (["7S", "6H", "AD"], "4 cards, not 3"),
        (["7S", "6H", "AD", "KC", "2D"], "4 cards, not 5"),
        (["7S", "6H", "AD", "XX"], "not a card: 'XX'"),
        (["7S", "6H", "AD", "13Y"], "not a card"),
        (["--rules", "poker", "7S", "6H", "AD", "KC"], "no rule set 'poker'"),
        (["--wild", "7S", "6H", "AD", "KC"], "RMS options"),
        (["--rules", "northpass", "--supremus-fixed", "7S", "6H", "AD", "KC"], "RMS options"),
    ],
)
def test_primero_hand_bad_input(args: list[str], says: str) -> None:
    bad("primero-hand", *args, says=says)


def test_primero_hand_stdin_mode() -> None:
    lines = "7S 6H AD KC\n7H,6H,5H,KC\n\n  AH 6H 7H 2C  \n"
    proc = run("primero-hand", stdin=lines)
    assert proc.returncode == 0, proc.stderr
    outs = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [(o["kind"], o["points"]) for o in outs] == [("primero", 65), ("numerus", 54), ("supremus", 55)]


def test_primero_hand_stdin_bad_lines_carry_on_and_exit_2() -> None:
    lines = "7S 6H AD KC\n7S 7S AD KC\n8H 6H AD KC\nfoo\n7S 6H AD\n7H 6H 5H KC\n7S 6H AD KC\n"
    proc = run("primero-hand", stdin=lines)
    assert proc.returncode == 2
    outs = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(outs) == 7
    assert [("error" in o) for o in outs] == [False, True, True, True, True, False, False]
    assert "line 2" in outs[1]["error"] and "twice" in outs[1]["error"]
    assert "not in the Waks" in outs[2]["error"] and "4 cards, not 3" in outs[4]["error"]
    assert outs[6] == outs[0]


def test_primero_hand_stdin_scores_every_hand() -> None:
    """All 91,390 hands of the 40-card deck, one per line (its speed: python3 -m bench.primero.hands)."""
    text = "".join(" ".join(map(str, h)) + "\n" for h in itertools.combinations(DECK_40, 4))
    proc = run("primero-hand", "--rules", "rms", stdin=text)
    assert proc.returncode == 0, proc.stderr[:500]
    lines = proc.stdout.splitlines()
    assert len(lines) == 91390
    kinds: dict[str, int] = {}
    for line in lines:
        k = json.loads(line)["kind"]
        kinds[k] = kinds.get(k, 0) + 1
    assert kinds == {"numerus": 80214, "primero": 9966, "supremus": 108, "punto": 252, "fluxus": 840, "chorus": 10}


# --- main in-process -------------------------------------------------------------------------


def test_main_returns_status_codes() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["primero-hand", "7S", "6H", "AD", "KC"], stdout=out, stderr=err) == 0
    assert json.loads(out.getvalue())["points"] == 65
    assert main(["primero-hand", "7S"], stdout=out, stderr=err) == 2
    assert main(["--help"], stdout=out, stderr=err) == 0
    assert main(["primero-hand"], stdin=io.StringIO("7S 6H AD KC\n"), stdout=(o := io.StringIO()), stderr=err) == 0
    assert json.loads(o.getvalue())["kind"] == "primero"


@pytest.mark.parametrize(("args", "says"), [(["--help"], "primero-hand"), (["primero-hand", "--help"], "--wild"),
                                            (["simulate", "-h"], "--agents")])
def test_help_goes_to_the_given_stdout(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(args, stdout=out, stderr=err) == 0
    assert says in out.getvalue() and out.getvalue().startswith("usage:") and err.getvalue() == ""
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_main_reports_an_unknown_rule_set_and_a_deep_record() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["primero-hand", "--rules", "poker", "7S", "6H", "AD", "KC"], stdout=out, stderr=err) == 2
    assert err.getvalue() == "error: no rule set 'poker'; choose one of " + ", ".join(RULE_SETS) + "\n"
    err = io.StringIO()
    assert main(["replay", "-"], stdin=io.StringIO("[" * 100_000), stdout=out, stderr=err) == 2
    assert "nested too deeply" in err.getvalue() and out.getvalue() == ""


def test_module_entry_point() -> None:
    """``python -m pygame_core`` as a real process: the module runs main and exits with its status."""
    proc = run("--help", process=True)
    assert proc.returncode == 0 and "primero-hand" in proc.stdout


@needs_primero_game
def test_replay_a_primero_record(tmp_path: Path) -> None:
    game = registry.load("primero")
    record = random_playthrough(game, None, 3, check_every=50).to_json()
    path = tmp_path / "primero.json"
    path.write_text(json.dumps(record))
    out = js(run("replay", str(path)))
    assert out["ok"] is True and out["actions"] == len(record["actions"]) and out["terminal"] is True
    record["actions"] = record["actions"][:1] + ["vie 999999"] + record["actions"][1:]
    bad("replay", str(path.with_name("t.json")), says="cannot read")
    path.with_name("t.json").write_text(json.dumps(record))
    bad("replay", str(path.with_name("t.json")), says="#2 'vie 999999'")


# --- hardening: encodings, huge input, final checks, crashing games, option cross-checks ---------------


def run_bytes(*args: str, stdin: bytes, toy: bool = False,
              process: bool = False) -> subprocess.CompletedProcess[bytes]:
    """Run the CLI with raw bytes on stdin and strict UTF-8 streams (in this process, or with ``process`` as
    a subprocess under PYTHONIOENCODING=utf-8:strict); never a traceback."""
    if process:
        status, out, err = _process(args, stdin, toy, {"PYTHONIOENCODING": "utf-8:strict"})
    else:
        status, out, err = _in_process(args, stdin, toy)
    assert b"Traceback" not in err, err[-2000:]
    return subprocess.CompletedProcess(list(args), status, out, err)


def test_primero_hand_stdin_line_that_is_not_utf8() -> None:
    """A real process (its stdin the real one, strict UTF-8), which exits with status 2."""
    good = b"7S 6H AD KC\n"
    proc = run_bytes("primero-hand", stdin=good * 5000 + b"\xff\n" + b"7H 6H 5H KC\n", process=True)
    assert proc.returncode == 2
    outs = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert len(outs) == 5002  # every good line's result is there, before and after the bad one
    assert outs[5000] == {"error": "line 5001: not UTF-8 text"}
    assert outs[0]["kind"] == "primero" and outs[5001]["kind"] == "numerus"


def test_primero_hand_stdin_with_a_byte_order_mark() -> None:
    proc = run_bytes("primero-hand", stdin=b"\xef\xbb\xbf7S 6H AD KC\n")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["points"] == 65


def test_replay_with_a_byte_order_mark(tmp_path: Path, toy_record: dict[str, Any]) -> None:
    data = b"\xef\xbb\xbf" + json.dumps(toy_record).encode()
    path = tmp_path / "bom.json"
    path.write_bytes(data)
    # the record on stdin: a real process's stdin
    for proc in (run_bytes("replay", str(path), stdin=b"", toy=True),
                 run_bytes("replay", "-", stdin=data, toy=True, process=True)):
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["actions"] == 6


def test_replay_of_a_record_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"format": 1, "game": "toy", "variant": "é"}'.encode("latin-1"))
    bad("replay", str(path), toy=True, says="not UTF-8")


def test_replay_of_a_huge_action_keeps_stderr_small(toy_record: dict[str, Any]) -> None:
    actions = list(toy_record["actions"])
    actions[1] = "swap " + "7" * 1_000_000
    err = bad("replay", "-", stdin=json.dumps({**toy_record, "actions": actions}), toy=True, says="#2")
    assert len(err) < 1000, len(err)
    assert "1,000,005 characters" in err


def test_simulate_huge_option_keeps_stderr_small() -> None:
    err = bad("simulate", "toy", "--option", "rounds=" + "x" * 100_000, toy=True, says="whole number")
    assert len(err) < 500


def test_replay_checks_the_final_state(toy_record: dict[str, Any]) -> None:
    from pygame_core.records import Record, replay

    rec = Record.from_json(toy_record)
    game, state = replay(rec)
    checked = rec.with_final(game, state).to_json()
    out = js(run("replay", "-", stdin=json.dumps(checked), toy=True))
    assert out["ok"] is True and out["final_checked"] is True
    # only passes: under another seed every action still applies, and only the final check can tell
    plain = Record.from_json({**toy_record, "actions": ["pass"] * 6})
    game, state = replay(plain)
    passes = plain.with_final(game, state).to_json()
    assert js(run("replay", "-", stdin=json.dumps(passes), toy=True))["final_checked"] is True
    bad("replay", "-", stdin=json.dumps({**passes, "seed": passes["seed"] + 1}), toy=True,
        says="the seed or actions do not match the recorded game")


class _CrashingToy(toygame.ToyGame):
    def apply(self, state: toygame.ToyState, action: str) -> toygame.ToyState:
        if action == "boom":
            raise ZeroDivisionError("division by zero")
        return super().apply(state, action)


def test_replay_of_an_action_a_game_crashes_on(monkeypatch: pytest.MonkeyPatch, toy_record: dict[str, Any]) -> None:
    monkeypatch.setattr(toygame, "GAME", _CrashingToy())
    actions = list(toy_record["actions"])
    actions[3] = "boom"
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", "-"], stdin=io.StringIO(json.dumps({**toy_record, "actions": actions})),
                stdout=out, stderr=err) == 2
    assert "#4 'boom'" in err.getvalue() and "ZeroDivisionError" in err.getvalue() and out.getvalue() == ""


@needs_primero_game
def test_replay_of_a_superscript_number_names_the_action() -> None:
    record = {"format": 1, "game": "primero", "variant": "waks", "options": {"players": 2}, "seed": 1,
              "actions": ["vie ²"]}
    err = bad("replay", "-", stdin=json.dumps(record), says="#1 'vie ²'")
    assert "Traceback" not in err


def test_simulate_reports_an_option_cross_check() -> None:
    bad("simulate", "toy", "--variant", "lowball", "--players", "3", "--option", "rounds=3", toy=True,
        says="Lowball with 3 players takes at most 2 rounds, not 3")
    assert run("simulate", "toy", "--variant", "standard", "--players", "3", "--option", "rounds=3", "--games", "1",
               toy=True).returncode == 0


def test_primero_hand_stdin_writes_results_as_it_goes() -> None:
    out, err = io.StringIO(), io.StringIO()
    seen: list[int] = []

    class Lines:
        """A binary stdin that notes how many results were already written when line 1001 is read
        (read a bounded line at a time, as jsonlines reads it)."""

        def __init__(self) -> None:
            self.read = 0

        def readline(self, size: int = -1) -> bytes:
            self.read += 1
            if self.read == 1001:
                seen.append(len(out.getvalue().splitlines()))
            return b"7S 6H AD KC\n" if self.read <= 1200 else b""

    class Stdin(io.StringIO):
        buffer = Lines()

    assert main(["primero-hand"], stdin=Stdin(), stdout=out, stderr=err) == 0
    assert len(out.getvalue().splitlines()) == 1200
    assert seen[0] >= 768  # no more than a small batch is held back

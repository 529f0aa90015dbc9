"""The round scorer: ``python -m pygame_core primiera-score`` and the ``score`` operation."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pygame_core.cli import main
from pygame_core.primiera.game import GAME
from pygame_core.primiera.rules import DECK

ROOT = Path(__file__).resolve().parents[2]
COINS_AND_CUPS = [c for c in DECK if c[-1] in "DH"]
SWORDS_AND_CLUBS = [c for c in DECK if c[-1] in "SC"]


def _request(**changes: Any) -> dict[str, Any]:
    req: dict[str, Any] = {
        "variant": "classic",
        "sides": {"us": {"cards": COINS_AND_CUPS, "sweeps": 2}, "them": {"cards": SWORDS_AND_CLUBS, "sweeps": 1}},
        "solo": False,
    }
    req.update(changes)
    return req


def _score(stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["primiera-score"], stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_scores_a_round_as_a_subprocess() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "pygame_core", "primiera-score"], input=json.dumps(_request()),
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"sides": {
        "us": {"cards": 0, "coins": 1, "settebello": 1, "primiera": 0, "sweeps": 2, "total": 4},
        "them": {"cards": 0, "coins": 0, "settebello": 0, "primiera": 0, "sweeps": 1, "total": 1},
    }}


def test_a_solo_kaleidos_round_doubles_the_base_points_only() -> None:
    sides = {f"p{k}": {"cards": [c for i, c in enumerate(DECK) if i % 4 == k], "sweeps": k} for k in range(4)}
    status, out, _ = _score(json.dumps({"variant": "kaleidos", "sides": sides, "solo": True}))
    assert status == 0
    got = json.loads(out)["sides"]
    assert [got[f"p{k}"]["sweeps"] for k in range(4)] == [0, 1, 2, 3]
    holder = next(f"p{k}" for k in range(4) if "7D" in sides[f"p{k}"]["cards"])
    assert got[holder]["settebello"] == 2
    for side in got.values():
        assert all(side[k] in (0, 2) for k in ("cards", "coins", "settebello", "primiera"))
        assert side["total"] == sum(side[k] for k in ("cards", "coins", "settebello", "primiera", "sweeps"))


def _bad(req: Any, expected: str) -> None:
    status, out, err = _score(req if isinstance(req, str) else json.dumps(req))
    assert status == 2 and out == "", (status, out, err)
    assert expected in err, err
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_card_given_twice() -> None:
    req = _request()
    req["sides"]["them"]["cards"] = [*SWORDS_AND_CLUBS, "7D"]
    _bad(req, "card 7D is given twice")
    req = _request()
    req["sides"]["us"]["cards"] = [*COINS_AND_CUPS, "7d"]
    _bad(req, "card 7D is given twice")


@pytest.mark.parametrize("card", ["8D", "10H", "ZZ", "", 7])
def test_a_card_not_in_the_40(card: Any) -> None:
    req = _request()
    req["sides"]["us"]["cards"] = [*COINS_AND_CUPS, card]
    _bad(req, "side 'us'")


def test_cards_not_all_40() -> None:
    req = _request()
    req["sides"]["them"]["cards"] = SWORDS_AND_CLUBS[:-1]
    _bad(req, "not all 40: missing KC")


def test_a_negative_sweep_count() -> None:
    req = _request()
    req["sides"]["us"]["sweeps"] = -1
    _bad(req, "sweeps cannot be negative")
    req["sides"]["us"]["sweeps"] = 1.5
    _bad(req, "sweeps must be a whole number")


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "nope", "{\"variant\": \"classic\", \"variant\": \"2p\"}",
                                  "[" * 100_000])
def test_malformed_json(text: str) -> None:
    status, _, err = _score(text)
    assert status == 2 and ("not valid JSON" in err or "given twice" in err), err


def test_an_unknown_variant() -> None:
    _bad(_request(variant="scopone"), "unknown variant 'scopone'")
    _bad(_request(variant=None), "unknown variant None")


def test_other_bad_rounds() -> None:
    _bad(_request(variant="3p"), "a 3p round has 3 sides, not 2")
    _bad(_request(solo=True), "only in kaleidos")
    _bad(_request(solo="yes"), "solo must be true or false")
    _bad([1, 2], "give an object")
    _bad(_request(sides=[]), "sides must be an object")
    _bad(_request(extra=1), "unknown key 'extra'")


def test_the_score_operation_gives_points_and_counts() -> None:
    op = GAME.info.operation("score")
    got = op.run(_request(), None)
    assert got["sides"]["us"]["total"] == 4
    assert got["counts"]["us"] == {"cards": 20, "coins": 10, "primiera": None}


_WITH_PRIMIERA = (
    "import sys, pygame_core.registry as r; r._MODULES['primiera'] = 'pygame_core.primiera.game'; "
    "from pygame_core.cli import main; sys.exit(main(sys.argv[1:]))"
)


def test_replay_a_primiera_record_through_the_cli(tmp_path: Path) -> None:
    from pygame_core.records import Record
    from pygame_core.rng import AgentRandom

    s = GAME.initial_state({"target": 0, "max_rounds": 1}, 21, "kaleidos")
    rec = Record("primiera", "kaleidos", tuple(sorted({"players": 4, "target": 0, "max_rounds": 1}.items())), 21)
    rng = AgentRandom(3)
    while not GAME.is_terminal(s):
        a = rng.choice(GAME.legal_actions(s))
        s = GAME.apply(s, a)
        rec = rec.with_action(a)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(rec.with_final(GAME, s).to_json()))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", _WITH_PRIMIERA, "replay", str(path)], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["ok"] and out["terminal"] and out["actions"] == 40 and out["final_checked"]
    assert out["result"]["scores"] == list(s.totals)

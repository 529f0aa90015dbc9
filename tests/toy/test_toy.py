"""The proof that a game is one package: Toy Swap (this folder), registered from outside the core,
is taken in everywhere a built-in game is, with no edit outside tests/toy/: the catalogue and the
site data, its decisions and their translations, the command line (list, simulate, replay and its
own command), and the conformance check over every variant, the one tests/test_conformance.py runs
over the built-in games."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_core import registry, translations
from pygame_core.cli import main
from pygame_core.conformance import random_playthrough
from pygame_core.decisions import decisions, explain
from pygame_core.protocol import Game
from pygame_core.records import Record, replay
from pygame_core.simulate import simulate
from pygame_core.sitedata import site_catalogue
from tests.test_conformance import conform
from tests.toy import game as toy

ROOT = Path(__file__).resolve().parents[2]
_CLI = "import sys, pygame_core.registry as r; r.register('toy', 'tests.toy.game'); " \
       "from pygame_core.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.fixture
def game() -> Iterator[Game[Any]]:
    """Toy Swap registered as ``toy`` (by its module's name, as a game kept anywhere would be)."""
    with registry.registered("toy", toy.__name__) as g:
        yield g


def test_registering_and_unregistering() -> None:
    assert "toy" not in registry.game_names()
    with registry.registered("toy", toy) as g:  # a module that defines GAME
        assert g is toy.GAME and registry.game_names()[-1] == "toy"
        with pytest.raises(Exception, match="already registered"):
            registry.register("toy", toy.GAME)
    assert "toy" not in registry.game_names()
    with pytest.raises(Exception, match="calls itself"):
        registry.register("other", toy.GAME)
    with pytest.raises(Exception, match="built-in"):
        registry.unregister("primero")


@pytest.mark.parametrize("variant", [v.name for v in toy.INFO.variants])
def test_conformance_in_every_variant(game: Game[Any], variant: str) -> None:
    conform(game, variant)


def test_simulation_and_replay(game: Game[Any]) -> None:
    figures = simulate("toy", "lowball", 3, ["greedy", "random", "random"], 6, 2, {"rounds": 2})
    assert figures["games"] == 6 and set(figures["per_agent"]) == {"greedy", "random"}
    record = random_playthrough(game, "standard", 5, {"players": 3, "rounds": 3})
    again = Record.from_json(json.dumps(record.to_json()))
    _, state = replay(again)
    assert game.is_terminal(state)


def test_its_decisions_translations_and_site_data_reach_the_catalogue(game: Game[Any]) -> None:
    assert {k: decisions()[k] for k in game.info.decisions} == dict(game.info.decisions)
    assert explain(["T-SW2"]) == [{"id": "T-SW2", "text": "Equal sums share the win."}]
    cat = site_catalogue()
    assert cat["games"][-1]["name"] == "toy"
    assert [r["variant"] for r in cat["toy_rules"]] == ["standard", "lowball"]
    assert cat["toy_rules"][1]["decisions"][-1]["id"] == "T-SW3"
    for lang in translations.LANGUAGES:
        words = cat["translations"][lang]
        assert words["decisions"]["T-SW1"] == game.info.translations[lang].decisions["T-SW1"]
        # the page looks a catalogue text up by its key: every text of the toy has its words
        keys = {**game.info.catalogue_texts(), **game.info.texts}
        assert {k: words["text"][k] for k in keys} == dict(game.info.translations[lang].text)
        assert cat["toy_values"]["keys"] == {"text": "toy.values"}
        assert words["text"]["toy.values"] == game.info.translations[lang].text["toy.values"]


def test_the_command_line_lists_simulates_replays_and_runs_its_command(game: Game[Any], tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["list"], stdout=out, stderr=err) == 0
    assert json.loads(out.getvalue())["games"][-1]["agents"] == ["random", "greedy"]
    out = io.StringIO()
    assert main(["toy-value", "7C", "kc"], stdout=out) == 0 and json.loads(out.getvalue()) == {"sum": 17}
    out, err = io.StringIO(), io.StringIO()
    assert main(["toy-value", "7H"], stdout=out, stderr=err) == 2 and "not in the toy deck" in err.getvalue()
    out = io.StringIO()
    assert main(["simulate", "toy", "--games", "3", "--agents", "greedy,random"], stdout=out) == 0
    assert json.loads(out.getvalue())["games"] == 3
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(random_playthrough(game, "lowball", 2, {"players": 3, "rounds": 2}).to_json()))
    out = io.StringIO()
    assert main(["replay", str(path)], stdout=out) == 0 and json.loads(out.getvalue())["terminal"] is True
    # and as a process, with --help naming its command
    proc = subprocess.run([sys.executable, "-c", _CLI, "--help"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert proc.returncode == 0 and "toy-value" in proc.stdout and "primero-hand" in proc.stdout

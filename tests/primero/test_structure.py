"""Primero's modules import one another without a cycle, every rules record names its engine object, and the options are typed."""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from pygame_core.primero.engine import northpass, rms, waks
from pygame_core.primero.rules import RULES, VARIANTS
from pygame_core.primero.state import PrimeroOptions

PACKAGE = Path(__file__).resolve().parents[2] / "pygame_core" / "primero"


def _name(path: Path) -> str:
    """A module's dotted name inside the package ("state", "ai.common"; a subpackage: "ai")."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


PATHS = {_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if p != PACKAGE / "__init__.py"}
MODULES = sorted(PATHS)


def _imports(name: str) -> tuple[set[str], list[int]]:
    """Modules of the package imported at module level (relative imports, resolved against the
    importing module's package; ``from .p import x`` counts submodule ``p.x`` when there is one,
    else ``p``), and the lines of imports inside functions."""
    path = PATHS[name]
    tree = ast.parse(path.read_text())
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    nested: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            nested += [n.lineno for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or node.level == 0 or node.level - 1 > len(here):
            continue  # stdlib, or the core outside the package
        base = here[:len(here) - (node.level - 1)] + (node.module.split(".") if node.module else [])
        for alias in node.names:
            sub = ".".join([*base, alias.name])
            # ``from . import x`` of a submodule needs the submodule, not the package's own names
            found.add(sub if sub in PATHS else ".".join(base))
    return found & set(MODULES), nested


def test_no_import_hides_inside_a_function() -> None:
    for name in MODULES:
        _, nested = _imports(name)
        assert not nested, f"{name} imports inside a function at lines {nested}"


def test_the_module_graph_has_no_cycle() -> None:
    graph = {name: _imports(name)[0] for name in MODULES}
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, "import cycle: " + " -> ".join((*path, node))
        if node in done:
            return
        for dep in graph[node]:
            visit(dep, (*path, node))
        done.add(node)

    for name in MODULES:
        visit(name, ())
    # state.py knows no engine: the engines build on it, not the other way round
    assert graph["state"] <= {"hands", "gamelog"}  # gamelog: the log list, which imports nothing
    # the rules and the engines know nothing of the AI, the coach or the lessons
    for name in ("state", "rules", "engine", "engine.deal", "engine.waks", "engine.northpass", "engine.rms"):
        assert not {d for d in graph[name] if d.split(".")[0] in ("ai", "coach", "lessons", "game")}, name
    # the AI's families share common.py and never import one another (only agent.py knows all three)
    families = {"ai.waks", "ai.northpass", "ai.rms"}
    for name in families:
        assert not graph[name] & families, name


@pytest.mark.parametrize("name", ["state", "engine.deal", "engine.waks", "engine.northpass", "engine.rms", "rules",
                                  "ai", "ai.common", "ai.waks", "ai.northpass", "ai.rms", "lessons", "game"])
def test_each_module_imports_alone(name: str) -> None:
    subprocess.run([sys.executable, "-c", f"import pygame_core.primero.{name}"], check=True,
                   cwd=PACKAGE.parent.parent)


def test_rules_records_name_their_engine_objects() -> None:
    engines = {v: r.engine for v, r in RULES.items()}
    assert engines == {"waks": waks.ENGINE, "italian": waks.ENGINE, "roman": waks.ENGINE, "losing": waks.ENGINE,
                       "suzuki": northpass.ENGINE, "northpass": northpass.ENGINE, "rms": rms.ENGINE}
    assert RULES["suzuki"].min_bet_option == "stake" and RULES["northpass"].max_bet_option == "limit"
    assert RULES["rms"].wild_option and not RULES["waks"].wild_option


def test_every_option_is_a_typed_field() -> None:
    """The state holds the options as a ``PrimeroOptions`` record: every variant's options are its fields."""
    names = {f.name for f in fields(PrimeroOptions)}
    for info in VARIANTS:
        assert {o.name for o in info.options} | {"players"} <= names, info.name
        resolved = info.resolve_options({})
        assert dict(PrimeroOptions(**resolved).items()) == resolved

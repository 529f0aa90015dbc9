"""Primero's modules import one another without a cycle, and every rules record names its engine object."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from pygame_core.primero import northpass, rms, waks
from pygame_core.primero.rules import RULES

PACKAGE = Path(__file__).resolve().parents[2] / "pygame_core" / "primero"
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def _imports(path: Path) -> tuple[set[str], list[int]]:
    """Sibling modules imported at module level, and the lines of imports inside functions."""
    tree = ast.parse(path.read_text())
    siblings: set[str] = set()
    nested: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            nested += [n.lineno for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                siblings.add(node.module.split(".")[0])
            else:
                siblings |= {a.name for a in node.names}
    return siblings, nested


def test_no_import_hides_inside_a_function() -> None:
    for name in MODULES:
        _, nested = _imports(PACKAGE / f"{name}.py")
        assert not nested, f"{name}.py imports inside a function at lines {nested}"


def test_the_module_graph_has_no_cycle() -> None:
    graph = {name: _imports(PACKAGE / f"{name}.py")[0] & set(MODULES) for name in MODULES}
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


@pytest.mark.parametrize("name", ["state", "deal", "waks", "northpass", "rms", "rules", "game"])
def test_each_module_imports_alone(name: str) -> None:
    subprocess.run([sys.executable, "-c", f"import pygame_core.primero.{name}"], check=True,
                   cwd=PACKAGE.parent.parent)


def test_rules_records_name_their_engine_objects() -> None:
    engines = {v: r.engine for v, r in RULES.items()}
    assert engines == {"waks": waks.ENGINE, "italian": waks.ENGINE, "roman": waks.ENGINE, "losing": waks.ENGINE,
                       "suzuki": northpass.ENGINE, "northpass": northpass.ENGINE, "rms": rms.ENGINE}
    assert RULES["suzuki"].min_bet_option == "stake" and RULES["northpass"].max_bet_option == "limit"
    assert RULES["rms"].wild_option and not RULES["waks"].wild_option

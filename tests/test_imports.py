"""pygame_core has no import circle: every module's imports, read with ``ast``, make an acyclic graph.

Why: a circle hides coupling (Primiera's AI was one: its coach changed whenever an agent's
heuristic did) and makes the result of an import depend on which module came first. Counted:
``import pygame_core.x``, ``from pygame_core.x import y``, relative imports (``from .x import
y``, ``from . import x``), at module level and inside functions alike (a function-level import
is the same dependency, only later), and ``importlib.import_module("pygame_core....")`` with a
literal name. Not counted: imports under ``if TYPE_CHECKING:`` (types only, never run).

Importing ``a.b.c`` also runs the packages ``a.b`` and ``a`` (their ``__init__``), so the edge
goes to those too, except to the importer's own packages, which are already being imported.

Run as a script on another tree to see its circles: ``python3 tests/test_imports.py path/to/another/checkout``.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "pygame_core"

KNOWN: frozenset[frozenset[str]] = frozenset()
"""Circle groups (their modules) known and left for their own change (none today); any other fails the test."""


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name (a package by its ``__init__``)."""
    out: dict[str, Path] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, leaving out the bodies of ``if TYPE_CHECKING:`` (their ``else`` still counts)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def imported(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The package's modules that module ``name`` (at ``path``) imports, by dotted name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                base = ".".join([*base_parts, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            targets.add(base)
            # ``from pkg import mod`` imports the submodule ``pkg.mod`` when there is one
            targets.update(f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            targets.add(node.args[0].value)
    own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
    out: set[str] = set()
    for target in targets:
        parts = target.split(".")
        for i in range(1, len(parts) + 1):  # the module and every package above it that runs first
            step = ".".join(parts[:i])
            if step in known and step not in own:
                out.add(step)
    return out


def graph(root: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    known = modules(root)
    return {name: imported(name, path, known) for name, path in known.items()}


def circle_groups(edges: Mapping[str, set[str]]) -> list[set[str]]:
    """Every strongly connected group of two or more modules, and every module that imports itself
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: set[str] = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.add(top)
                    if top == node:
                        break
                if len(group) > 1 or node in edges.get(node, ()):
                    groups.append(group)
    return groups


def cycles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """One circle (``a -> b -> ... -> a``) through every circle group, then the group's other modules."""
    out = []
    for group in circle_groups(edges):
        circle = _circle(group, edges)
        out.append([*circle, *sorted(group - set(circle))])
    return out


def _show(found: list[list[str]]) -> str:
    lines = []
    for c in found:
        end = c.index(c[0], 1) + 1
        rest = f" (with {', '.join(c[end:])} in the same circle group)" if c[end:] else ""
        lines.append(" -> ".join(c[:end]) + rest)
    return "\n".join(lines)


def _circle(group: set[str], edges: Mapping[str, set[str]]) -> list[str]:
    """A concrete circle through a strongly connected group: the shortest way from its first module back to it."""
    first = min(group)
    paths = {first: [first]}
    frontier = [first]
    while frontier:
        nxt = []
        for node in frontier:
            for child in sorted(edges[node] & group):
                if child == first:
                    return [*paths[node], first]
                if child not in paths:
                    paths[child] = [*paths[node], child]
                    nxt.append(child)
        frontier = nxt
    raise AssertionError(group)  # pragma: no cover - a strongly connected group always closes


def test_the_core_has_no_import_circle() -> None:
    found = cycles(graph(ROOT))
    new = [c for c in found if frozenset(c) not in KNOWN]
    assert not new, "import circles in pygame_core:\n" + _show(new)


def test_the_graph_sees_relative_function_level_and_package_imports(tmp_path: Path) -> None:
    pkg = tmp_path / PACKAGE
    (pkg / "game" / "ai").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "game" / "__init__.py").write_text("")
    (pkg / "game" / "ai" / "__init__.py").write_text("from .levels import LEVELS\n")
    (pkg / "game" / "ai" / "levels.py").write_text("def f():\n    from ..coach import x\n")
    (pkg / "game" / "ai" / "eval.py").write_text("")
    (pkg / "game" / "coach.py").write_text(
        "from typing import TYPE_CHECKING\nfrom .ai.eval import w\nif TYPE_CHECKING:\n    from . import game\n")
    (pkg / "game" / "game.py").write_text("from . import coach\n")
    edges = graph(tmp_path)
    assert edges[f"{PACKAGE}.game.coach"] == {f"{PACKAGE}.game.ai", f"{PACKAGE}.game.ai.eval"}
    assert edges[f"{PACKAGE}.game.game"] == {f"{PACKAGE}.game.coach"}
    assert cycles(edges) == [[f"{PACKAGE}.game.ai", f"{PACKAGE}.game.ai.levels", f"{PACKAGE}.game.coach",
                              f"{PACKAGE}.game.ai"]]


if __name__ == "__main__":
    circles = cycles(graph(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT))
    for c in circles:
        print(("known: " if frozenset(c) in KNOWN else "") + _show([c]))
    sys.exit(1 if any(frozenset(c) not in KNOWN for c in circles) else 0)

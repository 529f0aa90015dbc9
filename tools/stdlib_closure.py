"""Which modules of Pyodide's standard library (``python_stdlib.zip``) the site can import at runtime.

    python3 tools/stdlib_closure.py [STDLIB_ZIP]    print the closure's modules, one a line

build.py ships a ``python_stdlib.zip`` trimmed to this closure: every module the given Python sources
import, read with ``ast`` (imports inside functions, methods and ``try`` blocks included: a lazy import
still runs when its function does), then every module those import, and so on through the standard
library's own sources. What static analysis cannot see (Python's start, codecs looked up by name,
modules imported by a string) is listed in ``KEEP`` with its reason. Stdlib only: the build runs it.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

# What no ``import`` statement names, each kept with its reason.
KEEP: dict[str, str] = {
    # Python's own start (Modules/main.c, Lib/site.py): site imports _sitebuiltins, and site-packages
    # is a folder of the zip that sys.path may list.
    "site": "imported by the interpreter at start",
    "encodings": "imported by the interpreter at start (codec lookup)",
    # Codecs are found by name (encodings.search_function imports encodings.<name>): the interpreter's
    # own (utf-8 for files and strings, the locale's, latin-1 and ascii for bytes APIs), utf-8-sig
    # (json and tomllib accept a BOM), cp437 (zipfile names without the UTF-8 flag: unpackArchive).
    "encodings.aliases": "encodings.search_function's name table",
    "encodings.utf_8": "the default codec",
    "encodings.utf_8_sig": "json/tokenize read a BOM",
    "encodings.ascii": "the C locale's codec; str.encode('ascii')",
    "encodings.latin_1": "str.encode('latin-1'), http headers",
    "encodings.cp437": "zipfile's names without the UTF-8 flag (Pyodide's unpackArchive)",
    "encodings.idna": "socket/http host names (str.encode('idna'))",
    "encodings.raw_unicode_escape": "pickle's protocol 0",
    "encodings.unicode_escape": "ast.literal_eval / codecs of escaped strings",
    # Pyodide's start (pyodide.asm.mjs runs these by name, not by an import statement we can read).
    "_pyodide": "Pyodide's runtime package, imported by the JavaScript side at start",
    "_pyodide._base": "Pyodide's eval_code (runPython), imported by name",
    "_pyodide._importhook": "Pyodide's import hooks for JS modules, installed at start",
    "_pyodide.jsbind": "Pyodide's JS binding types, imported at start",
    "_pyodide.docstring": "Pyodide's JS docstrings, imported at start",
    "_pyodide.docs_argspec": "Pyodide's JS argument specs, imported at start",
    "_pyodide._core_docs": "Pyodide's JsProxy docs, imported at start",
    "_pyodide._future_helper": "Pyodide's awaitable helpers, imported at start",
    "pyodide": "Pyodide's Python API (pyodide.ffi, pyodide.code, ...), imported at start",
    "pyodide._state": "Pyodide's snapshot state (makeMemorySnapshot / restore)",
    "pyodide._package_loader": "unpackArchive and loadPackage, called from JavaScript",
    "pyodide.webloop": "the asyncio event loop Pyodide installs at start",
    "pyodide.code": "run_js / eval_code, used by PyScript",
    "pyodide.ffi": "JsProxy, create_proxy, to_js: PyScript and bridge.idb",
    "pyodide.http": "pyfetch, which pyscript.fetch may use",
    "pyodide.console": "PyScript's REPL helpers may import it on an error path",
    # PyScript's (polyscript's) worker glue: Python held in strings of pyscript/core-*.js.
    "pathlib": "polyscript writes PyScript's package with pathlib",
    "json": "polyscript's worker glue",
    "base64": "polyscript's worker glue (binascii sibling)",
    "functools": "polyscript's worker glue",
    "collections": "polyscript's worker glue",
    "asyncio": "polyscript's worker glue, PyScript's event loop",
    "traceback": "the interpreter prints an uncaught error with it",
    "linecache": "traceback's source lines",
    "codeop": "Pyodide's eval_code compiles with it",
    "ast": "Pyodide's eval_code parses with it",
    "tokenize": "Pyodide's eval_code reads code with it",
    "rlcompleter": "Pyodide's console, imported with it",
}

_LINE_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)|import[ \t]+([^\n#;]+))", re.M)


def _is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` / ``if typing.TYPE_CHECKING:``: code that never runs."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _is_main_guard(test: ast.expr) -> bool:
    """``if __name__ == "__main__":``: a module the site imports is never run as the main program."""
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators))


def _resolve(level: int, module: str | None, name: str, is_pkg: bool) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in module ``name``."""
    if not level:
        return module or ""
    parts = name.split(".") if is_pkg else name.split(".")[:-1]
    base = parts[: len(parts) - (level - 1)] if level > 1 else parts
    return ".".join([*base, module] if module else base)


def imports_of(source: str | bytes, name: str, is_pkg: bool = False) -> set[str]:
    """Every module an import in ``source`` (module ``name``) may load: for ``import a.b`` both ``a``
    and ``a.b``; for ``from a import b`` ``a`` and ``a.b`` (which may be a submodule: the caller keeps
    only names that exist). Source this Python cannot parse (newer syntax) is read line by line."""
    found: set[str] = set()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
        for m in _LINE_IMPORT.finditer(text):
            if m.group(3):
                found.update(part.split()[0] for part in m.group(3).split(",") if part.split())
            else:
                dots = len(m.group(1)) - len(m.group(1).lstrip("."))
                mod = _resolve(dots, m.group(1).lstrip(".") or None, name, is_pkg)
                found.add(mod)
                names = m.group(2).strip("()").replace("\n", " ").split(",")
                found.update(f"{mod}.{n.split()[0]}" for n in names if n.split() and mod)
        return _with_parents(found)
    # An import is a statement, and statements sit only in other statements' bodies (no expression
    # holds one): the walk goes through those lists alone, never into expressions (a build's stdlib
    # closure read every node of 426 modules: 48 of its 54 s).
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and (_is_type_checking(node.test) or _is_main_guard(node.test)):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = _resolve(node.level, node.module, name, is_pkg)
            found.add(mod)
            found.update(f"{mod}.{alias.name}" for alias in node.names if alias.name != "*" and mod)
        todo.extend(_inner_statements(node))
    return _with_parents(found)


def _inner_statements(node: ast.stmt) -> list[ast.stmt]:
    """The statements directly inside ``node``: its bodies (a def's, a class's, a loop's, a with's, an
    if's and try's branches), its except handlers' and its match cases'."""
    out: list[ast.stmt] = []
    for field in ("body", "orelse", "finalbody"):
        out.extend(getattr(node, field, ()))
    for handler in getattr(node, "handlers", ()):
        out.extend(handler.body)
    for case in getattr(node, "cases", ()):
        out.extend(case.body)
    return out


@functools.cache
def _imports_kept(source: str | bytes, name: str, is_pkg: bool) -> frozenset[str]:
    """``imports_of``, kept per source: a process that builds the site again (e2e/offline/test_updates.py
    deploys several versions) reads the same stdlib sources, and parsing them is most of a build."""
    return frozenset(imports_of(source, name, is_pkg))


def _with_parents(names: Iterable[str]) -> set[str]:
    """Importing ``a.b.c`` runs ``a`` and ``a.b`` first."""
    out: set[str] = set()
    for n in names:
        parts = [p for p in n.split(".") if p.isidentifier()]
        out.update(".".join(parts[: i + 1]) for i in range(len(parts)))
    return out


def zip_modules(names: Iterable[str]) -> dict[str, str]:
    """Module name -> its entry, for the ``.py`` entries of a stdlib zip (``pkg/__init__.py`` is ``pkg``)."""
    out: dict[str, str] = {}
    for entry in names:
        if entry.endswith(".py"):
            mod = entry[:-3].replace("/", ".")
            out[mod.removesuffix(".__init__")] = entry
    return out


def closure(roots: Iterable[tuple[str | bytes, str, bool]], stdlib: zipfile.ZipFile,
            keep: Iterable[str] = KEEP) -> list[str]:
    """The stdlib modules reachable from ``roots`` (each ``(source, module name, is package)``) and
    ``keep``, through every import of every reached module's source; sorted."""
    modules = zip_modules(stdlib.namelist())
    seen: set[str] = set()
    todo = [m for m in _with_parents(keep) if m in modules]
    for source, name, is_pkg in roots:
        todo += [m for m in _imports_kept(source, name, is_pkg) if m in modules]
    while todo:
        mod = todo.pop()
        if mod in seen:
            continue
        seen.add(mod)
        entry = modules[mod]
        todo += [m for m in _imports_kept(stdlib.read(entry), mod, entry.endswith("__init__.py")) if m in modules]
    return sorted(seen)


def source_roots(paths: Iterable[tuple[Path, Path]]) -> list[tuple[str | bytes, str, bool]]:
    """``(source, module name, is package)`` for every ``.py`` under each ``(folder, import root)``."""
    roots: list[tuple[str | bytes, str, bool]] = []
    for folder, base in paths:
        files = [folder] if folder.is_file() else sorted(folder.rglob("*.py"))
        for path in files:
            if "__pycache__" in path.parts:
                continue
            rel = path.relative_to(base).with_suffix("")
            is_pkg = rel.name == "__init__"
            name = ".".join(rel.parts[:-1] if is_pkg else rel.parts)
            roots.append((path.read_bytes(), name, is_pkg))
    return roots


def entries_for(modules: Iterable[str], stdlib: zipfile.ZipFile) -> list[str]:
    """The zip entries that hold ``modules``, in the zip's order."""
    wanted = {zip_modules(stdlib.namelist())[m] for m in modules}
    return [n for n in stdlib.namelist() if n in wanted]


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "node_modules" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(path) as zf:
        print("\n".join(closure(source_roots([(root / "pygame_core", root), (root / "web" / "bridge", root / "web"),
                                             (root / "web" / "worker.py", root / "web")]), zf)))

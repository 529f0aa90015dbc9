"""The worker bridge's parts on their own (web/bridge): the saves' store interface and its dict
implementation, and the boundary of the browser: only web/worker.py imports PyScript, only the
bridge reaches the browser's ``js``, and the rules core neither."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from bridge import MemoryStore, SaveStore
from bridge.saves import StorageError

from tests import aio

ROOT = Path(__file__).resolve().parent.parent


def test_the_memory_store_keeps_texts_by_id_and_can_refuse_like_a_browser() -> None:
    store = MemoryStore()

    async def run() -> None:
        assert await store.load() == {}
        await store.put("a", "1")
        await store.put("b", "2")
        await store.put("a", "3")
        got = await store.load()
        assert got == {"a": "3", "b": "2"}
        got["c"] = "4"  # a copy: the store is unchanged
        await store.delete("b")
        await store.delete("missing")
        assert await store.load() == {"a": "3"}
        await store.delete(None)  # every save
        assert await store.load() == {}
        store.refuse = True
        for step in (store.load(), store.put("a", "1"), store.delete(None)):
            with pytest.raises(StorageError) as refused:
                await step
            assert refused.value.key == "err.storage.refused"

    aio.run(run())


def test_a_store_is_the_three_coroutines_of_the_interface() -> None:
    with pytest.raises(TypeError):
        SaveStore()  # type: ignore[abstract]
    assert {name for name in SaveStore.__abstractmethods__} == {"load", "put", "delete"}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                names.add(arg.value.split(".")[0])
    return names


def test_only_the_worker_script_imports_pyscript_and_only_the_bridge_reaches_the_browser() -> None:
    browser = {"pyscript", "js", "pyodide", "pyodide_js"}
    python = [*(ROOT / "pygame_core").rglob("*.py"), *(ROOT / "web").rglob("*.py")]
    using = {p.relative_to(ROOT).as_posix(): sorted(_imports(p) & browser) for p in python}
    using = {k: v for k, v in using.items() if v}
    assert using == {"web/worker.py": ["pyscript"], "web/bridge/idb.py": ["js", "pyodide"],
                     "web/bridge/diagnostics.py": ["js", "pyodide_js"]}

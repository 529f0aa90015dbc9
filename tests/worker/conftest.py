"""The worker bridge tests' fixtures: each test's own fresh ``Bridge`` (``worker``, which the helpers
of tests/worker/kit.py call) and a store in memory for the saves' tests (``store``)."""

from __future__ import annotations

import secrets

import pytest
from bridge import Bridge, MemoryStore

from pygame_core import registry
from tests.worker import kit


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> Bridge:
    """A fresh bridge without a store (`call` saves nothing; the saves' tests set a store)."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    monkeypatch.setitem(registry._MODULES, "plustoy", kit.__name__)
    monkeypatch.setattr(secrets, "randbelow", lambda n: kit.SEED)
    fresh = Bridge()
    monkeypatch.setattr(kit, "WORKER", fresh)
    kit.PREPARED.clear()
    return fresh


@pytest.fixture
def store(worker: Bridge) -> MemoryStore:
    mem = MemoryStore()
    worker.saves.store = mem
    return mem

"""Diagnostics: what the worker runs (``info``), whether it answers (``ping``), how its Python started
(``boot``), its memory (``heap``) and a seeded shuffle (``deal_preview``). No state."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import pygame_core
from pygame_core import registry
from pygame_core.cards import DECK_40
from pygame_core.protocol import JSON
from pygame_core.rng import Rng

from .request import int_field
from .sessions import Handler


def info(req: Mapping[str, Any]) -> JSON:
    """The Python and core versions and the games' catalogue."""
    return {"python": sys.version.split()[0], "core": pygame_core.__version__, "games": registry.catalogue()}


def ping(req: Mapping[str, Any]) -> JSON:
    return "pong"


def boot(req: Mapping[str, Any]) -> JSON:
    """How this worker's Python started: ``{"mode": "snapshot"}`` when web/engine-boot.mjs restored
    the engine's memory snapshot kept by an earlier visit (with ``ms``: the time of each step, read,
    check, unpack and restore), ``{"mode": "plain", "error": ...}`` when it started Python the usual
    way (and why: "no snapshot kept" on a first visit; with ``ms``: ``start``, Python's own start),
    ``{"mode": "cpython"}`` outside the browser."""
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to the worker's globals
    except ImportError:
        return {"mode": "cpython"}
    found = getattr(js, "primiBoot", None)
    if found is None:
        return {"mode": "plain", "error": "no boot record"}
    mode = str(getattr(found, "mode", "plain"))
    error = getattr(found, "error", None)
    steps = getattr(found, "steps", None)
    timings = {str(k): int(v) for k, v in steps.to_py().items()} if steps is not None else {}
    return {"mode": mode, **({"error": str(error)} if error else {}), **({"ms": timings} if timings else {})}


def heap(req: Mapping[str, Any]) -> JSON:
    """The worker's WebAssembly memory in bytes (bench/site/boot.py), or null outside the browser."""
    try:
        import pyodide_js  # type: ignore[import-not-found]
    except ImportError:
        return None
    return {"wasm": int(pyodide_js._module.HEAP8.length)}


def deal_preview(req: Mapping[str, Any]) -> JSON:
    """The first cards of a seeded shuffle of the 40-card deck (proves the browser deals like CPython)."""
    seed = int_field(req, "seed")
    count = int_field(req, "count", 16)
    deck, _ = Rng.from_seed(seed).shuffle(DECK_40)
    return [str(c) for c in deck[: max(count, 0)]]


OPS: dict[str, Handler] = {"info": info, "ping": ping, "boot": boot, "heap": heap, "deal_preview": deal_preview}
"""This job's ops, by name."""

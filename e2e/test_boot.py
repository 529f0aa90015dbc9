"""The engine's fast boot: PyScript's worker restores the build's Pyodide memory snapshot (through
web/engine-boot.mjs, its interpreter module) and a player plays a deal on it; a snapshot that is not
this build's (here another file, served in its place through ?snapshot=) is refused by its SHA-256,
the same worker starts Python the usual way, and the deal still plays. Boot times are figures for bench/site/boot.py, not assertions here."""

from __future__ import annotations

import json

from conftest import READY_TIMEOUT
from playwright.sync_api import Page, expect
from test_primero_play import FAST, play


def start(page: Page, server: str, query: str) -> None:
    page.goto(server + "?debug")
    page.evaluate(f"localStorage.setItem('primi.settings.v1', {FAST!r})")
    page.goto(server + f"?debug{query}#/play/primero?variant=waks&players=4&seed=7")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    for i, kind in enumerate(["human", "easy", "medium", "hard"]):
        page.select_option(f"#seat-{i}", kind)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#screen-table")).to_be_visible(timeout=READY_TIMEOUT)


def test_boots_from_the_snapshot_and_plays_a_deal(page: Page, server: str) -> None:
    start(page, server, "")
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    how = page.evaluate("window.primi.engineCall({op: 'boot'})")["result"]
    assert how["mode"] == "snapshot" and set(how["ms"]) == {"fetch", "check", "unpack", "restore"}, how
    # The snapshot's memory is the restored heap: larger than a fresh Python's.
    assert page.evaluate("window.primi.heap()")["wasm"] > 32 * 1024 * 1024
    seen = play(page, deals=1)
    assert seen["deals"] == 1 and seen["actions"]
    # The restored worker reaches the browser's storage: the game in progress was saved.
    replies = page.evaluate("window.primi.replies.map((r) => r.reply)")
    assert replies and not any('"unsaved": true' in r for r in replies)
    # The setup screen had the worker build the rule set's AI tables before the start (issue 12).
    asked = [json.loads(r) for r in page.evaluate("window.primi.replies.map((r) => r.request)")]
    ops = [r["op"] for r in asked]
    assert {"op": "prepare", "game": "primero", "variant": "waks"} in asked, asked
    assert ops.index("prepare") < ops.index("new_game"), ops


def test_a_bad_snapshot_falls_back_and_still_plays(page: Page, server: str) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    start(page, server, "&snapshot=pyodide/python_stdlib.zip")
    assert page.evaluate("document.documentElement.dataset.boot") == "plain"
    answer = page.evaluate("window.primi.engineCall({op: 'boot'})")["result"]
    assert answer == {"mode": "plain", "error": "the snapshot does not match this build"}, answer
    assert any("does not match this build" in w for w in warnings), warnings
    seen = play(page, deals=1)
    assert seen["deals"] == 1 and seen["actions"]


def test_restored_engines_draw_different_seeds(page: Page, server: str) -> None:
    """Every page restores the same snapshot; each still draws its own deals (seeds come from the
    browser's crypto, and Python's global generator is reseeded after the restore)."""
    seeds = []
    for _ in range(2):
        page.goto(server + "?debug")
        page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
        assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
        answer = page.evaluate(
            """(async () => { const g = await window.primi.engineCall({op: 'new_game', game: 'primero',
                seats: ['easy', 'easy', 'easy', 'easy'], options: {deals: 1}});
              return g.ok ? window.primi.engineCall({op: 'record', session: g.result.session, export: true}) : g; })()"""
        )
        assert answer["ok"], answer
        seeds.append(json.dumps(answer["result"].get("seed")))
    assert seeds[0] != seeds[1]

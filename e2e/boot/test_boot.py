"""The engine's boot and its snapshot (issue 21). The site ships no snapshot: a first visit boots
Python the usual way and plays; once the engine is up and quiet, the page makes the snapshot in the
browser (web/snapshot-maker.mjs) and keeps it in Cache Storage; the next visit restores it (through
web/engine-boot.mjs, PyScript's interpreter module) and plays. A kept snapshot that is not this
engine's (another tag), or whose bytes are damaged, is never restored: the boot is plain, the entry
is deleted, and the maker makes a good one. One browser context for the whole module (the maker on:
``snapshot_maker=True``), its tests in order. Boot times are figures for bench/site/, not assertions."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from kit import READY_TIMEOUT
from kit.primero import human_step, play, settle
from kit.tables import PLAY
from playwright.sync_api import Page, expect

MAKER_TIMEOUT = 240_000
"""How long the maker may take (a second Python started and warmed: seconds, longer on a busy machine)."""

ROUTE = "#/play/primero?variant=waks&players=4&seed=7"

# The kept snapshot's entry, as web/snapshot-store.mjs writes it: its headers, and its bytes' SHA-256.
KEPT = """async () => {
  const res = await caches.match(new URL('engine-snapshot', document.baseURI).href, {cacheName: 'engine-snapshot'});
  if (!res) return null;
  const body = await res.arrayBuffer();
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return {tag: res.headers.get('x-primi-tag'), sha256: res.headers.get('x-primi-sha256'),
          raw: Number(res.headers.get('x-primi-raw')), bytes: body.byteLength,
          hashed: Array.from(d, b => b.toString(16).padStart(2, '0')).join('')};
}"""

# Put the kept entry back changed: ``tag`` instead of its own, or ``damage`` (its bytes flipped in the
# middle, the headers as they were: the SHA-256 no longer matches).
TAMPER = """async ({tag, damage}) => {
  const url = new URL('engine-snapshot', document.baseURI).href;
  const cache = await caches.open('engine-snapshot');
  const res = await cache.match(url);
  const body = new Uint8Array(await res.arrayBuffer());
  if (damage) for (let i = 0; i < 64; i++) body[(body.length >> 1) + i] ^= 0xff;
  const headers = new Headers(res.headers);
  if (tag) headers.set('x-primi-tag', tag);
  await cache.put(url, new Response(body, {headers}));
}"""


@pytest.fixture(scope="module")
def visit(browser: Any, server: str) -> Iterator[dict[str, Any]]:
    """One context with the snapshot maker on, its page, every request it made (the service worker's
    and workers' too) and the console's warnings."""
    ctx = browser.new_context(snapshot_maker=True)
    requests: list[str] = []
    warnings: list[str] = []
    ctx.on("request", lambda r: requests.append(r.url))
    page = ctx.new_page()
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(PLAY))})")
    yield {"page": page, "requests": requests, "warnings": warnings}
    ctx.close()


def boot(page: Page, server: str, route: str = ROUTE) -> dict[str, Any]:
    """A new visit (the same context) to ``route``, the engine ready; the worker's ``boot`` answer."""
    page.goto("about:blank")  # else a change of the address's hash alone would not load the page again
    page.goto(server + "?debug" + route)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    answer: dict[str, Any] = page.evaluate("window.primi.engineCall({op: 'boot'})")
    assert answer["ok"], answer
    assert page.evaluate("document.documentElement.dataset.boot") == answer["result"]["mode"]
    return dict(answer["result"])


def begin(page: Page) -> None:
    """On Primero's setup screen: a human and three computer levels, then Start."""
    for i, kind in enumerate(["human", "easy", "medium", "hard"]):
        page.select_option(f"#seat-{i}", kind)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#screen-table")).to_be_visible(timeout=READY_TIMEOUT)


def kept(page: Page) -> dict[str, Any]:
    """Wait until the page has kept this engine's snapshot; its entry."""
    page.wait_for_function("document.documentElement.dataset.snapshot === 'kept'", timeout=MAKER_TIMEOUT)
    entry: dict[str, Any] = page.evaluate(KEPT)
    assert entry and entry["hashed"] == entry["sha256"] and entry["raw"] > 32 * 1024 * 1024, entry
    return entry


def tag_of(page: Page, server: str, module: str) -> str:
    text: str = page.evaluate(f"fetch('{server}{module}').then((r) => r.text())")
    found = re.search(r'const TAG = "([0-9a-f]{16})";', text)
    assert found, module
    return found.group(1)


def test_a_first_visit_boots_plainly_plays_and_keeps_a_snapshot(visit: dict[str, Any], server: str) -> None:
    page = visit["page"]
    how = boot(page, server)
    assert how["mode"] == "plain" and how["error"] == "no snapshot kept", how
    assert set(how["ms"]) == {"start"}, how  # how long Python took to start the usual way
    # The player plays a move while the page makes the snapshot in the background.
    begin(page)
    settle(page)
    assert human_step(page, 0)
    settle(page)
    entry = kept(page)
    # This engine's (the tag build.py stamped in both modules), and nothing came over the network for it.
    assert entry["tag"] == tag_of(page, server, "engine-boot.mjs") == tag_of(page, server, "snapshot-maker.mjs")
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in visit["requests"])  # the log sees the engine's files
    assert not [u for u in visit["requests"] if re.search(r"engine-[0-9a-f]+\.snapshot|/engine-snapshot", u)]
    report = page.evaluate("window.primiSnapshot")
    assert report["ok"] and report["kept"] == "made" and report["bytes"] == entry["bytes"], report
    print(f"\nmaker: {report['wall']} ms wall, steps {report['ms']}, kept {entry['bytes'] / 1e6:.2f} MB "
          f"({entry['raw'] / 1e6:.1f} MB unpacked); plain start {how['ms']['start']} ms")
    assert not [w for w in visit["warnings"] if "snapshot" in w], visit["warnings"]


def test_the_next_visit_boots_from_it_and_plays_a_deal(visit: dict[str, Any], server: str) -> None:
    page = visit["page"]
    how = boot(page, server)
    assert how["mode"] == "snapshot" and set(how["ms"]) == {"read", "check", "unpack", "restore"}, how
    print(f"\nsnapshot boot steps {how['ms']}")
    assert page.evaluate("document.documentElement.dataset.snapshot") == "kept"
    # The snapshot's memory is the restored heap: larger than a fresh Python's.
    assert page.evaluate("window.primi.heap()")["wasm"] > 32 * 1024 * 1024
    begin(page)
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


def test_restored_engines_draw_different_seeds(visit: dict[str, Any], server: str) -> None:
    """Every visit restores the same snapshot; each still draws its own deals (seeds come from the
    browser's crypto, and Python's global generator is reseeded after the restore)."""
    page = visit["page"]
    seeds = []
    for _ in range(2):
        assert boot(page, server, "#/")["mode"] == "snapshot"
        answer = page.evaluate(
            """(async () => { const g = await window.primi.engineCall({op: 'new_game', game: 'primero',
                seats: ['easy', 'easy', 'easy', 'easy'], options: {deals: 1}});
              return g.ok ? window.primi.engineCall({op: 'record', session: g.result.session, export: true}) : g; })()"""
        )
        assert answer["ok"], answer
        seeds.append(json.dumps(answer["result"].get("seed")))
    assert seeds[0] != seeds[1]


def test_damaged_bytes_boot_plainly_and_are_replaced(visit: dict[str, Any], server: str) -> None:
    page = visit["page"]
    before = page.evaluate(KEPT)
    page.evaluate(TAMPER, {"tag": None, "damage": True})
    how = boot(page, server)
    assert how == {"mode": "plain", "error": "the snapshot's bytes are damaged", "ms": how["ms"]}, how
    assert any("bytes are damaged" in w for w in visit["warnings"]), visit["warnings"]
    begin(page)
    settle(page)
    assert human_step(page, 0)
    # The damaged entry was deleted, and the maker kept a good one for this engine in its place.
    after = kept(page)
    assert after["tag"] == before["tag"] and after["raw"] == before["raw"]
    assert boot(page, server, "#/")["mode"] == "snapshot"


def test_another_engines_snapshot_is_never_restored(visit: dict[str, Any], server: str) -> None:
    page = visit["page"]
    page.evaluate(TAMPER, {"tag": "0" * 16, "damage": False})
    page.evaluate("localStorage.setItem('primi.snapshot', 'off')")  # the maker stays off: the entry is seen gone
    try:
        how = boot(page, server, "#/")
        assert how == {"mode": "plain", "error": "the snapshot is another engine's", "ms": how["ms"]}, how
        assert page.evaluate(KEPT) is None  # deleted, never tried again
        assert page.evaluate("document.documentElement.dataset.snapshot") == "none"
        assert page.evaluate("window.primi.engineCall({op: 'ping'})")["result"] == "pong"
    finally:
        page.evaluate("localStorage.removeItem('primi.snapshot')")

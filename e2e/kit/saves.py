"""The saves' store as the page keeps it (IndexedDB ``primi``, store ``saves``), read and written
from the test; a test's own page with no motion, the site loaded on it once and games started on it
by hash changes; a game advanced through any game's controls. For e2e/saves/test_saves.py,
e2e/saves/test_robust.py (and ``quiet``, for e2e/links/test_links.py's own pages)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from kit import READY_TIMEOUT, tables

QUIET = f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(tables.FAST))})"
"""The settings every load of a test's own page starts with (an init script): speed Off, as the
saves are the subject here and not the motion (cards in flight cost chromium's CPU at each move)."""


def quiet(page: Page) -> Page:
    """``page`` (a test's own: e2e/conftest.py ``kept_page``) with speed Off from its first load on."""
    page.add_init_script(QUIET)
    return page


def open_site(page: Page, server: str, route: str = "#/") -> None:
    """The site loaded on this page (``?debug``: the page keeps the worker's replies) at ``route``."""
    page.goto(server + "?debug" + route)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


def start(page: Page, server: str, game: str, variant: str, seats: list[str], seed: int | None = None,
          fixed_players: bool = False, **opts: int) -> None:
    """A game from its setup screen on a test's own page: the site is loaded first if the page is not
    on it yet, else the setup is reached by a hash change (the worker stays up: a game played before
    stays saved, as a player's would when starting another). ``fixed_players``: the variant fixes
    the number of players (Primiera's), so the address gives none."""
    if page.url.split("#", 1)[0] != server + "?debug":
        open_site(page, server)
    page.goto(server + "?debug#" + tables.setup_route(game, variant, None if fixed_players else len(seats), seed, opts))
    expect(page.locator(f"#screen-setup[data-game={game}]")).to_be_visible()
    tables.begin(page, game, seats)

IDB_PUT = """async ([key, value]) => {
  const db = await new Promise((ok, bad) => {
    const r = indexedDB.open('primi', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('saves');
    r.onsuccess = () => ok(r.result); r.onerror = () => bad(r.error);
  });
  await new Promise((ok, bad) => {
    const tx = db.transaction('saves', 'readwrite');
    tx.objectStore('saves').put(value, key);
    tx.oncomplete = ok; tx.onerror = () => bad(tx.error);
  });
  db.close();
}"""


IDB_ALL = """async () => {
  const db = await new Promise((ok, bad) => {
    const r = indexedDB.open('primi', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('saves');
    r.onsuccess = () => ok(r.result); r.onerror = () => bad(r.error);
  });
  const tx = db.transaction('saves', 'readonly');
  const store = tx.objectStore('saves');
  const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()].map(
    (r) => new Promise((ok) => { r.onsuccess = () => ok(r.result); })));
  db.close();
  return Object.fromEntries(keys.map((k, i) => [k, values[i]]));
}"""


def info(page: Page) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate("window.primi.tableInfo()")
    return got


def advance(mod: Any, page: Page, actions: int) -> None:
    """Play ``actions`` human decisions through the controls, reading summaries and hand-overs on the way."""
    done = 0
    for step in range(actions * 20):
        mod.settle(page)
        if done >= actions:
            return
        if not page.locator("#handover").is_hidden():
            page.get_by_role("button", name="Show my hand").click()
        elif not page.locator("#dealend").is_hidden():
            page.locator("#dealend-go").click()
        elif page.locator("#game-end").count():
            return
        else:
            mod.human_step(page, step)
            done += 1
    raise AssertionError("the game did not go on")

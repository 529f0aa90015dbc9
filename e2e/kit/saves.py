"""The saves' store as the page keeps it (IndexedDB ``primi``, store ``saves``), read and written
from the test; a game advanced through any game's controls. For e2e/saves/test_saves.py and
e2e/saves/test_robust.py."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

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

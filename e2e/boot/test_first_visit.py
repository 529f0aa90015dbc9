"""A first visit does not wait for the whole site (issue 21): the engine starts as soon as the service
worker controls the page, and the rest of the build is saved for offline play in the background.
Here the server holds back one file of the build the game does not need until the test lets it go:
the engine is ready and a Primero game is played meanwhile; going offline before the site is saved
says so once, and the game in progress goes on; once the file is let go the site is saved
(html[data-offline=ready]) and, with the server gone, a reload plays from the cache."""

from __future__ import annotations

import collections
import functools
import http.server
import json
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from kit import READY_TIMEOUT, ROOT, STEP_TIMEOUT, primero, tables
from kit.snapshot_seed import SnapshotSeed
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(ROOT))

import build  # noqa: E402


def held_file(site: Path) -> str:
    """A file of the build that neither the first screen nor the engine loads: German's table when the
    page does not preload it, else PyScript's TOML parser (the engine's config is JSON)."""
    if 'href="./i18n/de.js"' not in (site / "index.html").read_text():
        return "i18n/de.js"
    return next(p.relative_to(site).as_posix() for p in sorted((site / "pyscript").glob("toml-*.js")))


class HoldingSite:
    """dist/ served on a free loopback port; the file ``held`` is answered only once ``release()``."""

    def __init__(self, root: Path, held: str) -> None:
        self.released = threading.Event()
        self.asked = threading.Event()  # someone asked for the held file
        self.bodies: collections.Counter[str] = collections.Counter()  # responses sent with a body, by path
        site = self

        class Handler(build.Handler):
            def send_head(self):  # type: ignore[no-untyped-def]
                if self.path.split("?")[0] == "/" + held:
                    site.asked.set()
                    site.released.wait(120)
                return super().send_head()

            def send_response(self, code: int, message: str | None = None) -> None:
                if code == 200:
                    site.bodies[self.path.split("?")[0]] += 1
                super().send_response(code, message)

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def release(self) -> None:
        self.released.set()

    def close(self) -> None:
        self.released.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def holding(built_site: Path) -> Iterator[tuple[HoldingSite, str]]:
    held = held_file(built_site)
    s = HoldingSite(built_site, held)
    yield s, held
    s.close()


def take_a_move(page: Page, step: int) -> None:
    """The human's next decision at the Primero table, and the table moves on."""
    primero.settle(page)
    before = page.evaluate("window.primi.tableInfo().actions")
    primero.human_step(page, step)
    page.wait_for_function(f"window.primi.tableInfo().actions > {before}", timeout=STEP_TIMEOUT)


def test_the_engine_does_not_wait_for_the_whole_site(browser: Browser, holding: tuple[HoldingSite, str],
                                                     snapshot_seed: SnapshotSeed) -> None:
    site, held = holding
    # The engine's snapshot kept for this site's origin, as for every e2e context (the engine starts
    # from it: what is tested is when it starts and what the service worker fetches, not how Python
    # starts, which e2e/boot/test_boot.py tests); the seeding's request is not the visit's.
    ctx = browser.new_context(seed_snapshot=False, sw_fill=True)
    snapshot_seed.put(ctx, site.url)
    site.bodies.clear()
    settings = json.dumps({**tables.FAST, "speed": "off"})
    ctx.add_init_script(f"if (!localStorage.getItem('primi.settings.v1')) localStorage.setItem('primi.settings.v1', {settings!r})")
    page = ctx.new_page()
    page.goto(site.url + "#/play/primero?variant=waks&players=2&seed=7")
    # The engine is up and the game plays while a file of the build is still on its way.
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    tables.begin(page, "primero", ["human", "easy"])
    take_a_move(page, 0)
    assert not site.released.is_set()
    site.asked.wait(STEP_TIMEOUT / 1000)  # the background fill asked for it, and waits
    assert site.asked.is_set()
    expect(page.locator("html")).to_have_attribute("data-offline", "saving")
    # The boot bar counted the engine's download, not the whole site's.
    down = [s for s in page.evaluate("window.primi.bootBytes") if s["phase"] == "download"]
    assert down and down[-1]["bytes"] == down[-1]["total"] < 0.99 * site_wire(page), down[-1]

    # Offline before the site is saved: said once, in plain words, and the game in progress goes on.
    ctx.set_offline(True)
    note = page.locator("#offline-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("not yet fully saved on this device")
    assert not re.search(r"https?:|\.js|Error", note.inner_text())
    take_a_move(page, 1)
    ctx.set_offline(False)
    note.get_by_role("button", name="OK").click()
    expect(note).to_have_count(0)

    # The held file arrives: every file of the build is in the cache.
    site.release()
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=READY_TIMEOUT)
    page.evaluate("location.hash = '#/settings'")
    expect(page.locator("#offline-status")).to_have_text("Ready to play offline")
    # Nothing was downloaded twice: the files the page fetched were kept as they passed, the fill
    # fetched only the others (a revalidation answered 304 sends no body). The held file is left
    # out: its first request may have been cut off by the offline spell, and asked again after.
    twice = {path: n for path, n in site.bodies.items() if n > 1 and path != "/" + held}
    assert not twice, twice

    # The server is gone and the browser offline: a reload plays from the cache.
    site.close()
    ctx.set_offline(True)
    page.goto(site.url + "#/play/primero?variant=waks&players=2&seed=8")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    tables.begin(page, "primero", ["human", "easy"])
    take_a_move(page, 0)
    expect(page.locator("#offline-note")).to_have_count(0)  # nothing is missing: no note
    ctx.close()


def site_wire(page: Page) -> int:
    """The whole build's size over the wire, as the service worker reports it."""
    return int(page.evaluate("""new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('message', (e) => { if (e.data.type === 'primi-fill') resolve(e.data.totalBytes); });
      navigator.serviceWorker.controller.postMessage({type: 'state'});
    })"""))

"""Safe updates: a new deploy over old files that the browser's HTTP cache still holds (served a
week earlier with a long max-age), with a game in progress. The new version is found on a later
load, the player is told and switches when they choose; afterwards every file the service worker
holds and serves is the new build's, and the game goes on where it was."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kit import READY_TIMEOUT, ROOT, STEP_TIMEOUT, primero
from kit.site import Site, deploy
from kit.snapshot_seed import SnapshotSeed, engine_tag
from kit.tables import FAST
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.kit.browser import MAKER_OFF  # noqa: E402

OFF = json.dumps(FAST)  # no pauses before computer turns, no motion


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    s = Site(tmp_path / "site")
    yield s
    s.close()


def open_browser(browser_type: BrowserType, launch_args: dict[str, Any], profile: Path) -> BrowserContext:
    """A browser with a profile on disk: its HTTP cache, service worker and saves outlive a restart
    (the engine's snapshot maker off: bench/kit/browser.py ``MAKER_OFF``)."""
    ctx = browser_type.launch_persistent_context(str(profile), **launch_args)
    ctx.add_init_script(MAKER_OFF)
    # Computer turns without pauses or motion until a test stores its settings (the test is of the
    # update, not of the table's pace).
    ctx.add_init_script(f"if (!localStorage.getItem('primi.settings.v1')) localStorage.setItem('primi.settings.v1', {OFF!r})")
    return ctx


def keep_snapshot(ctx: BrowserContext, site: Site, seed: SnapshotSeed, built: Path) -> None:
    """Put the engine's snapshot that a visit of ``site`` keeps into ``ctx``'s profile, before its first
    visit: the one the e2e contexts are seeded with (e2e/kit/snapshot_seed.py), which is this site's when
    its engine is the test build's (a deploy of web/ as it is). Making it again here would take a plain
    boot and the snapshot's making (half a minute on a busy machine); e2e/boot/test_boot.py tests that."""
    assert engine_tag(site.root) == engine_tag(built)
    seed.put(ctx, site.url)


def ready(page: Page) -> None:
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


# Every entry of every Primi cache, with the SHA-256 of its body, read in the page.
CACHE_CONTENTS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = {};
    for (const req of await cache.keys()) {
      if (req.url.endsWith('/.primi-files')) continue;  // the worker's own map of the hashes
      const body = await (await cache.match(req)).arrayBuffer();
      const d = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
      out[name][new URL(req.url).pathname] = Array.from(d, b => b.toString(16).padStart(2, '0')).join('');
    }
  }
  return out;
}"""

# What the page gets for each file (through the service worker), hashed.
SERVED = """async (paths) => {
  const out = {};
  for (const p of paths) {
    const body = await (await fetch(p)).arrayBuffer();
    const d = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
    out[p] = Array.from(d, b => b.toString(16).padStart(2, '0')).join('');
  }
  return out;
}"""


def expected_cache(manifest: dict[str, Any]) -> dict[str, str]:
    sha: dict[str, str] = manifest["sha256"]
    return {"/": sha["index.html"], **{"/" + f: h for f, h in sha.items()}}


V2_RULES = """

# deploy v2 (the test's rules change): Primero no longer allows {action!r} where another move is possible
def _v2_rules() -> None:
    from typing import Any

    from pygame_core import registry
    from pygame_core.errors import IllegalActionError

    game = registry.load("primero")
    apply, legal = game.apply, game.legal_actions

    def legal2(state: Any) -> Any:
        acts = legal(state)
        return type(acts)(a for a in acts if a != {action!r}) if len(acts) > 1 else acts

    def apply2(state: Any, action: str) -> Any:
        if action == {action!r} and len(legal(state)) > 1:
            raise IllegalActionError("not allowed in v2")
        return apply(state, action)

    setattr(game, "legal_actions", legal2)
    setattr(game, "apply", apply2)


_v2_rules()
"""


def refused_move(record: dict[str, Any]) -> tuple[int, str]:
    """A move of the record that a rules change may refuse: the computer's play of an action played once,
    where another move was possible (not a see, pass or fold, which a computer falls back on)."""
    from pygame_core.records import Record, start

    rec = Record.from_json(record)
    game, state = start(rec)
    for k, action in enumerate(rec.actions):
        if k and game.current_player(state) != 0 and action not in ("see", "pass", "fold") \
                and rec.actions.count(action) == 1 and len(game.legal_actions(state)) > 1:
            return k, action
        state = game.apply(state, action)
    raise AssertionError(f"no move to refuse in {rec.actions}")


@pytest.mark.parametrize("refused", [False, True], ids=["resumed", "rules-refuse"])
def test_an_update_over_cached_files_keeps_the_game(
    site: Site, tmp_path: Path, browser_type: BrowserType, browser_type_launch_args: dict[str, Any], refused: bool,
    snapshot_seed: SnapshotSeed, built_site: Path,
) -> None:
    """With ``refused``, v2's rules refuse a move the game in progress played under v1: the game goes
    on under v2 from just before that move, the player is told, and the original record is kept."""
    # v2 differs from v1 in its version marker, in i18n.js and in the worker bridge.
    web2 = tmp_path / "web2"
    shutil.copytree(build.WEB, web2, ignore=shutil.ignore_patterns("__pycache__"))
    (web2 / "i18n.js").write_text((web2 / "i18n.js").read_text() + "\n// deploy v2\n")
    worker = (web2 / "worker.py").read_text() + "\n# deploy v2\n"
    (web2 / "worker.py").write_text(worker)
    v1 = deploy(site.root, "v1", build.WEB)
    profile = tmp_path / "profile"

    # A week ago: the first visit, a game started (and autosaved by the worker); without ``refused``
    # the browser also kept v1's engine snapshot, so the update goes from a snapshot to a new engine.
    ctx = open_browser(browser_type, browser_type_launch_args, profile)
    if not refused:
        keep_snapshot(ctx, site, snapshot_seed, built_site)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    primero.start(page, site.url, "waks", 2, ["human", "easy" if refused else "medium"], seed=7 if refused else None)
    for step in range(2):
        primero.settle(page)
        primero.human_step(page, step)
    primero.settle(page)
    before: dict[str, Any] = page.evaluate("window.primi.tableInfo()")
    if refused:
        answer = page.evaluate(f"window.primi.engineCall({{op: 'record', session: {json.dumps(before['session'])}, export: true}})")
        k, action = refused_move(answer["result"])
        (web2 / "worker.py").write_text(worker + V2_RULES.format(action=action))
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert set(page.evaluate(CACHE_CONTENTS)) == {"primi-" + v1["hash"]} | ({"engine-snapshot"} if not refused else set())
    ctx.close()

    # The deploy: v2 copied over v1 on the server, whose old files the HTTP cache still holds.
    v2 = deploy(site.root, "v2", web2)
    assert v2["hash"] != v1["hash"] and v2["sha256"]["i18n.js"] != v1["sha256"]["i18n.js"]
    site.requests.clear()

    # Reopened: still v1 (nothing switches by itself), the game resumes, and the update is offered.
    ctx = open_browser(browser_type, browser_type_launch_args, profile)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(site.url + "?debug#/table")
    ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == ("plain" if refused else "snapshot")
    note = page.locator("#update-note")
    expect(note).to_be_visible(timeout=READY_TIMEOUT)
    expect(note).to_contain_text("A new version of Primi is ready")
    assert page.get_attribute("html", "data-version") == "v1"
    # The old i18n.js in the HTTP cache did not fool the new worker: it asked the server again.
    assert "/i18n.js" in site.requests and "/worker.py" in site.requests
    # Unchanged files came from the old cache: the big runtime is not downloaded again.
    assert "/pyodide/pyodide.asm.wasm" not in site.requests

    # Another Primi tab, on v1 too: it must not go on running v1 against v2's files.
    other = ctx.new_page()
    other.goto(site.url + "#/rules")
    ready(other)
    expect(other.locator("#update-note")).to_be_visible(timeout=READY_TIMEOUT)

    # The player switches when it suits them: the page reloads as v2, and so does the other tab.
    note.get_by_role("button", name="Switch now").click()
    expect(page.locator("html")).to_have_attribute("data-version", "v2", timeout=READY_TIMEOUT)
    expect(other.locator("html")).to_have_attribute("data-version", "v2", timeout=READY_TIMEOUT)
    expect(other.locator("#screen-rules")).to_be_visible()
    ready(other)
    boots = [other.evaluate("window.primi.engineCall({op: 'boot'})")["result"]]
    other.close()
    ready(page)
    assert page.get_attribute("html", "data-build") == v2["hash"]
    expect(page.locator("#update-note")).to_have_count(0)

    # v2's engine differs (its worker.py): v1's snapshot was never restored, and it is gone. Both tabs
    # reloaded as v2 at once: the first to boot found v1's snapshot, refused and dropped it; the other
    # found none then, or refused it too if it looked first.
    boots.append(page.evaluate("window.primi.engineCall({op: 'boot'})")["result"])
    assert all(b["mode"] == "plain" for b in boots), boots
    errors = sorted(b["error"] for b in boots)
    if refused:  # v1 kept none
        assert errors == ["no snapshot kept"] * 2, boots
    else:
        assert "the snapshot is another engine's" in errors and set(errors) <= {"no snapshot kept", "the snapshot is another engine's"}, boots
    # Every file the worker holds, and every file the page gets, is v2's.
    caches = page.evaluate(CACHE_CONTENTS)
    assert list(caches) == ["primi-" + v2["hash"]]
    assert caches["primi-" + v2["hash"]] == expected_cache(v2)
    served = page.evaluate(SERVED, ["./", "./i18n.js", "./worker.py", "./app.js", "./index.html"])
    assert served["./i18n.js"] == v2["sha256"]["i18n.js"] and served["./worker.py"] == v2["sha256"]["worker.py"]
    assert served["./"] == v2["sha256"]["index.html"] == served["./index.html"]
    assert page.evaluate("import('./i18n.js').then(m => m.t('update.switch'))") == "Switch now"

    if refused:
        # The new rules refuse move k + 1: the game goes on from just before it, and the player is told.
        notice = page.locator("#table-notice")
        expect(notice).to_contain_text(f"refuses move {k + 1} of this saved game's {before['actions']}",
                                       timeout=STEP_TIMEOUT)
        page.wait_for_function(f"window.primi.tableInfo() && window.primi.tableInfo().actions >= {k}",
                               timeout=STEP_TIMEOUT)
        played = 0
        for step in range(2, 12):  # and it goes on under the new rules
            primero.settle(page)
            if played == 2 or page.locator("#game-end").count():
                break
            if page.locator("#dealend").is_visible():
                page.locator("#dealend-go").click()
            else:
                primero.human_step(page, step)
                played += 1
        assert page.evaluate("window.primi.tableInfo().actions") > k
        page.evaluate("location.hash = '#/'")  # the original record stays, exportable
        page.locator("#save-list li").first.get_by_role("button", name="Export the original").click()
        with page.expect_download() as got:  # of a game still in play: asked first (it shows every hidden card)
            page.get_by_role("button", name="Export anyway").click()
        assert json.loads(Path(got.value.path()).read_text()) == answer["result"]
        ctx.close()
        return
    # The game is intact, run by the new engine, and goes on.
    page.wait_for_function(
        f"window.primi.tableInfo() && window.primi.tableInfo().actions === {before['actions']}", timeout=STEP_TIMEOUT
    )
    after: dict[str, Any] = page.evaluate("window.primi.tableInfo()")
    assert after["game"] == before["game"] and after["seats"] == before["seats"]
    primero.settle(page)
    primero.human_step(page, 2)
    page.wait_for_function(f"window.primi.tableInfo().actions > {before['actions']}", timeout=STEP_TIMEOUT)
    ctx.close()


def test_no_switch_without_the_player(
    site: Site, tmp_path: Path, browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
    snapshot_seed: SnapshotSeed, built_site: Path,
) -> None:
    """A waiting version never takes over an open page by itself: the page stays on its build."""
    web2 = tmp_path / "web2"
    shutil.copytree(build.WEB, web2, ignore=shutil.ignore_patterns("__pycache__"))
    (web2 / "i18n.js").write_text((web2 / "i18n.js").read_text() + "\n// deploy v2\n")
    v1 = deploy(site.root, "v1", build.WEB)
    ctx = open_browser(browser_type, browser_type_launch_args, tmp_path / "profile")
    keep_snapshot(ctx, site, snapshot_seed, built_site)  # each of its three loads boots in 2 s, not 7
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(site.url)
    ready(page)
    deploy(site.root, "v2", web2)
    page.reload()
    ready(page)
    expect(page.locator("#update-note")).to_be_visible(timeout=READY_TIMEOUT)
    # A second load, still no switch: same build, same cache, the new worker still waiting.
    page.reload()
    ready(page)
    expect(page.locator("#update-note")).to_be_visible(timeout=READY_TIMEOUT)
    assert page.get_attribute("html", "data-build") == v1["hash"]
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
    assert set(page.evaluate("caches.keys()")) >= {"primi-" + v1["hash"]}
    ctx.close()


def test_a_deploy_that_fixes_a_broken_one_is_found(
    site: Site, tmp_path: Path, browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
    snapshot_seed: SnapshotSeed, built_site: Path,
) -> None:
    """v1's engine cannot start; the page still looks for a new deploy, and v2 (fixed) is offered."""
    web1 = tmp_path / "web1"
    shutil.copytree(build.WEB, web1, ignore=shutil.ignore_patterns("__pycache__"))
    (web1 / "worker.py").write_text('raise RuntimeError("a broken deploy")\n' + (web1 / "worker.py").read_text())
    deploy(site.root, "v1", web1)
    ctx = open_browser(browser_type, browser_type_launch_args, tmp_path / "profile")
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(site.url)
    page.wait_for_selector("html.boot-failed", state="attached", timeout=READY_TIMEOUT)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    v2 = deploy(site.root, "v2", build.WEB)
    page.reload()
    note = page.locator("#update-note")
    expect(note).to_be_visible(timeout=READY_TIMEOUT)
    # v1's engine failed again; then v2's snapshot is kept (its engine is the test build's), so v2
    # boots from it, as an e2e context does, and not plainly: the update is what is tested here.
    page.wait_for_selector("html.boot-failed", state="attached", timeout=READY_TIMEOUT)
    keep_snapshot(ctx, site, snapshot_seed, built_site)
    note.get_by_role("button", name="Switch now").click()
    expect(page.locator("html")).to_have_attribute("data-version", "v2", timeout=READY_TIMEOUT)
    ready(page)
    assert page.get_attribute("html", "data-build") == v2["hash"]
    ctx.close()

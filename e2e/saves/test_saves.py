"""Nothing lost: autosave and resume (reload, a closed tab), the Continue list, damaged saves set
aside, export and import of game records, undo against the computer, statistics, and a browser
that refuses storage. Every reply the page got mid-game is checked for hidden cards, records and
seeds; the hidden cards come from the game's record, exported by the test once it is done."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit import READY_TIMEOUT, ROOT, STEP_TIMEOUT, primero, primiera, primo
from kit.hidden import Truth, card_tokens, keyed, replies, views_in
from kit.saves import IDB_ALL, IDB_PUT, advance, info, quiet
from kit.saves import start as start_here
from playwright.sync_api import Page, expect

# The browser refuses Primi's database (as a private window may), or is full; PyScript's own
# storage is left alone.
REFUSE = """() => { const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, ...rest) {
    if (name === 'primi') throw new DOMException('The operation is insecure.', 'SecurityError');
    return open.call(this, name, ...rest); }; }"""
FULL = """() => { const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (this.name === 'saves') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args); }; }"""


# ---------------------------------------------------------------- helpers


@pytest.fixture
def page(kept_page: Page) -> Page:
    """Each test's own page, in the context this process keeps (e2e/conftest.py ``KeptContext``) with
    the site's storage emptied: no save, setting or statistic of another test's; the test loads the
    site itself. (A fresh context each cost about 9 s more CPU, and no test here is of a first visit.)
    Speed Off from its first load on (kit/saves.py ``quiet``): the motion is not the subject here."""
    return quiet(kept_page)


def export_record(page: Page) -> dict[str, Any]:
    """The game's record, exported as the player may (the test's truth for the hidden cards)."""
    sid = info(page)["session"]
    answer = page.evaluate(f"window.primi.engineCall({{op: 'record', session: {json.dumps(sid)}, export: true}})")
    assert answer["ok"], answer
    record: dict[str, Any] = answer["result"]
    return record


def check_replies(exchanges: list[dict[str, Any]], record: dict[str, Any]) -> None:
    """Mid-game, no reply holds a card hidden from the seat shown, a record or the seed (the explicit
    export excepted); the saves' list holds no card at all."""
    truth = Truth.of(record)
    seed = record["seed"]
    for i, ex in enumerate(exchanges):
        op = ex["request"].get("op")
        if op == "record":
            continue
        reply = ex["reply"]
        where = f"reply {i} ({op})"
        if op == "saves":
            assert not card_tokens(reply), where
        assert all(r is None for r in keyed(reply, "record")), f"{where} carries a record"
        assert all(s is None for s in keyed(reply, "seed")), f"{where} carries the seed"
        assert not re.search(rf"(?<!\d){seed}(?!\d)", ex["text"]), f"{where} holds the seed"
        for v in views_in(reply):
            if v["actions"] <= len(record["actions"]):
                truth.check(v["seat"], v["actions"], reply, where)


def reload_and_wait(page: Page, actions: int) -> None:
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    page.wait_for_function(f"window.primi.tableInfo() && window.primi.tableInfo().actions === {actions}",
                           timeout=STEP_TIMEOUT)


def last_view(page: Page) -> dict[str, Any]:
    return [v for ex in replies(page) for v in views_in(ex["reply"])][-1]


def home(page: Page, server: str) -> None:
    page.goto(server + "?debug#/")
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    page.wait_for_selector("#continue[data-count]", state="attached", timeout=STEP_TIMEOUT)


def new_primero(page: Page, server: str, actions: int = 2) -> dict[str, Any]:
    start_here(page, server, "primero", "waks", ["human", "medium"])
    advance(primero, page, actions)
    return info(page)


# ---------------------------------------------------------------- resume


def test_reload_mid_game_resumes_a_primero_game(page: Page, server: str) -> None:
    start_here(page, server, "primero", "waks", ["human", "medium", "easy"])
    advance(primero, page, 3)
    before = info(page)
    view = last_view(page)
    exchanges = replies(page)
    reload_and_wait(page, before["actions"])
    after = info(page)
    assert after["seats"] == before["seats"] and after["names"] == before["names"] and after["game"] == "primero"
    resumed = last_view(page)
    assert resumed["observation"] == view["observation"] and resumed["legal"] == view["legal"]
    advance(primero, page, 1)  # the game goes on
    assert info(page)["actions"] > before["actions"]
    check_replies(exchanges + replies(page), export_record(page))


def test_reload_mid_game_resumes_a_primiera_game(page: Page, server: str) -> None:
    start_here(page, server, "primiera", "2p", ["human", "medium"], fixed_players=True)
    advance(primiera, page, 3)
    before = info(page)
    hand = page.eval_on_selector_all("#my-hand [data-card]", "els => els.map(e => e.dataset.card)")
    exchanges = replies(page)
    reload_and_wait(page, before["actions"])
    expect(page.locator("#screen-table[data-game=primiera]")).to_be_visible()
    primiera.settle(page)
    assert page.eval_on_selector_all("#my-hand [data-card]", "els => els.map(e => e.dataset.card)") == hand
    advance(primiera, page, 1)
    check_replies(exchanges + replies(page), export_record(page))


def test_reload_mid_game_resumes_a_primo_game(page: Page, server: str) -> None:
    start_here(page, server, "primo", "base", ["human", "medium"])
    for _ in range(3):
        primo.settle(page)
        primo.do(page, primo.policy(primo.last_view(page)))
    primo.settle(page)
    before = info(page)
    view = last_view(page)
    exchanges = replies(page)
    reload_and_wait(page, before["actions"])
    expect(page.locator("#screen-table[data-game=primo]")).to_be_visible()
    primo.settle(page)
    resumed = last_view(page)
    assert resumed["observation"] == view["observation"] and resumed["legal"] == view["legal"]
    primo.do(page, primo.policy(resumed))
    primo.check_replies(exchanges + replies(page), export_record(page))


def test_close_the_tab_and_reopen_resumes(page: Page, server: str) -> None:
    before = new_primero(page, server)
    context = page.context
    page.close()
    # Reopened on the table (the browser restores the tab): straight back into the game.
    again = context.new_page()
    again.goto(server + "?debug#/table")
    again.wait_for_function(f"window.primi.tableInfo() && window.primi.tableInfo().actions === {before['actions']}",
                            timeout=READY_TIMEOUT)
    # One more move, then the tab crashes (no unload, no goodbye): the move was saved before it was answered.
    advance(primero, again, 1)
    while not again.locator("#dealend").is_hidden():  # that move ended the deal: the next deal's first
        again.locator("#dealend-go").click()           # move may be the computer's, so play on to yours
        primero.settle(again)
    moved = info(again)["actions"]
    assert moved > before["actions"]
    with again.expect_event("crash", timeout=STEP_TIMEOUT), contextlib.suppress(Exception):
        again.goto("chrome://crash", timeout=STEP_TIMEOUT)  # the renderer dies: "Navigation failed because page crashed"
    # Opened from its address: the Continue list, the most recent game first, one tap to resume.
    third = context.new_page()
    home(third, server)
    first = third.locator("#save-list li").first
    expect(first).to_contain_text("Primero")
    expect(first).to_contain_text("Waks (English)")
    expect(first).to_contain_text("your turn")
    expect(first).to_contain_text("2 players")
    first.get_by_role("button", name="Resume").click()
    third.wait_for_function(f"window.primi.tableInfo() && window.primi.tableInfo().actions === {moved}",
                            timeout=STEP_TIMEOUT)
    primero.settle(third)
    expect(third.locator("#actions button[data-action]").first).to_be_visible()


def test_a_hot_seat_game_resumes_behind_the_hand_over(page: Page, server: str) -> None:
    start_here(page, server, "primero", "waks", ["human", "human"])
    advance(primero, page, 2)
    before = info(page)
    reload_and_wait(page, before["actions"])
    expect(page.locator("#handover")).to_be_visible()
    assert page.locator("#my-hand [data-card]").count() == 0
    assert last_view(page)["seat"] == -1


# ---------------------------------------------------------------- the Continue list


def test_several_saves_listed_delete_one_then_all(page: Page, server: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    new_primero(page, server, 1)  # one page load: each game after it started by a hash change
    start_here(page, server, "primiera", "2p", ["human", "medium"], fixed_players=True)
    advance(primiera, page, 1)
    new_primero(page, server, 1)
    home(page, server)
    items = page.locator("#save-list li")
    expect(items).to_have_count(3)
    expect(items.first).to_contain_text("Primero")  # the most recent first
    expect(items.nth(1)).to_contain_text("Primiera")
    expect(items.first).to_contain_text(re.compile(r"just now|minute"))
    primiera_id = items.nth(1).get_attribute("data-save")
    items.nth(1).get_by_role("button", name=re.compile("^Delete")).click()
    expect(items).to_have_count(2)
    assert page.locator(f"[data-save='{primiera_id}']").count() == 0
    page.locator("#delete-all").click()
    expect(page.locator("#delete-all-row")).to_contain_text("Delete all 2 saved games?")
    page.locator("#delete-all-no").click()
    expect(items).to_have_count(2)
    page.locator("#delete-all").click()
    page.locator("#delete-all-yes").click()
    expect(items).to_have_count(0)
    expect(page.locator("#continue-status")).to_contain_text("No game in progress")
    assert page.evaluate(IDB_ALL) == {}
    # a reload on the table with nothing saved lands on the home screen
    page.evaluate("location.hash = '#/table'")
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    expect(page.locator("#screen-home")).to_be_visible()
    assert errors == []


def test_damaged_saves_are_set_aside_and_the_others_survive(page: Page, server: str) -> None:
    new_primero(page, server, 1)
    good = page.evaluate(IDB_ALL)
    assert len(good) == 1
    (key, text), = good.items()
    data = json.loads(text)
    future = dict(data, v=2)
    wrong = dict(data, seats="human")
    unknown = json.loads(text)
    unknown["record"]["game"] = "primissimo"
    for name, value in [("truncated", text[: len(text) // 2]), ("number", 42), ("types", json.dumps(wrong)),
                        ("future", json.dumps(future)), ("game", json.dumps(unknown))]:
        page.evaluate(IDB_PUT, [f"bad-{name}", value])
    home(page, server)
    expect(page.locator("#save-list li")).to_have_count(1)
    aside = page.locator("#save-aside")
    expect(aside).to_contain_text("5 saved games could not be read and were set aside. Your other games are safe.")
    problems = {
        "bad-truncated": "cut short",
        "bad-number": "wrong kind",
        "bad-types": "wrong kind",
        "bad-future": "another version of Primi (save format 2)",
        "bad-game": "names a game or rule set that Primi cannot start",
    }
    for save, words in problems.items():
        expect(aside.locator(f"[data-save='{save}']")).to_contain_text(words)
    assert "Traceback" not in aside.inner_text() and "seat 0" not in aside.inner_text().lower()
    # exportable: a damaged save downloads as it is
    with page.expect_download() as got:
        aside.locator("[data-save='bad-truncated']").get_by_role("button", name="Export").click()
    assert Path(got.value.path()).read_text() == text[: len(text) // 2]
    # the good one resumes
    page.locator(f"#save-list [data-save='{key}']").get_by_role("button", name="Resume").click()
    page.wait_for_function("window.primi.tableInfo() && window.primi.tableInfo().actions > 0", timeout=STEP_TIMEOUT)
    # set aside, not lost
    assert set(page.evaluate(IDB_ALL)) >= set(problems)


DEEP_LINK = "#/replay?v=1&r=7cExAQAAAMKgoOvfwxR-QAEAAAAAbwM"
"""Issue 20's link: a record of 5,000 "[", deflated, that killed Pyodide for good."""


def test_deep_nesting_in_a_link_and_in_saves_is_refused_and_the_page_still_answers(page: Page, server: str) -> None:
    """Three page loads: the first plays a game and follows the link; the second reads the deep
    saves and a mark left with no death; the third opens the link fresh after the engine died."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    new_primero(page, server, 1)
    (key, text), = page.evaluate(IDB_ALL).items()
    record = json.dumps(json.loads(text)["record"], separators=(",", ":"))  # as the worker writes it
    assert record in text
    deep = "[" * 100_000 + "]" * 100_000
    page.evaluate(IDB_PUT, ["deep-whole", "[" * 5_000])
    page.evaluate(IDB_PUT, ["deep-inside", text.replace(record, record[:-1] + ',"x":' + deep + "}", 1)])
    # the link, with the engine running: a clear message, and the engine goes on
    page.evaluate("(h) => { location.hash = h; }", DEEP_LINK)
    expect(page.locator(".page-message")).to_contain_text("nested far too deeply", timeout=STEP_TIMEOUT)
    expect(page.locator(".game-tile[data-game=primero] a[data-primary]")).to_be_visible()
    home(page, server)  # this worker lists the store too
    # the worker's mark left with no death (the page closed while its worker read a save), put once
    # this page has listed the store: the next load is the first to read it
    page.evaluate(IDB_PUT, ["gcopy", text])
    page.evaluate(IDB_PUT, ["primi:opening", '["gcopy"]'])
    # a new load reads the deep saves: the intact saves are listed, the deep ones set aside; the mark
    # left with no death sets nothing aside (it is only suspected)
    page.reload()
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    page.wait_for_selector("#continue[data-count]", state="attached", timeout=STEP_TIMEOUT)
    expect(page.locator("#save-list li")).to_have_count(2)
    aside = page.locator("#save-aside")
    for save in ("deep-whole", "deep-inside"):
        expect(aside.locator(f"[data-save='{save}']")).to_contain_text("nested too deeply")
    expect(aside.locator("[data-save='gcopy']")).to_have_count(0)
    assert "primi:suspect" in page.evaluate(IDB_ALL)  # the mark was read by this load's worker
    # a save whose reading killed the engine (the worker's mark, left in the store, and the page that
    # found its engine dead notes it) is set aside on the next load
    page.evaluate(IDB_PUT, ["primi:opening", '["gcopy"]'])
    page.evaluate("window.primi.killEngine(true)")
    expect(page.locator("#engine-dead")).to_be_visible(timeout=STEP_TIMEOUT)
    assert page.evaluate(f"""async () => {{  // the note is written once the page found the engine dead
      for (let i = 0; i < {STEP_TIMEOUT // 50}; i++) {{
        if ('primi:died' in await ({IDB_ALL})()) return true;
        await new Promise((r) => setTimeout(r, 50));
      }}
      return false; }}""")
    # the next load is the link's, opened fresh: it says the same, on the home screen, whose list
    # has the engine's killer set aside
    page.goto(server + DEEP_LINK)
    expect(page.locator(".page-message")).to_contain_text("nested far too deeply", timeout=READY_TIMEOUT)
    page.wait_for_selector("#continue[data-count]", state="attached", timeout=STEP_TIMEOUT)
    expect(page.locator("#save-list li")).to_have_count(1)
    expect(aside.locator("[data-save='gcopy']")).to_contain_text("stopped the game engine")
    assert not {"primi:opening", "primi:died", "primi:suspect"} & set(page.evaluate(IDB_ALL))
    # and the engine still answers: the intact game resumes
    page.locator(f"#save-list [data-save='{key}']").get_by_role("button", name="Resume").click()
    page.wait_for_function("window.primi.tableInfo() && window.primi.tableInfo().actions > 0", timeout=STEP_TIMEOUT)
    assert errors == []


def test_a_save_the_rules_refuse_goes_on_with_a_message_and_every_save_is_listed(page: Page, server: str) -> None:
    """A new version whose rules refuse a move of a saved game: the game goes on from just before
    that move, the player is told, and the original record stays exportable. And more than 50 saves:
    the 50 most recent first, then "Show more", so none goes unseen."""
    new_primero(page, server, 3)
    (key, text), = page.evaluate(IDB_ALL).items()
    data = json.loads(text)
    actions = data["record"]["actions"]
    k = len(actions) - 2
    assert k >= 1
    original = dict(data["record"], actions=[*actions[:k], "discard ZZ", *actions[k + 1:]])  # illegal at that point
    page.evaluate(IDB_PUT, ["refused", json.dumps(dict(data, id="refused", updated=data["updated"] + 10**6,
                                                       record=original))])
    # a game that went on after such a refusal and is over: listed, with its original, until deleted
    over = round_just_over("primiera", "2p", {"target": 0, "max_rounds": 1}, "sheet", over=True)
    page.evaluate(IDB_PUT, ["over", json.dumps(dict(data, id="over", updated=data["updated"] - 500, record=over,
                                                    kept={"record": original, "n": k + 1, "total": len(actions)}))])
    for i in range(50):  # older games
        page.evaluate(IDB_PUT, [f"old-{i:02}", json.dumps(dict(data, id=f"old-{i:02}", updated=data["updated"] - 1000 - i))])
    page.evaluate("location.hash = '#/'")
    items = page.locator("#save-list li")
    expect(items).to_have_count(50, timeout=STEP_TIMEOUT)
    expect(page.locator("#continue-status")).to_contain_text("52 games in progress")  # the finished one is not
    expect(page.locator("#continue-status")).to_contain_text("the 50 most recent are listed")
    finished = page.locator("#save-list [data-save='over']")
    expect(finished).to_contain_text("game over")
    expect(finished.locator(".save-kept")).to_contain_text("The original record is kept until you delete it.")
    expect(finished.get_by_role("button", name="Export the original")).to_be_visible()
    expect(finished.locator("[data-resume]")).to_have_text("Open")
    more = page.locator("#save-more")
    expect(more).to_have_text("Show 3 more (of 3 older games)")
    more.click()
    expect(items).to_have_count(53)
    expect(more).to_have_count(0)
    expect(items.last).to_have_attribute("data-save", "old-49")
    assert page.evaluate("document.activeElement.dataset.resume") == "old-47"  # focus on the first one just listed
    # the refused one is playable (not set aside), says so, and exports its original
    first = items.first
    expect(first).to_have_attribute("data-save", "refused")
    expect(first.locator(".save-kept")).to_have_text(
        f"This version's rules refuse move {k + 1} of {len(actions)}: the game goes on from just before it. "
        "The original record is kept.")
    expect(page.locator("#save-aside")).to_have_count(0)
    from kit.a11y import axe
    assert axe(page) == []
    first.get_by_role("button", name="Export the original").click()  # of a game in play: it asks first
    with page.expect_download() as got:
        page.get_by_role("button", name="Export anyway").click()
    assert json.loads(Path(got.value.path()).read_text()) == original
    first.get_by_role("button", name="Resume").click()
    notice = page.locator("#table-notice")
    expect(notice).to_contain_text(f"refuses move {k + 1} of this saved game's {len(actions)}")
    expect(notice).to_contain_text("The original record is kept")
    page.wait_for_function(f"window.primi.tableInfo() && window.primi.tableInfo().actions >= {k}", timeout=STEP_TIMEOUT)
    advance(primero, page, 1)  # and the game goes on
    saved = json.loads(page.evaluate(IDB_ALL)["refused"])
    assert saved["record"]["actions"][:k] == actions[:k] and "discard ZZ" not in saved["record"]["actions"]
    assert len(saved["record"]["actions"]) > k and saved["kept"] == {"record": original, "n": k + 1, "total": len(actions)}
    assert "Traceback" not in notice.inner_text() and "seat 0" not in notice.inner_text().lower()


def test_the_deal_summary_shows_again_after_a_reload_and_after_an_undo_back_across_the_deal_end(
        page: Page, server: str) -> None:
    start_here(page, server, "primero", "waks", ["human", "easy"], seed=11)
    box = page.locator("#dealend")
    for _ in range(40):  # to the first deal's end: you fold
        primero.settle(page)
        if box.is_visible():
            break
        if not primero.fold(page):
            primero.human_step(page, 1)
    expect(box).to_be_visible()
    title = page.locator("#dealend-title").inner_text()
    at = info(page)["actions"]
    reload_and_wait(page, at)  # reloaded on the deal-end screen: the summary again
    expect(box).to_be_visible()
    expect(page.locator("#dealend-title")).to_have_text(title)
    page.locator("#dealend-go").click()
    expect(box).to_be_hidden()
    primero.settle(page)
    reload_and_wait(page, info(page)["actions"])  # closed, it stays closed
    primero.settle(page)
    expect(box).to_be_hidden()
    # undo takes back the fold (before the deal's end); folding again ends the deal again: its summary again
    undo = page.locator("#table-undo")
    expect(undo).to_be_visible()
    undo.click()
    page.wait_for_function(f"window.primi.tableInfo().actions < {at}", timeout=STEP_TIMEOUT)
    primero.settle(page)
    expect(box).to_be_hidden()
    assert primero.fold(page)
    expect(box).to_be_visible()
    expect(page.locator("#dealend-title")).to_have_text(title)
    page.locator("#dealend-go").click()
    # Primiera and Primo: saves made just after a round ended, whose summary the player had not closed
    # yet (a crash, a closed tab): each resumes on that round's summary; once closed, it stays closed.
    now = page.evaluate("Date.now()")
    rounds = {"primiera": ("2p", {}, "sheet", "Round 1 is over"),
              "primo": ("rounds", {"players": 2}, "round_results", "Round 1 of 4 is over")}
    for i, (name, (variant, options, key, _)) in enumerate(rounds.items()):
        data = {"v": 1, "id": f"round-{name}", "record": round_just_over(name, variant, options, key),
                "seats": ["human", "medium"], "names": None, "undo": True, "created": now, "updated": now + i}
        page.evaluate(IDB_PUT, [data["id"], json.dumps(data)])
    page.evaluate("""() => { const seen = JSON.parse(localStorage.getItem('primi.roundseen.v1') || '{}');
        localStorage.setItem('primi.roundseen.v1', JSON.stringify({...seen, 'round-primiera': null, 'round-primo': null})); }""")
    closed: set[str] = set()
    for name, (_, _, _, heading) in [*rounds.items(), ("primo", rounds["primo"])]:
        page.evaluate("location.hash = '#/'")
        page.locator(f"#save-list [data-save='round-{name}'] [data-resume]").click(timeout=STEP_TIMEOUT)
        expect(page.locator(f"#screen-table[data-game={name}]")).to_be_visible()
        if name in closed:  # opened again: no summary
            primo.settle(page)
            expect(box).to_be_hidden()
            continue
        expect(box).to_be_visible()
        expect(page.locator("#dealend-title")).to_have_text(heading)
        page.locator("#dealend-go").click()
        expect(box).to_be_hidden()
        closed.add(name)


def round_just_over(name: str, variant: str, options: dict[str, Any], key: str, over: bool = False) -> dict[str, Any]:
    """A record of a game of ``name`` played at random up to just after its first round ended
    (the public observation's ``key`` list gained its first line); ``over``: that ended the game."""
    from pygame_core.records import Record
    from pygame_core.registry import load
    from pygame_core.rng import AgentRandom

    game = load(name)
    resolved = game.info.variant(variant).resolve_options(options)
    record = Record(name, variant, tuple(sorted(resolved.items())), 5)
    state = game.initial_state(dict(record.options), record.seed, variant)
    rnd = AgentRandom(3)
    while not game.observation(state, -1).get(key):
        action = rnd.choice(list(game.legal_actions(state)))
        record, state = record.with_action(action), game.apply(state, action)
    assert game.is_terminal(state) == over
    return record.to_json()


# ---------------------------------------------------------------- export and import


def test_export_then_import_a_record(take: Callable[[str], Page], server: str, tmp_path: Path) -> None:
    page = take("desktop")  # a shared page (tables.Pages): its saves are all deleted before the import
    primero.start(page, server, "waks", 2, ["human", "easy"])
    advance(primero, page, 2)
    before = info(page)
    primero.settle(page)
    page.locator("#table-export").click()  # mid-game: it says first that the file shows every hidden card
    with page.expect_download() as got:
        page.get_by_role("button", name="Export anyway").click()
    path = tmp_path / "game.json"
    got.value.save_as(path)
    assert re.fullmatch(r"primi-primero-waks-\d{12}\.json", got.value.suggested_filename)
    cli = subprocess.run([sys.executable, "-m", "pygame_core", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout)["actions"] == before["actions"]
    assert json.loads(path.read_text())["seats"] == ["human", "easy"]  # who played each seat
    # a fresh browser profile: the record opens the game where it was
    home(page, server)
    page.locator("#delete-all").click()
    page.locator("#delete-all-yes").click()
    expect(page.locator("#save-list li")).to_have_count(0)
    page.set_input_files("#import-file", str(path))
    # the player may change who plays each seat: the record's own seat kinds to begin with
    seats = page.locator("#import-seats")
    expect(seats).to_be_visible()
    expect(seats).to_contain_text("Who plays each seat in this game of Primero")
    expect(page.locator("#import-seat-0")).to_have_value("human")
    expect(page.locator("#import-seat-1")).to_have_value("easy")
    from kit.a11y import axe
    assert axe(page) == []
    page.select_option("#import-seat-1", "medium")
    page.get_by_role("button", name="Open the game").click()
    page.wait_for_function(f"window.primi.tableInfo() && window.primi.tableInfo().session !== {json.dumps(before['session'])}",
                           timeout=STEP_TIMEOUT)
    assert info(page)["actions"] == before["actions"]
    assert info(page)["seats"] == ["human", "medium"]
    primero.settle(page)
    home(page, server)
    expect(page.locator("#save-list li")).to_have_count(1)  # an unfinished import goes on, saved
    assert json.loads(next(iter(page.evaluate(IDB_ALL).values())))["seats"] == ["human", "medium"]
    # cancelled, nothing opens
    page.set_input_files("#import-file", str(path))
    page.get_by_role("button", name="Cancel").click()
    expect(seats).to_be_hidden()
    expect(page.locator("#save-list li")).to_have_count(1)
    # a damaged file gets the CLI's message
    record = json.loads(path.read_text())
    record["actions"].append("discard ZZ")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#continue-message")).to_contain_text(f"action {len(record['actions'])}")
    (tmp_path / "cut.json").write_text(path.read_text()[:40])
    page.set_input_files("#import-file", str(tmp_path / "cut.json"))
    expect(page.locator("#continue-message")).to_contain_text("not valid JSON")


def test_import_a_finished_game_opens_its_end(take: Callable[[str], Page], server: str, tmp_path: Path) -> None:
    from pygame_core.records import Record, replay
    from pygame_core.registry import load
    from pygame_core.rng import AgentRandom

    game = load("primiera")
    options = game.info.variant("2p").resolve_options({})
    record = Record("primiera", "2p", tuple(sorted(options.items())), 77)
    _, state = replay(record)
    rnd = AgentRandom(1)
    while not game.is_terminal(state):
        action = rnd.choice(list(game.legal_actions(state)))
        record = record.with_action(action)
        state = game.apply(state, action)
    path = tmp_path / "done.json"
    path.write_text(json.dumps(record.to_json()))
    # A shared page (tables.Pages: no load of its own), its statistics emptied for the test (the page
    # reads them from localStorage at each visit) and given back after.
    page = take("desktop")
    stats = page.evaluate("() => { const s = localStorage.getItem('primi.stats.v1'); localStorage.removeItem('primi.stats.v1'); return s; }")
    home(page, server)
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#game-end")).to_be_visible(timeout=STEP_TIMEOUT)
    page.goto(server + "?debug#/stats")
    expect(page.locator("#stats-empty")).to_be_visible()  # an imported game is not one you played here
    page.evaluate("(s) => { if (s !== null) localStorage.setItem('primi.stats.v1', s); }", stats)


# ---------------------------------------------------------------- undo


def test_undo_against_the_computer(take: Callable[[str], Page], server: str) -> None:
    page = take("desktop")  # no load of its own: a shared page (tables.Pages), its store holding others' saves
    others = set(page.evaluate(IDB_ALL))
    primero.start(page, server, "waks", 2, ["human", "medium"])
    primero.settle(page)
    undo = page.locator("#table-undo")
    expect(undo).to_be_hidden()  # nothing to undo yet
    start_actions = info(page)["actions"]
    first = last_view(page)
    advance(primero, page, 1)
    after = info(page)
    assert after["actions"] > start_actions
    before_undo = export_record(page)
    exchanges = replies(page)
    expect(undo).to_be_visible()
    undo.click()
    page.wait_for_function(f"window.primi.tableInfo().actions === {start_actions}", timeout=STEP_TIMEOUT)
    primero.settle(page)
    back = last_view(page)
    assert back["observation"] == first["observation"] and back["legal"] == first["legal"]
    expect(undo).to_be_hidden()
    # the game goes on from there; the save went back too
    advance(primero, page, 1)
    saves = {k: v for k, v in page.evaluate(IDB_ALL).items() if k not in others and not k.startswith(("primi:", "review:"))}
    (text,) = saves.values()  # this game's one save
    assert len(json.loads(text)["record"]["actions"]) == info(page)["actions"]
    check_replies(exchanges, before_undo)
    check_replies(replies(page)[len(exchanges):], export_record(page))


def test_undo_can_be_turned_off_in_setup(take: Callable[[str], Page], server: str) -> None:
    page = take("desktop")  # nothing saved is read here: a shared page (tables.Pages), not a fresh one
    primero.open_setup(page, server, "waks", 2)
    page.select_option("#seat-1", "medium")
    page.locator("#setup-undo").uncheck()
    page.get_by_role("button", name="Start the game").click()
    advance(primero, page, 2)
    expect(page.locator("#table-undo")).to_be_hidden()
    assert all(v["undo"] is False for ex in replies(page) for v in views_in(ex["reply"]))


# ---------------------------------------------------------------- statistics


def test_statistics_after_a_finished_game(page: Page, server: str) -> None:
    start_here(page, server, "primero", "waks", ["human", "easy"], deals=1)
    primero.play(page, deals=1, max_steps=200)
    if page.locator("#dealend").is_visible():
        page.locator("#dealend-go").click()
    expect(page.locator("#game-end")).to_be_visible()
    won = int(table_won(page))
    home(page, server)
    expect(page.locator("#save-list li")).to_have_count(0)  # a finished game leaves the list
    page.get_by_role("link", name="Statistics").click()
    row = page.locator("tr[data-stats='primero/waks']")
    expect(row).to_be_visible()
    expect(row.locator("[data-played]")).to_have_text("1")
    expect(row.locator("[data-won]")).to_have_text(str(won))
    expect(row).to_contain_text("chips")
    page.reload()  # kept across a reload, and not counted twice
    expect(page.locator("tr[data-stats='primero/waks'] [data-played]")).to_have_text("1")
    with page.expect_download() as got:
        page.locator("#stats-export").click()
    data = json.loads(Path(got.value.path()).read_text())
    assert data["games"]["primero/waks"]["played"] == 1 and data["games"]["primero/waks"]["won"] == won
    # Primiera and Primo score in points: a game you won, and a hot-seat game (played, nobody's win here)
    page.evaluate("""() => import('./shell/stats.js').then((m) => {
        m.recordResult('primiera', '2p', ['human', 'medium'], {scores: [11, 5], winners: [0]});
        m.recordResult('primo', 'base', ['human', 'human'], {scores: [-3, 4], winners: [1]}); })""")
    page.evaluate("location.hash = '#/'")
    page.evaluate("location.hash = '#/stats'")
    pa = page.locator("tr[data-stats='primiera/2p']")
    expect(pa).to_contain_text("11 points")
    expect(pa.locator("[data-won]")).to_have_text("1")
    po = page.locator("tr[data-stats='primo/base']")
    expect(po.locator("[data-played]")).to_have_text("1")
    expect(po.locator("[data-won]")).to_have_text("0")
    page.locator("#stats-reset").click()
    page.locator("#stats-reset-yes").click()
    expect(page.locator("#stats-empty")).to_be_visible()
    expect(page.locator("#stats-message")).to_have_text("Statistics reset.")


def table_won(page: Page) -> bool:
    view = [v for ex in replies(page) for v in views_in(ex["reply"]) if v["terminal"]][0]
    return 0 in view["result"]["winners"]


# ---------------------------------------------------------------- storage refused or full


def stub_worker_storage(page: Page, script: str) -> None:
    """Make the worker's IndexedDB fail as a browser would (the page's own stays untouched)."""
    def stub(worker: Any) -> None:
        with contextlib.suppress(Exception):  # a worker gone with its page: nothing to stub
            worker.evaluate(script)
    page.on("worker", stub)


def start_in_one_load(page: Page, server: str) -> None:
    """Home, then a 2-player Primero game against the computer, all in one page load (one worker)."""
    home(page, server)
    page.evaluate("location.hash = '#/play/primero?variant=waks&players=2&seats=human,medium'")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#screen-table")).to_be_visible()


def test_storage_refused_the_game_goes_on_with_a_notice(page: Page, server: str) -> None:
    stub_worker_storage(page, REFUSE)
    start_in_one_load(page, server)
    notice = page.locator("#save-notice")
    expect(notice).to_contain_text("this game will not be saved")
    advance(primero, page, 2)  # the game goes on
    assert info(page)["actions"] >= 2
    expect(notice).to_have_count(1)  # told once
    notice.get_by_role("button", name="OK").click()
    expect(notice).to_have_count(0)
    advance(primero, page, 1)
    expect(notice).to_have_count(0)
    page.evaluate("location.hash = '#/'")
    expect(page.locator("#continue-status")).to_contain_text("does not let Primi keep saved games")


def test_storage_full_the_game_goes_on_with_a_notice(page: Page, server: str) -> None:
    stub_worker_storage(page, FULL)
    start_in_one_load(page, server)
    expect(page.locator("#save-notice")).to_contain_text("this game will not be saved")
    advance(primero, page, 2)
    assert info(page)["actions"] >= 2


# ---------------------------------------------------------------- accessibility


def test_saves_screens_have_no_axe_violations(page: Page, server: str) -> None:
    from kit.a11y import axe

    page.set_viewport_size({"width": 360, "height": 740})
    start_here(page, server, "primero", "waks", ["human", "medium"])
    advance(primero, page, 1)
    expect(page.locator("#table-undo")).to_be_visible()
    assert axe(page) == []
    page.evaluate(IDB_PUT, ["bad-one", "{\"v\": 1, \"rec"])
    home(page, server)
    expect(page.locator("#save-aside")).to_be_visible()
    expect(page.locator("#save-list li")).to_have_count(1)
    assert axe(page) == []
    page.locator("#delete-all").click()
    expect(page.locator("#delete-all-yes")).to_be_visible()
    assert axe(page) == []
    stats = {"v": 1, "since": 0, "games": {"primero/waks": {"game": "primero", "variant": "waks", "played": 3, "won": 2,
                                                            "hotseat": 0, "points": 0, "chips": 14, "last": 0}}}
    page.evaluate(f"localStorage.setItem('primi.stats.v1', {json.dumps(json.dumps(stats))})")
    page.evaluate("location.hash = '#/stats'")
    row = page.locator("tr[data-stats='primero/waks']")
    expect(row).to_contain_text("+14 chips")
    expect(row).to_contain_text("67%")
    assert axe(page) == []

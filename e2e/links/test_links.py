"""Links through the real page: a share link deals the same game in another page, the daily deal
played to its end with its spoiler-free share text and streak, a replay link stepped in both
directions, a corpus of bad links (each gives its message and a working home screen, and no
script runs), and the Content-Security-Policy blocking an injected inline script."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from kit import READY_TIMEOUT, STEP_TIMEOUT
from kit.a11y import axe
from kit.hidden import Truth, check_exchanges, replies, views_in
from kit.primero import human_step as primero_step
from kit.primero import settle
from kit.saves import quiet
from kit.tables import address
from playwright.sync_api import FilePayload, Page, expect

from pygame_core.records import Record, replay

FAST = json.dumps({"suits": "french", "fourColour": False, "largeIndex": False, "speed": "fast"})
PWNED = "window.__pwned"
# Every way a hostile link could run code sets window.__pwned; alert/confirm/prompt are watched as dialogs.
PAYLOADS_SET = "window.__pwned=1"


@pytest.fixture
def page(kept_page: Page) -> Page:
    """A test's own page that loads the site itself, in the context this process keeps with the site's
    storage emptied (e2e/conftest.py ``KeptContext``: about 9 s of CPU less than a fresh context), with
    speed Off from its first load on (kit/saves.py ``quiet``: no test here is of the motion)."""
    return quiet(kept_page)


def ready(page: Page) -> None:
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


def fast_settings(page: Page, server: str) -> None:
    page.goto(server + "?debug")
    page.evaluate(f"localStorage.setItem('primi.settings.v1', {FAST!r})")


def first_view(page: Page) -> dict[str, Any]:
    for ex in replies(page):
        if ex["request"].get("op") == "new_game" and ex["reply"]["ok"]:
            view: dict[str, Any] = ex["reply"]["result"]["view"]
            return view
    raise AssertionError("no new_game reply")


def start_from_setup(page: Page, game: str) -> None:
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(f"#screen-table[data-game={game}]")).to_be_visible(timeout=READY_TIMEOUT)


# ---------------------------------------------------------------- share links


@pytest.mark.parametrize(("game", "query", "seats"), [
    ("primero", "variant=northpass&players=3&chips=30", ["human", "easy", "medium"]),
    ("primiera", "variant=2p&target=5", ["human", "easy"]),
    ("primo", "variant=rounds&players=3", ["human", "easy", "medium"]),
])
def test_a_share_link_deals_the_same_game_in_another_page(
    take: Callable[[str], Page], kept_page: Page, server: str, game: str, query: str, seats: list[str]
) -> None:
    page = take("desktop")  # a shared page (tables.Pages, ?debug, fast turns): the link is opened afresh in the friend's
    page.goto(address(page, server) + f"#/play/{game}?{query}")
    ready(page)
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-{i}", kind)
    expect(page.locator("#setup-seed")).to_have_value("")
    page.get_by_role("button", name="Copy link").click()
    link = page.locator("#setup-link .link-text")
    expect(link).not_to_have_value("")
    url = link.input_value()
    seed = page.locator("#setup-seed").input_value()
    assert seed and f"seed={seed}" in url and url.startswith(server) and f"seats={','.join(seats)}" in url
    start_from_setup(page, game)
    mine = first_view(page)

    friend = quiet(kept_page)  # the friend's browser: another context, nothing saved in it (e2e/conftest.py KeptContext)
    friend.goto(url)
    ready(friend)
    expect(friend.locator("#setup-seed")).to_have_value(seed)
    for i, kind in enumerate(seats):
        expect(friend.locator(f"#seat-{i}")).to_have_value(kind)
    start_from_setup(friend, game)
    theirs = first_view(friend)
    assert mine["observation"]["hand"] and mine["observation"]["hand"] == theirs["observation"]["hand"]
    assert mine["observation"].get("table") == theirs["observation"].get("table")
    assert mine["observation"].get("rows") == theirs["observation"].get("rows")
    # The first reply holds no card the player may not see (the seed is theirs, so it is public).
    request = next(ex["request"] for ex in replies(friend) if ex["request"].get("op") == "new_game")
    truth = Truth.of({"format": 1, "game": game, "variant": request["variant"], "options": request["options"],
                      "seed": request["seed"], "actions": []})
    truth.check(theirs["seat"], 0, theirs, "the friend's first View")
    friend.close()


def test_every_variant_s_share_link_reads_back_exactly(take: Callable[[str], Page]) -> None:
    """For every game and rule set in the catalogue (games added later too): the link setup writes
    is read back to the same rule set, players, seats, options and seed, never clamped."""
    page = take("desktop")  # any page of the site: the link module is run in it
    expect(page.locator(".game-tile").first).to_be_visible()
    bad: list[Any] = page.evaluate("""async () => {
        const m = await import('./shell/links.js');
        const cat = await (await fetch('./catalogue.json')).json();
        const bad = [];
        for (const g of cat.games) for (const v of g.variants) {
            const options = { players: v.players.max };
            for (const o of v.options) options[o.name] = o.kind === 'int' ? (o.max ?? o.default) : o.default;
            const seats = Array.from({ length: v.players.max }, (_, i) => (i ? g.agents[g.agents.length - 1] : 'human'));
            const url = m.playLink({ game: g.name, variant: v.name, options, seats, seed: 9007199254740991 });
            const params = new URLSearchParams(url.split('?').slice(-1)[0]);
            const got = m.readPlayLink(g, params);
            const want = { variant: v.name, players: v.players.max, seats, seed: '9007199254740991', undo: true };
            const { players, ...rest } = options;
            if (got.error || JSON.stringify({ ...got.values, options: undefined }) !== JSON.stringify({ ...want, options: undefined })
                || JSON.stringify(got.values.options) !== JSON.stringify(rest)) bad.push([g.name, v.name, got]);
            const over = new URLSearchParams(params);
            over.set('players', String(v.players.max + 1));
            if (!m.readPlayLink(g, over).error) bad.push([g.name, v.name, 'players not refused']);
        }
        return bad;
    }""")
    assert bad == []


# ---------------------------------------------------------------- the daily deal


def test_the_daily_deal_played_to_its_end_shares_its_result_and_counts_the_streak(page: Page, server: str) -> None:
    fast_settings(page, server)
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    yesterday = datetime.fromtimestamp(datetime.now(UTC).timestamp() - 86400, UTC).strftime("%Y-%m-%d")
    # Yesterday was played already: today's result makes a streak of 2.
    page.evaluate("(d) => localStorage.setItem('primi.daily.v1', JSON.stringify({v: 1, games: {primero: {[d]: "
                  "{won: false, place: 2, players: 4, score: '40 chips'}}}}))", yesterday)
    page.goto(server + "?debug#/")
    tile = page.locator(".game-tile[data-game=primero] .daily-link")
    expect(tile).to_be_visible()
    expect(page.locator(".game-tile[data-game=primero] .daily-streak")).to_have_attribute("data-streak", "1")
    tile.click()
    expect(page.locator("#screen-daily")).to_have_attribute("data-date", today)
    ready(page)
    page.get_by_role("button", name="Play today's deal").click()
    expect(page.locator("#screen-table[data-game=primero]")).to_be_visible(timeout=READY_TIMEOUT)
    request = next(ex["request"] for ex in replies(page) if ex["request"].get("op") == "new_game")
    assert request["daily"] == today and request["undo"] is False and "seed" not in request
    before: list[dict[str, Any]] = []
    for step in range(200):
        settle(page)
        if step == 2 and not page.locator("#game-end").count():
            # A reload mid-game resumes the daily deal from its save; its result still counts.
            before = replies(page)
            actions = page.evaluate("window.primi.tableInfo().actions")
            page.reload()
            page.wait_for_function("(n) => window.primi.tableInfo && window.primi.tableInfo() "
                                   "&& window.primi.tableInfo().actions === n", arg=actions, timeout=READY_TIMEOUT)
            continue
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
        elif page.locator("#game-end").count():
            break
        else:
            primero_step(page, step)
    expect(page.locator("#game-end")).to_be_visible()
    assert before, "the game ended before the reload"
    # Nothing hidden reached the page, and the day's seed only came with the end.
    exchanges = before + replies(page)
    check_exchanges(exchanges, seed_drawn=True)
    expect(page.locator("#end-rematch")).to_have_count(0)
    text = page.locator("#end-daily #daily-share-text").inner_text()
    lines = text.splitlines()
    assert lines[0] == f"Primi · Primero daily deal · {today}", lines
    assert lines[2] == "Streak: 2" and lines[3].endswith("#/daily/primero"), lines
    assert Truth.of(next(v for ex in exchanges for v in views_in(ex["reply"]) if v["terminal"])["record"])
    # Spoiler-free: no card (neither "7S" nor "Seven of spades") in the text.
    assert not any(tok[:-1] in {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"} and tok[-1] in "SHDC"
                   for tok in text.replace("(", " ").replace(")", " ").split()), text
    assert " of spades" not in text and " of hearts" not in text
    page.get_by_role("button", name="Share the result").click()
    expect(page.locator("#end-daily #daily-share-status")).not_to_be_empty()
    stored = json.loads(page.evaluate("localStorage.getItem('primi.daily.v1')"))
    assert set(stored["games"]["primero"]) == {yesterday, today}
    # The daily screen shows the streak and today's result; playing again does not replace it.
    page.goto(server + "?debug#/daily/primero")
    expect(page.locator("#daily-streak")).to_have_attribute("data-streak", "2")
    expect(page.locator("#daily-share-text")).to_have_text(text)
    expect(page.get_by_role("button", name="Play it again (your first result stays)")).to_be_visible()
    assert axe(page) == []
    # The statistics hold the daily results with the streak (and the game counts as played there too).
    page.evaluate("location.hash = '#/stats'")
    row = page.locator("#stats-daily tr[data-daily=primero]")
    expect(row.locator("[data-streak]")).to_have_text("2")
    expect(row.locator("[data-best]")).to_have_text("2")
    expect(row.locator("[data-played]")).to_have_text("2")
    expect(page.locator("tr[data-stats='primero/waks'] [data-played]")).to_have_text("1")
    with page.expect_download() as got:
        page.locator("#stats-export").click()
    assert set(json.loads(Path(got.value.path()).read_text())["daily"]["primero"]) == {yesterday, today}
    assert axe(page) == []


def test_two_pages_get_the_same_daily_deal(take: Callable[[str], Page], page: Page, server: str) -> None:
    """Two browsers: a shared page (tables.Pages) opens the daily deal by a hash change; a page of
    another context, nothing saved in it, loads the daily link."""
    shared = take("desktop")
    hands = []
    for p, base in ((shared, address(shared, server)), (page, server + "?debug")):
        p.goto(base + "#/daily/primiera")
        ready(p)
        p.get_by_role("button", name="Play today's deal").click()
        expect(p.locator("#screen-table[data-game=primiera]")).to_be_visible(timeout=READY_TIMEOUT)
        view = first_view(p)
        assert view["seed"] is None
        hands.append(view["observation"]["hand"])
    assert hands[0] and hands[0] == hands[1]


# ---------------------------------------------------------------- replay links


def finished_record(game: str = "primero") -> dict[str, Any]:
    """A finished game's record, played in CPython by the computer (no page needed)."""
    from pygame_core.agents import make_agent
    from pygame_core.records import start
    from pygame_core.rng import AgentRandom

    options = {"players": 3, "deals": 1} if game == "primero" else {"players": 2, "target": 0, "max_rounds": 1}
    variant = "waks" if game == "primero" else "2p"
    rec = Record(game, variant, tuple(sorted(options.items())), 11)
    g, state = start(rec)
    agent, rng = make_agent(game, "easy"), AgentRandom(1)
    actions = []
    while not g.is_terminal(state):
        seat = g.current_player(state)
        action = agent.choose(g.observation(state, seat), g.legal_actions(state), rng)
        actions.append(action)
        state = g.apply(state, action)
    sealed = Record(rec.game, rec.variant, rec.options, rec.seed, tuple(actions)).with_final(g, state)
    data: dict[str, Any] = sealed.to_json()
    return data


def pack(data: Any, raw: bytes | None = None) -> str:
    text = raw if raw is not None else json.dumps(data).encode()
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(c.compress(text) + c.flush()).decode().rstrip("=")


def test_a_replay_link_steps_both_ways_with_every_view(take: Callable[[str], Page], server: str) -> None:
    record = finished_record()
    steps = len(record["actions"])
    page = take("desktop")  # the viewer, not a first load, is tested here (a bad link opened fresh: below)
    page.goto(address(page, server) + f"#/replay?v=1&seats=human,easy,easy&r={pack(record)}")
    ready(page)
    screen = page.locator("#screen-replay")
    expect(screen).to_have_attribute("data-step", "0")
    expect(screen).to_have_attribute("data-steps", str(steps))
    expect(page.locator("#replay-prev")).to_be_disabled()
    # Every hand is shown by default (the game is over).
    expect(page.locator("#replay-hands li[data-seat]")).to_have_count(3)
    page.get_by_role("button", name="Forward ▶").click()
    expect(screen).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(screen).to_have_attribute("data-step", "3")
    page.keyboard.press("ArrowLeft")
    expect(screen).to_have_attribute("data-step", "2")
    page.get_by_role("button", name="◀ Back").click()
    expect(screen).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(screen).to_have_attribute("data-step", str(steps))
    expect(page.locator("#replay-step")).to_contain_text("Winner")
    expect(page.locator("#replay-next")).to_be_disabled()
    page.locator("#replay-slider").fill(str(steps // 2))
    expect(screen).to_have_attribute("data-step", str(steps // 2))
    # One seat's view: only that seat's hand, the others face down.
    page.select_option("#replay-seat", "1")
    expect(screen).to_have_attribute("data-seat", "1")
    expect(page.locator("#replay-hands li")).to_have_count(0)
    page.locator("#replay-next").click()
    expect(page.locator("#replay-log li").first).to_be_visible()
    assert axe(page) == []
    # What the worker said at each step matches CPython's replay of the record.
    answers = [ex["reply"]["result"] for ex in replies(page) if ex["request"].get("op") == "replay" and ex["reply"]["ok"]]
    assert {a["step"] for a in answers} >= {0, 1, 2, 3, steps}
    replay(record)  # the record the link carried passes the CLI's check
    assert answers[0]["record"]["final"] == record["final"]


def test_the_end_screen_gives_a_share_link_and_a_replay_link(take: Callable[[str], Page], server: str) -> None:
    page = take("desktop")
    page.goto(address(page, server) + "#/play/primiera?variant=2p&target=0&max_rounds=1&seats=easy,easy")
    ready(page)
    start_from_setup(page, "primiera")
    for _ in range(4):
        page.wait_for_function("() => document.querySelector('#game-end') || !document.querySelector('#dealend').hidden",
                               timeout=READY_TIMEOUT)
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
        else:
            break
    expect(page.locator("#game-end")).to_be_visible()
    seed = page.locator("#end-seed").get_attribute("data-seed")
    page.locator("#end-share").click()
    share = page.locator("#end-link-box .link-text").input_value()
    assert f"seed={seed}" in share and "#/play/primiera?variant=2p" in share and "target=0" in share
    page.locator("#end-replay-link").click()
    expect(page.locator("#end-watch")).to_be_visible()
    url = page.locator("#end-link-box .link-text").input_value()
    assert "#/replay?v=1&seats=easy,easy&r=" in url and len(url) < 8000
    page.locator("#end-watch").click()
    expect(page.locator("#screen-replay[data-game=primiera]")).to_be_visible()
    page.keyboard.press("End")
    expect(page.locator("#replay-step")).to_contain_text("Winner")


# ---------------------------------------------------------------- bad links


def bad_links() -> list[tuple[str, str, str]]:
    """(name, hash, a part of the message) for each bad link."""
    rec = finished_record()
    script = "<script>window.__pwned=1</script>"
    img = "<img src=x onerror=window.__pwned=1>"
    svg = "<svg onload=window.__pwned=1>"
    digest = dict(rec, final={**rec["final"], "digest": "0" * 64})
    illegal = dict(rec, actions=["<img src=x onerror=window.__pwned=1>", *rec["actions"][1:]])
    unfinished = {k: v for k, v in rec.items() if k != "final"} | {"actions": rec["actions"][:2]}
    good = pack(rec)
    return [
        ("script in game", f"#/play/{script}", "There is no page"),
        ("img in game", f"#/play/{img}", "There is no page"),
        ("unknown game", "#/play/chess", "does not have"),
        ("unknown daily game", "#/daily/chess", "does not have"),
        ("daily with params", "#/daily/primero?seed=3", "does not know"),
        ("script in variant", f"#/play/primero?variant={script}", "no rule set"),
        ("unknown variant", "#/play/primero?variant=junk", "no rule set"),
        ("empty variant", "#/play/primero?variant=", "no rule set"),
        ("negative players", "#/play/primero?players=-3", "players"),
        ("zero players", "#/play/primero?players=0", "players"),
        ("too many players", "#/play/primero?players=99", "players"),
        ("huge players", "#/play/primero?players=" + "9" * 400, "players"),
        ("players for primiera", "#/play/primiera?variant=kaleidos&players=3", "players"),
        ("text players", f"#/play/primero?players={svg}", "players"),
        ("negative seed", "#/play/primero?seed=-1", "seed"),
        ("huge seed", "#/play/primero?seed=9007199254740992", "seed"),
        ("float seed", "#/play/primero?seed=1.5", "seed"),
        ("script seed", f"#/play/primero?seed={script}", "seed"),
        ("unknown option", "#/play/primero?colour=red", "does not know"),
        ("option of another variant", "#/play/primero?variant=waks&max_raise=3", "does not know"),
        ("option out of range", "#/play/primero?variant=waks&stake=0", "outside"),
        ("option not a number", f"#/play/primero?variant=waks&stake={img}", "not a valid"),
        ("option given twice", "#/play/primero?stake=1&opt-stake=2", "twice"),
        ("field given twice", "#/play/primero?seed=1&seed=2", "twice"),
        ("undo not 0 or 1", "#/play/primero?undo=maybe", "undo"),
        ("unknown seat kind", f"#/play/primero?players=2&seats=human,{script}", "unknown kind"),
        ("seat count", "#/play/primero?players=2&seats=human,easy,easy", "places"),
        ("javascript url in a field", "#/play/primero?variant=javascript:window.__pwned=1", "no rule set"),
        ("javascript route", "#javascript:window.__pwned=1", "There is no page"),
        ("rules junk", "#/rules?variant=junk", "no rules called"),
        ("rules script", f"#/rules?variant={script}", "no rules called"),
        ("unknown page", f"#/{svg}", "There is no page"),
        ("huge payload", "#/play/primero?variant=" + "A" * 1_000_000, "no rule set"),
        ("huge replay", "#/replay?v=1&r=" + "A" * 1_000_000, "too long"),
        ("replay without version", f"#/replay?r={good}", "another version"),
        ("replay wrong version", f"#/replay?v=2&r={good}", "another version"),
        ("replay script version", f"#/replay?v={script}&r={good}", "another version"),
        ("replay bad base64", "#/replay?v=1&r=abc$%^&", "damaged"),
        ("replay base64 one char off", "#/replay?v=1&r=A", "damaged"),
        ("replay bad deflate", f"#/replay?v=1&r={base64.urlsafe_b64encode(b'not deflate at all').decode().rstrip('=')}",
         "damaged"),
        ("replay truncated", f"#/replay?v=1&r={good[: len(good) // 2]}", "damaged"),
        ("replay with a second ?", f"#/replay?v=1&r={good}?x=1", "damaged"),
        ("bad percent encoding", "#/play/primero?variant=%E0%A4%A", "no rule set"),
        ("null byte", "#/play/primero?variant=waks%00<b>", "no rule set"),
        ("replay not json", f"#/replay?v=1&r={pack(None, b'<script>window.__pwned=1</script>')}", "not valid JSON"),
        ("replay deflate bomb", f"#/replay?v=1&r={pack(None, b' ' * 3_000_000)}", "too long"),
        ("replay wrong format", f"#/replay?v=1&r={pack(dict(rec, format=2))}", "format"),
        ("replay unknown game", f"#/replay?v=1&r={pack(dict(rec, game='chess'))}", "cannot be set up"),
        ("replay illegal action", f"#/replay?v=1&r={pack(illegal)}", "action 1"),
        ("replay digest fails", f"#/replay?v=1&r={pack(digest)}", "do not match"),
        ("replay wrong seed", f"#/replay?v=1&r={pack(dict(rec, seed=rec['seed'] + 1))}", ""),
        ("replay negative seed", f"#/replay?v=1&r={pack(dict(rec, seed=-5))}", ""),
        ("replay unfinished", f"#/replay?v=1&r={pack(unfinished)}", "not over"),
        ("replay duplicate key", "#/replay?v=1&r=" + pack(None, b'{"format": 1, "format": 1}'), "not valid JSON"),
        ("replay seats script", f"#/replay?v=1&seats={script}&r={good}", "unknown kind"),
        ("replay extra param", f"#/replay?v=1&r={good}&x={img}", "does not know"),
    ]


def test_every_bad_link_gives_its_message_a_working_home_screen_and_runs_nothing(take: Callable[[str], Page]) -> None:
    corpus = bad_links()
    page = take("desktop")  # each link by a hash change, as a player follows one (opened fresh: the next test)
    assert len(corpus) >= 40
    dialogs: list[str] = []

    def on_dialog(d: Any) -> None:
        dialogs.append(d.message)
        d.dismiss()

    errors: list[str] = []

    def on_error(e: Any) -> None:
        errors.append(str(e))

    page.on("dialog", on_dialog)
    page.on("pageerror", on_error)
    try:
        check_bad_links(page, corpus)
    finally:  # the page goes on to other tests
        page.remove_listener("dialog", on_dialog)
        page.remove_listener("pageerror", on_error)
    assert dialogs == [] and errors == []
    # And the page still works: a link to the setup opens it.
    page.evaluate("() => { location.hash = '#/play/primero?variant=waks&players=2'; }")
    expect(page.locator("#setup-players")).to_have_value("2")


def check_bad_links(page: Page, corpus: list[tuple[str, str, str]]) -> None:
    """Each bad link, followed from the settings screen: its message on a working home screen, nothing run."""
    for name, link, words in corpus:
        page.evaluate("() => { location.hash = '#/settings'; }")
        expect(page.locator("#screen-settings")).to_be_visible()
        page.evaluate("(h) => { location.hash = h; }", link)
        message = page.locator("#screen-home[data-bad-link] ~ .page-message, .page-message")
        expect(page.locator("#screen-home"), name).to_be_visible(timeout=STEP_TIMEOUT)
        expect(message, name).to_be_visible()
        expect(message, name).to_contain_text(words)
        text = message.inner_text()
        assert len(text) < 500 and "Traceback" not in text and "seat 0" not in text.lower(), (name, text)
        # A working home screen: every game's tile and its Play link.
        expect(page.locator(".game-tile[data-game=primero] a[data-primary]"), name).to_be_visible()
        assert page.evaluate(PWNED) is None, name
        assert page.locator("#main img[src=x], #main script, #main svg[onload]").count() == 0, name


def test_a_bad_link_opened_fresh_shows_its_message(page: Page, server: str) -> None:
    page.goto(server + "#/play/primero?players=-3")
    expect(page.locator(".page-message")).to_contain_text("players")
    expect(page.locator(".game-tile[data-game=primero]")).to_be_visible()
    page.goto(server + "#/rules?variant=junk")
    page.reload()
    expect(page.locator(".page-message")).to_contain_text("no rules called “junk”")


# ---------------------------------------------------------------- Content-Security-Policy


def test_the_csp_blocks_an_injected_inline_script_and_pyodide_still_runs(take: Callable[[str], Page], server: str) -> None:
    page = take("desktop")  # a shared page (tables.Pages): what the test puts in it is taken out at the end
    ready(page)  # Pyodide and the worker run under the policy
    csp = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content") or ""
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    page.evaluate("""() => {
        window.__violations = [];
        window.__violated = (e) => window.__violations.push(e.violatedDirective);
        document.addEventListener('securitypolicyviolation', window.__violated);
        const s = document.createElement('script');
        s.textContent = 'window.__pwned = 1';
        const img = document.createElement('div');
        img.innerHTML = '<img src="x" onerror="window.__pwned = 2">';
        const a = document.createElement('a');
        a.href = 'javascript:window.__pwned=3';
        for (const e of [s, img, a]) { e.dataset.cspProbe = ''; document.body.appendChild(e); }
        a.click();
    }""")
    page.wait_for_function("() => window.__violations.length >= 2")
    violations: list[str] = page.evaluate("window.__violations")
    assert all(v.startswith("script-src") for v in violations), violations
    assert page.evaluate(PWNED) is None
    # A script from another origin is refused too.
    page.evaluate("""() => { const s = document.createElement('script'); s.src = 'http://example.invalid/x.js';
        s.dataset.cspProbe = ''; document.body.appendChild(s); }""")
    page.wait_for_function("() => window.__violations.length >= 3")
    answer = page.evaluate("window.primi.engineCall({op: 'ping'})")
    assert answer["ok"] and answer["result"] == "pong"
    page.evaluate("""() => { document.removeEventListener('securitypolicyviolation', window.__violated);
        for (const e of document.querySelectorAll('[data-csp-probe]')) e.remove(); }""")


def test_replay_links_pack_like_zlib_and_a_record_file_opens_in_the_viewer(take: Callable[[str], Page], server: str) -> None:
    record = finished_record("primiera")
    page = take("desktop")
    packed: str = page.evaluate("(r) => import('./shell/links.js').then((m) => m.packRecord(r))", record)
    raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
    assert json.loads(zlib.decompress(raw, -15)) == record
    # Too long for a link (> 8 KB): no link; the end screen offers the file instead.
    noisy = dict(record, actions=[base64.b64encode(bytes([i % 251, i // 251]) * 9).decode() for i in range(2000)])
    assert page.evaluate("(r) => import('./shell/links.js').then((m) => m.replayLink(r, []))", noisy) is None
    # A record's seat kinds go in the link's own "seats", not twice in its payload.
    kinds = dict(record, seats=["human", "easy"])
    link: str = page.evaluate("(r) => import('./shell/links.js').then((m) => m.replayLink(r, r.seats))", kinds)
    assert "seats=human,easy&" in link
    payload = link.split("&r=")[1]
    assert json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), -15)) == record
    # A record file (what a long game gives) opens in the replay viewer, with who played each seat.
    page.goto(address(page, server) + "#/replay")
    file: FilePayload = {"name": "game.json", "mimeType": "application/json", "buffer": json.dumps(kinds).encode()}
    page.set_input_files("#replay-file", files=[file])
    expect(page.locator("#screen-replay[data-game=primiera]")).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-seat option[value='0']")).to_have_text("Your view")
    page.keyboard.press("End")
    expect(page.locator("#replay-step")).to_contain_text("Winner")

"""Primero as a stranger meets it (issue 10): an honest log and seat boxes, the RMS discard step,
inert controls while a move is in flight, setup that survives leaving, costs on every betting
control, the Northpass bluff mark, going bust, grammar, draw hints, the deal end's reasons and the
coach's last word. Each test runs at phone (360x740) and desktop (1280x800) size, on the pages the
tests share (e2e/kit/tables.py ``Pages``: one per size and pytest process), no card moving on them
(kit/a11y.py ``still``: speed Off; no test here is about motion)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from kit import STEP_TIMEOUT
from kit.a11y import still
from kit.primero import open_setup, settle, start
from playwright.sync_api import ConsoleMessage, Page, expect

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
RAW = re.compile(r"\b(act|verb|kind|btn|hint|dealend|coach|table)\.[\w.-]+|\{\w+\}")

# Every text the seat boxes, the log and the action bar show, collected as they change.
COLLECT = """() => {
  window.__texts = new Set();
  const grab = () => { for (const el of document.querySelectorAll('.seat-last, #log li, #actions, #dealend-body'))
    window.__texts.add(el.textContent.trim()); };
  if (window.__collect) window.__collect.disconnect();  // the page is shared: one observer at a time
  window.__collect = new MutationObserver(grab);
  window.__collect.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def listen(page: Page) -> Page:
    """Console lines about a missing i18n key, gathered from here on in ``page.missing_keys``."""
    def heard(m: ConsoleMessage) -> None:
        if "missing key" in m.text:
            page.missing_keys.append(m.text)  # type: ignore[attr-defined]

    if not hasattr(page, "missing_keys"):
        page.on("console", heard)
    page.missing_keys = []  # type: ignore[attr-defined]
    return page


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, take: Callable[[str], Page], server: str) -> Page:
    """The shared page of this size (tables.SIZES has the same phone and desktop), at the home screen;
    the texts' observer (``COLLECT``) stopped after the test."""
    page = listen(still(request, take(request.param), server))
    request.addfinalizer(lambda: page.is_closed() or page.evaluate("() => window.__collect && window.__collect.disconnect()"))
    return page


def texts(page: Page) -> list[str]:
    got: list[str] = page.evaluate("[...window.__texts]")
    return got


def human_turn(page: Page) -> None:
    """Settled on a human decision (deal summaries read on the way)."""
    for _ in range(60):
        settle(page)
        if page.locator("#dealend").is_visible():
            page.locator("#dealend-go").click()
            continue
        return
    raise AssertionError("no human turn")


def test_rms_log_and_seat_boxes_speak_in_words(sized: Page, server: str) -> None:
    """Five computers play RMS: every seat box and log line is a sentence of the table (no raw key,
    no "keeps all cards" for RMS's one-card discard, no "raises withdrawn")."""
    start(sized, server, "rms", 5, ["medium"] * 5, seed=12, deals=3)
    sized.evaluate(COLLECT)
    for _ in range(8):
        settle(sized)
        if sized.locator("#game-end").count():
            break
        if sized.locator("#dealend").is_visible():
            sized.locator("#dealend-go").click()
    expect(sized.locator("#game-end")).to_be_visible()
    seen = texts(sized)
    joined = "\n".join(seen)
    assert "discards a card" in joined and "Discarded one" in joined  # the log and the seat box
    assert "Discard 0" not in joined
    assert not RAW.search(joined), RAW.search(joined)
    assert "keeps all" not in joined and "raises withdrawn" not in joined
    assert sized.missing_keys == []  # type: ignore[attr-defined]


def play_until(page: Page, done: str, prefer: tuple[str, ...] = ("see", "match", "pass", "stay"), steps: int = 80) -> None:
    """Play the human seat cautiously (draw from the table when asked) until the JS ``done`` holds."""
    for _ in range(steps):
        human_turn(page)
        if page.evaluate(done):
            return
        assert not page.locator("#game-end").count(), "the game ended first"
        slots = page.locator("#felt button[data-action^='draw ']")
        if slots.count():
            slots.first.click()
            continue
        acts = page.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
        choice = next((a for a in prefer if a in acts), None)
        if choice is None and page.locator("#my-hand button.card").count():
            page.locator("#my-hand button.card").first.click()
            page.locator("#actions [data-primary]").click()
            continue
        if choice is None and page.locator("#claim-go").count():
            page.locator("#claim-go").click()
            continue
        page.locator(f"#actions button[data-action='{choice or acts[0]}']").first.click()
    raise AssertionError(f"never reached {done}")


def test_rms_discard_step_asks_for_exactly_one_card(sized: Page, server: str) -> None:
    """After drawing, exactly one card must go: no "Keep all", the hint says so, the button says
    "Discard" (nothing is drawn), a second pick replaces the first, and the coach weighs each discard."""
    start(sized, server, "rms", 4, ["human", "medium", "medium", "medium"], seed=21)
    play_until(sized, "document.querySelectorAll('#my-hand button.card').length === 5")
    bar = sized.locator("#actions")
    expect(bar).not_to_contain_text("Keep all")
    expect(sized.locator("#card-hint")).to_have_text("Choose the card to throw away.")
    primary = bar.locator("[data-primary]")
    expect(primary).to_have_text("Discard")
    expect(primary).to_be_disabled()
    expect(sized.locator("#coach-choices li")).to_have_count(5)  # the coach speaks with 5 cards in hand
    cards = sized.locator("#my-hand button.card")
    cards.nth(0).click()
    cards.nth(1).click()  # changes the pick: one card goes
    expect(sized.locator("#my-hand button.card[aria-pressed=true]")).to_have_count(1)
    picked = cards.nth(1).get_attribute("data-card")
    expect(primary).to_have_attribute("data-action", f"discard {picked}")
    expect(primary).to_have_text("Discard")
    expect(sized.locator(f"#coach-choices li[data-card='{picked}']")).to_have_attribute("aria-current", "true")
    primary.click()
    # the discard is logged without its card (a computer may already have acted after it: not .last)
    expect(sized.locator("#log li").filter(has_text="You discard a card.")).not_to_have_count(0)


def test_controls_are_inert_in_flight_and_errors_speak_to_the_player(sized: Page, server: str) -> None:
    """A tap makes every control inert until the answer comes; a refused move is a player's sentence
    (no seat number, no action text), and the alert goes when the turn comes round again."""
    start(sized, server, "waks", 3, ["human", "medium", "medium"], seed=8)
    human_turn(sized)
    # In the same task as the tap: the bar is busy and no control can be pressed again.
    state = sized.evaluate("""() => {
      const b = document.querySelector('#actions button[data-action]:not([disabled])');
      b.click();
      return {busy: document.querySelector('#actions').getAttribute('aria-busy'),
              live: document.querySelectorAll('#screen-table [data-action]:not([disabled])').length};
    }""")
    assert state == {"busy": "true", "live": 0}, state
    human_turn(sized)
    expect(sized.locator("#actions")).to_have_attribute("aria-busy", "false")
    # A stale control (its move no longer legal) gets the table's own sentence.
    sized.evaluate("""() => { const b = document.querySelector('#actions button[data-action]:not([disabled])');
      b.dataset.action = 'vie 9999'; b.click(); }""")
    alert = sized.locator("#table-message")
    expect(alert).to_have_text("That move is not possible now. The table shows what you can do.")
    # The engine's own refusals are mapped the same way.
    words = sized.evaluate("""() => import('./shell/table.js').then(m => [
      m.playerError({ok: false, kind: 'IllegalActionError', error: "'draw 3' is not legal now for seat 0"}),
      m.playerError({ok: false, kind: 'InvalidActionError', error: "it is not seat 1's turn"})])""")
    for w in words:
        assert "seat" not in w and "'" not in w and "draw 3" not in w, w
    # Play on: when the turn comes round again, the old alert is gone.
    acts = sized.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
    legal = [a for a in acts if a != "vie 9999" and a != "fold"] or acts
    sized.locator(f"#actions button[data-action='{legal[0]}']").first.click()
    human_turn(sized)
    expect(alert).to_have_text("")


def test_leaving_setup_before_the_engine_answers_starts_nothing(sized: Page, server: str) -> None:
    """Start, then away to the rules before the answer: no table, no error, no saved game. (The
    shared page may hold an earlier test's game: that table, and the saves, stay as they were.)"""
    errors: list[str] = []

    def error(e: Any) -> None:
        errors.append(str(e))

    sized.on("pageerror", error)
    try:
        table = sized.evaluate("window.primi.tableInfo()")
        saved = sized.evaluate("window.primi.engineCall({op: 'saves'})")
        assert saved["ok"], saved
        open_setup(sized, server, "waks", 2)
        sized.evaluate("""() => { document.querySelector('#setup-start').click(); location.hash = '#/rules'; }""")
        expect(sized.locator("#rules-title")).to_be_visible()
        # The start's answer has come by the time the Continue list is drawn (one worker, in order).
        sized.evaluate("location.hash = '#/'")
        sized.wait_for_function("window.primi.engineCall({op: 'ping'}).then(r => r.ok)", timeout=STEP_TIMEOUT)
        saves = sized.evaluate("window.primi.engineCall({op: 'saves'})")
        assert saves["ok"] and saves["result"]["saves"] == saved["result"]["saves"], (saved, saves)
        assert sized.evaluate("window.primi.tableInfo()") == table
        assert "#/table" not in sized.url
        assert errors == [], errors
    finally:
        sized.remove_listener("pageerror", error)


def test_setup_says_what_is_wrong_with_an_option(sized: Page, server: str) -> None:
    """An option out of range gets the page's sentence (not only the browser's bubble), and the field is marked."""
    open_setup(sized, server, "waks", 2)
    if not sized.locator("#setup-more[open]").count():  # a phone keeps the options behind "More options"
        sized.locator("#setup-more > summary").click()
    sized.fill("#opt-chips", "100000")  # typed: a link with it is refused before setup opens (e2e/links/test_links.py)
    sized.get_by_role("button", name="Start the game").click()
    expect(sized.locator("#setup-message")).to_have_text(re.compile(r"Starting chips must be at most \d+, not 100000\."))
    expect(sized.locator("#opt-chips")).to_have_attribute("aria-invalid", "true")
    expect(sized.locator("#opt-chips")).to_be_focused()
    sized.fill("#opt-chips", "20")
    sized.get_by_role("button", name="Start the game").click()
    expect(sized.locator("#screen-table")).to_be_visible()


def view_now(page: Page) -> dict[str, Any]:
    session = page.evaluate("window.primi.tableInfo().session")
    got: dict[str, Any] = page.evaluate("(session) => window.primi.engineCall({op: 'view', session})", session)
    view: dict[str, Any] = got["result"]
    return view


COSTED = re.compile(r"^(Vie|See and revie|Bet|Raise|See|Match|Stay in|See all-in|Match all-in)( \d+)? \((\d+) chips?\)$|\(free\)$")


@pytest.mark.parametrize("variant", ["waks", "rms"])
def test_every_betting_control_says_what_it_costs(sized: Page, server: str, variant: str) -> None:
    players = 4 if variant == "rms" else 3
    start(sized, server, variant, players, ["human"] + ["medium"] * (players - 1), seed=5)
    checked = 0
    for _ in range(6):
        human_turn(sized)
        if sized.locator("#game-end").count():
            break
        v = view_now(sized)
        o = v["observation"]
        have = o["seats"][v["seat"]]["chips"]
        for b in sized.locator("#actions button[data-action]").all():
            action, label = b.get_attribute("data-action") or "", b.inner_text().strip()
            verb, *rest = action.split(" ")
            if verb in ("vie", "revie", "bet", "raise", "see", "match", "stay", "pass", "refuse"):
                m = COSTED.search(label)
                assert m, (action, label)
                if m.group(3):
                    n = int(rest[0]) if rest else 0
                    assert int(m.group(3)) == min(have, o["to_call"] + n), (action, label, o["to_call"])
                checked += 1
            elif verb == "fold":
                assert label == "Fold (give up this deal)"
        acts = sized.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
        slots = sized.locator("#felt button[data-action^='draw ']")
        if slots.count():
            slots.first.click()
        elif sized.locator("#my-hand button.card").count():
            sized.locator("#my-hand button.card").first.click()
            sized.locator("#actions [data-primary]").click()
        else:
            pick = next((a for a in ("see", "match", "stay", "pass") if a in acts), acts[0])
            sized.locator(f"#actions button[data-action='{pick}']").first.click()
    assert checked >= 3


def test_northpass_claim_says_its_cost(sized: Page, server: str) -> None:
    """"Bet 1 · Primero 27 — costs 7": the bet meets the last bet and adds the amount."""
    start(sized, server, "northpass", 3, ["human", "medium", "medium"], seed=6)
    play_until(sized, "!!document.querySelector('#claim-go')", prefer=())
    v = view_now(sized)
    go = sized.locator("#claim-go")
    n = int((go.get_attribute("data-action") or "").split(" ")[1])
    cost = min(v["observation"]["seats"][v["seat"]]["chips"], v["observation"]["to_call"] + n)
    expect(go).to_have_text(re.compile(rf"^Bet {n} · \w+ \d+( \(bluff\))? — costs {cost} chips?$"))


def test_northpass_announcement_defaults_to_the_true_hand_and_marks_a_bluff(sized: Page, server: str) -> None:
    start(sized, server, "northpass", 3, ["human", "medium", "medium"], seed=6)
    play_until(sized, "!!document.querySelector('#claim-go')", prefer=())
    hv = view_now(sized)["observation"]["hand_value"]
    honest = f"{hv['kind']} {hv['points']}"
    options = sized.eval_on_selector_all("#claim-hand option", "els => els.map(e => e.value)")
    go = sized.locator("#claim-go")
    if honest in options:  # legal: the default, and not a bluff
        expect(sized.locator("#claim-hand")).to_have_value(honest)
        expect(go).not_to_have_attribute("data-bluff", "")
        expect(sized.locator("#claim-note")).to_have_text("")
    top = options[-1]  # the highest claim this hand can make: above the hand unless it is that hand
    if top != honest:
        sized.select_option("#claim-hand", top)
        expect(go).to_have_attribute("data-bluff", "")
        expect(go).to_contain_text("(bluff)")
        expect(sized.locator("#claim-note")).to_contain_text("A bluff: your hand is")
        expect(sized.locator(f"#claim-hand option[value='{top}']")).to_contain_text("(bluff)")


def go_bust(page: Page, server: str) -> None:
    """A Waks table with few chips where the human sees and vies everything until out of chips."""
    for seed in (3, 4, 5, 6, 7, 8):
        start(page, server, "waks", 4, ["human", "medium", "medium", "medium"], seed=seed, chips=2, deals=30)
        for _ in range(60):
            settle(page)
            if page.locator("#dealend-bust").count() or page.locator("#game-end").count():
                break
            if page.locator("#dealend").is_visible():
                page.locator("#dealend-go").click()
                continue
            acts = page.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
            bets = [a for a in acts if a.startswith(("vie", "revie"))]
            pick = bets[-1] if bets else next((a for a in ("see", "discard") if a in acts), acts[0])
            page.locator(f"#actions button[data-action='{pick}']").first.click()
        if page.locator("#dealend-bust").count():
            return
    raise AssertionError("the human never went bust")


@pytest.mark.parametrize("choice", ["now", "fast"])
def test_out_of_chips_offers_to_watch_fast_or_see_the_result(sized: Page, server: str, choice: str) -> None:
    go_bust(sized, server)
    expect(sized.locator("#dealend-bust")).to_contain_text("You have no chips left")
    sized.evaluate("""() => { window.__stops = 0;
      new MutationObserver(() => { if (!document.querySelector('#dealend').hidden) window.__stops++; })
        .observe(document.querySelector('#dealend'), {attributes: true, attributeFilter: ['hidden']}); }""")
    sized.locator(f"[data-autoplay='{choice}']").click()
    expect(sized.locator("#game-end")).to_be_visible()
    assert sized.evaluate("window.__stops") == 0  # no "Next deal" to click through
    assert table_chips(sized)[0] == 0


def table_chips(page: Page) -> list[int]:
    v = view_now(page)
    return [s["chips"] for s in v["observation"]["seats"]]


WRONG_YOU = re.compile(r"\bYou (passes|vies|wins|sees|folds|bets|matches|raises|discards|draws|knocks|stays|refuses|trades|announces|revies)\b")


def test_one_human_reads_you_and_plurals(sized: Page, server: str) -> None:
    """"You pass", "You vie 3", "You win 5 chips", "1 chip": the "you" forms and Intl.PluralRules plurals."""
    start(sized, server, "waks", 3, ["human", "medium", "medium"], seed=14, chips=3, deals=4)
    sized.evaluate(COLLECT)
    for _ in range(40):
        settle(sized)
        if sized.locator("#game-end").count():
            break
        if sized.locator("#dealend").is_visible():
            sized.locator("#dealend-go").click()
            continue
        acts = sized.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
        pick = next((a for a in acts if a.startswith("vie ")), None) or next((a for a in ("see", "discard", "pass") if a in acts), acts[0])
        sized.locator(f"#actions button[data-action='{pick}']").first.click()
    seen = "\n".join(texts(sized)) + "\n" + sized.locator("body").inner_text()
    assert "You " in seen
    assert not WRONG_YOU.search(seen), WRONG_YOU.search(seen)
    assert not re.search(r"\b1 (chips|cards)\b", seen), re.search(r"\b1 (chips|cards)\b", seen)
    forms = sized.evaluate("""() => Promise.all([import('./i18n.js'), import('./shell/say.js')]).then(([i, s]) => [
      i.t('primero.table.chipcount', {n: 1}), i.t('primero.table.chipcount', {n: 2}), i.t('primero.table.chipcount', {n: 0}),
      s.say({key: 'primero.act.pass', seat: 0, args: {}}, () => 'You', 0), s.say({key: 'primero.act.vie', seat: 0, args: {n: 3}}, () => 'You', 0),
      s.say({key: 'primero.dealend.won', seat: 0, args: {n: 5}}, () => 'You', 0), s.say({key: 'primero.dealend.won', seat: 1, args: {n: 1}}, () => 'Bianca', 0)])""")
    assert forms == ["1 chip", "2 chips", "0 chips", "You pass.", "You vie 3.", "You win 5 chips.", "Bianca wins 1 chip."], forms


def test_waks_draw_hint_coach_rank_and_a_deal_end_that_explains(sized: Page, server: str) -> None:
    """The draw says cards can be tapped; with no draw left the coach ranks the hand (no "0.0% chance
    to improve"); a showdown says why the winner won, raises the cards that count, and the log gets
    the hands shown and the win."""
    start(sized, server, "waks", 3, ["human", "medium", "medium"], seed=9, deals=8)
    hinted = ranked = explained = False
    for _ in range(120):
        settle(sized)
        if sized.locator("#game-end").count():
            break
        if sized.locator("#dealend").is_visible():
            if sized.locator("#dealend-why").count():
                expect(sized.locator("#dealend-why")).to_have_text(
                    re.compile(r"(beats .+, whatever the points|Both hands are .+ points beat|equal, so they share)"))
                assert sized.locator("#dealend-body [data-counting]").count() >= 1
                log = "\n".join(sized.locator("#log li").all_inner_texts())
                assert re.search(r"(You show|\w+ shows) (Numerus|Primero|Supremus|Fluxus|Chorus) of \d+\.", log), log
                assert re.search(r"(You win|\w+ wins) \d+ chips?\.", log), log
                explained = True
            sized.locator("#dealend-go").click()
            if explained and hinted and ranked:
                break
            continue
        phase = sized.locator("#phase").get_attribute("data-phase")
        acts = sized.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
        if "discard" in acts:
            expect(sized.locator("#card-hint")).to_have_text("Tap cards to discard them, or keep all.")
            expect(sized.locator("#actions [data-primary]")).to_have_text("Keep all")
            hinted = True
        elif phase == "bet2":
            expect(sized.locator("#coach-rank")).to_contain_text("Your hand beats")
            expect(sized.locator("#coach")).not_to_contain_text("chance to improve")
            ranked = True
        vies = [a for a in acts if a.startswith("vie ")]
        pick = next((a for a in ("discard", "see") if a in acts), vies[0] if vies else "pass" if "pass" in acts else acts[0])
        sized.locator(f"#actions button[data-action='{pick}']").first.click()
    assert hinted and ranked and explained, (hinted, ranked, explained)


def test_northpass_trade_has_a_button_not_a_disabled_one(sized: Page, server: str) -> None:
    start(sized, server, "northpass", 3, ["human", "medium", "medium"], seed=6)
    play_until(sized, "!!document.querySelector('#actions [data-trade-start]')", prefer=())
    bar = sized.locator("#actions")
    expect(bar.locator("[data-primary][data-action]")).to_have_count(0)
    expect(bar).not_to_contain_text("trade 0")
    bar.locator("[data-trade-start]").click()
    expect(sized.locator("#card-hint")).to_have_text("Pick 1 or 2 cards to trade in.")
    expect(bar.locator("[data-primary]")).to_have_count(0)
    sized.locator("#my-hand button.card").first.click()
    expect(bar.locator("[data-primary]")).to_be_enabled()
    expect(bar.locator("[data-primary]")).to_have_text(re.compile(r"^Pass(, pay \d+ chips? and trade 1| and trade 1)$"))

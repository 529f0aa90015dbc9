"""The app shell, boot, offline build and hand calculator, driven through the real page."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from kit import READY_TIMEOUT, ROOT, foreign
from kit.tables import address
from playwright.sync_api import Page, expect


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)


@pytest.fixture
def booted(take: Callable[[str], Page]) -> Page:
    """A shared desktop page (e2e/conftest.py ``take``) for the tests that need only a ready engine
    (the calculator, a deal), not a load of their own: each opens its screen by a link (a hash change,
    ``go``); the calculator's links give ``cards=`` (none), since the calculator keeps its hand
    between visits within a page."""
    return take("desktop")


def go(page: Page, server: str, route: str) -> None:
    """A screen of a shared page by a hash change from its own address (``?debug`` kept)."""
    page.goto(address(page, server) + "#" + route)


def test_boot_makes_no_request_to_another_origin(page: Page, server: str, requests_log: list[str]) -> None:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    wait_ready(page)
    page.goto(server + "#/calc?rules=waks&cards=7S,6H,AD,KC")
    expect(page.locator("#calc-kind")).to_have_attribute("data-points", "65")
    assert requests_log, "the request log saw nothing"
    assert foreign(requests_log, server) == []
    assert failed == []
    assert errors == []


def test_shell_paints_and_reacts_before_python(page: Page, server: str) -> None:
    page.goto(server, wait_until="domcontentloaded")
    # The menu comes from the core's registry (catalogue.json), before the engine is ready.
    expect(page.locator(".game-tile[data-game=primero]")).to_be_visible()
    assert "ready" not in (page.get_attribute("html", "class") or "")
    bar = page.locator("[role=progressbar]")
    expect(bar).to_be_visible()
    page.get_by_role("link", name="Rules").click()
    expect(page.locator("#rules-title")).to_be_visible()
    assert "ready" not in (page.get_attribute("html", "class") or ""), "rules should open before Python is ready"
    # Every value the bar takes from now on, recorded in the page as it changes.
    page.evaluate(
        """() => { const bar = document.querySelector('[role=progressbar]');
            window.__progress = [Number(bar.getAttribute('aria-valuenow'))];
            new MutationObserver(() => window.__progress.push(Number(bar.getAttribute('aria-valuenow'))))
              .observe(bar, {attributes: true, attributeFilter: ['aria-valuenow']}); }"""
    )
    wait_ready(page)
    values: list[int] = page.evaluate("window.__progress")
    values.append(int(bar.get_attribute("aria-valuenow") or 0))
    assert values == sorted(values), "the progress bar must only rise"
    assert values[-1] == 100


def test_early_picks_are_scored_once_ready(page: Page, server: str) -> None:
    page.goto(server + "#/calc?rules=northpass", wait_until="domcontentloaded")
    for card in ("3H", "6H", "8H", "2C"):
        page.locator(f"#calc-deck [data-card='{card}']").click()
    wait_ready(page)
    expect(page.locator("#calc-kind")).to_have_attribute("data-kind", "numerus")
    expect(page.locator("#calc-kind")).to_have_attribute("data-points", "17")
    expect(page.locator("#calc-total")).to_have_attribute("data-total", "19")


def test_calculator_by_mouse_shows_every_rule_set(booted: Page, server: str) -> None:
    page = booted
    go(page, server, "/calc?rules=waks&cards=")  # no hand picked
    expect(page.locator("#calc-hand .card")).to_have_count(0)
    go(page, server, "/")
    page.get_by_role("link", name="Calculator", exact=True).click()
    page.select_option("#calc-rules", "waks")
    for card in ("AH", "6H", "7H", "KC"):
        page.locator(f"#calc-deck [data-card='{card}']").click()
    expect(page.locator("#calc-deck [data-card='AH']")).to_have_attribute("aria-pressed", "true")
    kind = page.locator("#calc-kind")
    expect(kind).to_have_attribute("data-kind", "supremus")
    expect(kind).to_have_attribute("data-points", "55")
    rms = page.locator("#calc-across tr[data-rules=rms]")
    expect(rms).to_contain_text("Supremus")
    expect(rms).to_contain_text("65")  # D-PR5: RMS counts all four cards
    expect(page.locator("#calc-across tr[data-rules=northpass]")).to_contain_text("not in this deck")
    expect(page.locator("#calc-result")).to_contain_text("D-PR2")
    # Switching rule set keeps the hand and rescoring happens in the worker.
    page.select_option("#calc-rules", "rms")
    expect(kind).to_have_attribute("data-points", "65")
    # The hand lives in the link.
    assert "cards=AH%2C6H%2C7H%2CKC" in page.url or "cards=AH,6H,7H,KC" in page.url


def test_calculator_by_keyboard(booted: Page, server: str) -> None:
    page = booted
    go(page, server, "/calc?rules=waks&cards=")
    expect(page.locator("#calc-hand .card")).to_have_count(0)
    first = page.locator("#calc-deck [data-card='AS']")
    first.focus()
    # Roving focus: the deck is one tab stop; arrows move, Enter picks.
    page.keyboard.press("ArrowRight")  # 2S
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")  # 2H
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")  # 2D
    page.keyboard.press("Space")
    page.keyboard.press("ArrowDown")  # 2C
    page.keyboard.press("Enter")
    expect(page.locator("#calc-kind")).to_have_attribute("data-kind", "chorus")
    expect(page.locator("#calc-kind")).to_have_attribute("data-points", "48")
    assert page.evaluate("document.activeElement.dataset.card") == "2C"
    tabbable = page.locator("#calc-deck [tabindex='0']")
    expect(tabbable).to_have_count(1)


def test_calculator_typed_hand_and_bad_input(booted: Page, server: str) -> None:
    page = booted
    go(page, server, "/calc?rules=waks&cards=")
    expect(page.locator("#calc-hand .card")).to_have_count(0)
    page.fill("#calc-type", "7s 6h ad kc")
    page.keyboard.press("Enter")
    expect(page.locator("#calc-kind")).to_have_attribute("data-points", "65")
    msg = page.locator("#calc-message")
    page.fill("#calc-type", "7S 7S AD KC")
    page.get_by_role("button", name="Use these cards").click()
    expect(msg).to_contain_text("appears twice")
    page.fill("#calc-type", "8H 6H AD KC")
    page.get_by_role("button", name="Use these cards").click()
    expect(msg).to_contain_text("not in the")
    page.fill("#calc-type", "7S 6H")
    page.get_by_role("button", name="Use these cards").click()
    expect(msg).to_contain_text("4 cards")
    # The hand from before the bad input is kept.
    expect(page.locator("#calc-kind")).to_have_attribute("data-points", "65")
    # A fifth pick is refused with a message, and the hand is unchanged.
    page.locator("#calc-deck [data-card='2C']").click()
    expect(msg).to_contain_text("4 cards")
    expect(page.locator("#calc-hand .card")).to_have_count(4)


def test_hostile_link_is_reported_not_run(kept_page: Page, server: str) -> None:
    page = kept_page  # a load of its own, nothing saved (e2e/conftest.py KeptContext)
    dialogs: list[Any] = []
    page.on("dialog", lambda d: (dialogs.append(d), d.dismiss()))
    page.goto(server + "#/calc?rules=%3Cimg%20src=x%20onerror=alert(1)%3E&cards=7S,ZZ,%3Cb%3E")
    expect(page.locator("#calc-message")).to_contain_text("could not read")
    expect(page.locator("#calc-hand .card")).to_have_count(0)
    page.goto(server + "#/no-such-page")
    expect(page.locator(".page-message")).to_contain_text("There is no page")
    assert dialogs == []
    assert page.locator("img[src=x]").count() == 0


def test_corrupt_settings_fall_back_to_defaults(kept_page: Page, server: str) -> None:
    page = kept_page  # a load of its own, nothing saved (e2e/conftest.py KeptContext)
    page.goto(server)
    page.evaluate("localStorage.setItem('primi.settings.v1', '{not json')")
    page.reload()
    expect(page.locator(".page-message")).to_contain_text("could not be read")
    page.goto(server + "#/settings")
    page.get_by_label("Italian suits").check()
    stored = json.loads(page.evaluate("localStorage.getItem('primi.settings.v1')"))
    assert stored["suits"] == "italian"


def test_browser_deals_like_cpython(booted: Page, server: str) -> None:
    golden = json.loads((ROOT / "tests" / "golden_deals.json").read_text())
    answer = booted.evaluate("(seed) => window.primi.engineCall({op: 'deal_preview', seed, count: 16})", golden["seed"])
    assert answer["ok"], answer
    assert answer["result"] == golden["first16"]


def test_phone_portrait_has_no_horizontal_scroll(take: Callable[[str], Page], server: str) -> None:
    page = take("mobile")  # a shared phone page (360x740, touch, a mobile viewport): a hash change, not a boot
    go(page, server, "/calc?rules=waks&cards=7S,6H,AD,KC")
    wait_ready(page)
    expect(page.locator("#calc-kind")).to_have_attribute("data-points", "65")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    meta = page.get_attribute("meta[name=viewport]", "content") or ""
    assert "viewport-fit=cover" in meta and "user-scalable=no" not in meta and "maximum-scale" not in meta
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, [data-action], a.btn')]
              .filter(e => e.offsetParent !== null)
              .map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim().slice(0, 20) || e.getAttribute('aria-label'), r.width, r.height]; })
              .filter(([, w, h]) => w < 24 || h < 24)"""
    )
    assert small == []


def test_offline_after_install(browser: Any, server: str) -> None:
    context = browser.new_context(sw_fill=True)
    page = context.new_page()
    page.goto(server)
    wait_ready(page)
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.ready.then(r => !!r.active)", timeout=60_000
    )
    page.wait_for_function(
        """async () => { const keys = await caches.keys(); if (!keys.length) return false;
            const c = await caches.open(keys[0]); return (await c.keys()).length > 20; }""",
        timeout=60_000,
    )
    # The installed worker took this first visit's page over and saved the whole build in the
    # background (the files the page loaded before it took over included): no second online load.
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=READY_TIMEOUT)
    context.set_offline(True)
    page.goto(server + "#/calc?rules=waks&cards=7S,6H,AD,KC")
    page.reload()
    wait_ready(page)
    expect(page.locator("#calc-kind")).to_have_attribute("data-points", "65")
    context.close()

"""Primi speaks English, Italian and German: the language comes from the browser (navigator.languages)
and can be changed in Settings, which re-renders the page at once. In Italian and in German the home
screen, the setup screen, a table of each game (Primero, Primiera, Primo) and the rules page with
its decisions hold none of the English sentences a player meets there, and the console never says
that a key is missing or untranslated (?debug reports untranslated keys)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from kit import READY_TIMEOUT, STEP_TIMEOUT
from playwright.sync_api import Page, expect

from tests import string_tables

SETTINGS = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "fast", "lang": "en"}

# Per language: what each screen says, and the English it must no longer say.
WORDS: dict[str, dict[str, str]] = {
    "it": {"nav": "Giochi", "home": "Tre giochi di carte, un solo tavolo", "summary": "Il gioco d'azzardo del Rinascimento",
           "setup": "Nuova partita a Primero", "start": "Inizia la partita", "stake": "Posta",
           "rules": "Regole", "decision": "Nel libro di Waks manca l'elenco delle mani", "log": "Cronaca",
           "primiera": "Giro 1", "lesson": "Waks: invito, vedo e vedo obbligato",
           "comment": "Anna ha 7♠ e J♦", "wb2": "Waks: davanti a una puntata non pareggiata",
           "primo.lesson": "Elisabeth, Svenja e Michael", "primero": "Piatto", "primo": "nel mazzetto"},
    "de": {"nav": "Spiele", "home": "Drei Kartenspiele, ein Tisch", "summary": "Das Wettspiel der Renaissance",
           "setup": "Neue Partie Primero", "start": "Partie beginnen", "stake": "Einsatz",
           "rules": "Regeln", "decision": "In Waks' Buch fehlt die Liste der Hände", "log": "Protokoll",
           "primiera": "Runde 1", "lesson": "Waks: bieten, sehen und die Sehpflicht",
           "comment": "Anna hält 7♠ und J♦", "wb2": "Waks: vor einem Gebot, das noch niemand gehalten hat",
           "primo.lesson": "Elisabeth, Svenja und Michael", "primero": "Geber", "primo": "im Stapel"},
}
ENGLISH = {
    "home": ["Three card games", "Rule sets", "players", "The Renaissance betting game", "Play Primero"],
    "setup": ["New game of", "Start the game", "Who plays each seat", "Starting chips", "The smallest bet",
              "Speed of play and animation"],
    "table": ["Your hand", "Other players", "Your actions", "betting round", " chips", "Your turn", "to act",
              "Waiting for", " of ", "Cards on the table", "Rows A to F", " in hand", " to play"],
    "rules": ["How Primi plays", "Decisions Primi took", "Primi's reading", "Hand values", "Hands, best first",
              "The computer players", "Card values", "Learn by example"],
}
CONSOLE: list[str] = []  # what the module's page said on its console


@pytest.fixture(scope="module")
def page(browser: Any, server: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    p = context.new_page()
    p.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); "
        f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(SETTINGS))}); }}")
    p.on("console", lambda m: CONSOLE.append(m.text))
    p.goto(server + "?debug#/")
    p.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    yield p
    context.close()


def go(page: Page, route: str) -> None:
    page.evaluate("(r) => { location.hash = r; }", route)


def main_text(page: Page) -> str:
    return page.locator("#main").inner_text()


def no_english(text: str, screen: str, lang: str) -> None:
    left = [w for w in ENGLISH[screen] if w in text]
    assert left == [], f"{lang} {screen} still says {left}: {text}"


def choose_language(page: Page, lang: str) -> None:
    go(page, "#/settings")
    expect(page.locator("#set-lang")).to_be_visible()
    page.select_option("#set-lang", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".mainnav a[href='#/']")).to_have_text(WORDS[lang]["nav"])
    expect(page.locator("#set-lang")).to_have_value(lang)  # the settings screen is re-rendered, in lang
    expect(page.locator(".mainnav")).to_have_attribute("aria-label", {"it": "Principale", "de": "Hauptmenü"}[lang])


def start_table(page: Page, game: str, variant: str, lang: str) -> str:
    go(page, "#/")
    expect(page.locator("#screen-home")).to_be_visible()
    go(page, f"#/play/{game}?variant={variant}&seed=7")
    expect(page.locator(f"#screen-setup[data-game={game}]")).to_be_visible()
    button = page.locator("#setup-start")
    expect(button).to_have_text(WORDS[lang]["start"])
    expect(button).to_be_enabled()
    button.click()
    table = page.locator(f"#screen-table[data-game={game}][aria-busy=false]")
    expect(table).to_be_visible(timeout=READY_TIMEOUT)
    expect(page.locator("#actions")).to_be_attached(timeout=STEP_TIMEOUT)
    text = main_text(page)
    assert WORDS[lang]["log"] in text, text
    return text


@pytest.mark.parametrize("lang", ["it", "de"])
def test_every_screen_speaks_the_chosen_language(page: Page, lang: str) -> None:
    words = WORDS[lang]
    choose_language(page, lang)
    expect(page.locator("#settings-title")).not_to_have_text("Settings")

    go(page, "#/")
    expect(page.locator("#home-title")).to_have_text(words["home"])
    expect(page.locator(".game-tile[data-game=primero] p").first).to_contain_text(words["summary"])
    no_english(main_text(page), "home", lang)

    go(page, "#/play/primero?variant=waks")
    expect(page.locator("#setup-title")).to_have_text(words["setup"])
    expect(page.locator("#screen-setup")).to_contain_text(words["stake"])
    no_english(main_text(page), "setup", lang)

    text = start_table(page, "primero", "waks", lang)
    assert words["primero"] in text, text
    no_english(text, "table", lang)
    text = start_table(page, "primiera", "2p", lang)
    assert words["primiera"] in text, text
    no_english(text, "table", lang)
    text = start_table(page, "primo", "base", lang)
    assert words["primo"] in text, text
    no_english(text, "table", lang)

    go(page, "#/rules")
    expect(page.locator("#rules-title")).to_have_text(words["rules"])
    expect(page.locator("#rules-quotes")).to_be_visible()  # rulebook quotes stay in the books' words
    expect(page.locator("#decision-D-PR1 + dd").first).to_contain_text(words["decision"])
    no_english(main_text(page), "rules", lang)

    # a Primero lesson: its commentary and the decisions at work, in lang
    go(page, "#/learn?name=waks-anna&step=1")
    expect(page.locator("#learn-title")).to_have_text(words["lesson"])
    expect(page.locator("#learn-commentary")).to_contain_text(words["comment"])
    expect(page.locator("#learn-decisions dd").first).to_contain_text(words["wb2"])
    go(page, "#/primo/learn")
    expect(page.locator("#main")).to_contain_text(words["primo.lesson"])

    said = [m for m in CONSOLE if "i18n" in m]
    assert said == [], said


def test_switching_back_to_english_and_the_browser_language(page: Page) -> None:
    choose_language(page, "it")
    go(page, "#/settings")
    page.select_option("#set-lang", "auto")  # the browser's language: en-GB here
    expect(page.locator("html")).to_have_attribute("lang", "en")
    go(page, "#/")
    expect(page.locator("#home-title")).to_have_text("Three card games, one table")
    stored = json.loads(page.evaluate("localStorage.getItem('primi.settings.v1')"))
    assert stored["lang"] == "auto"


@pytest.mark.parametrize(("locale", "lang"), [("de-DE", "de"), ("it-CH", "it"), ("fr-FR", "en")])
def test_the_browser_language_picks_the_table(browser: Any, server: str, locale: str, lang: str) -> None:
    context = browser.new_context(locale=locale)
    p = context.new_page()
    console: list[str] = []
    p.on("console", lambda m: console.append(m.text))
    p.goto(server + "?debug#/rules")
    expect(p.locator("html")).to_have_attribute("lang", lang)
    title = {"de": "Regeln", "it": "Regole", "en": "Rules"}[lang]
    expect(p.locator("#rules-title")).to_have_text(title)
    expect(p.locator(".mainnav a[href='#/settings']")).to_have_text(
        {"de": "Einstellungen", "it": "Impostazioni", "en": "Settings"}[lang])
    assert [m for m in console if "i18n" in m] == []
    context.close()


def test_plural_forms_in_each_language(page: Page) -> None:
    got = page.evaluate("""async () => {
        const m = await import('./i18n.js');
        const before = m.language();
        const out = {};
        for (const lang of ['en', 'it', 'de']) {
            m.setLanguage(lang);
            out[lang] = [1, 2, 0].map((n) => m.t('primero.table.chipcount', {n})).concat([m.t('primero.act.discard', {name: 'Bianca', n: 1})]);
        }
        m.setLanguage(before);
        out.keys = m.KEYS.slice();
        return out;
    }""")
    # Every game's module registered its strings (primero.act.discard above is Primero's, in its own files).
    keys = got.pop("keys")
    assert len(keys) == len(set(keys)) and set(keys) == set(string_tables.strings("en"))
    assert got == {
        "en": ["1 chip", "2 chips", "0 chips", "Bianca discards 1 card and draws one."],
        "it": ["1 fiche", "2 fiches", "0 fiches", "Bianca scarta 1 carta e ne pesca una."],
        "de": ["1 Chip", "2 Chips", "0 Chips", "Bianca wirft 1 Karte ab und zieht eine."],
    }

"""Every text the page shows has its Italian and German form, with the same placeholders and plural
forms: the page's tables (the shell's: web/i18n/en.js, it.js, de.js; each game's:
web/games/<game>/strings.<lang>.js, see tests/string_tables.py), the rules decisions and every text
of the catalogue (pygame_core/translations.py). No browser needed: the JS tables are parsed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core.decisions import DECISIONS
from pygame_core.primero.walkthroughs import WALKTHROUGHS
from pygame_core.sitedata import site_catalogue
from pygame_core.translations import DECISIONS as TRANSLATED
from pygame_core.translations import LANGUAGES, LESSONS, TEXT
from tests import string_tables

WEB = Path(__file__).resolve().parent.parent / "web"
# A translation may leave out a placeholder only here: Italian names the Italian court card by its
# own name ("Cavallo di spade"), not "Queen (Cavallo)".
MAY_DROP = {("it", "card.court"): {"rank"}}


def english() -> dict[str, str]:
    return string_tables.strings("en")


def table(lang: str) -> dict[str, str]:
    return string_tables.strings(lang)


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_english_key_has_a_translation_with_the_same_placeholders(lang: str) -> None:
    en, tr = english(), table(lang)
    assert len(en) > 700
    assert sorted(set(en) - set(tr)) == []
    assert sorted(set(tr) - set(en)) == []  # no stale keys either
    for key, text in en.items():
        want = placeholders(text) - MAY_DROP.get((lang, key), set())
        assert placeholders(tr[key]) == want, (lang, key, tr[key])
        assert "<" not in tr[key] or "<" in text, (lang, key)  # no HTML in strings
        assert tr[key].strip(), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_translates_its_own_keys_in_its_own_files(lang: str) -> None:
    """A game's strings travel with it: its strings.<lang>.js holds exactly the keys of its
    strings.en.js, and its module registers all three with addStrings()."""
    assert string_tables.games() == ["primero", "primiera", "primo"]
    for game in string_tables.games():
        folder = WEB / "games" / game
        en = string_tables.file_strings(folder / "strings.en.js")
        assert len(en) > 100, game
        assert sorted(set(en) ^ set(string_tables.file_strings(folder / f"strings.{lang}.js"))) == [], game
        module = (folder / "index.js").read_text(encoding="utf-8")
        for code in ("en", *LANGUAGES):
            assert re.search(rf'^import (\w+) from "\./strings\.{code}\.js";$', module, re.M), (game, code)
        assert re.search(r"^addStrings\(\{ en: \w+, " + ", ".join(f"{c}: \\w+" for c in LANGUAGES) + r" \}\);$", module, re.M), game
    shell = string_tables.file_strings(string_tables.shell_file(lang))
    assert sorted(set(shell) ^ set(string_tables.file_strings(string_tables.shell_file("en")))) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_kept(lang: str) -> None:
    en, tr = english(), table(lang)
    for key in en:
        if "#" in key:
            base = key.split("#")[0]
            assert key in tr and base in tr, (lang, key)
            assert "n" in placeholders(tr[key]), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_are_not_english(lang: str) -> None:
    """A few sentences every player meets, each really translated."""
    en, tr = english(), table(lang)
    for key in ("home.title", "setup.start", "act.pass", "act.fold", "verb.vie", "table.dealer", "rules.decisions",
                "primiera.capture", "po.add", "rules.primo.intro" if "rules.primo.intro" in en else "po.rules.intro"):
        assert tr[key] != en[key], (lang, key)
    same = [k for k in en if len(re.sub(r"\{\w+\}", "", en[k])) > 25 and tr[k] == en[k]]
    assert same == [], same


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_decision_has_a_translation(lang: str) -> None:
    assert set(TRANSLATED[lang]) == set(DECISIONS)
    for number, text in TRANSLATED[lang].items():
        assert text and text != DECISIONS[number], (lang, number)
        # the numbers a decision cites are the same in every language
        assert set(re.findall(r"\b[DPX]-[A-Z]+\d*\b", text)) == set(re.findall(r"\b[DPX]-[A-Z]+\d*\b", DECISIONS[number]))


def _texts(node: Any, key: str = "", out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(node, dict):
        if "id" in node and "text" in node:
            return out  # a decision: translated by number
        for k, v in node.items():
            if k != "translations":
                _texts(v, k, out)
    elif isinstance(node, list):
        for v in node:
            _texts(v, key, out)
    elif isinstance(node, str) and key in ("label", "summary", "help", "ranking", "values", "text"):
        out.add(node)
    return out


def test_every_catalogue_text_has_each_language() -> None:
    cat = site_catalogue()
    texts = _texts(cat)
    assert "Stake" in texts and any(t.startswith("Hands, best first") for t in texts)
    for lang in LANGUAGES:
        assert sorted(texts - set(TEXT[lang])) == [], lang
        assert cat["translations"][lang]["decisions"] == TRANSLATED[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_primero_lesson_text_has_a_translation_citing_the_same_decisions(lang: str) -> None:
    texts = [s for w in WALKTHROUGHS.values()
             for s in (w.title, w.pitch, w.source, w.intro, *(c for _, c in w.script), w.outro)]
    assert len(texts) > 30
    cards = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|\b[DPX]-[A-Z]+\d+\b")
    for text in texts:
        assert text in LESSONS[lang], (lang, text[:60])
        assert LESSONS[lang][text] != text, (lang, text[:60])
        # the same cards and decisions, in the same numbers
        assert sorted(cards.findall(LESSONS[lang][text])) == sorted(cards.findall(text)), (lang, text[:60])
    assert set(LESSONS[lang]) == set(texts)  # none stale
    assert {k: v for k, v in site_catalogue()["translations"][lang]["text"].items() if k in LESSONS[lang]} == LESSONS[lang]

"""Every text the page shows has its Italian and German form, with the same placeholders and plural
forms: the page's tables (the shell's: web/i18n/en.js, it.js, de.js; each game's:
web/games/<game>/strings.<lang>.js, see tests/string_tables.py), the rules decisions and every text
of the catalogue (each game's GameInfo.translations, gathered by pygame_core/translations.py). No browser
needed: the JS tables are parsed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core import registry, translations
from pygame_core.decisions import DECISIONS
from pygame_core.primero.lessons import WALKTHROUGHS
from pygame_core.protocol import GameInfo
from pygame_core.sitedata import site_catalogue
from pygame_core.translations import LANGUAGES
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
    strings.en.js, and the games' registry (web/games/index.js) registers its English at once
    (addStrings) and loads each other language's when the page uses it (issue 21)."""
    assert string_tables.games() == ["primero", "primiera", "primo"]
    registry = (WEB / "games" / "index.js").read_text(encoding="utf-8")
    for game in string_tables.games():
        folder = WEB / "games" / game
        en = string_tables.file_strings(folder / "strings.en.js")
        assert len(en) > 100, game
        assert sorted(set(en) ^ set(string_tables.file_strings(folder / f"strings.{lang}.js"))) == [], game
        english = re.search(rf'^import (\w+) from "\./{game}/strings\.en\.js";$', registry, re.M)
        assert english and re.search(rf"^addStrings\(\{{ en: {english.group(1)} \}}\);$", registry, re.M), game
        for code in LANGUAGES:
            assert f'{code}: () => import("./{game}/strings.{code}.js")' in registry, (game, code)
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
    for key in ("home.title", "setup.start", "primero.act.pass", "primero.act.fold", "primero.verb.vie", "primero.table.dealer", "rules.decisions",
                "primiera.capture", "primo.add", "primo.rules.intro"):
        assert tr[key] != en[key], (lang, key)
    same = [k for k in en if len(re.sub(r"\{\w+\}", "", en[k])) > 25 and tr[k] == en[k]]
    assert same == [], same


def infos() -> list[GameInfo]:
    return [registry.load(name).info for name in registry.game_names()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_decision_has_a_translation(lang: str) -> None:
    for info in infos():  # each game translates exactly its own decisions
        assert set(info.translations[lang].decisions) == set(info.decisions), info.name
    translated = translations.decisions(lang)
    assert set(translated) == set(DECISIONS)
    for number, text in translated.items():
        assert text and text != DECISIONS[number], (lang, number)
        # the numbers a decision cites are the same in every language
        assert set(re.findall(r"\b[DPX]-[A-Z]+\d*\b", text)) == set(re.findall(r"\b[DPX]-[A-Z]+\d*\b", DECISIONS[number]))


def _site_texts(node: Any, out: list[tuple[str | None, str]]) -> list[tuple[str | None, str]]:
    """(key, English) of every text of a game's site data: its key is written beside it (``keys``)."""
    if isinstance(node, dict):
        if "id" in node and "text" in node:
            return out  # a decision: translated by number
        for k, v in node.items():
            if isinstance(v, str) and k in TEXT_FIELDS:
                out.append((node.get("keys", {}).get(k), v))
            elif k != "keys":
                _site_texts(v, out)
    elif isinstance(node, list):
        for v in node:
            _site_texts(v, out)
    return out


TEXT_FIELDS = ("label", "summary", "help", "ranking", "values", "text")


def catalogue_texts(cat: dict[str, Any]) -> list[tuple[str | None, str]]:
    """(key, English) of every text of the catalogue, keyed as the page keys it (web/app.js
    localizeCatalogue): games, variants and options by their names, site data by its ``keys``."""
    out: list[tuple[str | None, str]] = []
    for g in cat["games"]:
        out += [(f"{g['name']}.label", g["label"]), (f"{g['name']}.summary", g["summary"])]
        for v in g["variants"]:
            out += [(f"{g['name']}.variant.{v['name']}.label", v["label"]),
                    (f"{g['name']}.variant.{v['name']}.summary", v["summary"])]
            for o in v["options"]:
                out.append((f"{g['name']}.option.{o['name']}.label", o["label"]))
                if "help" in o:
                    out.append((f"{g['name']}.option.{o['name']}.help", o["help"]))
    for name, data in cat.items():
        if name not in ("games", "translations"):
            _site_texts(data, out)
    return [(k, t) for k, t in out if t]


def test_every_catalogue_text_has_each_language() -> None:
    """Every text of the catalogue has a key, the key's English is that text, and each language has
    words for it, by key (no table is keyed by English text)."""
    cat = site_catalogue()
    texts = catalogue_texts(cat)
    assert ("primero.option.stake.label", "Stake") in texts and any(t.startswith("Hands, best first") for _, t in texts)
    english = {k: t for info in infos() for k, t in {**info.catalogue_texts(), **info.texts}.items()}
    assert [(k, t) for k, t in texts if k is None or english.get(k) != t] == []
    for lang in LANGUAGES:
        assert sorted({k for k, _ in texts} - set(translations.texts(lang))) == [], lang
        assert cat["translations"][lang]["text"] == translations.texts(lang)
        assert not set(english.values()) & set(cat["translations"][lang]["text"])  # keys, not English
        assert cat["translations"][lang]["decisions"] == translations.decisions(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_translates_its_keys_and_no_stale_one(lang: str) -> None:
    """Translations are keyed by keys (the catalogue's and the game's own), never by English text."""
    for info in infos():
        keys = set(info.catalogue_texts()) | set(info.texts)
        assert all(k.startswith(info.name + ".") for k in keys), info.name  # one prefix per game
        words = info.translations[lang].text
        assert sorted(keys - set(words)) == [], info.name
        assert sorted(set(words) - keys) == [], info.name
        english = {**info.catalogue_texts(), **info.texts}
        for key, word in words.items():
            assert word.strip() and placeholders(word) == placeholders(english[key]), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_primero_lesson_text_has_a_translation_citing_the_same_decisions(lang: str) -> None:
    """The lessons' words are keys of Primero's string tables (primero.learn.<lesson>.*): each is translated,
    with the same cards and decisions, and no lesson key is stale."""
    en, tr = english(), table(lang)
    keys = [w.key(part) for w in WALKTHROUGHS.values()
            for part in ("title", "pitch", "source", "intro", *(f"step.{k}" for k in range(1, len(w.script) + 1)), "outro")]
    assert len(keys) > 30
    cards = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|\b[DPX]-[A-Z]+\d+\b")
    for key in keys:
        assert tr[key] != en[key], (lang, key)
        # the same cards and decisions, in the same numbers
        assert sorted(cards.findall(tr[key])) == sorted(cards.findall(en[key])), (lang, key)
    lessons = {k for k in en if any(k.startswith(f"primero.learn.{name}.") for name in WALKTHROUGHS)}
    assert lessons == set(keys)  # none stale
    assert not {en[k] for k in keys} & set(site_catalogue()["translations"][lang]["text"])  # not keyed by English


def test_every_game_key_starts_with_its_game() -> None:
    """One prefix per game: every key of web/games/<game>/strings.<lang>.js is ``<game>.…`` (the
    shell's keys, web/i18n/<lang>.js, are the only ones without a game's name)."""
    for game in string_tables.games():
        for lang in ("en", *LANGUAGES):
            keys = string_tables.file_strings(WEB / "games" / game / f"strings.{lang}.js")
            assert sorted(k for k in keys if not k.startswith(game + ".")) == [], (game, lang)
    shell = string_tables.file_strings(string_tables.shell_file("en"))
    assert sorted(k for k in shell if k.split(".")[0] in string_tables.games()) == []


CORE = Path(__file__).resolve().parent.parent / "pygame_core"
# A full-key literal in a game's core: a quoted ``<game>.…`` key, or any ``key="…"`` (an error key).
CORE_KEY = re.compile(r"""(?<![\w])f?["']((?:primero|primiera|primo)\.[\w.\-#]+)["']|\bkey=["']([\w.\-#]+)["']""")


def test_every_key_a_game_core_writes_is_in_its_table_or_the_shells() -> None:
    """The Descriptions a game's core writes use that game's keys (or the shell's): each literal key
    in pygame_core/<game>/ is in web/games/<game>/strings.en.js or web/i18n/en.js. The game's
    catalogue keys (GameInfo: translated in the catalogue, not by the page's tables) are left out."""
    shell = set(string_tables.file_strings(string_tables.shell_file("en")))
    for info in infos():
        own = set(string_tables.file_strings(WEB / "games" / info.name / "strings.en.js"))
        catalogue = set(info.catalogue_texts()) | set(info.texts) | {k for tr in info.translations.values() for k in tr.text}
        found: set[str] = set()
        for path in (CORE / info.name).rglob("*.py"):
            for quoted, error in CORE_KEY.findall(path.read_text(encoding="utf-8")):
                key = quoted or error
                if "{" in key or key.endswith(".") or key in catalogue:
                    continue  # a key built from parts (driven by the games' tests) or a catalogue text
                assert key.startswith(info.name + ".") or key in shell, (info.name, path.name, key)
                found.add(key)
        assert len(found) > 20, info.name
        assert sorted(found - own - shell) == [], info.name


@pytest.mark.parametrize("module", ["pygame_core.primiera.lessons", "pygame_core.primo.lessons"])
def test_lessons_name_their_source_in_words_never_a_test_vector(module: str) -> None:
    """A lesson's source is a message in the player's words ("the rulebook's example of …"), translated,
    never the golden tests' vector ids ("G011, G017": engine words, issue 20)."""
    import importlib

    lessons = importlib.import_module(module).lessons()
    assert lessons
    for lang in ("en", *LANGUAGES):
        words = english() if lang == "en" else table(lang)
        for lesson in lessons:
            src = lesson["source"]
            assert isinstance(src, dict) and words[src["key"]], (module, lesson["id"])
    assert not re.search(r"\bG\d{3}\b", json.dumps(lessons))

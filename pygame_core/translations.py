"""Italian and German texts of what the core writes in English for the page's catalogue.

Every game declares its words in ``GameInfo.translations`` (``pygame_core/<game>/translations.py``),
per language: its rules decisions by number, and its catalogue texts and own texts by key (the
English of a key is the GameInfo's: ``GameInfo.catalogue_texts()`` and ``GameInfo.texts``). No
table here is keyed by English text.

The page looks a catalogue text up by its English (web/i18n.js ``tx``: the catalogue is written in
English and localised in place, web/app.js localizeCatalogue), so ``translations()`` resolves each
key to its English for the catalogue's ``translations``: per language, ``decisions`` by number and
``text`` by English text (catalogue texts of every game first, then the games' own texts, then texts
still keyed by their English). The page falls back to English.
tests/test_translations.py checks that every decision and every catalogue text has each language.
"""

from __future__ import annotations

from collections.abc import Iterator

from .protocol import GameInfo

LANGUAGES = ("it", "de")


def _infos() -> Iterator[GameInfo]:
    from . import registry

    for name in registry.game_names():
        yield registry.load(name).info


def decisions(lang: str) -> dict[str, str]:
    """Every game's decisions in ``lang``, by number."""
    out: dict[str, str] = {}
    for info in _infos():
        tr = info.translations.get(lang)
        if tr is not None:
            out.update(tr.decisions)
    return out


def texts(lang: str) -> dict[str, str]:
    """Every game's catalogue texts and own texts in ``lang``, by the English text the page looks up."""
    infos = list(_infos())
    out: dict[str, str] = {}
    for info, english in [(i, i.catalogue_texts()) for i in infos] + [(i, dict(i.texts)) for i in infos]:
        tr = info.translations.get(lang)
        words = tr.text if tr is not None else {}
        for key, text in english.items():
            if key in words:
                out.setdefault(text, words[key])
    return out


def translations() -> dict[str, dict[str, dict[str, str]]]:
    """Per language: ``decisions`` (by number) and ``text`` (by English text), as plain data."""
    return {lang: {"decisions": decisions(lang), "text": texts(lang)} for lang in LANGUAGES}

"""Italian and German texts of what the core writes in English for the page's catalogue.

Every game declares its words in ``GameInfo.translations`` (``pygame_core/<game>/translations.py``),
per language: its rules decisions by number, and its catalogue texts and own texts by key (the
English of a key is the GameInfo's: ``GameInfo.catalogue_texts()`` and ``GameInfo.texts``). No
table here is keyed by English text.

The page looks a catalogue text up by its key (web/i18n.js ``tx``: the catalogue is written in
English and localised in place, web/app.js localizeCatalogue): a game's, a variant's and an option's
texts by their names, as ``GameInfo.catalogue_texts`` keys them, and a text of a game's site data by
the key written beside it (``keys``: field -> key). ``translations()`` gives, per language,
``decisions`` by number and ``text`` by key. The page falls back to English.
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
    """Every game's catalogue texts and own texts in ``lang``, by key (each game's keys start with its
    name, so no two games share one); a text without words in ``lang`` is left out (the page shows its English)."""
    out: dict[str, str] = {}
    for info in _infos():
        tr = info.translations.get(lang)
        words = tr.text if tr is not None else {}
        for key in (*info.catalogue_texts(), *info.texts):
            if key in words:
                out[key] = words[key]
    return out


def translations() -> dict[str, dict[str, dict[str, str]]]:
    """Per language: ``decisions`` (by number) and ``text`` (by key), as plain data."""
    return {lang: {"decisions": decisions(lang), "text": texts(lang)} for lang in LANGUAGES}

"""Setup's option helps and choices are in a player's words (issue 20, item 10): no option's name
(``max_rounds``), no choice's value (``eight: …``) and no other engine word in the help of any
option of any game, in English, Italian or German; every choice shows a label of its own, in each
language. The setup screen shows these texts as they are (web/shell/setup.js)."""

from __future__ import annotations

import re

import pytest

from pygame_core import registry, translations
from pygame_core.protocol import OptionSpec
from pygame_core.translations import LANGUAGES

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")  # max_rounds, min_bet: an option's name, not a word


def options() -> list[tuple[str, OptionSpec]]:
    seen: dict[str, OptionSpec] = {}
    for name in registry.game_names():
        for variant in registry.load(name).info.variants:
            for o in variant.options:
                seen.setdefault(f"{name}.option.{o.name}", o)
    return sorted(seen.items())


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_option_helps_speak_a_players_words(lang: str) -> None:
    words = translations.texts(lang) if lang != "en" else {}
    names = {o.name for _, o in options() if "_" in o.name}
    for key, o in options():
        help_en = o.help
        if not help_en:
            continue
        text = words.get(f"{key}.help", help_en)
        assert not IDENTIFIER.search(text), (lang, key, text)
        assert not any(n in text for n in names), (lang, key, text)
        assert text[:1].isupper() or text[:1].isdigit(), (lang, key, "a help is a sentence", text)
        for choice in o.choices:
            assert not re.search(rf"(^|; ){re.escape(choice)}:", text), (lang, key, "a choice's value explained", text)


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_every_choice_has_a_label_in_each_language(lang: str) -> None:
    words = translations.texts(lang) if lang != "en" else {}
    for key, o in options():
        choices = o.choices
        if not choices:
            continue
        labels = o.choice_labels
        assert len(labels) == len(choices), (key, "a label for each choice")
        for choice, label in zip(choices, labels, strict=True):
            shown = words.get(f"{key}.choice.{choice}", label) if lang != "en" else label
            assert shown and shown != choice, (lang, key, choice)
            if lang != "en":
                assert f"{key}.choice.{choice}" in words, (lang, key, choice, "untranslated")

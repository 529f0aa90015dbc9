"""Every Description the Primo core sends has its text in the page's tables (Primo's own,
web/games/primo/strings.en.js, and the shell's: tests/string_tables.py), and each
text uses only the args that Description carries: log messages from random games in every
variant, the `why` reasons, the coach's reasons and the lesson's notes. No browser needed."""

from __future__ import annotations

import re
from typing import Any

from kit import ROOT

from pygame_core.agents import make_agent
from pygame_core.primo.game import DESCRIPTION_KEYS, GAME
from pygame_core.primo.lessons import lessons
from pygame_core.rng import AgentRandom
from tests import string_tables

WEB = ROOT / "web"
# The page's own forms of a key (web/games/primo/describe.js): same args, a more precise sentence.
DERIVED = {"primo.take.none": "primo.take", "primo.took.open": "primo.took", "primo.end.empty": "primo.end", "primo.end.cap": "primo.end",
           "primo.roundend.none": "primo.roundend"}


def table() -> dict[str, str]:
    return string_tables.strings("en")


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def check(desc: dict[str, Any], strings: dict[str, str], seen: dict[str, set[str]]) -> None:
    """The key (and its .you form) is in the table and uses no arg the Description lacks."""
    key = desc["key"]
    args = set(desc.get("args", {})) | ({"name"} if isinstance(desc.get("seat"), int) and desc["seat"] >= 0 else set())
    seen.setdefault(key, set()).update(args)
    forms = [key] + [k for k, base in DERIVED.items() if base == key]
    for form in forms:
        assert form in strings, f"{form} is not in the tables"
        for text in (strings[form], strings.get(form + ".you", "")):
            extra = placeholders(text) - args
            assert not extra, f"{form} uses {sorted(extra)}, not args of {key} ({sorted(args)})"
    for value in desc.get("args", {}).values():
        for nested in value if isinstance(value, list) else [value]:
            if isinstance(nested, dict) and "key" in nested:
                check(nested, strings, seen)


def test_every_primo_log_message_is_in_the_table_with_its_args() -> None:
    strings = table()
    seen: dict[str, set[str]] = {}
    for variant in ("base", "rounds", "alternate", "mono"):
        for seed in range(4):
            options = {"players": 2 + seed, **({"rounds": 2} if variant == "rounds" else {})}
            state = GAME.initial_state(options, seed, variant)
            rng = AgentRandom(seed)
            agent = make_agent("primo", "easy")
            while not GAME.is_terminal(state):
                legal = GAME.legal_actions(state)
                seat = GAME.current_player(state)
                # Mostly the easy agent (it plays what fits: clears, Top cards), sometimes at random.
                action = rng.choice(legal) if rng.random() < 0.2 else agent.choose(GAME.observation(state, seat), legal, rng)
                check(GAME.describe_action(state, action), strings, seen)
                state = GAME.apply(state, action)
            for entry in GAME.log_entries(state, -1, 0, 100_000):
                check(entry, strings, seen)
    missing = set(DESCRIPTION_KEYS) - set(seen) - {"primo.stall"}  # a stall needs a deadlock; its key is checked below
    assert not missing, f"no random game sent {sorted(missing)}"
    own = string_tables.file_strings(WEB / "games" / "primo" / "strings.en.js")
    for key in DESCRIPTION_KEYS:
        assert key in own, key  # Primo brings its own log messages


def test_every_why_and_coach_reason_and_lesson_note_is_in_the_table() -> None:
    from pygame_core.primo import board

    strings = table()
    reasons = dict(board._REASONS)  # noqa: SLF001 - the core's list of reasons and their args
    for key, english in reasons.items():
        assert key in strings, key
        assert placeholders(strings[key]) <= placeholders(english), key
    for key in ("primo.why.ok", "primo.coach.play", "primo.coach.exchange", "primo.coach.pass", "primo.coach.end", "primo.coach.wait"):
        assert key in strings, key
    seen: dict[str, set[str]] = {}
    for lesson in lessons():
        check(lesson["title"], strings, seen)
        for step in lesson["steps"]:
            check(step["say"], strings, seen)
            if "note" in step:
                check(step["note"], strings, seen)

"""Every UI string goes through the translation tables (the shell's and each game's, see
tests/string_tables.py): each key the UI asks for exists, and the shell asks only for its own."""

from __future__ import annotations

import re
from pathlib import Path

from kit import ROOT

from tests import string_tables

WEB = ROOT / "web"


def table_keys() -> set[str]:
    return set(string_tables.strings("en"))


def literal_keys(paths: list[Path]) -> set[str]:
    """The keys these files ask t() (or tr(), or a menu link's nav:) for by name."""
    used: set[str] = set()
    for path in paths:
        text = path.read_text()
        used |= set(re.findall(r"""\bt\(\s*["']([\w.\-]+)["']""", text))
        used |= set(re.findall(r"""\btr\(\s*["']([\w.\-]+)["']""", text))
        used |= set(re.findall(r"""\bnav:\s*["']([\w.\-]+)["']""", text))  # game modules' menu links
        if path.suffix == ".html":
            used |= set(re.findall(r'data-i18n(?:-aria)?="([\w.\-]+)"', text))
    return {k for k in used if not k.endswith(".")}  # prefixes of dynamic keys: see the next test


def scripts() -> list[Path]:
    return [p for p in WEB.rglob("*.js") if p.name not in ("i18n.js", "sw.js") and not p.name.startswith("strings.")
            and p.relative_to(WEB).parts[0] not in ("i18n", "pyscript", "pyodide")]


def test_every_literal_key_used_by_the_ui_is_in_the_table() -> None:
    keys = table_keys()
    assert {"app.js", "table.js", "setup.js", "index.js", "learn.js", "calc.js"} <= {p.name for p in scripts()}
    used = literal_keys([*scripts(), WEB / "index.html"])
    assert used, "found no use of t()"
    assert used <= keys, sorted(used - keys)


def test_the_shell_uses_only_its_own_keys_and_a_game_only_its_own_and_the_shells() -> None:
    """The shell works whatever games are installed, and a game brings every key it needs."""
    shell = set(string_tables.file_strings(string_tables.shell_file("en")))
    outside = [p for p in scripts() if p.relative_to(WEB).parts[0] != "games"] + [WEB / "index.html"]
    assert {"app.js", "table.js", "say.js", "index.html"} <= {p.name for p in outside}
    used = literal_keys(outside)
    assert len(used) > 150 and sorted(used - shell) == []
    for game in string_tables.games():
        own = set(string_tables.file_strings(WEB / "games" / game / "strings.en.js"))
        used = literal_keys(sorted((WEB / "games" / game).glob("*.js")))
        assert len(used) > 30 and sorted(used - own - shell) == [], game


def test_dynamic_key_families_are_complete() -> None:
    # Each family is its game's own (web/games/<game>/strings.en.js).
    primero = set(string_tables.file_strings(WEB / "games" / "primero" / "strings.en.js"))
    primiera = set(string_tables.file_strings(WEB / "games" / "primiera" / "strings.en.js"))
    for kind in ("numerus", "primero", "supremus", "punto", "fluxus", "chorus"):
        assert f"primero.kind.{kind}" in primero
    for verb in ("vie", "see", "revie", "pass", "fold", "bet", "match", "raise", "refuse", "vada", "stay", "draw",
                 "discard", "trade"):
        assert f"primero.verb.{verb}" in primero
    for variant in ("waks", "italian", "suzuki", "roman", "losing", "rms", "northpass"):
        assert f"primero.rules.{variant}" in primero
    for phase in ("bet1", "draw", "bet2", "play", "over"):
        assert f"primero.phase.{phase}" in primero
    # Primiera's: the partnership of a Herald or a round, each mode's rules.
    for mode in ("opposite", "left", "right", "alone", "fixed", "individual", "none"):
        assert f"primiera.partnership.{mode}" in primiera
    for variant in ("kaleidos", "classic", "2p", "3p"):
        assert f"primiera.rules.{variant}" in primiera


def table_strings() -> dict[str, str]:
    return string_tables.strings("en")


# Each Primiera Description key and the args it carries (seat-bearing ones also get {name}).
PRIMIERA_ARGS = {
    "primiera.deal": {"round", "table"}, "primiera.redeal": {"deal"}, "primiera.pick": {"card"},
    "primiera.picked": set(), "primiera.reveal": {"cards"}, "primiera.play": {"card"},
    "primiera.capture": {"card", "captured"}, "primiera.sweep": {"card", "captured"},
    "primiera.herald": {"card", "partnership", "sides"}, "primiera.last_take": {"cards"},
    "primiera.leftover": {"cards"}, "primiera.round_end": {"round", "points", "totals", "sides"},
    "primiera.side_points": {"seats", "cards", "coins", "settebello", "primiera", "sweeps", "total"},
    "primiera.extra_round": set(), "primiera.game_end": {"winners", "scores"},
}
PRIMIERA_SEATED = {"primiera.deal", "primiera.redeal", "primiera.pick", "primiera.picked", "primiera.play",
                   "primiera.capture", "primiera.sweep", "primiera.herald", "primiera.last_take"}


def test_every_primiera_description_key_is_in_the_table_with_its_placeholders() -> None:
    from pygame_core.primiera.game import DESCRIPTION_KEYS, GAME
    from pygame_core.rng import AgentRandom

    assert set(PRIMIERA_ARGS) == set(DESCRIPTION_KEYS)
    # The args written down above are the ones the core sends (random games in every mode).
    for variant in ("kaleidos", "classic", "2p", "3p"):
        state = GAME.initial_state({"target": 0, "max_rounds": 2}, 3, variant)
        rng = AgentRandom(3)
        while not GAME.is_terminal(state):
            action = rng.choice(GAME.legal_actions(state))
            d = GAME.describe_action(state, action)
            assert set(d["args"]) == PRIMIERA_ARGS[d["key"]], d
            state = GAME.apply(state, action)
        for entry in GAME.log_entries(state, -1, 0, 10_000):
            assert set(entry["args"]) == PRIMIERA_ARGS[entry["key"]], entry
            for nested in entry["args"].get("sides", []):
                if isinstance(nested, dict):
                    assert set(nested["args"]) == PRIMIERA_ARGS[nested["key"]], nested
    strings = table_strings()
    derived = {"primiera.deal.heralds": "primiera.deal"}  # the page's own form of a key (games/primiera)
    for key in [*DESCRIPTION_KEYS, *derived]:
        base = derived.get(key, key)
        allowed = PRIMIERA_ARGS[base] | ({"name"} if base in PRIMIERA_SEATED else set())
        for form in (key, key + ".you"):
            if form == key:
                assert form in strings, f"{form} is not in the tables"
            elif form not in strings:
                continue
            used = set(re.findall(r"\{(\w+)\}", strings[form]))
            assert used <= allowed, f"{form} uses {sorted(used - allowed)}, not args of {base}"

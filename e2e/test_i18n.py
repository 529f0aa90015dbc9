"""Every UI string goes through the one translation table: each key the UI asks for exists."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"


def table_keys() -> set[str]:
    text = (WEB / "i18n.js").read_text()
    return set(re.findall(r'^\s*"([\w.\-]+)":', text, flags=re.M))


def test_every_literal_key_used_by_the_ui_is_in_the_table() -> None:
    keys = table_keys()
    used: set[str] = set()
    scripts = [p for p in WEB.rglob("*.js") if p.name not in ("i18n.js", "sw.js")]
    assert {"app.js", "table.js", "setup.js", "index.js", "learn.js", "calc.js"} <= {p.name for p in scripts}
    for path in scripts:
        text = path.read_text()
        used |= set(re.findall(r"""\bt\(\s*["']([\w.\-]+)["']""", text))
        used |= set(re.findall(r"""\btr\(\s*["']([\w.\-]+)["']""", text))
        used |= set(re.findall(r"""\bnav:\s*["']([\w.\-]+)["']""", text))  # game modules' menu links
    used |= set(re.findall(r'data-i18n="([\w.\-]+)"', (WEB / "index.html").read_text()))
    used = {k for k in used if not k.endswith(".")}  # prefixes of dynamic keys: see the next test
    assert used, "found no use of t()"
    assert used <= keys, sorted(used - keys)


def test_dynamic_key_families_are_complete() -> None:
    keys = table_keys()
    for kind in ("numerus", "primero", "supremus", "punto", "fluxus", "chorus"):
        assert f"kind.{kind}" in keys
    for verb in ("vie", "see", "revie", "pass", "fold", "bet", "match", "raise", "refuse", "vada", "stay", "draw",
                 "discard", "trade"):
        assert f"verb.{verb}" in keys
    for variant in ("waks", "italian", "suzuki", "roman", "losing", "rms", "northpass"):
        assert f"rules.primero.{variant}" in keys
    for phase in ("bet1", "draw", "bet2", "play", "over"):
        assert f"phase.{phase}" in keys

"""The page's translation tables, read without a browser (the JS files are parsed, one entry a line):
the shell's own (web/i18n/<lang>.js) and each game's, which the games' registry (web/games/index.js) registers
(web/games/<game>/strings.<lang>.js). Each file is ``export default { "key": "text", ... };``. A key
is defined in one file only."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("en", "it", "de")
ENTRY = re.compile(r'^\s*"([\w.\-#]+)":\s*"((?:[^"\\]|\\.)*)",?\s*$', re.M)
KEY = re.compile(r'^\s*"([\w.\-#]+)":', re.M)


def shell_file(lang: str) -> Path:
    return WEB / "i18n" / f"{lang}.js"


def game_files(lang: str) -> list[Path]:
    """Each game's table for lang, in the games' folder order."""
    return sorted(WEB.glob(f"games/*/strings.{lang}.js"))


def games() -> list[str]:
    """The games that bring strings (a folder of web/games with a strings.en.js)."""
    return [p.parent.name for p in game_files("en")]


def body(path: Path) -> str:
    """The text of the table's object literal, the file's default export."""
    text = path.read_text(encoding="utf-8")
    start = text.index("export default {")
    return text[start:text.index("\n};", start)]


def file_strings(path: Path) -> dict[str, str]:
    """One file's entries; a key written twice in it fails."""
    text = body(path)
    keys = KEY.findall(text)
    assert len(keys) == len(set(keys)), (path, sorted({k for k in keys if keys.count(k) > 1}))
    entries = dict(ENTRY.findall(text))
    assert set(entries) == set(keys), (path, sorted(set(keys) - set(entries)))  # one entry a line, nothing else
    return entries


def strings(lang: str = "en") -> dict[str, str]:
    """Every string of lang: the shell's and every game's; a key in two files fails."""
    out = file_strings(shell_file(lang))
    for path in game_files(lang):
        more = file_strings(path)
        assert not set(more) & set(out), (path, sorted(set(more) & set(out)))
        out |= more
    return out


def game_of(key: str) -> str | None:
    """The game whose table holds the English key, or None for a shell key."""
    for path in game_files("en"):
        if key in file_strings(path):
            return path.parent.name
    return None

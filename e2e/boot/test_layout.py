"""The web layout: the shell is game-neutral and each game lives in its own folder (issue 6)."""

from __future__ import annotations

import re

from kit import ROOT

WEB = ROOT / "web"
SHELL = [WEB / "app.js", WEB / "index.html", *sorted((WEB / "shell").glob("*.js"))]


def test_the_shell_names_no_game() -> None:
    """A new game needs no change to the shell: no game's name, variant or verb in app.js, shell/, index.html."""
    words = re.compile(r"primero|primiera|primo\b|northpass|waks|\brms\b|\bvie\b|claim", re.I)
    for path in SHELL:
        code = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("//"))
        if path.name == "index.html":
            code = re.sub(r"<(title|meta|noscript)[^>]*>.*?(</\1>|$)", "", code, flags=re.M | re.S)
            code = re.sub(r'data-i18n="home\.lede">[^<]*', "", code)  # the home page's blurb names the games
        found = sorted({m.group(0) for m in words.finditer(code)})
        assert not found, f"{path.relative_to(WEB)} names {found}"


def test_each_game_module_is_registered_in_one_place() -> None:
    index = (WEB / "games" / "index.js").read_text()
    for folder in sorted(p for p in (WEB / "games").iterdir() if p.is_dir()):
        assert (folder / "index.js").exists(), f"{folder.name} has no index.js"
        # Loaded when needed (issue 21): the registry holds each game's loader.
        assert f'import("./{folder.name}/index.js")' in index, f"{folder.name} is not registered in games/index.js"
    assert "GameModule" in index  # the interface is written down there

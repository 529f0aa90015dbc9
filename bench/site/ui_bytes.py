"""The page's own files (UI modules, string tables, the catalogue) a first visit loads, by group.

    python3 -m bench.site.ui_bytes [--dist DIR]

Serves the built site (``build.py serve``), opens each visit in a fresh Chromium context (English or
Italian browser), waits until its screen is up and the page has asked for nothing more for a second,
and sums the gzipped size of every file the page requested (``<file>.gz`` in dist/, the bytes a
host that serves the precompressed copies sends), by group: shell modules, English tables, Italian
and German tables, lessons, each game's modules, the catalogue. The engine's files (pyodide/,
pyscript/, the zips) and the service worker's background download are left out: this counts what
the page itself needs to draw and act. Figures, not a test.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path
from typing import Any

from bench.kit.browser import launch, static_server

ROOT = Path(__file__).resolve().parents[2]
VISITS = [("home, English", "en-GB", "#/", "#screen-home"),
          ("Primero link, English", "en-GB", "#/play/primero?variant=waks&players=4&seed=7", "#screen-setup"),
          ("home, Italian", "it-IT", "#/", "#screen-home"),
          ("Primero link, Italian", "it-IT", "#/play/primero?variant=waks&players=4&seed=7", "#screen-setup")]


def group(path: str) -> str | None:
    """The group of a site file, or None for the engine's files (not counted here)."""
    if path.startswith(("pyodide/", "pyscript/")) or path.endswith((".zip", ".snapshot", ".py", "pyscript.json", ".mjs")):
        return None
    if re.search(r"(^|/)(strings\.|i18n/)(it|de)\.js$|^catalogue\.(it|de)\.json$", path):
        return "tables it/de"
    if re.search(r"(^|/)(strings\.en|i18n/en)\.js$", path):
        return "tables en"
    if path.endswith("learn.js") or path == "learn.css":
        return "lessons"
    m = re.match(r"games/(\w+)/", path)
    if m:
        return "game " + m.group(1)
    if path.startswith("catalogue"):
        return "catalogue"
    if path in ("index.html", "sw.js", "manifest.webmanifest", "icon.svg", "build.json"):
        return "page"
    return "shell"


def visit(browser: Any, base: str, dist: Path, locale: str, hash_: str, ready: str) -> dict[str, int]:
    ctx = browser.new_context(locale=locale, service_workers="block")
    page = ctx.new_page()
    seen: list[str] = []
    last = [time.time()]

    def on_request(r: Any) -> None:
        seen.append(r.url)
        last[0] = time.time()

    page.on("request", on_request)
    page.goto(base + hash_)
    page.wait_for_selector(ready, timeout=60_000)
    while time.time() - last[0] < 1.0:
        page.wait_for_timeout(200)
    ctx.close()
    out: dict[str, int] = {}
    for url in dict.fromkeys(seen):
        path = url[len(base):].split("#")[0].split("?")[0] or "index.html"
        g = group(path)
        if g is None:
            continue
        gz = dist / (path + ".gz")
        size = gz.stat().st_size if gz.is_file() else (dist / path).stat().st_size if (dist / path).is_file() else 0
        out[g] = out.get(g, 0) + size
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with static_server() as base, sync_playwright() as pw:
        browser = launch(pw)
        for name, locale, hash_, ready in VISITS:
            groups = visit(browser, base, args.dist, locale, hash_, ready)
            total = sum(groups.values())
            print(f"{name}: {total / 1000:.1f} KB gzipped; " + ", ".join(f"{g} {b / 1000:.1f}" for g, b in sorted(groups.items())))
        browser.close()


if __name__ == "__main__":
    main()

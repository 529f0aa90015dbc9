"""Screenshots of every game's table, deal end and end screen, in each language, at phone and desktop size.

    python3 -m bench.site.screenshots [--no-build] [--out screenshots] [--games primero,primiera,primo]
                                 [--langs en,it,de] [--sizes phone,desktop,laptop,small] [--full]

Builds dist/ (unless --no-build), serves it on 127.0.0.1 and drives Debian's chromium
(/usr/bin/chromium, or $PRIMI_CHROMIUM) through Python's playwright, as the e2e tests do. For each
size and language one page boots the engine once; each game is then started from its setup link
with a fixed seed (one human and computers), played by a simple player through the page's own
controls, and photographed three times: ``<game>-<lang>-<size>-table.png`` (the human's first
turn), ``-dealend.png`` (the first deal's or round's summary) and ``-end.png`` (the end screen).
The files go to ``screenshots/`` (git ignores it). Pictures, not a test: look at them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.kit.browser import launch, static_server

ROOT = Path(__file__).resolve().parents[2]

SIZES = {"phone": (390, 844), "desktop": (1920, 1080), "laptop": (1366, 768), "small": (360, 740)}
DEFAULT_SIZES = ["phone", "desktop"]
LANGS = ("en", "it", "de")
# One short game each; the first deal or round summary is photographed, then the end screen.
GAMES: dict[str, dict[str, Any]] = {
    "primero": {"variant": "waks", "seats": ["human", "easy", "easy", "easy", "easy", "easy"], "seed": 7, "opts": {"deals": 1}},
    "primiera": {"variant": "kaleidos", "seats": ["human", "easy", "easy", "easy"], "seed": 5, "opts": {"max_rounds": 1}},
    "primo": {"variant": "rounds", "seats": ["human", "easy", "easy", "easy"], "seed": 3, "opts": {"rounds": 2}},
}
READY_TIMEOUT = 120_000
STEP_TIMEOUT = 60_000
MAX_STEPS = 400

# The table is settled: no call in flight, no tap lock, and something to do or read.
SETTLED = """() => document.querySelector('#screen-table[aria-busy=false] #actions:not([data-locked])') && (
    !document.querySelector('#handover').hidden || !document.querySelector('#dealend').hidden
    || document.querySelector('#game-end') || document.querySelector('#actions [data-action]')
    || document.querySelector('#felt button[data-action]') || document.querySelector('#my-hand button.card'))"""

# The legal actions of the latest View the page received (?debug records the replies).
LEGAL = """() => {
  const find = (d) => {
    if (d && typeof d === 'object') {
      if (Array.isArray(d.legal) && 'observation' in d && 'seat' in d) return d;
      for (const v of Object.values(d)) { const f = find(v); if (f) return f; }
    }
    return null;
  };
  const r = window.primi.replies;
  for (let i = r.length - 1; i >= 0; i--) { const v = find(JSON.parse(r[i].reply)); if (v) return v.legal; }
  return [];
}"""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    def listed(allowed: tuple[str, ...]) -> Callable[[str], list[str]]:
        def parse(text: str) -> list[str]:
            items = [x.strip() for x in text.split(",") if x.strip()]
            bad = [x for x in items if x not in allowed]
            if bad or not items:
                raise argparse.ArgumentTypeError(f"choose from {', '.join(allowed)} (got {text!r})")
            return items
        return parse

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    p.add_argument("--out", type=Path, default=ROOT / "screenshots", help="folder for the PNGs (default: screenshots/)")
    p.add_argument("--games", type=listed(tuple(GAMES)), default=list(GAMES))
    p.add_argument("--langs", type=listed(LANGS), default=list(LANGS))
    p.add_argument("--sizes", type=listed(tuple(SIZES)), default=DEFAULT_SIZES, help="phone, desktop (default), laptop, small")
    p.add_argument("--full", action="store_true", help="whole-page pictures, not just the viewport")
    return p.parse_args(argv)


def settle(page: Any) -> None:
    page.wait_for_function(SETTLED, timeout=STEP_TIMEOUT)


def step_primero(page: Any, step: int) -> None:
    """A cautious player: a table card when offered, the first card to discard, see / pass, an honest claim."""
    bar = page.locator("#actions")
    slots = page.locator("#felt button[data-action^='draw ']")
    if slots.count():
        slots.first.click()
        return
    hand = page.locator("#my-hand button.card")
    primary = bar.locator("[data-primary]")
    if hand.count() and bar.locator("#card-hint").count() and (not primary.count() or primary.is_disabled()):
        hand.first.click()
        page.wait_for_selector("#actions [data-primary]:not([disabled])", timeout=STEP_TIMEOUT)
    if primary.count() and primary.is_enabled():
        primary.click()
        return
    acts = page.eval_on_selector_all("#actions button[data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
    for preferred in ("see", "match", "pass", "stay", "vada"):
        if preferred in acts:
            bar.locator(f"button[data-action='{preferred}']").first.click()
            return
    if page.locator("#claim-go").count():
        page.locator("#claim-go").click()
        return
    others = [a for a in acts if a != "fold"] or acts
    bar.locator(f"button[data-action='{others[0]}']").first.click()


def step_primiera(page: Any, step: int) -> None:
    """A hand card (a different one each time), then its first option."""
    cards = page.locator("#my-hand button.card:not([disabled])")
    cards.nth(step % cards.count()).click()
    page.locator("#actions button[data-action]").first.click()


def step_primo(page: Any, step: int) -> None:
    """The first card that fits a row, else end the turn, else pass: tapped as a player would."""
    legal: list[str] = page.evaluate(LEGAL)
    action = next((a for a in legal if a.split()[0] in ("add", "open", "head")), "end" if "end" in legal else "pass")
    verb, *rest = action.split()
    if verb in ("add", "open", "head"):
        page.locator(f'#my-hand button[data-card="{rest[0]}"]').first.click()
        page.locator(f'#po-rows [data-action="{action}"]').first.click()
    else:
        page.locator(f'#actions [data-action="{action}"]').first.click()


STEPS = {"primero": step_primero, "primiera": step_primiera, "primo": step_primo}


def shoot(page: Any, path: Path, full: bool, end: bool = False) -> None:
    """The viewport (or the whole page); the end screen scrolled so that its panel starts at the top."""
    if end:
        page.evaluate("document.querySelector('#game-end').scrollIntoView({block: 'start'})")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=full, animations="disabled")
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path, flush=True)


def play_game(page: Any, server: str, game: str, tag: str, out: Path, full: bool) -> None:
    g = GAMES[game]
    query = f"variant={g['variant']}&players={len(g['seats'])}&seed={g['seed']}"
    query += "".join(f"&opt-{k}={v}" for k, v in g["opts"].items())
    page.goto(server + "?debug#/")
    page.wait_for_selector("#screen-home", timeout=READY_TIMEOUT)
    page.goto(server + f"?debug#/play/{game}?{query}")
    page.wait_for_selector(f"#screen-setup[data-game={game}]", timeout=READY_TIMEOUT)
    for i, kind in enumerate(g["seats"]):
        page.select_option(f"#seat-{i}", kind)
    page.wait_for_selector("html.ready", state="attached", timeout=READY_TIMEOUT)
    page.locator("#setup-start").click()
    page.wait_for_selector(f"#screen-table[data-game={game}]", timeout=READY_TIMEOUT)
    shot_table = shot_dealend = False
    for step in range(MAX_STEPS):
        settle(page)
        if page.locator("#handover").is_visible():
            page.locator("#handover-go").click()
            continue
        if page.locator("#dealend").is_visible():
            if not shot_dealend:
                shoot(page, out / f"{game}-{tag}-dealend.png", full)
                shot_dealend = True
            if page.evaluate("window.primi.tableInfo().terminal"):
                page.locator("#dealend-go").click()
                page.wait_for_selector("#game-end", timeout=STEP_TIMEOUT)
                shoot(page, out / f"{game}-{tag}-end.png", full, end=True)
                return
            page.locator("#dealend-go").click()
            continue
        if page.locator("#game-end").count():
            shoot(page, out / f"{game}-{tag}-end.png", full, end=True)
            return
        if not shot_table:
            shoot(page, out / f"{game}-{tag}-table.png", full)
            shot_table = True
        STEPS[game](page, step)
    raise RuntimeError(f"{game} ({tag}): no end after {MAX_STEPS} steps")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from playwright.sync_api import sync_playwright

    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    with static_server(build_first=not (args.no_build and (ROOT / "dist" / "index.html").exists())) as server, sync_playwright() as pw:
        browser = launch(pw)
        try:
            for size in args.sizes:
                w, h = SIZES[size]
                for lang in args.langs:
                    phone = size == "phone"
                    context = browser.new_context(viewport={"width": w, "height": h}, locale=lang,
                                                  has_touch=phone, is_mobile=phone, device_scale_factor=1)
                    settings = {"suits": "french", "fourColour": False, "largeIndex": False, "speed": "off", "lang": lang}
                    context.add_init_script(f"localStorage.setItem('primi.settings.v1', {json.dumps(json.dumps(settings))})")
                    page = context.new_page()
                    page.set_default_timeout(STEP_TIMEOUT)
                    try:
                        for game in args.games:
                            play_game(page, server, game, f"{lang}-{size}", out, args.full)
                    finally:
                        context.close()
        finally:
            browser.close()
    print(f"screenshots in {out} ({time.time() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

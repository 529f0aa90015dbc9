"""Card art (web/cards.js) drawn in headless chromium from the demo page web/cards-demo.html."""

from __future__ import annotations

import functools
import http.server
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from kit import ROOT

from pygame_core.cards import DECK_52

pytestmark = pytest.mark.e2e

WEB = ROOT / "web"
RANK_OR_SUIT = re.compile(
    r"\b(ace|jack|queen|king|fante|cavallo|re|spades|hearts|diamonds|clubs|swords|cups|coins|yellow|blue|top|take|\d+)\b",
    re.I,
)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """Serve web/ on a free local port for the module's tests."""
    handler = functools.partial(_Quiet, directory=str(WEB))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def page(base_url: str, browser: Any) -> Iterator[Any]:
    """The demo page loaded in chromium (the suite's shared browser); fails on any request to another origin."""
    foreign: list[str] = []
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.on(
        "request",
        lambda r: None if r.url.startswith(base_url) or r.url.startswith("data:") else foreign.append(r.url),
    )
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(f"{base_url}/cards-demo.html")
    pg.wait_for_selector("html[data-ready]", state="attached", timeout=10_000)
    yield pg
    context.close()
    assert not foreign, f"requests to other origins: {foreign}"
    assert not errors, f"page errors: {errors}"


def test_every_card_renders_a_named_svg(page: Any) -> None:
    cards = page.eval_on_selector_all(
        ".card[data-card]",
        """els => els.map(el => {
            const svgs = el.querySelectorAll('svg[role=img]');
            const svg = svgs[0];
            const box = el.getBoundingClientRect();
            return {text: el.dataset.card, count: svgs.length, label: svg && svg.getAttribute('aria-label'),
                    viewBox: svg && svg.getAttribute('viewBox'), images: el.querySelectorAll('image').length,
                    w: box.width, h: box.height};
        })""",
    )
    assert len(cards) >= 52 * 3 + 40 * 2 + 12 + 28 * 2
    for c in cards:
        assert c["count"] == 1, c
        assert c["label"] and c["label"].strip(), c
        assert c["viewBox"] == "0 0 200 280", c
        assert c["images"] == 0, c
        assert c["w"] > 0 and c["h"] > 0, c
    texts = {c["text"] for c in cards}
    assert {str(card) for card in DECK_52} <= texts
    assert {f"{v}{col}" for v in range(1, 14) for col in "YB"} | {"TOP", "TAKE"} <= texts


def test_names_match_the_core(page: Any) -> None:
    names = page.evaluate(
        """async () => {
            const m = await import('./cards.js');
            return m.ALL_SUITED.map(t => [t, m.cardName(t), m.cardName(t, 'italian')]);
        }"""
    )
    assert len(names) == 52
    for text, french, italian in names:
        card = next(c for c in DECK_52 if str(c) == text)
        assert french == card.name()
        if card.rank in "JQK":
            assert italian.startswith(card.name(italian=True).split(" of ")[0] + " (")
        else:
            assert italian == card.name(italian=True)
    assert page.evaluate("async () => (await import('./cards.js')).cardName('12Y')") == "Yellow 12"
    assert page.evaluate("async () => (await import('./cards.js')).cardName('TOP')") == "Top card"


def test_face_down_cards_carry_no_identity(page: Any) -> None:
    backs = page.eval_on_selector_all(
        ".card[data-back]",
        """els => els.map(el => {
            const svg = el.querySelector('svg');
            return {role: svg.getAttribute('role'), label: svg.getAttribute('aria-label'),
                    texts: svg.querySelectorAll('text, title, desc, use, symbol').length,
                    content: svg.textContent, markup: svg.outerHTML};
        })""",
    )
    assert backs
    for b in backs:
        assert b["role"] == "img"
        assert b["label"] == "Face-down card"
        assert b["texts"] == 0
        assert b["content"].strip() == ""
        markup_words = re.sub(r'aria-label="Face-down card"', "", b["markup"])
        assert not re.search(r'data-card|aria-label=(?!"Face-down)', markup_words)


def test_bad_text_throws_a_clear_error(page: Any) -> None:
    messages = page.evaluate(
        """async () => {
            const m = await import('./cards.js');
            return ['1S', '7d', '14Y', 'TOPS', '', ' 7D'].map(t => {
                try { m.cardSVG(t); return null; } catch (e) { return e.message; }
            });
        }"""
    )
    assert all(msg and "not a card" in msg for msg in messages), messages


def test_primo_colours_differ_in_greyscale(page: Any) -> None:
    """Yellow and blue differ by pattern and letter, not only hue (docs/ux-checklist.md: colour is never the only cue)."""
    result = page.evaluate(
        """async () => {
            const m = await import('./cards.js');
            async function grey(svg) {
                const img = new Image();
                img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.replace('width="100%" height="100%"', 'width="200" height="280"'));
                await img.decode();
                const c = document.createElement('canvas');
                c.width = 200; c.height = 280;
                const g = c.getContext('2d');
                g.drawImage(img, 0, 0);
                const d = g.getImageData(0, 0, 200, 280).data;
                const out = new Float32Array(200 * 280);
                for (let i = 0; i < out.length; i++) out[i] = 0.299 * d[4*i] + 0.587 * d[4*i+1] + 0.114 * d[4*i+2];
                return out;
            }
            const [y, b] = [await grey(m.cardSVG('7Y')), await grey(m.cardSVG('7B'))];
            let diff = 0, border = 0, n = 0;
            for (let i = 0; i < y.length; i++) {
                diff += Math.abs(y[i] - b[i]);
                const x = i % 200, yy = Math.floor(i / 200);
                if (x > 6 && x < 22 && yy > 40 && yy < 240) { border += Math.abs(y[i] - b[i]); n++; }
            }
            const strip = (s) => s.replace(/(fill|stroke)="[^"]*"/g, '');
            return {mean: diff / y.length, border: border / n,
                    same: strip(m.cardSVG('7Y')) === strip(m.cardSVG('7B')),
                    letters: [m.cardSVG('7Y').includes('>Y<'), m.cardSVG('7B').includes('>B<')]};
        }"""
    )
    assert result["mean"] > 10, result
    assert result["border"] > 10, result  # the dotted and striped borders differ in grey
    assert not result["same"], result  # they differ in shape, not only in colour
    assert result["letters"] == [True, True], result

"""A game review on the page (issue 23, web/shell/review.js) waited for and read: for
e2e/review/test_review.py and the review a guest makes after playing together
(e2e/together/test_together.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

REVIEW_TIMEOUT = 120_000  # a whole review in the worker, on a loaded 2-core machine


def info(page: Page) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate("window.primi.reviewInfo()")
    return got


def completed(page: Page) -> dict[str, Any]:
    """Until the review on screen is complete; its state then."""
    expect(page.locator("#review[data-done]")).to_be_attached(timeout=REVIEW_TIMEOUT)
    got = info(page)
    assert got["finished"] and not got["running"], got
    return got


def marks_and_chart(page: Page) -> dict[str, Any]:
    """Some decisions reviewed, the marks counted in the summary, the chart drawn, the table's rows."""
    got = completed(page)
    assert got["lines"] > 0 and got["total"] >= got["lines"], got
    expect(page.locator("#review-accuracy")).to_be_visible()
    counts = page.locator("#review-marks li[data-mark]")
    expect(counts).to_have_count(5)
    assert sum(int(n) for n in counts.evaluate_all("(els) => els.map((e) => e.dataset.n)")) == got["lines"]
    expect(page.locator("#review-chart svg polyline.review-line")).to_be_attached()
    expect(page.locator("#review-lines tbody tr")).to_have_count(got["lines"])
    return got
